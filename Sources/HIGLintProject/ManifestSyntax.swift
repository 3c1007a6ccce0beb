import SwiftParser
import SwiftSyntax

/// Parses manifests (`Package.swift`, Tuist's `Project.swift` and its helpers), refusing those with brackets nested
/// deeper than any manifest needs.
///
/// SwiftParser takes exponential time on some nested brackets (`[[[[…]]]]` 20 deep takes seconds, 40 deep
/// never ends) and its trees of thousands of levels overflow a small stack. `ProjectFacts.read` reads each
/// manifest within the engine's time limit, on a thread with a large stack (`ProjectReading`); this bound makes
/// the common crafted case quick and keeps even a direct read safe (issue 31).
enum ManifestSyntax {
    /// Real manifests nest eight or so deep; at 24, the parser's worst case still takes under a minute.
    static let maximumNesting = 24

    /// The syntax tree of `source`, or the warning that says why it was not parsed.
    static func parse(_ source: String, path: String) -> (SourceFileSyntax?, ProjectWarning?) {
        guard nestingDepth(of: source) <= maximumNesting else {
            return (nil, ProjectWarning(path: path, message: "brackets nested more than \(maximumNesting) deep, on which the Swift parser takes exponential time; not read, its folder is linted by folder conventions"))
        }
        return (Parser.parse(source: source), nil)
    }

    /// How deep brackets (`(`, `[`, `{`) and string interpolations nest in `source`, outside comments and strings.
    static func nestingDepth(of source: String) -> Int {
        enum Frame { case bracket, string(quotes: Int, hashes: Int) }
        let bytes = Array(source.utf8)
        let quote = UInt8(ascii: "\""), hash = UInt8(ascii: "#"), slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")
        var stack: [Frame] = []
        var depth = 0, deepest = 0
        func count(_ byte: UInt8, from start: Int, upTo limit: Int = .max) -> Int {
            var end = start
            while end < bytes.count, end - start < limit, bytes[end] == byte { end += 1 }
            return end - start
        }
        func open() {
            stack.append(.bracket)
            depth += 1
            deepest = max(deepest, depth)
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if case .string(let quotes, let hashes)? = stack.last {
                if byte == UInt8(ascii: "\\") {
                    let escapeHashes = count(hash, from: index + 1, upTo: hashes)
                    let after = index + 1 + escapeHashes
                    guard escapeHashes == hashes else { index += 1; continue }
                    if after < bytes.count, bytes[after] == UInt8(ascii: "(") { open() }
                    index = after + 1
                } else if byte == quote, count(quote, from: index, upTo: quotes) == quotes,
                          count(hash, from: index + quotes, upTo: hashes) == hashes {
                    stack.removeLast()
                    index += quotes + hashes
                } else {
                    if byte == UInt8(ascii: "\n"), quotes == 1 { stack.removeLast() }
                    index += 1
                }
                continue
            }
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            switch byte {
            case slash where next == slash:
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case slash where next == star:
                var comments = 0
                repeat {
                    if bytes[index] == slash, index + 1 < bytes.count, bytes[index + 1] == star { comments += 1; index += 2 }
                    else if bytes[index] == star, index + 1 < bytes.count, bytes[index + 1] == slash { comments -= 1; index += 2 }
                    else { index += 1 }
                } while comments > 0 && index < bytes.count
            case hash, quote:
                let hashes = count(hash, from: index)
                guard index + hashes < bytes.count, bytes[index + hashes] == quote else { index += hashes; continue }
                let quotes = count(quote, from: index + hashes, upTo: 3) == 3 ? 3 : 1
                stack.append(.string(quotes: quotes, hashes: hashes))
                index += hashes + quotes
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                open()
                index += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                if case .bracket? = stack.last {
                    stack.removeLast()
                    depth -= 1
                }
                index += 1
            default:
                index += 1
            }
        }
        return deepest
    }
}
