import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A tappable cell of a lazy grid's `ForEach` with no `.contextMenu`.
///
/// The cell is the view written directly in the `ForEach` (or a same-type helper that builds it); it is
/// tappable when it is a `Button` or `NavigationLink` or has `.onTapGesture`. A context menu added inside
/// a custom cell type is not seen, so cells built by a view type of this file are looked into.
struct GridCellWithoutContextMenu: Rule {
    static let description = RuleDescription(
        id: "grid-cell-without-context-menu",
        name: "Grid cell without context menu",
        section: .grids,
        defaultSeverity: .note,
        summary: "Tappable grid cells should offer their secondary actions in a context menu, like list rows.",
        rationale: """
            The HIG asks to give tappable cells a clear pressed state and a context menu, the same as \
            list rows. A touch and hold (or a secondary click) on a cell is where people look for Share, \
            Favorite or Delete; without a menu those actions need a detour through the detail screen.
            """,
        triggeringExamples: [
            """
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 140))]) {
                ForEach(recipes) { recipe in
                    ↓NavigationLink(value: recipe) {
                        RecipeCard(recipe: recipe)
                    }
                }
            }
            """,
            """
            LazyVGrid(columns: columns) {
                Section("Favorites") {
                    ForEach(favorites) { photo in
                        PhotoCell(photo: photo)
                            .↓onTapGesture { selection = photo }
                    }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 140))]) {
                ForEach(recipes) { recipe in
                    NavigationLink(value: recipe) { RecipeCard(recipe: recipe) }
                        .contextMenu {
                            Button("Add to Favorites", systemImage: "heart") { favorite(recipe) }
                        }
                }
            }
            """,
            """
            LazyVGrid(columns: columns) {
                ForEach(swatches) { swatch in
                    Circle().fill(swatch.color).frame(width: 44, height: 44)
                }
            }
            """,
            """
            VStack {
                ForEach(options) { option in
                    Button(option.title) { choose(option) }
                }
            }
            """,
        ])

    static let message = "This tappable grid cell has no context menu; add `.contextMenu` with its secondary actions, as for list rows."
    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let call = node.as(FunctionCallExprSyntax.self), let forEach = context.file.view(at: call),
              forEach.name == "ForEach", forEach.isTypeCall, context.applies(at: call), !call.isInPreview,
              let cell = firstCell(of: forEach), let placement = context.file.collectionPlacement(ofRow: cell),
              placement.repeater.root.id == forEach.root.id,
              ["LazyVGrid", "LazyHGrid"].contains(placement.container.name), !context.file.declaresType(placement.container.name),
              !forEach.hasModifier("contextMenu")
        else { return }
        for cell in forEach.childViews(roles: [.content]) where !cell.hasModifier("contextMenu") {
            let built = context.file.helperViews(for: cell)
            guard !built.contains(where: { $0.hasModifier("contextMenu") }),
                  let target = tapTarget(of: cell) ?? built.lazy.compactMap(tapTarget).first
            else { continue }
            context.report(at: target, message: Self.message)
        }
    }

    private func firstCell(of forEach: SwiftUIView) -> SwiftUIView? { forEach.childViews(roles: [.content]).first }

    /// The `Button`/`NavigationLink` name or the `.onTapGesture` that makes the cell tappable.
    private func tapTarget(of cell: SwiftUIView) -> TokenSyntax? {
        if let tap = cell.modifiers.first(where: { $0.name == "onTapGesture" }) { return tap.nameToken }
        if ["Button", "NavigationLink"].contains(cell.name), cell.isTypeCall { return cell.nameToken }
        return nil
    }
}
