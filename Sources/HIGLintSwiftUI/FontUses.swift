import SwiftSyntax

/// Where a font written in one place is used: the property a memberwise initialiser stores it in, the views the
/// uses of a name holding it style, the UIKit view or attributed string it is given to.
extension FontExpression {
    /// For a font given to the initialiser of a type this file declares, the stored property of the argument's
    /// name that holds it: `percentFont` in `Metrics(percentFont: .system(size: 9))` with
    /// `struct Metrics { let percentFont: Font }`. `nil` anywhere else.
    public func storedProperty(in file: SwiftUIFile) -> String? {
        guard case .fontSlot = use, let argument = call.parent?.as(LabeledExprSyntax.self), let label = argument.label?.text,
              let owner = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
              let typeName = owner.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              let type = file.types[typeName], let property = type.properties[label],
              !property.isStatic, property.body == nil
        else { return nil }
        return label
    }

    /// The view a UIKit font is assigned to: `title` in `title.font = UIFont.systemFont(ofSize: 13)`; `nil` for a
    /// property of something else (`cell.title.font`) or any other use.
    public var assignedViewName: String? {
        guard case .fontSlot = use, let sequence = call.parent?.as(ExprListSyntax.self), sequence.last?.id == call.id,
              let target = sequence.first?.as(MemberAccessExprSyntax.self), target.declName.baseName.text == "font",
              let base = target.base?.as(DeclReferenceExprSyntax.self)
        else { return nil }
        return base.baseName.text
    }

    /// The string of the attributed string whose attributes hold this font: `emoji` in
    /// `NSAttributedString(string: emoji, attributes: [.font: UIFont.systemFont(ofSize: 15)])`.
    public var attributedString: ExprSyntax? {
        guard case .fontSlot = use, let element = call.parent?.as(DictionaryElementSyntax.self),
              let argument = element.parent?.parent?.parent?.as(LabeledExprSyntax.self), argument.label?.text == "attributes",
              let owner = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
              ["NSAttributedString", "NSMutableAttributedString"].contains(owner.calledExpression.trimmedSource)
        else { return nil }
        return owner.argument("string")?.expression
    }
}

extension SwiftUIFile {
    /// The views that the font held in a name styles, one per use: each use must be the argument of `.font(…)`
    /// (`.font(titleFont)`, `.font(metrics.titleFont)`). `nil` when there is no use or one is anything else.
    public func viewsStyled(byFontAt uses: [ExprSyntax]) -> [SwiftUIView]? {
        guard !uses.isEmpty else { return nil }
        var views: [SwiftUIView] = []
        for use in uses {
            var expression = ExprSyntax(use)
            if let member = use.parent?.as(MemberAccessExprSyntax.self), member.declName.id == use.id { expression = ExprSyntax(member) }
            guard let argument = expression.parent?.as(LabeledExprSyntax.self),
                  let modifierCall = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                  let member = modifierCall.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "font",
                  let target = view(modifiedBy: member)
            else { return nil }
            views.append(target)
        }
        return views
    }
}
