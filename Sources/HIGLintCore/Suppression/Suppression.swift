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
///
/// It also remembers which directive silenced each finding, and which comments are no directive at all, for the
/// checks of the comments themselves (`SuppressionRule`).
struct SuppressionMap {
    /// One `higlint:` comment that is a directive.
    struct Directive {
        enum Command: String, CaseIterable {
            case disable, enable, next = "disable:next", this = "disable:this", previous = "disable:previous"
        }
        var command: Command
        var line: Int
        /// The rule ids it names, each with the UTF-8 offset of its word.
        var rules: [(id: String, offset: Int)]
        /// Whether `higlint:` starts the comment; only such comments are checked (`SuppressionRule`).
        var isChecked: Bool

        /// The ids among `rules` that stand for `rule`: itself and `all`.
        func ids(matching rule: String) -> [String] {
            rules.map(\.id).filter { $0 == rule || $0 == "all" }
        }
    }

    /// A rule id of a directive that silenced a finding.
    struct Use: Hashable {
        var directive: Int
        var id: String
    }

    private(set) var directives: [Directive] = []
    /// Checked `higlint:` comments that are no directive (an unknown command, no rule), at the comment's offset.
    private(set) var malformed: [(offset: Int, message: String)] = []
    /// What silenced each finding `suppress` was asked about.
    private(set) var uses: Set<Use> = []
    /// `disable` and `enable` directives, in file order.
    private var regions: [Int] = []
    /// The `next`, `this` and `previous` directives covering each line.
    private var lineDirectives: [Int: [Int]] = [:]
    /// `next` and `this` targets: lines whose statement, if one starts there, is silenced whole.
    private var statementLines: [Int: [Int]] = [:]

    static let empty = SuppressionMap()
    private init() {}

    /// Reads the comments of `tree`; `source` is checked first so files without any directive cost nothing.
    init(tree: SourceFileSyntax, source: UnsafeBufferPointer<UInt8>, converter: () -> SourceLocationConverter) {
        guard Self.mentionsDirective(source) else { return }
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

    /// Whether `source` holds `higlint:` at all, in any capitalisation: a file without it has no directive to read or
    /// check (and `HIGLint:disable`, which is none, is checked to say so).
    static func mentionsDirective(_ source: UnsafeBufferPointer<UInt8>) -> Bool { contains(source, "higlint:") }

    /// Extends each `next`/`this` target to the end of the statement or declaration that starts on its line.
    private mutating func coverStatements(of tree: SourceFileSyntax, converter: SourceLocationConverter) {
        guard !statementLines.isEmpty else { return }
        let extents = StatementExtents(startLines: Set(statementLines.keys), converter: converter)
        extents.walk(tree)
        for (line, indexes) in statementLines {
            for covered in line...(extents.ends[line] ?? line) { lineDirectives[covered, default: []].append(contentsOf: indexes) }
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
        guard let marker = Self.marker(in: text) else { return }
        let isChecked = text[..<marker.lowerBound].allSatisfy { "/*! \t".contains($0) }
        var words = text[marker.upperBound...].split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        guard text[marker] == "higlint:" else {
            // `// HIGLint:disable …` reads like a directive but is none; in prose (`// HIGLint: a linter`) it is a name.
            guard isChecked, let word = words.first else { return }
            let command = Directive.Command(rawValue: word.lowercased())?.rawValue
                ?? Spelling.closest(to: word.lowercased(), in: Directive.Command.allCases.map(\.rawValue))
            if let command, word.startIndex == marker.upperBound || Directive.Command(rawValue: word.lowercased()) != nil {
                malformed.append((offset, SuppressionMessage.capitalised(String(text[marker.lowerBound..<word.endIndex]), command: command)))
            }
            return
        }
        guard !words.isEmpty else {
            if isChecked { malformed.append((offset, SuppressionMessage.unknownCommand("", suggestion: nil))) }
            return
        }
        let word = words.removeFirst()
        guard let command = Directive.Command(rawValue: String(word)) else {
            // `higlint: see the README` is prose; `higlint:disabel` and `higlint: disabel` are typos of a command.
            let suggestion = Spelling.closest(to: String(word), in: Directive.Command.allCases.map(\.rawValue))
            if isChecked, word.startIndex == marker.upperBound || suggestion != nil {
                malformed.append((offset, SuppressionMessage.unknownCommand(String(word), suggestion: suggestion)))
            }
            return
        }
        var rules: [(id: String, offset: Int)] = []
        for word in words {
            if word == "-" || word == "*/" || word.hasPrefix("//") { break }
            let id = word.hasSuffix("*/") ? word.dropLast(2) : word
            rules.append((String(id), offset + text.utf8.distance(from: text.startIndex, to: id.startIndex)))
        }
        guard !rules.isEmpty else {
            if isChecked { malformed.append((offset, SuppressionMessage.noRule(command.rawValue))) }
            return
        }
        let line = converter.location(for: AbsolutePosition(utf8Offset: offset)).line
        let index = directives.count
        directives.append(Directive(command: command, line: line, rules: rules, isChecked: isChecked))
        switch command {
        case .disable, .enable: regions.append(index)
        case .next: statementLines[line + 1, default: []].append(index)
        case .this: statementLines[line, default: []].append(index)
        case .previous: lineDirectives[line - 1, default: []].append(index)
        }
    }

    /// Whether a finding of `rule` on `line` is silenced by a directive other than `ignoring`: a finding about a
    /// comment is not silenced by that comment (`// higlint:disable:this all` would otherwise hide its own).
    func isSuppressed(rule: String, line: Int, ignoring: Int? = nil) -> Bool {
        silencing(rule: rule, line: line).contains { $0.directive != ignoring }
    }

    /// Whether a finding of `rule` on `line` is silenced, remembering what silenced it for `UnusedSuppression`.
    mutating func suppress(rule: String, line: Int) -> Bool {
        let found = silencing(rule: rule, line: line)
        uses.formUnion(found)
        return !found.isEmpty
    }

    /// Every directive id that silences a finding of `rule` on `line`: those covering the line, and the `disable`s
    /// before it that no later `enable` of the rule (or of `all`) ended.
    private func silencing(rule: String, line: Int) -> [Use] {
        guard !directives.isEmpty else { return [] }
        var found: [Use] = []
        for index in lineDirectives[line] ?? [] {
            found += directives[index].ids(matching: rule).map { Use(directive: index, id: $0) }
        }
        var open: [Use] = []
        for index in regions where directives[index].line <= line {
            let ids = directives[index].ids(matching: rule)
            guard !ids.isEmpty else { continue }
            if directives[index].command == .enable { open.removeAll() } else { open += ids.map { Use(directive: index, id: $0) } }
        }
        return found + open
    }

    /// The first `higlint:` in `text`, in any capitalisation.
    static func marker(in text: String) -> Range<String.Index>? {
        let pattern = Array("higlint:".utf8)
        let utf8 = text.utf8
        var start = utf8.startIndex
        while start != utf8.endIndex {
            var index = start
            var matched = 0
            while matched < pattern.count, index != utf8.endIndex, lowercased(utf8[index]) == pattern[matched] {
                matched += 1
                index = utf8.index(after: index)
            }
            if matched == pattern.count { return start..<index }
            start = utf8.index(after: start)
        }
        return nil
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    /// Whether `haystack` holds `needle` (lowercase ASCII) in any capitalisation.
    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard haystack.count >= pattern.count else { return false }
        let first = pattern[0]
        var index = 0
        let last = haystack.count - pattern.count
        while index <= last {
            if lowercased(haystack[index]) == first {
                var matched = true
                for offset in 1..<pattern.count where lowercased(haystack[index + offset]) != pattern[offset] {
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
