import SwiftSyntax

extension SyntaxProtocol {
    /// The node's source text without the leading trivia of its first token and the trailing trivia of its
    /// last: what `trimmedDescription` gives, read from the tree's bytes. `trimmedDescription` copies the
    /// node three times over to say it, and the model asks it of every type name and attribute it meets.
    public var trimmedSource: String {
        let bytes = syntaxTextBytes
        let start = leadingTriviaLength.utf8Length
        let end = bytes.count - trailingTriviaLength.utf8Length
        guard start < end else { return "" }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
