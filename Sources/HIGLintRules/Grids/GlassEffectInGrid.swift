import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// `.glassEffect(…)` on a view inside the content of a `LazyVGrid`, `LazyHGrid` or `Grid`.
///
/// Looks through the cell's helpers and view types used in the same file (a `PhotoCell` declared
/// beside the grid); a cell type whose grid is in another file is not seen. Glass inside a
/// toolbar, sheet or other modifier content of the grid is not grid content and is left alone.
struct GlassEffectInGrid: Rule {
    static let description = RuleDescription(
        id: "glass-effect-in-grid",
        name: "Glass effect in grid",
        section: .grids,
        summary: "Glass belongs to controls and navigation above content, not to the items of a grid.",
        rationale: """
            On iOS 26 the HIG asks to avoid stacking glass effects on grid items: Liquid Glass is the \
            material of controls and navigation layered above content. A grid of glass cells turns the \
            content layer into chrome, and the cells lose the contrast that lets their content lead.
            """,
        triggeringExamples: [
            """
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 120))]) {
                ForEach(albums) { album in
                    AlbumCover(album: album)
                        .padding(8)
                        .↓glassEffect(.regular, in: .rect(cornerRadius: 16))
                }
            }
            """,
            """
            struct GalleryView: View {
                var body: some View {
                    LazyVGrid(columns: columns) {
                        ForEach(photos) { PhotoTile(photo: $0) }
                    }
                }
            }
            struct PhotoTile: View {
                let photo: Photo
                var body: some View {
                    Image(photo.name).resizable().↓glassEffect()
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            LazyVGrid(columns: [GridItem(.adaptive(minimum: 120))]) {
                ForEach(albums) { AlbumCover(album: $0) }
            }
            .toolbar {
                Button("Filter", systemImage: "line.3.horizontal.decrease") { showFilters = true }
                    .glassEffect()
            }
            """,
            """
            ZStack(alignment: .bottom) {
                LazyVGrid(columns: columns) { ForEach(albums) { AlbumCover(album: $0) } }
                PlayerBar().glassEffect()
            }
            """,
        ])

    static let message = "Glass on a grid item turns content into chrome; keep `.glassEffect` for controls and navigation above the grid."
    static let grids: Set<String> = ["LazyVGrid", "LazyHGrid", "Grid"]

    static let visitedKinds: Set<SyntaxKind> = [.memberAccessExpr]
    static let visitedNames: Set<String>? = ["glassEffect"]

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let member = node.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "glassEffect",
              let view = context.file.view(modifiedBy: member),
              let modifier = view.modifier(at: member),
              context.applies(at: member),
              isInGridContent(member, context.file)
        else { return }
        context.report(at: modifier.nameToken, message: Self.message)
    }

    private func isInGridContent(_ node: MemberAccessExprSyntax, _ file: SwiftUIFile) -> Bool {
        for enclosure in file.enclosingViewsThroughUses(of: node) {
            if Self.grids.contains(enclosure.view.name), enclosure.role == .content, !file.declaresType(enclosure.view.name) { return true }
            if case .modifier(let name) = enclosure.role, !["background", "overlay"].contains(name) { return false }
            if !enclosure.role.isVisibleContent, enclosure.modifier == nil { return false }
        }
        return false
    }
}
