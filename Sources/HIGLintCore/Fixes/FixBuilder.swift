import HIGLintSwiftUI
import SwiftSyntax

/// Builds edits that read as if a person wrote them.
public enum FixBuilder {
    /// Appends `.modifier` to a view's chain: on its own line at the chain's indentation
    /// when the chain is written over several lines, inline when it is one line.
    ///
    /// The new line uses the chain's own line break (`\r\n` in a CRLF file), and goes
    /// after a comment that ends the chain's last line, so the comment stays on the
    /// line it describes.
    public static func appendModifier(_ modifier: String, to view: SwiftUIView) -> TextEdit {
        let last = view.chainEnd.lastToken(viewMode: .sourceAccurate)
        let end = view.chainEnd.endPositionBeforeTrailingTrivia.utf8Offset
        if let lastModifier = view.modifiers.last(where: { $0.condition == nil }),
           let line = lineStart(of: lastModifier.memberAccess.period) {
            var offset = end
            if let last, last.trailingTrivia.contains(where: \.isComment),
               let next = last.nextToken(viewMode: .sourceAccurate), lineStart(of: next) != nil {
                offset = last.endPosition.utf8Offset
            }
            return .insert(line.newline + line.indentation + modifier, at: offset)
        }
        return .insert(modifier, at: end)
    }

    /// Adds `label: value` as the last argument of `call`'s parenthesised list (before any trailing closure),
    /// or after the argument labelled `after` when given.
    public static func addArgument(_ text: String, to call: FunctionCallExprSyntax, after label: String? = nil) -> TextEdit? {
        if let label, let argument = call.argument(label) {
            let end = argument.expression.endPositionBeforeTrailingTrivia.utf8Offset
            return .insert(", " + text, at: end)
        }
        if let last = call.arguments.last {
            return .insert(", " + text, at: last.expression.endPositionBeforeTrailingTrivia.utf8Offset)
        }
        if let left = call.leftParen {
            return .insert(text, at: left.endPositionBeforeTrailingTrivia.utf8Offset)
        }
        return nil
    }

    /// Replaces the source of `node` (without its trivia) by `text`.
    public static func replace(_ node: some SyntaxProtocol, with text: String) -> TextEdit {
        TextEdit(start: node.positionAfterSkippingLeadingTrivia.utf8Offset,
                 end: node.endPositionBeforeTrailingTrivia.utf8Offset, replacement: text)
    }

    /// The indentation before `token` when it is the first thing on its line, else `nil`.
    static func indentationIfLineStart(_ token: TokenSyntax) -> String? {
        lineStart(of: token)?.indentation
    }

    /// When `token` is the first thing on its line: the indentation before it and the line break that ends the line above.
    static func lineStart(of token: TokenSyntax) -> (indentation: String, newline: String)? {
        var indentation = ""
        var newline: String?
        for piece in token.leadingTrivia.reversed() {
            switch piece {
            case .spaces(let count): indentation = String(repeating: " ", count: count) + indentation
            case .tabs(let count): indentation = String(repeating: "\t", count: count) + indentation
            case .newlines: newline = "\n"
            case .carriageReturnLineFeeds: newline = "\r\n"
            case .carriageReturns: newline = "\r"
            default: return nil
            }
            if newline != nil { break }
        }
        if let newline { return (indentation, newline) }
        // A file's first line, or a line break kept in the previous token's trailing trivia.
        guard let previous = token.previousToken(viewMode: .sourceAccurate) else { return nil }
        for piece in previous.trailingTrivia.reversed() {
            switch piece {
            case .newlines: return (indentation, "\n")
            case .carriageReturnLineFeeds: return (indentation, "\r\n")
            case .carriageReturns: return (indentation, "\r")
            default: continue
            }
        }
        return nil
    }
}
