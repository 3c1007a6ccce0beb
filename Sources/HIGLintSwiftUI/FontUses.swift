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

extension SwiftUIFile {
    /// The texts a `.font(…)` modifier sets the font of: `member` is the modifier's member access on `view`. A
    /// font reaches the texts of the view's content and of the `.overlay` and `.background` layers written before
    /// it, through stacks, `ForEach`, `if`/`switch` branches, control labels and helpers of this file, and stops at a
    /// view that sets its own `.font` (closer to its texts, so it wins). Images, shapes and colours are no text; a
    /// `Text`, a `Label` or a control's title is. `nil` when any of the content cannot be seen (a view type of the
    /// module that is not only an image, a call, code the view builder model does not read, a sheet or inset the
    /// font may reach): the caller keeps treating the font as shown.
    public func textsReached(byFontAt member: MemberAccessExprSyntax, on view: SwiftUIView) -> [SwiftUIView]? {
        guard let index = view.modifiers.firstIndex(where: { $0.memberAccess.id == member.id }) else { return nil }
        return textsReached(in: view, modifiersBefore: index, depth: 0)
    }

    /// Modifiers whose views a font may reach but that this model does not follow: what they present or inset.
    private static let unfollowedContentModifiers: Set<String> = presentingModifiers.union(["safeAreaInset", "swipeActions"])

    /// Containers whose content the font reaches as it does the container: stacks, grids, scroll views, `ForEach`.
    private static let fontTransparentContainers: Set<String> = transparentContainers.union([
        "ForEach", "ScrollView", "Grid", "GridRow", "LazyVGrid", "LazyHGrid", "ViewThatFits",
    ])

    /// The texts reached in `view` by a font applied after its first `limit` modifiers.
    private func textsReached(in view: SwiftUIView, modifiersBefore limit: Int, depth: Int) -> [SwiftUIView]? {
        let chain = view.modifiers.prefix(limit)
        // The closest font wins: nothing written before it (the view's content, earlier layers) is reached.
        let ownFont = chain.lastIndex { Self.setsFont($0) }
        var texts: [SwiftUIView] = []
        for (index, modifier) in chain.enumerated() where ownFont.map({ index > $0 }) ?? true {
            if modifier.name == "overlay" || modifier.name == "background" {
                guard let layer = layerViews(of: modifier), let reached = textsReached(in: layer, depth: depth) else { return nil }
                texts += reached
            } else if Self.unfollowedContentModifiers.contains(modifier.name) {
                return nil
            }
        }
        guard ownFont == nil else { return texts }
        guard let content = contentTexts(of: view, depth: depth) else { return nil }
        return texts + content
    }

    private func textsReached(in views: [SwiftUIView], depth: Int) -> [SwiftUIView]? {
        var texts: [SwiftUIView] = []
        for view in views {
            guard let reached = textsReached(in: view, modifiersBefore: view.modifiers.count, depth: depth) else { return nil }
            texts += reached
        }
        return texts
    }

    /// `.font(…)`, or `.environment(\.font, …)`.
    private static func setsFont(_ modifier: Modifier) -> Bool {
        modifier.name == "font" || modifier.name == "environment" && modifier.firstArgument?.trimmedSource == #"\.font"#
    }

    /// The texts of a view itself, before its modifiers: `[view]` for a text, nothing for an image or a shape.
    private func contentTexts(of view: SwiftUIView, depth: Int) -> [SwiftUIView]? {
        if view.isImageOnly || isImage(view) { return [] }
        if view.isTypeCall, let primitive = components[view.writtenName], primitive != view.name {
            return primitive == "Image" ? [] : nil
        }
        if view.call != nil, textlessDecorations.contains(view.name) {
            return view.name == "ProgressView" && view.controlTitle != nil ? [view] : []
        }
        if view.call == nil, let base = view.root.as(MemberAccessExprSyntax.self)?.base, base.trimmedSource == "Color" { return [] }
        switch view.name {
        case "Text" where view.isTypeCall:
            return view.firstUnlabeledArgument?.isEmptyStringLiteral == true ? [] : [view]
        case "Label" where view.isTypeCall:
            if view.call?.arguments.isEmpty == false { return [view] }
            return closureViews(of: view, roles: [.title, .icon]).flatMap { textsReached(in: $0, depth: depth) }
        case "TextField", "SecureField", "TextEditor", "LabeledContent", "Picker":
            return nil
        default:
            break
        }
        if labelledControlNames.contains(view.name), view.isTypeCall {
            if view.controlTitle != nil { return [view] }
            guard let labels = closureViews(of: view, roles: [.label]) else { return nil }
            var argument: [SwiftUIView] = []
            if let label = view.argument("label")?.expression, !label.is(ClosureExprSyntax.self) {
                argument = ViewBuilderContent.views(in: label)
                guard !argument.isEmpty else { return nil }
            }
            return textsReached(in: labels + argument, depth: depth)
        }
        if Self.fontTransparentContainers.contains(view.name), view.isTypeCall {
            return closureViews(of: view, roles: [.content]).flatMap { textsReached(in: $0, depth: depth) }
        }
        guard !view.isTypeCall, depth < 2 else { return nil }
        // A helper or value of this file: `var badge: some View { … }`, `makeBadge()`, `let icon = Image(…)`.
        let helpers = helperViews(for: view)
        if !helpers.isEmpty { return textsReached(in: helpers, depth: depth + 1) }
        if view.call == nil, let value = madeValue(of: view.root), let root = ViewBuilderContent.chainRoot(of: value),
           let made = SwiftUIView(root: root, components: components) {
            return textsReached(in: [made], depth: depth + 1)
        }
        return nil
    }

    /// The views of a view's closures of these roles; `nil` when a statement there is an expression the view
    /// builder model reads no view from (`Text(a) + Text(b)`), so that nothing it shows is missed.
    private func closureViews(of view: SwiftUIView, roles: Set<ViewRole>) -> [SwiftUIView]? {
        var views: [SwiftUIView] = []
        for (role, closure) in view.roledClosures where roles.contains(role) {
            guard let seen = Self.seenViews(in: closure.statements) else { return nil }
            views += seen
        }
        return views
    }

    /// The views of an `.overlay` or `.background`: its closure, or the view it is given (`.background(Color.red)`);
    /// a shape style (`.background(.thinMaterial)`) is none.
    private func layerViews(of modifier: Modifier) -> [SwiftUIView]? {
        guard let call = modifier.call else { return nil }
        var views: [SwiftUIView] = []
        if let closure = call.trailingClosure {
            guard let seen = Self.seenViews(in: closure.statements) else { return nil }
            views += seen
        }
        for argument in call.arguments where argument.label == nil || argument.label?.text == "content" {
            let expression = argument.expression
            if let closure = expression.as(ClosureExprSyntax.self) {
                guard let seen = Self.seenViews(in: closure.statements) else { return nil }
                views += seen
                continue
            }
            if let implicit = expression.as(MemberAccessExprSyntax.self), implicit.base == nil { continue }
            let seen = ViewBuilderContent.views(in: expression)
            guard !seen.isEmpty else { return nil }
            views += seen
        }
        return views
    }

    /// `ViewBuilderContent.views(in:)`, or `nil` when an expression it reaches gives no view.
    static func seenViews(in statements: CodeBlockItemListSyntax) -> [SwiftUIView]? {
        var views: [SwiftUIView] = []
        for statement in statements {
            guard let seen = seenViews(in: Syntax(statement.item)) else { return nil }
            views += seen
        }
        return views
    }

    private static func seenViews(in node: Syntax) -> [SwiftUIView]? {
        if let statement = node.as(ExpressionStmtSyntax.self) { return seenViews(in: Syntax(statement.expression)) }
        if let ifExpression = node.as(IfExprSyntax.self) {
            guard var views = seenViews(in: ifExpression.body.statements) else { return nil }
            switch ifExpression.elseBody {
            case .ifExpr(let nested)?:
                guard let more = seenViews(in: Syntax(nested)) else { return nil }
                views += more
            case .codeBlock(let block)?:
                guard let more = seenViews(in: block.statements) else { return nil }
                views += more
            default: break
            }
            return views
        }
        if let switchExpression = node.as(SwitchExprSyntax.self) {
            var views: [SwiftUIView] = []
            for element in switchExpression.cases {
                guard let switchCase = element.as(SwitchCaseSyntax.self), let seen = seenViews(in: switchCase.statements) else { return nil }
                views += seen
            }
            return views
        }
        if node.is(DeclSyntax.self) && !node.is(IfConfigDeclSyntax.self) { return [] }
        if node.is(ExprSyntax.self) || node.is(StmtSyntax.self) || node.is(IfConfigDeclSyntax.self) {
            let views = ViewBuilderContent.views(in: node)
            return views.isEmpty ? nil : views
        }
        return nil
    }
}
