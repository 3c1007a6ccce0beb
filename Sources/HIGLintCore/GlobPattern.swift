/// A path pattern of a configuration file's `include` or `exclude`, relative to the file's folder.
///
/// `*` matches within one path component, `?` one character, `[abc]` one of a set, and `**` any number of
/// components. A pattern that matches a folder covers everything inside it, so `Generated` and
/// `Generated/**` mean the same.
public struct GlobPattern: Hashable, Sendable, CustomStringConvertible {
    public let description: String
    private let components: [Substring]

    public init(_ pattern: String) {
        description = pattern
        var trimmed = Substring(pattern)
        while trimmed.hasPrefix("./") { trimmed = trimmed.dropFirst(2) }
        while trimmed.hasPrefix("/") { trimmed = trimmed.dropFirst() }
        components = trimmed.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// Whether the pattern matches `relativePath` (components separated by `/`) or a folder that contains it.
    public func matches(_ relativePath: String) -> Bool {
        let path = relativePath.split(separator: "/", omittingEmptySubsequences: true)
        return Self.match(components[...], path[...])
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return true }   // the rest of the path lies inside a matched folder
        if first == "**" {
            let rest = pattern.dropFirst()
            var remaining = path
            while true {
                if match(rest, remaining) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        }
        guard let component = path.first, matchComponent(Array(first.unicodeScalars)[...], Array(component.unicodeScalars)[...]) else {
            return false
        }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    private static func matchComponent(_ pattern: ArraySlice<Unicode.Scalar>, _ name: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = pattern.first else { return name.isEmpty }
        switch first {
        case "*":
            var remaining = name
            while true {
                if matchComponent(pattern.dropFirst(), remaining) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        case "?":
            return !name.isEmpty && matchComponent(pattern.dropFirst(), name.dropFirst())
        case "[":
            guard let close = pattern.dropFirst().firstIndex(of: "]"), let character = name.first else {
                return name.first == "[" && matchComponent(pattern.dropFirst(), name.dropFirst())
            }
            var set = pattern[(pattern.startIndex + 1)..<close]
            let negated = set.first == "!" || set.first == "^"
            if negated { set = set.dropFirst() }
            var found = false
            var position = set.startIndex
            while position < set.endIndex {
                if position + 2 < set.endIndex, set[position + 1] == "-" {
                    if set[position].value <= character.value && character.value <= set[position + 2].value { found = true }
                    position += 3
                } else {
                    if set[position] == character { found = true }
                    position += 1
                }
            }
            return found != negated && matchComponent(pattern[(close + 1)...], name.dropFirst())
        default:
            return name.first == first && matchComponent(pattern.dropFirst(), name.dropFirst())
        }
    }
}
