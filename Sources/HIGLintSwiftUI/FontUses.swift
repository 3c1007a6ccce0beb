import SwiftSyntax

/// Where a font written in one place is used.
extension FontExpression {
    /// The view a UIKit font is assigned to: `title` in `title.font = UIFont.systemFont(ofSize: 13)`; `nil` for a
    /// property of something else (`cell.title.font`) or any other use.
    public var assignedViewName: String? {
        guard case .fontSlot = use, let sequence = call.parent?.as(ExprListSyntax.self), sequence.last?.id == call.id,
              let target = sequence.first?.as(MemberAccessExprSyntax.self), target.declName.baseName.text == "font",
              let base = target.base?.as(DeclReferenceExprSyntax.self)
        else { return nil }
        return base.baseName.text
    }
}
