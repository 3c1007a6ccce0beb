/// A path pattern as generated-project tools write them: `*` within one path component,
/// `**` across components, `?` one character; anything else literal.
struct Glob: Sendable, Hashable {
    let pattern: [UInt8]

    init(_ pattern: String) {
        var text = pattern
        while text.hasPrefix("./") { text.removeFirst(2) }
        while text.hasSuffix("/") { text.removeLast() }
        self.pattern = Array(text.utf8)
    }

    /// The literal folder before the first wildcard (`Sources/App/**/*.swift` → `Sources/App`).
    var literalPrefix: String {
        let wildcard = pattern.firstIndex { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") } ?? pattern.count
        guard wildcard < pattern.count else { return String(decoding: pattern, as: UTF8.self) }
        let slash = pattern[..<wildcard].lastIndex(of: UInt8(ascii: "/"))
        return slash.map { String(decoding: pattern[..<$0], as: UTF8.self) } ?? ""
    }

    func matches(_ path: String) -> Bool {
        Self.match(pattern[...], Array(path.utf8)[...])
    }

    /// Whether a folder above `path` matches (an excluded folder excludes its files).
    func matchesFolder(of path: String) -> Bool {
        let bytes = Array(path.utf8)
        for index in bytes.indices where bytes[index] == UInt8(ascii: "/") {
            if Self.match(pattern[...], bytes[..<index]) { return true }
        }
        return false
    }

    private static func match(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        let star = UInt8(ascii: "*"), slash = UInt8(ascii: "/")
        if first == star {
            let rest = pattern.dropFirst()
            if rest.first == star {
                // `**` crosses folders; `**/` also matches no folder at all.
                let afterStars = rest.dropFirst()
                if afterStars.first == slash, match(afterStars.dropFirst(), text) { return true }
                var index = text.startIndex
                while true {
                    if match(afterStars, text[index...]) { return true }
                    guard index < text.endIndex else { return false }
                    index += 1
                }
            }
            var index = text.startIndex
            while true {
                if match(rest, text[index...]) { return true }
                guard index < text.endIndex, text[index] != slash else { return false }
                index += 1
            }
        }
        guard let character = text.first else { return false }
        if first == UInt8(ascii: "?") ? character != slash : character == first {
            return match(pattern.dropFirst(), text.dropFirst())
        }
        return false
    }
}
