import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// The `fixed-font-size` correction: the nearest text style for a literal size.
///
/// It never deletes what it does not understand. When the whole call is known arguments with literal values
/// (`size:`, `weight: .medium`, `design: .rounded`) and holds no comment, it is rewritten to its shortest form
/// (`.body`, `.subheadline.weight(.medium)`, `.system(.title, design: .rounded)`). Otherwise only the
/// `size:` argument is replaced by the style (`.system(.body, width: .condensed)`), or for a custom font
/// `relativeTo:` is inserted, keeping every other argument and comment; where neither is safe (a size that is
/// not a literal, a comment inside the `size:` argument, a `weight:` that would then need iOS 16's
/// `system(_:design:weight:)`), no fix is offered. The fix names the APIs it writes (`relativeTo:`, a style
/// such as `.title2` that SwiftUI gained later), so that it is not offered below their deployment targets.
extension FontExpression {
    func textStyleFix() -> (fix: Fix, writing: [SwiftUIAPI])? {
        guard let points = size.numberLiteral, points <= TextStyle.displaySize,
              !sizeArgument.holdsComments
        else { return nil }
        let style = TextStyle.nearest(to: points, weight: weight?.trimmedSource)
        switch family {
        case .custom:
            guard let edit = FixBuilder.addArgument("relativeTo: .\(style.name)", to: call, after: sizeArgument.label?.text)
            else { return nil }
            return (Fix(title: "Scale the font relative to `.\(style.name)`", edits: [edit]), [.fontRelativeTo] + style.apis)
        case .uiKit:
            return nil
        case .system:
            let edit = rewrittenCall(style).map { FixBuilder.replace(call, with: $0) } ?? replacedSizeArgument(style)
            return edit.map { (Fix(title: "Use the `.\(style.name)` text style", edits: [$0]), style.apis) }
        }
    }

    /// The whole call in its shortest form, when nothing in it would be lost.
    private func rewrittenCall(_ style: TextStyle) -> String? {
        guard call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty, !call.holdsComments
        else { return nil }
        for argument in call.arguments where argument.label?.text != "size" {
            guard ["weight", "design"].contains(argument.label?.text ?? ""), argument.expression.isPlainMemberLiteral else { return nil }
        }
        let base = writtenType?.trimmedSource ?? ""
        var replacement = design.map { "\(base).system(.\(style.name), design: \($0.trimmedSource))" } ?? "\(base).\(style.name)"
        if let weight = weight?.trimmedSource, weight != style.weight { replacement += ".weight(\(weight))" }
        return replacement
    }

    /// `size: 17` becomes `.body`, everything else kept; `nil` when a `weight:` stays (iOS 16 API).
    private func replacedSizeArgument(_ style: TextStyle) -> TextEdit? {
        guard weight == nil, sizeArgument.id == call.arguments.first?.id else { return nil }
        return TextEdit(start: sizeArgument.positionAfterSkippingLeadingTrivia.utf8Offset,
                        end: sizeArgument.expression.endPositionBeforeTrailingTrivia.utf8Offset, replacement: ".\(style.name)")
    }
}

private extension SyntaxProtocol {
    /// Whether a comment sits inside this node (its outer leading and trailing trivia aside).
    var holdsComments: Bool {
        let tokens = Array(self.tokens(viewMode: .sourceAccurate))
        for (index, token) in tokens.enumerated() {
            if index > 0, token.leadingTrivia.contains(where: \.isComment) { return true }
            if index < tokens.count - 1, token.trailingTrivia.contains(where: \.isComment) { return true }
        }
        return false
    }
}

private extension ExprSyntax {
    /// `.medium`, `.rounded`: a member of the expected type with nothing computed.
    var isPlainMemberLiteral: Bool {
        guard let member = self.as(MemberAccessExprSyntax.self) else { return false }
        return member.base == nil && member.declName.argumentNames == nil
    }
}
