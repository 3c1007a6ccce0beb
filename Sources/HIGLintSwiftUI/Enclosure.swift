import SwiftSyntax

/// A view that holds a node, and how: `Image` inside `Button { … } label: { Image(…) }`
/// is enclosed by the `Button` in the `label` role.
public struct Enclosure {
    /// The enclosing view. For content in a modifier's closure (`.contextMenu { … }`),
    /// the view the modifier is applied to.
    public let view: SwiftUIView
    /// The role the node's closure or argument plays for `view`.
    public let role: ViewRole
    /// The modifier whose closure or argument holds the node, if any.
    public let modifier: Modifier?
    /// The label of the modifier's argument or trailing closure that holds the node (`preview` in
    /// `.contextMenu { … } preview: { … }`); `nil` for its first trailing closure or an unlabelled argument.
    public var modifierArgumentLabel: String? = nil
    /// The label of the argument or trailing closure of `view`'s call that holds the node (`contents` in
    /// `Card { … } contents: { … }`); `nil` for its first trailing closure, an unlabelled argument or a modifier.
    public var argumentLabel: String? = nil
    /// Whether the node is in a closure passed to `view`'s call (not a view passed as a value, nor a modifier's).
    public var isInClosure = false

    /// Whether the node is (in) a control's label: `Button { } label: { … }`, `Button(action: f, label: Title())`.
    public var isControlLabel: Bool { role == .label || role == .argument("label") }
}

/// The declaration a piece of view code is written in.
public struct ViewDeclarationContext {
    /// The property, function or closure-free declaration (`var body`, `var row`, `func makeRow()`).
    public let declaration: DeclSyntax
    /// `body`, `row`, `makeRow`.
    public let name: String
    /// The type the declaration belongs to, if any.
    public let type: TypeDeclaration?

    /// Whether this is the `body` of a type.
    public var isBody: Bool { name == "body" }
}

extension SyntaxProtocol {
    /// The views around this node, innermost first, up to the enclosing declaration.
    ///
    /// Content in a modifier's closure is enclosed by the view the modifier applies to,
    /// with the role `.modifier(name)`. Closures that are not passed to a call (a stored
    /// closure, a `let` inside a function) end the walk: their context is not visible.
    public func enclosingViews(components: [String: String] = [:]) -> [Enclosure] {
        enclosingViews(view: { SwiftUIView(root: $0, components: components) }, chainRoot: ViewBuilderContent.chainRoot(of:))
    }

    /// `enclosingViews(components:)` building each view with `view` from its root, and finding a modifier's chain
    /// root with `chainRoot`: `SwiftUIFile` passes its memos, so that the views above each of n nodes in one
    /// chain's closures are built once, not n times.
    func enclosingViews(view: (ExprSyntax) -> SwiftUIView?, chainRoot: (ExprSyntax) -> ExprSyntax?) -> [Enclosure] {
        var result: [Enclosure] = []
        var child = Syntax(self)
        var node = parent
        while let current = node {
            if let enclosure = Self.enclosure(of: child, in: current, view: view, chainRoot: chainRoot) {
                result.append(enclosure)
            }
            if current.is(DeclSyntax.self), !current.is(IfConfigDeclSyntax.self) { break }
            child = current
            node = current.parent
        }
        return result
    }

    /// The enclosure created when moving from `child` up to `parent`, if `child` is content passed to a view or modifier.
    private static func enclosure(of child: Syntax, in parent: Syntax, view makeView: (ExprSyntax) -> SwiftUIView?,
                                  chainRoot: (ExprSyntax) -> ExprSyntax?) -> Enclosure? {
        // `child` is a closure given as a trailing closure, or an argument (closure or view expression) of a call.
        var label: String?
        var isTrailing = false
        var call: FunctionCallExprSyntax?
        if let closure = child.as(ClosureExprSyntax.self), let owner = parent.as(FunctionCallExprSyntax.self),
           owner.trailingClosure?.id == closure.id {
            call = owner
            isTrailing = true
        } else if child.is(MultipleTrailingClosureElementSyntax.self),
                  let element = child.as(MultipleTrailingClosureElementSyntax.self),
                  let owner = parent.parent?.as(FunctionCallExprSyntax.self) {
            call = owner
            label = element.label.text
            isTrailing = true
        } else if let argument = child.as(LabeledExprSyntax.self), let list = parent.as(LabeledExprListSyntax.self),
                  let owner = list.parent?.as(FunctionCallExprSyntax.self), owner.arguments.id == list.id {
            call = owner
            label = argument.label?.text
        }
        guard let call else { return nil }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), SwiftUIView.typeName(of: call.calledExpression) == nil {
            // A modifier: the enclosure is the view the modifier applies to.
            guard let root = ModifierTarget.root(ofModifier: member, chainRoot: chainRoot), let view = makeView(root),
                  let modifier = view.modifier(at: member)
            else { return nil }
            return Enclosure(view: view, role: .modifier(modifier.name), modifier: modifier, modifierArgumentLabel: label)
        }
        // `SwiftUIView(root:)` of a call is `SwiftUIView(call:)` when the call names a type, else a helper's view.
        guard let view = makeView(ExprSyntax(call)) else { return nil }
        if !isTrailing, let argument = child.as(LabeledExprSyntax.self), !argument.expression.is(ClosureExprSyntax.self) {
            // A view passed as a value: `Section(header: Text("x"))`, `NavigationLink(destination: Detail())`, `Text("x")` in `Button(…)`.
            // `AnyView(Chart …)` erases the type of the view it shows, and shows it as it is: its content.
            let role: ViewRole = switch label {
            case nil where view.name == "AnyView": .content
            case nil: .argument("")
            case "destination": .destination
            case "header": .header
            case "footer": .footer
            case "label": .label
            case let other?: .argument(other)
            }
            return Enclosure(view: view, role: role, modifier: nil)
        }
        return Enclosure(view: view, role: ViewRole.of(label: label, isTrailing: isTrailing, in: view), modifier: nil,
                         argumentLabel: label, isInClosure: true)
    }
}

enum ModifierTarget {
    /// The root of the chain a modifier's member access belongs to, including a base-less modifier inside a postfix `#if`.
    static func root(ofModifier member: MemberAccessExprSyntax,
                     chainRoot: (ExprSyntax) -> ExprSyntax? = ViewBuilderContent.chainRoot(of:)) -> ExprSyntax? {
        if let base = member.base { return chainRoot(base) }
        // `.swipeActions` inside `row #if os(iOS) … #endif`: climb to the postfix `#if` and take its base.
        var node = member.parent
        while let current = node {
            if let postfix = current.as(PostfixIfConfigExprSyntax.self) {
                return postfix.base.flatMap(chainRoot)
            }
            if current.is(CodeBlockItemSyntax.self) || (current.is(DeclSyntax.self) && !current.is(IfConfigDeclSyntax.self)) { return nil }
            node = current.parent
        }
        return nil
    }
}

extension SwiftUIFile {
    /// The view a modifier's closure is given and returns changed: `row` in
    /// `PostRow(post).if(isCompact) { row in row.swipeActions { … } }` (or `{ $0.swipeActions { … } }`) is
    /// `PostRow(post)` with its chain, and what the closure returns takes its place there, under the modifiers that
    /// follow (`.contextMenu { … }` after the `.if`). `nil` unless `view` is rooted at the closure's only parameter,
    /// is what the closure returns (through `if`/`switch`), and the closure is passed to a modifier of that chain.
    public func viewGivenToModifierClosure(_ view: SwiftUIView) -> SwiftUIView? {
        guard let reference = view.root.as(DeclReferenceExprSyntax.self),
              let closure = view.root.parent.flatMap(Self.enclosingClosure(of:)),
              Self.onlyParameterName(of: closure) == reference.baseName.text,
              ViewBuilderContent.views(in: closure.statements).contains(where: { $0.root.id == view.root.id }),
              let enclosure = enclosingViews(of: closure).first, let modifier = enclosure.modifier,
              modifier.closures.contains(where: { $0.closure.id == closure.id })
        else { return nil }
        return enclosure.view
    }

    private static func enclosingClosure(of node: Syntax) -> ClosureExprSyntax? {
        var current: Syntax? = node
        while let syntax = current, !syntax.is(DeclSyntax.self) {
            if let closure = syntax.as(ClosureExprSyntax.self) { return closure }
            current = syntax.parent
        }
        return nil
    }

    /// `row` in `{ row in … }` and `{ (row) in … }`, `$0` in a closure without a signature.
    private static func onlyParameterName(of closure: ClosureExprSyntax) -> String? {
        guard let signature = closure.signature else { return "$0" }
        if let list = signature.parameterClause?.as(ClosureShorthandParameterListSyntax.self) {
            return list.count == 1 ? list.first?.name.text : nil
        }
        guard let clause = signature.parameterClause?.as(ClosureParameterClauseSyntax.self), clause.parameters.count == 1,
              let parameter = clause.parameters.first else { return nil }
        return (parameter.secondName ?? parameter.firstName).text
    }
}
