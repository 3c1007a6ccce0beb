import HIGLintSwiftUI
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
        var source = source
        return source.withUTF8 { bytes in
            let lexer = ByteLexer(bytes)
            var depth = 0, deepest = 0
            var index = 0
            while index < bytes.count {
                if let end = lexer.commentEnd(at: index) {
                    index = end
                    continue
                }
                if lexer.startsStringLiteral(at: index) {
                    let literal = lexer.stringLiteral(at: index)
                    deepest = max(deepest, depth + literal.nesting)
                    index = literal.end
                    continue
                }
                switch bytes[index] {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                    deepest = max(deepest, depth)
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth = max(0, depth - 1)
                default:
                    break
                }
                index += 1
            }
            return deepest
        }
    }
}
