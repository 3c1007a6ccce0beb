import HIGLintSwiftUI
import SwiftSyntax

/// Builds edits that read as if a person wrote them.
public enum FixBuilder {
    /// Appends `.modifier` to a view's chain: on its own line at the chain's indentation
    /// when the chain is written over several lines, inline when it is one line.
    public static func appendModifier(_ modifier: String, to view: SwiftUIView) -> TextEdit {
        let end = view.chainEnd.endPositionBeforeTrailingTrivia.utf8Offset
        if let last = view.modifiers.last(where: { $0.condition == nil }),
           let period = last.memberAccess.period as TokenSyntax?,
           let indentation = indentationIfLineStart(period) {
            return .insert("\n" + indentation + modifier, at: end)
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
        var indentation = ""
        var sawNewline = false
        for piece in token.leadingTrivia.reversed() {
            switch piece {
            case .spaces(let count): indentation = String(repeating: " ", count: count) + indentation
            case .tabs(let count): indentation = String(repeating: "\t", count: count) + indentation
            case .newlines, .carriageReturns, .carriageReturnLineFeeds: sawNewline = true
            default: if !sawNewline { return nil }
            }
            if sawNewline { break }
        }
        if !sawNewline {
            // The newline may be the previous token's trailing trivia's end, or the line break before a comment.
            guard let previous = token.previousToken(viewMode: .sourceAccurate),
                  previous.trailingTrivia.contains(where: { if case .newlines = $0 { return true } else { return false } })
            else { return nil }
        }
        return indentation
    }
}
