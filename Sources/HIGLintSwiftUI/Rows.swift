import SwiftSyntax

/// Where a view sits relative to the rows of a `List` (or the cells of a grid).
public enum RowPlacement {
    /// A row of `container`, directly or through `ForEach`, `Section`, `Group`.
    case row(of: SwiftUIView)
    /// Certainly not a row: `holder` is what holds it instead (a `ScrollView`, a stack, a section header).
    case notRow(holder: SwiftUIView)
    /// The context cannot be seen: a type used from another file, a custom container, a helper passed around.
    case unknown

    public var isRow: Bool { if case .row = self { return true } else { return false } }
    public var isNotRow: Bool { if case .notRow = self { return true } else { return false } }
}

/// What makes a view a row: the containers whose direct content items are rows, the views that pass rows
/// through (`ForEach`, `Section`), and the views that certainly make their content something else.
public struct RowContainerKind: Sendable {
    /// Names the kind in what `SwiftUIFile` remembers.
    public let name: String
    public let containers: Set<String>
    public let passThrough: Set<String>
    public let nonRowHolders: Set<String>

    /// `List` and `Form` rows.
    public static let list = RowContainerKind(
        name: "list",
        containers: ["List", "Form"],
        passThrough: ["ForEach", "Section", "Group", "DisclosureGroup", "OutlineGroup"],
        nonRowHolders: ["VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "ScrollView", "LazyVGrid", "LazyHGrid",
                        "Grid", "GridRow", "NavigationStack", "NavigationView", "NavigationSplitView", "TabView"])

    /// Cells of `LazyVGrid`, `LazyHGrid` and `Grid`.
    public static let grid = RowContainerKind(
        name: "grid",
        containers: ["LazyVGrid", "LazyHGrid", "Grid"],
        passThrough: ["ForEach", "Section", "Group", "GridRow"],
        nonRowHolders: ["VStack", "HStack", "ZStack", "LazyVStack", "LazyHStack", "List", "Form", "NavigationStack", "TabView"])
}

extension SwiftUIFile {
    /// Whether `view` is a row of a `List`/`Form` (or a cell of a grid, with `.grid`): it is written in the
    /// container's content, or in a `ForEach`/`Section` there; or it is what a same-file helper or view type
    /// returns, and that helper or type is used as a row in this file.
    ///
    /// A view type or helper whose uses are all in other files, a custom container, or a view passed as an
    /// argument (`AnyView(row)`) gives `.unknown`: rules should stay silent then.
    public func rowPlacement(of view: SwiftUIView, in kind: RowContainerKind = .list) -> RowPlacement {
        // Asked for every swipe action and context menu of a row: once per row, else a chain of n of them costs n²
        // steps climbing the chain.
        remember("rowPlacement \(kind.name)", about: view.root) { rowPlacement(of: view, in: kind, depth: 0) }
    }

    private func rowPlacement(of view: SwiftUIView, in kind: RowContainerKind, depth: Int) -> RowPlacement {
        if kind.containers.contains(view.name) { return .unknown }
        for enclosure in enclosingViews(of: view.root) {
            let holder = enclosure.view
            switch enclosure.role {
            case .content: break
            case .header, .footer: return .notRow(holder: holder)
            case .destination: return .notRow(holder: holder)
            default: return .unknown
            }
            if kind.containers.contains(holder.name) { return .row(of: holder) }
            if kind.passThrough.contains(holder.name) { continue }
            if kind.nonRowHolders.contains(holder.name) { return .notRow(holder: holder) }
            return .unknown
        }
        // Nothing around it in its declaration: it is what a helper or a view's `body` returns.
        guard depth < 4, let declaration = declarationContext(of: view.root),
              isReturned(view, by: declaration)
        else { return .unknown }
        let uses = viewUses(of: declaration)
        guard !uses.isEmpty else { return .unknown }
        let placements = uses.map { rowPlacement(of: $0, in: kind, depth: depth + 1) }
        if let row = placements.first(where: \.isRow) { return row }
        return placements.allSatisfy(\.isNotRow) ? placements[0] : .unknown
    }

    /// Whether the view's nearest declaration is the member declaration itself (not a local `let` inside it).
    private func isReturned(_ view: SwiftUIView, by declaration: ViewDeclarationContext) -> Bool {
        var node = view.root.parent
        while let current = node {
            if current.is(DeclSyntax.self), !current.is(IfConfigDeclSyntax.self) {
                return current.id == declaration.declaration.id
            }
            node = current.parent
        }
        return false
    }

    /// Where the views a declaration produces are used in this file: `OrderRow(…)` for a view type's `body`,
    /// `row` / `makeRow(…)` for a helper of the same type. Previews, the declaration's own body, and uses in a
    /// fallback for systems older than every deployment target (`runsOnNoDeployedVersion`) are left out.
    public func viewUses(of declaration: ViewDeclarationContext) -> [SwiftUIView] {
        let name: String
        if declaration.isBody {
            guard let type = declaration.type, type.isView, !type.conforms(to: "ViewModifier") else { return [] }
            name = type.name
        } else {
            name = declaration.name
        }
        return references(to: name).compactMap { use -> SwiftUIView? in
            guard !use.isInPreview, !declaration.declaration.isAncestor(of: use), !runsOnNoDeployedVersion(use) else { return nil }
            if declaration.isBody {
                // A view type is used by calling its initialiser.
                guard let call = use.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == use.id else { return nil }
            } else if enclosingType(of: use)?.name != declaration.type?.name {
                return nil
            }
            return viewAtUse(use)
        }
    }
}

extension SyntaxProtocol {
    /// Whether `node` lies inside this node.
    func isAncestor(of node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let candidate = current {
            if candidate.id == id { return true }
            current = candidate.parent
        }
        return false
    }
}
