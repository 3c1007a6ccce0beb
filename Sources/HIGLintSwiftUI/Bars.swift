import SwiftSyntax

/// System bars: the navigation bar, the bottom toolbar and the keyboard's toolbar. Their titles and items do not
/// grow with Dynamic Type (people read them at large sizes in the large content viewer), so custom content there
/// follows the system when its size is fixed.
extension SwiftUIFile {
    /// Whether `node` is shown in a system bar: inside a `ToolbarItem` or `ToolbarItemGroup` (other than a visionOS
    /// ornament), written directly in `.toolbar { … }`, or given to `.navigationBarItems(leading:trailing:)`;
    /// followed through the helpers that hold it (`var toolbarItems: some ToolbarContent`). What bar content
    /// presents is not in the bar: a sheet, popover or alert, a menu's items, a navigation destination.
    public func isBarContent(_ node: some SyntaxProtocol) -> Bool {
        for enclosure in enclosingViewsThroughUses(of: node) {
            if ["ToolbarItem", "ToolbarItemGroup"].contains(enclosure.view.name) {
                return !(enclosure.view.argument("placement")?.expression.trimmedSource.contains("Ornament") ?? false)
            }
            switch enclosure.role {
            case .modifier(let name) where Self.barModifiers.contains(name): return true
            case .modifier(let name) where Self.presentingModifiers.contains(name): return false
            case .destination, .menuItems, .action: return false
            default: continue
            }
        }
        return false
    }

    /// Modifiers whose content goes into a bar.
    static let barModifiers: Set<String> = ["toolbar", "navigationBarItems"]
    /// Modifiers whose content is shown elsewhere than the view they modify: over the screen, in a menu or a tip.
    static let presentingModifiers: Set<String> = [
        "sheet", "fullScreenCover", "popover", "alert", "confirmationDialog", "contextMenu", "navigationDestination",
        "inspector", "help", "searchSuggestions", "toolbarTitleMenu",
    ]

    /// Whether the UIKit view held in `name` becomes a bar's custom view in the member or closure that holds
    /// `node`: it, or a view made of it there (`let stack = UIStackView(arrangedSubviews: [title, subtitle])`,
    /// `stack.addArrangedSubview(title)`), is assigned to a `titleView` or passed as `UIBarButtonItem(customView:)`.
    /// A view type that another file puts in a bar is not followed.
    public func becomesBarView(_ name: String, around node: some SyntaxProtocol) -> Bool {
        guard let body = Self.codeBlock(around: Syntax(node)) else { return false }
        var names: Set<String> = [name]
        for _ in 0..<2 { names.formUnion(Self.viewsMade(ofAny: names, in: body)) }
        return body.tokens(viewMode: .sourceAccurate).contains { token in
            guard case .identifier = token.tokenKind, names.contains(token.text),
                  let reference = token.parent?.as(DeclReferenceExprSyntax.self)
            else { return false }
            return Self.isBarViewSlot(reference)
        }
    }

    /// `titleView = reference` or `UIBarButtonItem(customView: reference)`.
    private static func isBarViewSlot(_ reference: DeclReferenceExprSyntax) -> Bool {
        if let argument = reference.parent?.as(LabeledExprSyntax.self), argument.label?.text == "customView",
           let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self) {
            return call.calledExpression.trimmedSource.hasSuffix("UIBarButtonItem")
        }
        guard let sequence = reference.parent?.as(ExprListSyntax.self), sequence.count == 3,
              sequence.last?.id == reference.id, sequence.dropFirst().first?.is(AssignmentExprSyntax.self) == true
        else { return false }
        return sequence.first?.lastToken(viewMode: .sourceAccurate)?.text == "titleView"
    }

    /// The names of views in `body` made with one of `names`: `let stack = UIStackView(arrangedSubviews: [label])`,
    /// or `stack.addArrangedSubview(label)` / `stack.addSubview(label)`.
    private static func viewsMade(ofAny names: Set<String>, in body: Syntax) -> Set<String> {
        var made: Set<String> = []
        for token in body.tokens(viewMode: .sourceAccurate) {
            guard case .identifier = token.tokenKind, names.contains(token.text),
                  let reference = token.parent?.as(DeclReferenceExprSyntax.self)
            else { continue }
            var node = Syntax(reference)
            while let parent = node.parent, !parent.is(CodeBlockItemSyntax.self), !parent.is(ClosureExprSyntax.self) {
                if let binding = parent.as(PatternBindingSyntax.self), let bound = binding.pattern.as(IdentifierPatternSyntax.self),
                   let maker = binding.initializer?.value.as(FunctionCallExprSyntax.self),
                   maker.calledExpression.firstToken(viewMode: .sourceAccurate)?.text.first?.isUppercase == true {
                    made.insert(bound.identifier.text)
                    break
                }
                if let call = parent.as(FunctionCallExprSyntax.self),
                   let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                   ["addArrangedSubview", "addSubview"].contains(member.declName.baseName.text),
                   let base = member.base?.as(DeclReferenceExprSyntax.self) {
                    made.insert(base.baseName.text)
                    break
                }
                node = parent
            }
        }
        return made
    }

    /// The function, accessor or closure around `node`, whose code builds the views it names.
    private static func codeBlock(around node: Syntax) -> Syntax? {
        var current = node.parent
        while let candidate = current {
            if candidate.is(FunctionDeclSyntax.self) || candidate.is(InitializerDeclSyntax.self)
                || candidate.is(AccessorBlockSyntax.self) || candidate.is(ClosureExprSyntax.self) {
                return candidate
            }
            if candidate.is(MemberBlockItemSyntax.self) { return nil }
            current = candidate.parent
        }
        return nil
    }
}
