import Foundation
import SwiftSyntax

/// A stored or computed property, as the questions rules ask need it.
public struct PropertyDeclaration {
    public let name: String
    /// Attribute names without `@`: `State`, `ScaledMetric`, `Query`.
    public let attributes: [String]
    public let typeAnnotation: TypeSyntax?
    public let initializer: ExprSyntax?
    /// The accessor body of a computed property.
    public let body: CodeBlockItemListSyntax?
    public let declaration: VariableDeclSyntax
    public let isStatic: Bool

    public func hasAttribute(_ name: String) -> Bool { attributes.contains(name) }
}

/// A struct, class, enum, actor or protocol in the file, with the conformances of its extensions in the same file.
public final class TypeDeclaration {
    public let name: String
    /// The struct, class, enum, actor or protocol itself; an extension when the file has only extensions of it.
    public fileprivate(set) var declaration: DeclSyntax
    /// Every declaration of the type in the file: itself and its extensions, in source order.
    public fileprivate(set) var parts: [DeclSyntax]
    public fileprivate(set) var inheritedTypes: [String]
    public fileprivate(set) var properties: [String: PropertyDeclaration] = [:]
    public fileprivate(set) var functions: [String: [FunctionDeclSyntax]] = [:]

    init(name: String, declaration: DeclSyntax, inheritedTypes: [String]) {
        self.name = name
        self.declaration = declaration
        self.parts = [declaration]
        self.inheritedTypes = inheritedTypes
    }

    public func conforms(to name: String) -> Bool { inheritedTypes.contains(name) }

    /// Whether `name` is a closure the type was handed where it is created (`let onDelete: () -> Void`,
    /// `@ViewBuilder let label: () -> Label`): what calling it does is decided by the parent, often in another file.
    public func isGivenClosure(_ name: String) -> Bool {
        guard let property = properties[name], property.body == nil, functions[name] == nil else { return false }
        if property.hasAttribute("ViewBuilder") { return true }
        if let annotation = property.typeAnnotation?.trimmedSource { return annotation.contains("->") }
        return property.initializer == nil
    }
    /// Whether the type is a SwiftUI `View` (or `ViewModifier`, `Shape`…), judged by its declared conformances.
    public var isView: Bool {
        inheritedTypes.contains { ["View", "ViewModifier", "Shape", "App", "Scene", "Widget"].contains($0) }
    }
}

/// The SwiftUI model of one source file: its tree plus lazily built indexes
/// (types and their conformances, properties, helpers and their uses) that rules share.
///
/// One instance per linted file; not shared across threads.
public final class SwiftUIFile {
    public let tree: SourceFileSyntax
    /// Custom view types mapped to the primitive they stand for (`AvatarImage` → `Image`): configuration's, and the
    /// module's view types that render only an image.
    public let components: [String: String]
    /// What the other files of the linted module say (for one file alone: nothing).
    public let module: ModuleIndex
    /// The platforms and deployment targets the file is built for, when the pipeline knows them: code in a fallback
    /// for older systems than every target (`runsOnNoDeployedVersion`) is no use of a view. `nil`: nothing is dead.
    public var deployment: Deployment? = nil

    /// `components` are configuration's; they win over what `module` says of the same name.
    public init(tree: SourceFileSyntax, components: [String: String] = [:], module: ModuleIndex = ModuleIndex()) {
        self.tree = tree
        self.module = module
        var known = components
        for name in module.imageOnlyViews where known[name] == nil { known[name] = "Image" }
        self.components = known
    }

    // MARK: Views

    private let memo = ViewMemo()

    /// The view rooted at this call (`Text("x")` with its modifiers), or `nil` for a modifier call.
    public func view(at call: FunctionCallExprSyntax) -> SwiftUIView? {
        // Modifier calls are most calls, and never views: no need to remember them.
        guard SwiftUIView.typeName(of: call.calledExpression) != nil else { return nil }
        return memo.view(rootedAt: ExprSyntax(call)) { SwiftUIView(call: call, components: components) }
    }

    private var remembered: [String: [SyntaxIdentifier: Any]] = [:]

    /// The answer to `question` about `node`, worked out once per file. For questions rules ask of every modifier
    /// of a chain about what the chain shares (its row, the buttons of its declaration): unremembered, a chain of
    /// n such modifiers costs n² steps. `question` names what `answer` computes, and must say everything it
    /// depends on besides `node` and this file.
    public func remember<Value>(_ question: String, about node: some SyntaxProtocol, _ answer: () -> Value) -> Value {
        if let known = remembered[question]?[node.id] { return known as! Value }
        let value = answer()
        remembered[question, default: [:]][node.id] = value
        return value
    }

    /// The view a modifier's member access belongs to, including a base-less modifier inside a postfix `#if`.
    public func view(modifiedBy member: MemberAccessExprSyntax) -> SwiftUIView? {
        guard let root = ModifierTarget.root(ofModifier: member, chainRoot: memo.chainRoot(of:)) else { return nil }
        if root.is(FunctionCallExprSyntax.self), let call = root.as(FunctionCallExprSyntax.self),
           SwiftUIView.typeName(of: call.calledExpression) != nil {
            return view(at: call)
        }
        return memo.view(rootedAt: root) { SwiftUIView(root: root, components: components) }
    }

    /// The views that hold `node`, innermost first, up to its declaration.
    public func enclosingViews(of node: some SyntaxProtocol) -> [Enclosure] {
        node.enclosingViews(view: { root in memo.view(rootedAt: root) { SwiftUIView(root: root, components: components) } },
                            chainRoot: memo.chainRoot(of:))
    }

    // MARK: Declarations

    private var typeIndex: [String: TypeDeclaration]?
    var cachedWidgetTypeNames: Set<String>?
    private var functionNames: Set<String> = []
    private var referenceIndex: [String: [ExprSyntax]]?
    private var writtenNameIndex: Set<String>?
    private var urlExpressionIndex: Set<String>?

    /// The source text of expressions this file uses where only a URL fits (see `isUsedAsURL`).
    var urlExpressions: Set<String> {
        if let urlExpressionIndex { return urlExpressionIndex }
        let collector = URLUseCollector(viewMode: .sourceAccurate)
        collector.walk(tree)
        urlExpressionIndex = collector.expressions
        return collector.expressions
    }

    /// The names this file's code assigns or mutates anywhere (`x = …`, `x += 1`, `x.append(…)`).
    var writtenNames: Set<String> {
        if let writtenNameIndex { return writtenNameIndex }
        let names = tree.writtenState
        writtenNameIndex = names
        return names
    }

    /// Types declared in this file, by name.
    public var types: [String: TypeDeclaration] {
        if let typeIndex { return typeIndex }
        let collector = DeclarationCollector(viewMode: .sourceAccurate)
        collector.walk(tree)
        typeIndex = collector.types
        functionNames = collector.functionNames
        return collector.types
    }

    /// Whether this file declares a type with this name (an app's own `VideoPlayer`, `WebView`).
    public func declaresType(_ name: String) -> Bool { types[name] != nil }

    /// Whether this file declares a function or method with this base name (an app's own `swipeActions(actionsArray:)`).
    public func declaresFunction(_ name: String) -> Bool {
        _ = types
        return functionNames.contains(name)
    }

    /// The type whose body holds `node` (for an extension, the extended type's merged declaration).
    public func enclosingType(of node: some SyntaxProtocol) -> TypeDeclaration? {
        enclosingTypeName(of: node).flatMap { types[$0] }
    }

    /// Where the module creates the type whose code holds `node` (`ModuleReach`), or `nil` where nothing narrows it:
    /// code of a view only macOS code creates is macOS code; code of a view only previews create does not ship.
    /// Code in a member nothing calls (`MemberUse`) does not ship either.
    public func reach(of node: some SyntaxProtocol) -> Reach? {
        guard !module.reach.isEmpty, let name = enclosingTypeName(of: node) else { return nil }
        let member = declarationContext(of: node)?.name
        let reach = member.flatMap { module.reach.reach(ofStaticMember: $0, ofType: name) } ?? module.reach.reach(ofType: name)
        if let member, module.reach.isUnused(member: member, ofType: name) {
            var unused = reach ?? Reach(platforms: .all)
            unused.ships = false
            return unused
        }
        return reach
    }

    /// The name of the innermost type or extension whose body holds `node`, as written (`Outer.Inner` for an
    /// extension of a nested type).
    public func enclosingTypeName(of node: some SyntaxProtocol) -> String? {
        // The name of the type at or above each node passed is remembered: every call of a chain of n modifiers
        // asks, from n depths.
        var passed: [SyntaxIdentifier] = []
        var current = node.parent
        var found: String?
        while let node = current {
            if let known = typeNameAtOrAbove[node.id] {
                found = known
                break
            }
            passed.append(node.id)
            if let name = Self.typeName(of: node) {
                found = name
                break
            }
            current = node.parent
        }
        for id in passed { typeNameAtOrAbove[id] = .some(found) }
        return found
    }

    private var typeNameAtOrAbove: [SyntaxIdentifier: String?] = [:]
    /// `firstNavigationTitle(in:)`, found once per file.
    var navigationTitlesAbove: [SyntaxIdentifier: ExprSyntax]?

    /// `node.platforms`, remembering the platforms at every node passed: rules ask it of each finding's node, and
    /// from every modifier of a long chain.
    public func platforms(of node: some SyntaxProtocol) -> Platforms {
        var passed: [(id: SyntaxIdentifier, clause: Platforms?)] = []
        var current = node.parent
        var above = importedPlatforms
        while let node = current {
            if let known = platformsAtOrAbove[node.id] {
                above = known
                break
            }
            passed.append((node.id, node.as(IfConfigClauseSyntax.self)?.platforms))
            current = node.parent
        }
        for (id, clause) in passed.reversed() {
            if let clause { above.formIntersection(clause) }
            platformsAtOrAbove[id] = above
        }
        return above
    }

    private var platformsAtOrAbove: [SyntaxIdentifier: Platforms] = [:]
    /// Where the file's unconditional imports let it compile (`import AppKit`: macOS only).
    private lazy var importedPlatforms = ImportPlatforms.platforms(of: tree)
    private var namesSeen: [Set<String>: Bool] = [:]

    /// Whether any token of the file is one of `names`, read once per set of names: a rule asks it before a search
    /// around each candidate that only such a file can need (a file with 20,000 fonts and no renderer).
    public func mentions(anyOf names: Set<String>) -> Bool {
        if let known = namesSeen[names] { return known }
        let found = tree.tokens(viewMode: .sourceAccurate).contains { names.contains($0.text) }
        namesSeen[names] = found
        return found
    }

    /// The member property or function (of a type or at file level) whose body holds `node`.
    public func declarationContext(of node: some SyntaxProtocol) -> ViewDeclarationContext? {
        var current = node.parent
        while let candidate = current {
            let isMember = candidate.parent?.is(MemberBlockItemSyntax.self) == true || candidate.parent?.is(CodeBlockItemSyntax.self) == true
                && candidate.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
            if isMember {
                if let variable = candidate.as(VariableDeclSyntax.self),
                   let name = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                    return ViewDeclarationContext(declaration: DeclSyntax(variable), name: name, type: enclosingType(of: variable))
                }
                if let function = candidate.as(FunctionDeclSyntax.self) {
                    return ViewDeclarationContext(declaration: DeclSyntax(function), name: function.name.text, type: enclosingType(of: function))
                }
            }
            current = candidate.parent
        }
        return nil
    }

    /// Uses of a name in this file: `name`, `name(…)` and `self.name`, excluding declarations.
    public func references(to name: String) -> [ExprSyntax] {
        if referenceIndex == nil {
            let collector = ReferenceCollector(viewMode: .sourceAccurate)
            collector.walk(tree)
            referenceIndex = collector.references
        }
        return referenceIndex?[name] ?? []
    }

    /// The property with this name in `type`, or at file level.
    public func property(_ name: String, in type: TypeDeclaration?) -> PropertyDeclaration? {
        type?.properties[name] ?? types[""]?.properties[name]
    }

    static func typeName(of node: Syntax) -> String? {
        if let decl = node.as(StructDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(ClassDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(EnumDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(ActorDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(ExtensionDeclSyntax.self) { return decl.extendedType.trimmedSource }
        return nil
    }
}

/// Walks the declaration skeleton of a file: types, their members and file-level declarations.
/// Bodies of functions, accessors and initialisers are skipped (they declare nothing rules ask about,
/// and skipping them keeps this second walk far cheaper than the rules' walk); so are types and
/// functions declared inside a function body.
private final class DeclarationCollector: SyntaxVisitor {
    var types: [String: TypeDeclaration] = [:]
    var functionNames: Set<String> = []
    private var stack: [TypeDeclaration] = []

    private func enter(_ name: String, _ decl: DeclSyntax, _ clause: InheritanceClauseSyntax?) {
        let inherited = clause?.inheritedTypes.map { $0.type.trimmedSource.replacingOccurrences(of: "SwiftUI.", with: "") } ?? []
        let type: TypeDeclaration
        if let existing = types[name] {
            existing.inheritedTypes += inherited
            existing.parts.append(decl)
            if existing.declaration.is(ExtensionDeclSyntax.self), !decl.is(ExtensionDeclSyntax.self) { existing.declaration = decl }
            type = existing
        } else {
            type = TypeDeclaration(name: name, declaration: decl, inheritedTypes: inherited)
            types[name] = type
        }
        stack.append(type)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text, DeclSyntax(node), node.inheritanceClause); return .visitChildren }
    override func visitPost(_ node: StructDeclSyntax) { stack.removeLast() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text, DeclSyntax(node), node.inheritanceClause); return .visitChildren }
    override func visitPost(_ node: ClassDeclSyntax) { stack.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text, DeclSyntax(node), node.inheritanceClause); return .visitChildren }
    override func visitPost(_ node: EnumDeclSyntax) { stack.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text, DeclSyntax(node), node.inheritanceClause); return .visitChildren }
    override func visitPost(_ node: ActorDeclSyntax) { stack.removeLast() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text, DeclSyntax(node), node.inheritanceClause); return .visitChildren }
    override func visitPost(_ node: ProtocolDeclSyntax) { stack.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        enter(node.extendedType.trimmedSource, DeclSyntax(node), node.inheritanceClause)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { stack.removeLast() }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        functionNames.insert(node.name.text)
        if node.parent?.is(MemberBlockItemSyntax.self) == true, let type = stack.last {
            type.functions[node.name.text, default: []].append(node)
        } else if node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true {
            let fileScope = types[""] ?? TypeDeclaration(name: "", declaration: DeclSyntax(node), inheritedTypes: [])
            types[""] = fileScope
            fileScope.functions[node.name.text, default: []].append(node)
        }
        return .skipChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: DeinitializerDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        let isMember = node.parent?.is(MemberBlockItemSyntax.self) == true
        let isTopLevel = node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
        guard isMember || isTopLevel else { return .skipChildren }
        let owner: TypeDeclaration
        if isMember, let type = stack.last {
            owner = type
        } else {
            owner = types[""] ?? TypeDeclaration(name: "", declaration: DeclSyntax(node), inheritedTypes: [])
            types[""] = owner
        }
        let attributes = node.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedSource }
        let isStatic = node.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            var body: CodeBlockItemListSyntax?
            switch binding.accessorBlock?.accessors {
            case .getter(let statements)?: body = statements
            case .accessors(let accessors)?: body = accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
            default: break
            }
            owner.properties[name] = PropertyDeclaration(
                name: name, attributes: attributes, typeAnnotation: binding.typeAnnotation?.type,
                initializer: binding.initializer?.value, body: body, declaration: node, isStatic: isStatic)
        }
        return .skipChildren
    }
}

private final class ReferenceCollector: SyntaxVisitor {
    var references: [String: [ExprSyntax]] = [:]

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        references[node.baseName.text, default: []].append(ExprSyntax(node))
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if let base = node.base?.as(DeclReferenceExprSyntax.self), base.baseName.tokenKind == .keyword(.self) {
            references[node.declName.baseName.text, default: []].append(ExprSyntax(node))
        }
        return .visitChildren
    }
}

extension SwiftUIFile {
    /// The views a helper produces when `view` is a use of one (`row`, `makeRow(order)`, `self.header`):
    /// the body of the same-type computed property or function of that name. Empty when it cannot be seen.
    public func helperViews(for view: SwiftUIView) -> [SwiftUIView] {
        guard !view.isTypeCall || view.call == nil else { return [] }
        let type = enclosingType(of: view.root)
        if view.call != nil, let function = type?.functions[view.writtenName]?.first ?? types[""]?.functions[view.writtenName]?.first,
           let body = function.body {
            return ViewBuilderContent.views(in: body.statements)
        }
        if view.call == nil, let body = property(view.writtenName, in: type)?.body {
            return ViewBuilderContent.views(in: body)
        }
        return []
    }

    /// The view a use of a helper produces at its use site: `row`, `makeRow()`, `self.row`, `Icons.logo()`,
    /// with the modifiers applied there.
    public func viewAtUse(_ reference: ExprSyntax) -> SwiftUIView? {
        var expression = reference
        if let member = expression.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id {
            expression = ExprSyntax(member)
        }
        if let call = expression.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == expression.id {
            expression = ExprSyntax(call)
        }
        return SwiftUIView(root: expression, components: components)
    }
}
