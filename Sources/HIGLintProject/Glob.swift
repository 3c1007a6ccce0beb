/// A path pattern: a configuration file's `include` or `exclude`, a package's `sources:` and `exclude:`, Tuist's
/// `sources:` and XcodeGen's `excludes`, relative to the folder of the file that writes it.
///
/// `*` matches within one path component, `?` one character, `[abc]`, `[a-z]` and `[!abc]` one of a set (a `[`
/// without its `]` is itself), and `**` as a whole component any number of components, none too (`**/*.swift`
/// matches `A.swift`); inside a component, `**` is `*` (as in git and shells). A pattern that matches a folder
/// covers everything inside it, so `Generated` and `Generated/**` mean the same.
///
/// Matching takes time proportional to the pattern's length times the path's, whatever the pattern: it is the
/// classic greedy wildcard match, which, on a mismatch, only moves the last star on by one (issue 31; plain
/// backtracking took exponential time on `*a*a*a*a*a*a*b`). It does so at both levels: `*` over the characters
/// of a component, `**` over the components of the path.
public struct GlobPattern: Hashable, Sendable, CustomStringConvertible {
    public let description: String
    private let components: [Component]

    private enum Component: Hashable, Sendable {
        /// `**`: any number of components.
        case anyComponents
        case name([Token])
    }

    private enum Token: Hashable, Sendable {
        case star, anyCharacter
        case character(Unicode.Scalar)
        case set(ranges: [ClosedRange<UInt32>], negated: Bool)

        func matches(_ scalar: Unicode.Scalar) -> Bool {
            switch self {
            case .star: return true
            case .anyCharacter: return true
            case .character(let expected): return scalar == expected
            case .set(let ranges, let negated): return ranges.contains { $0.contains(scalar.value) } != negated
            }
        }
    }

    public init(_ pattern: String) {
        description = pattern
        var trimmed = Substring(pattern)
        while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
        while trimmed.hasPrefix("/") { trimmed = trimmed.dropFirst() }
        var components: [Component] = []
        for text in trimmed.split(separator: "/", omittingEmptySubsequences: true) {
            let component = text == "**" ? Component.anyComponents : .name(Self.tokens(of: text))
            // `**/**` is `**`: one star point is all the match needs.
            if component == .anyComponents, components.last == .anyComponents { continue }
            components.append(component)
        }
        self.components = components
    }

    /// Whether the pattern matches `relativePath` (components separated by `/`) or a folder that contains it.
    public func matches(_ relativePath: String) -> Bool {
        let path = relativePath.split(separator: "/", omittingEmptySubsequences: true).map { Array($0.unicodeScalars) }
        // Matching a folder above the path is matching the pattern followed by `**`.
        let pattern = components.last == .anyComponents ? components : components + [.anyComponents]
        return Self.greedyMatch(pattern.count, path.count, isStar: { pattern[$0] == .anyComponents }) { index, position in
            guard case .name(let tokens) = pattern[index] else { return false }
            return Self.matches(tokens, path[position])
        }
    }

    /// The literal folder before the first wildcard, and the pattern after it: `Sources/App/**/*.swift` →
    /// (`Sources/App`, `**/*.swift`); a pattern without wildcards is all folder. A leading `/` is kept.
    public static func splitLiteralFolder(_ pattern: String) -> (folder: String, rest: String) {
        var text = Substring(pattern)
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        while text.hasSuffix("/") { text = text.dropLast() }
        guard let wildcard = text.firstIndex(where: { $0 == "*" || $0 == "?" || $0 == "[" }) else { return (String(text), "") }
        guard let slash = text[..<wildcard].lastIndex(of: "/") else { return ("", String(text)) }
        return (String(text[..<slash]), String(text[text.index(after: slash)...]))
    }

    // MARK: Matching

    private static func matches(_ tokens: [Token], _ name: [Unicode.Scalar]) -> Bool {
        greedyMatch(tokens.count, name.count, isStar: { tokens[$0] == .star }) { tokens[$0].matches(name[$1]) }
    }

    /// The classic wildcard match over `patternCount` pattern items and `textCount` text items, where a star item
    /// matches any run of text items and every other item exactly one. On a mismatch only the last star seen takes
    /// one more item: an earlier star could not do better, since whatever follows it up to the last star matched
    /// already. At most `patternCount × textCount` steps.
    private static func greedyMatch(_ patternCount: Int, _ textCount: Int, isStar: (Int) -> Bool,
                                    matchesItem: (_ pattern: Int, _ text: Int) -> Bool) -> Bool {
        var pattern = 0, text = 0
        var lastStar: Int?, textAtLastStar = 0
        while text < textCount {
            if pattern < patternCount, isStar(pattern) {
                lastStar = pattern
                textAtLastStar = text
                pattern += 1
            } else if pattern < patternCount, matchesItem(pattern, text) {
                pattern += 1
                text += 1
            } else if let star = lastStar {
                pattern = star + 1
                textAtLastStar += 1
                text = textAtLastStar
            } else {
                return false
            }
        }
        while pattern < patternCount, isStar(pattern) { pattern += 1 }
        return pattern == patternCount
    }

    // MARK: Reading a pattern

    private static func tokens(of component: Substring) -> [Token] {
        let scalars = Array(component.unicodeScalars)
        var tokens: [Token] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "*":
                if tokens.last != .star { tokens.append(.star) }
            case "?":
                tokens.append(.anyCharacter)
            case "[":
                guard let close = scalars[index...].firstIndex(of: "]") else {
                    tokens.append(.character("["))
                    continue
                }
                var set = scalars[index..<close]
                let negated = set.first == "!" || set.first == "^"
                if negated { set = set.dropFirst() }
                tokens.append(.set(ranges: ranges(of: set), negated: negated))
                index = close + 1
            default:
                tokens.append(.character(scalar))
            }
        }
        return tokens
    }

    private static func ranges(of set: ArraySlice<Unicode.Scalar>) -> [ClosedRange<UInt32>] {
        var ranges: [ClosedRange<UInt32>] = []
        var position = set.startIndex
        while position < set.endIndex {
            if position + 2 < set.endIndex, set[position + 1] == "-" {
                // A range written backwards (`[z-a]`) holds nothing.
                if set[position].value <= set[position + 2].value { ranges.append(set[position].value...set[position + 2].value) }
                position += 3
            } else {
                ranges.append(set[position].value...set[position].value)
                position += 1
            }
        }
        return ranges
    }
}
