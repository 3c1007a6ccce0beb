import SwiftSyntax

/// The `// higlint:` comments of one file and the lines they silence.
///
/// - `// higlint:disable RULE…` silences from its line to the end of the file, or to a matching `enable`;
/// - `// higlint:enable RULE…` ends a `disable`;
/// - `// higlint:disable:next RULE…` silences the next line; `// higlint:disable:this RULE…` its own line;
///   when a statement or declaration starts on that line, all of it (a modifier chain over several lines), as
///   swift-format's ignore comment covers its node;
/// - `// higlint:disable:previous RULE…` silences the line above (SwiftLint's spelling);
/// - `all` stands for every rule. Text after ` - ` is a free-form reason.
struct SuppressionMap {
    private enum Scope { case region, next, this }
    private struct Command {
        var line: Int
        var enable: Bool
        var rules: Set<String>
    }

    private var regionCommands: [Command] = []
    private var singleLines: [Int: Set<String>] = [:]
    /// `next` and `this` targets: lines whose statement, if one starts there, is silenced whole.
    private var statementLines: [Int: Set<String>] = [:]

    static let empty = SuppressionMap()
    private init() {}

    /// Reads the comments of `tree`; `source` is checked first so files without any directive cost nothing.
    init(tree: SourceFileSyntax, source: UnsafeBufferPointer<UInt8>, converter: () -> SourceLocationConverter) {
        guard Self.contains(source, "higlint:") else { return }
        let converter = converter()
        for token in tree.tokens(viewMode: .sourceAccurate) {
            var offset = token.position.utf8Offset
            for piece in token.leadingTrivia + [] {
                record(piece, at: offset, converter: converter)
                offset += piece.sourceLength.utf8Length
            }
            offset = token.endPositionBeforeTrailingTrivia.utf8Offset
            for piece in token.trailingTrivia {
                record(piece, at: offset, converter: converter)
                offset += piece.sourceLength.utf8Length
            }
        }
        coverStatements(of: tree, converter: converter)
    }

    /// Extends each `next`/`this` target to the end of the statement or declaration that starts on its line.
    private mutating func coverStatements(of tree: SourceFileSyntax, converter: SourceLocationConverter) {
        guard !statementLines.isEmpty else { return }
        let extents = StatementExtents(startLines: Set(statementLines.keys), converter: converter)
        extents.walk(tree)
        for (line, rules) in statementLines {
            for covered in line...(extents.ends[line] ?? line) { singleLines[covered, default: []].formUnion(rules) }
        }
    }

    private mutating func record(_ piece: TriviaPiece, at offset: Int, converter: SourceLocationConverter) {
        let text: String
        switch piece {
        case .lineComment(let comment), .blockComment(let comment), .docLineComment(let comment), .docBlockComment(let comment):
            text = comment
        default:
            return
        }
        guard let directive = text.range(of: "higlint:") else { return }
        var words = text[directive.upperBound...].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
        guard !words.isEmpty else { return }
        let command = words.removeFirst()
        var rules: Set<String> = []
        for word in words {
            if word == "-" || word == "*/" || word.hasPrefix("//") { break }
            rules.insert(word.hasSuffix("*/") ? String(word.dropLast(2)) : word)
        }
        rules.remove("")
        guard !rules.isEmpty else { return }
        let line = converter.location(for: AbsolutePosition(utf8Offset: offset)).line
        switch command {
        case "disable": regionCommands.append(Command(line: line, enable: false, rules: rules))
        case "enable": regionCommands.append(Command(line: line, enable: true, rules: rules))
        case "disable:next": statementLines[line + 1, default: []].formUnion(rules)
        case "disable:this": statementLines[line, default: []].formUnion(rules)
        case "disable:previous": singleLines[line - 1, default: []].formUnion(rules)
        default: break
        }
    }

    /// Whether a finding of `rule` on `line` is silenced.
    func isSuppressed(rule: String, line: Int) -> Bool {
        if let rules = singleLines[line], rules.contains(rule) || rules.contains("all") { return true }
        var suppressed = false
        for command in regionCommands where command.line <= line {
            if command.rules.contains(rule) || command.rules.contains("all") {
                suppressed = !command.enable
            }
        }
        return suppressed
    }

    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard haystack.count >= pattern.count else { return false }
        let first = pattern[0]
        var index = 0
        let last = haystack.count - pattern.count
        while index <= last {
            if haystack[index] == first {
                var matched = true
                for offset in 1..<pattern.count where haystack[index + offset] != pattern[offset] {
                    matched = false
                    break
                }
                if matched { return true }
            }
            index += 1
        }
        return false
    }
}

/// The last line of the outermost statement, declaration or member that starts on each of `startLines`.
private final class StatementExtents: SyntaxVisitor {
    let startLines: Set<Int>
    let converter: SourceLocationConverter
    private(set) var ends: [Int: Int] = [:]

    init(startLines: Set<Int>, converter: SourceLocationConverter) {
        self.startLines = startLines
        self.converter = converter
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: CodeBlockItemSyntax) -> SyntaxVisitorContinueKind { note(Syntax(node)) }
    override func visit(_ node: MemberBlockItemSyntax) -> SyntaxVisitorContinueKind { note(Syntax(node)) }

    private func note(_ node: Syntax) -> SyntaxVisitorContinueKind {
        let start = converter.location(for: node.positionAfterSkippingLeadingTrivia).line
        let end = converter.location(for: node.endPositionBeforeTrailingTrivia).line
        // Nothing below a node that spans none of the lines can start on one of them.
        guard startLines.contains(where: { (start...end).contains($0) }) else { return .skipChildren }
        if startLines.contains(start) { ends[start] = max(ends[start] ?? start, end) }
        return .visitChildren
    }
}
