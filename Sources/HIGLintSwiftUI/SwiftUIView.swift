import SwiftSyntax

/// A SwiftUI view as written: a root (a view initialiser call such as `Text("x")`,
/// or a reference to a helper or parameter such as `row` or `image`) with its
/// ordered chain of modifiers.
///
/// `Image(x).resizable().accessibilityLabel("y")` parses right to left (the
/// outermost call's callee is a member access on the previous call); this type
/// turns it back into one view with two modifiers, including modifiers written
/// inside a postfix `#if … #endif`.
public struct SwiftUIView {
    /// The root expression: a `FunctionCallExprSyntax` or a reference.
    public let root: ExprSyntax
    /// The root call, when the view is built by a call.
    public let call: FunctionCallExprSyntax?
    /// The name as written: `Text`, `Image`, `OrderRow`, or a helper's name (`row`, `makeRow`).
    public let writtenName: String
    /// The name rules match on: the SwiftUI primitive a configured component stands for, else the written name.
    public let name: String
    /// The token to report at for the view itself.
    public let nameToken: TokenSyntax
    /// Modifiers, innermost (first applied) first.
    public let modifiers: [Modifier]
    /// The outermost expression of the chain.
    public let chainEnd: ExprSyntax

    /// Builds the view whose root is `call`, or `nil` when `call` is itself a modifier call.
    public init?(call: FunctionCallExprSyntax, components: [String: String] = [:]) {
        guard let (name, token) = Self.typeName(of: call.calledExpression) else { return nil }
        self.init(root: ExprSyntax(call), call: call, writtenName: name, token: token, components: components)
    }

    /// Builds the view whose root is any expression that starts a chain (a call, a reference, a closure parameter).
    public init?(root: ExprSyntax, components: [String: String] = [:]) {
        if let call = root.as(FunctionCallExprSyntax.self) {
            if let view = SwiftUIView(call: call, components: components) { self = view; return }
            // A helper call such as `makeRow(order)`, `self.makeRow(order)` or `Icons.logo()`.
            if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                self.init(root: root, call: call, writtenName: reference.baseName.text, token: reference.baseName, components: components)
                return
            }
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil {
                let name = member.declName.baseName
                self.init(root: root, call: call, writtenName: name.text, token: name, components: components)
                return
            }
            return nil
        }
        if let reference = root.as(DeclReferenceExprSyntax.self) {
            self.init(root: root, call: nil, writtenName: reference.baseName.text, token: reference.baseName, components: components)
            return
        }
        if let member = root.as(MemberAccessExprSyntax.self), member.base != nil {
            let name = member.declName.baseName
            self.init(root: root, call: nil, writtenName: name.text, token: name, components: components)
            return
        }
        return nil
    }

    private init(root: ExprSyntax, call: FunctionCallExprSyntax?, writtenName: String, token: TokenSyntax, components: [String: String]) {
        self.root = root
        self.call = call
        self.writtenName = writtenName
        self.name = components[writtenName] ?? writtenName
        self.nameToken = token
        let chain = ModifierChain.modifiers(above: Syntax(root))
        self.modifiers = chain.modifiers
        self.chainEnd = chain.end
    }

    /// `Text` in `Text(…)` and `SwiftUI.Text(…)`; `nil` for modifier calls and lowercase functions.
    static func typeName(of callee: ExprSyntax) -> (String, TokenSyntax)? {
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            let text = reference.baseName.text
            // Every call asks this: decide ASCII names by their first byte, without Unicode properties.
            guard let byte = text.utf8.first else { return nil }
            if byte < 0x80 {
                guard byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") else { return nil }
            } else {
                guard let first = text.first, first.isUppercase else { return nil }
            }
            return (text, reference.baseName)
        }
        if let member = callee.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
           base.baseName.text == "SwiftUI" {
            return (member.declName.baseName.text, member.declName.baseName)
        }
        if let specialized = callee.as(GenericSpecializationExprSyntax.self) {
            return typeName(of: specialized.expression)
        }
        return nil
    }

    /// Whether the view is built by a SwiftUI-style initialiser (a capitalised type name).
    public var isTypeCall: Bool { call != nil && writtenName.first?.isUppercase == true }

    // MARK: Arguments and closures

    public func argument(_ label: String?) -> LabeledExprSyntax? { call?.argument(label) }
    public func hasArgument(_ label: String) -> Bool { call?.hasArgument(label) ?? false }
    /// The first argument's expression when it is unlabelled (`Text("x")` → `"x"`).
    public var firstUnlabeledArgument: ExprSyntax? {
        guard let first = call?.arguments.first, first.label == nil else { return nil }
        return first.expression
    }
    public var closures: [PassedClosure] { call?.passedClosures ?? [] }
    public func closure(_ label: String) -> ClosureExprSyntax? { call?.closure(label) }

    // MARK: Modifiers

    public func modifiers(named name: String) -> [Modifier] { modifiers.filter { $0.name == name } }
    public func modifier(named name: String) -> Modifier? { modifiers.first { $0.name == name } }
    public func hasModifier(_ name: String) -> Bool { modifiers.contains { $0.name == name } }
    /// The modifier whose member access is `member` (`.swipeActions` in `row.swipeActions { … }`): what a rule
    /// given that member by the dispatcher asks of the view `SwiftUIFile.view(modifiedBy:)` found for it.
    public func modifier(at member: MemberAccessExprSyntax) -> Modifier? { modifiers.first { $0.memberAccess.id == member.id } }

    /// Modifiers applied before `modifier` in the chain (those that shape the view it sees).
    public func modifiers(before modifier: Modifier) -> ArraySlice<Modifier> {
        guard let index = modifiers.firstIndex(where: { $0.memberAccess.id == modifier.memberAccess.id }) else { return [] }
        return modifiers[..<index]
    }

    // MARK: Content

    /// Each closure of the call with the role its content plays.
    public var roledClosures: [(role: ViewRole, closure: ClosureExprSyntax)] {
        closures.map { (ViewRole.of(closure: $0, in: self), $0.closure) }
    }

    /// The views written directly in this view's closures of the given roles (through `if`, `switch`, `#if` and `for`),
    /// not descending into their own content.
    public func childViews(roles: Set<ViewRole> = [.content, .label, .title, .icon]) -> [SwiftUIView] {
        roledClosures.filter { roles.contains($0.role) }.flatMap { ViewBuilderContent.views(in: $0.closure.statements) }
    }

    /// The views passed as arguments, such as `Section(header: Text("x"))` or `NavigationLink(destination: Detail())`.
    public func argumentViews(_ label: String) -> [SwiftUIView] {
        guard let expression = argument(label)?.expression else { return [] }
        return ViewBuilderContent.views(in: expression)
    }

    /// Every view in this view's visible content, depth-first, including those in nested children.
    public func descendantViews(roles: Set<ViewRole> = [.content, .label, .title, .icon]) -> [SwiftUIView] {
        var result: [SwiftUIView] = []
        var stack = childViews(roles: roles)
        while let view = stack.popLast() {
            result.append(view)
            stack.append(contentsOf: view.childViews(roles: roles))
        }
        return result
    }
}

extension SwiftUIView: CustomStringConvertible {
    public var description: String {
        ([writtenName] + modifiers.map { "." + $0.name }).joined()
    }
}

/// What the views inside a closure or argument are to the view that holds them.
public enum ViewRole: Hashable, Sendable {
    /// Visible content: a stack's children, a `List`'s rows, a `ForEach`'s body.
    case content
    /// A control's label (`Button … label:`, `NavigationLink(destination:) { … }`).
    case label
    /// A `Label`'s title closure and icon closure.
    case title, icon
    /// A `Button`'s action or other code that runs later.
    case action
    /// Where a `NavigationLink` goes.
    case destination
    case header, footer
    /// `AsyncImage`'s `placeholder:`.
    case placeholder
    /// Menu items of a `Menu`.
    case menuItems
    /// The content of a modifier's closure, such as `.contextMenu`, `.swipeActions`, `.background`, `.sheet`.
    case modifier(String)
    /// Any other labelled argument.
    case argument(String)

    static func of(closure: PassedClosure, in view: SwiftUIView) -> ViewRole {
        of(label: closure.label, isTrailing: closure.isTrailing, in: view)
    }

    /// The role of content passed with `label` (nil: unlabelled or first trailing) to `view`.
    static func of(label: String?, isTrailing: Bool, in view: SwiftUIView) -> ViewRole {
        let call = view.call
        let hasLabelClosure = call?.additionalTrailingClosures.contains { $0.label.text == "label" } ?? false
        let hasUnlabeledArgument = call?.arguments.first.map { $0.label == nil } ?? false
        switch label {
        case "label": return .label
        case "action": return .action
        case "destination": return .destination
        case "header": return .header
        case "footer": return .footer
        case "placeholder": return .placeholder
        case "icon": return .icon
        case "title": return .title
        case "content": return view.name == "Menu" ? .menuItems : .content
        case nil: break
        case let other?: return .argument(other)
        }
        switch view.name {
        case "Button":
            // `Button(action: f) { label }` (and an App Intent's `Button(intent: Play()) { label }`, iOS 17) versus
            // `Button("Title") { action }` and `Button { action } label: { … }`.
            return view.hasArgument("action") || view.hasArgument("intent") ? .label : .action
        case "NavigationLink":
            if hasLabelClosure { return .destination }
            if view.hasArgument("destination") || view.hasArgument("value") { return .label }
            return hasUnlabeledArgument ? .destination : .label
        case "Menu":
            return .menuItems
        case "Label":
            return .title
        case "Link", "Toggle", "ShareLink", "PasteButton", "EditButton", "RenameButton":
            return .label
        default:
            return .content
        }
    }

    /// Whether views in this role are seen as part of the owning view's content.
    public var isVisibleContent: Bool {
        switch self {
        case .content, .label, .title, .icon, .header, .footer, .placeholder: return true
        default: return false
        }
    }
}

/// Finds the views a `@ViewBuilder` body produces.
public enum ViewBuilderContent {
    /// The views produced by these statements, looking through `if`, `switch`, `#if`, `for` and returns.
    public static func views(in statements: CodeBlockItemListSyntax) -> [SwiftUIView] {
        statements.flatMap { views(in: Syntax($0.item)) }
    }

    public static func views(in expression: ExprSyntax) -> [SwiftUIView] { views(in: Syntax(expression)) }

    static func views(in node: Syntax) -> [SwiftUIView] {
        if let statement = node.as(ExpressionStmtSyntax.self) { return views(in: Syntax(statement.expression)) }
        if let ret = node.as(ReturnStmtSyntax.self) { return ret.expression.map { views(in: Syntax($0)) } ?? [] }
        if let ifExpr = node.as(IfExprSyntax.self) {
            var result = views(in: ifExpr.body.statements)
            switch ifExpr.elseBody {
            case .ifExpr(let nested)?: result += views(in: Syntax(nested))
            case .codeBlock(let block)?: result += views(in: block.statements)
            default: break
            }
            return result
        }
        if let switchExpr = node.as(SwitchExprSyntax.self) {
            return switchExpr.cases.flatMap { element -> [SwiftUIView] in
                if let switchCase = element.as(SwitchCaseSyntax.self) { return views(in: switchCase.statements) }
                return []
            }
        }
        if let config = node.as(IfConfigDeclSyntax.self) {
            return config.clauses.flatMap { clause -> [SwiftUIView] in
                guard !clause.isNeverCompiled else { return [] }
                if case .statements(let statements)? = clause.elements { return views(in: statements) }
                return []
            }
        }
        if let forStmt = node.as(ForStmtSyntax.self) { return views(in: forStmt.body.statements) }
        if let guardStmt = node.as(GuardStmtSyntax.self) { return views(in: guardStmt.body.statements) }
        if let ternary = node.as(TernaryExprSyntax.self) {
            return views(in: Syntax(ternary.thenExpression)) + views(in: Syntax(ternary.elseExpression))
        }
        // The parser leaves `condition ? a : b` unfolded: a sequence of condition, `? a :`, and `b`.
        if let sequence = node.as(SequenceExprSyntax.self), let index = sequence.elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
           let ternary = sequence.elements[index].as(UnresolvedTernaryExprSyntax.self) {
            let rest = sequence.elements[sequence.elements.index(after: index)...]
            return views(in: Syntax(ternary.thenExpression)) + rest.flatMap { views(in: Syntax($0)) }
        }
        if let expression = node.as(ExprSyntax.self) {
            guard let root = chainRoot(of: expression), let view = SwiftUIView(root: root) else { return [] }
            return [view]
        }
        return []
    }

    /// `self` or a type name: `self.row` and `Icons.logo()` start a chain rather than continue one.
    static func isNamespace(_ base: ExprSyntax) -> Bool {
        guard let reference = base.as(DeclReferenceExprSyntax.self) else { return false }
        if reference.baseName.tokenKind == .keyword(.self) { return true }
        return reference.baseName.text.first?.isUppercase == true
    }

    /// Walks down a modifier chain to the expression it starts from.
    public static func chainRoot(of expression: ExprSyntax) -> ExprSyntax? {
        var node = expression
        while true {
            switch chainStep(from: node) {
            case .next(let next): node = next
            case .root(let root): return root
            case .none: return nil
            }
        }
    }

    enum ChainStep {
        /// Go on down to this expression.
        case next(ExprSyntax)
        /// The chain starts here.
        case root(ExprSyntax)
        /// Not a view's chain.
        case none
    }

    /// One step of `chainRoot(of:)`, so that `SwiftUIFile` can remember every node's root on the way.
    static func chainStep(from node: ExprSyntax) -> ChainStep {
        if let call = node.as(FunctionCallExprSyntax.self) {
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
               SwiftUIView.typeName(of: call.calledExpression) == nil, !isNamespace(base) {
                return .next(base)
            }
            return .root(node)
        }
        if let member = node.as(MemberAccessExprSyntax.self), let base = member.base {
            if isNamespace(base) { return .root(node) }   // `self.row`, `Color.red`
            return .next(base)
        }
        if let postfix = node.as(PostfixIfConfigExprSyntax.self), let base = postfix.base {
            return .next(base)
        }
        if node.is(DeclReferenceExprSyntax.self) { return .root(node) }
        if let tuple = node.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return .next(only.expression)
        }
        return .none
    }
}
