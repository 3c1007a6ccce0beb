import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A menu-only `.contextMenu` on a list row or grid cell that opens into something visual.
///
/// "Opens" means the row is a `NavigationLink`, has `.onTapGesture`, or is a `Button` whose action
/// navigates (appends to a path, sets a selection, opens a window). "Visual" means the row's own content
/// shows an `Image` (not an SF Symbol), `AsyncImage`, `VideoPlayer` or `Chart`, looking one level into a
/// row type declared in the same file. Image views of other libraries (`KFImage`) count only when
/// configured.
struct ContextMenuWithoutPreview: Rule {
    static let description = RuleDescription(
        id: "context-menu-without-preview",
        name: "Context menu without preview",
        section: .lists,
        defaultSeverity: .note,
        summary: "A context menu on a row that opens into something visual should show a preview.",
        rationale: """
            The HIG suggests a context menu with a preview when the row opens into something visual: \
            the preview shows what the person would open (the photo, the video, the chart) so they can \
            act on it without leaving the list. Use `.contextMenu(menuItems:preview:)`.
            """,
        triggeringExamples: [
            """
            List(photos) { photo in
                NavigationLink(value: photo) {
                    HStack {
                        AsyncImage(url: photo.thumbnailURL) { $0.resizable() } placeholder: { ProgressView() }
                            .frame(width: 44, height: 44)
                        Text(photo.title)
                    }
                }
                .↓contextMenu {
                    Button("Favorite", systemImage: "heart") { favorite(photo) }
                }
            }
            """,
            """
            struct Albums: View {
                var body: some View {
                    ScrollView {
                        LazyVGrid(columns: columns) {
                            ForEach(albums) { album in
                                AlbumCell(album: album)
                                    .onTapGesture { path.append(album) }
                                    .↓contextMenu { Button("Rename") { rename(album) } }
                            }
                        }
                    }
                }
            }
            struct AlbumCell: View {
                var body: some View { VStack { Image(album.coverName).resizable(); Text(album.name) } }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            List(photos) { photo in
                NavigationLink(value: photo) {
                    Label(photo.title, systemImage: "photo")
                }
                .contextMenu {
                    Button("Favorite", systemImage: "heart") { favorite(photo) }
                } preview: {
                    PhotoPreview(photo: photo)
                }
            }
            """,
            // Opens into a text screen: an SF Symbol is not the thing opened.
            """
            List(notes) { note in
                NavigationLink(value: note) { HStack { Image(systemName: "doc.text"); Text(note.title) } }
                    .contextMenu { Button("Delete", role: .destructive) { delete(note) } }
            }
            """,
            // Not a navigation row.
            """
            List(photos) { photo in
                HStack { Image(photo.name); Text(photo.title) }
                    .contextMenu { Button("Favorite") { favorite(photo) } }
            }
            """,
            // Not a row: a header image.
            """
            ScrollView {
                NavigationLink(value: album) { Image(album.coverName) }
                    .contextMenu { Button("Rename") { rename(album) } }
            }
            """,
        ],
        options: ["visualViews": "More view names that show something visual (image loaders such as `KFImage`)."])

    static let message = "This row opens into something visual but its context menu has no preview; use `.contextMenu(menuItems:preview:)` to show it."
    static let visualViews = ["Image", "AsyncImage", "VideoPlayer", "Chart"]

    static let visitedKinds: Set<SyntaxKind> = [.memberAccessExpr]
    static let visitedNames: Set<String>? = ["contextMenu"]

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let member = node.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "contextMenu",
              !context.file.declaresFunction("contextMenu"),
              let row = context.file.view(modifiedBy: member),
              let modifier = row.modifier(at: member), let call = modifier.call,
              call.closure("preview") == nil, !call.hasArgument("forSelectionType"),
              call.closure("menuItems") != nil || call.trailingClosure != nil,
              context.applies(at: member),
              opensSomething(row, file: context.file),
              shows(row, visual: Set(context.words("visualViews", default: Self.visualViews)), file: context.file),
              context.file.rowPlacement(of: row).isRow || context.file.rowPlacement(of: row, in: .grid).isRow
        else { return }
        context.report(at: modifier.nameToken, message: Self.message)
    }

    private func opensSomething(_ row: SwiftUIView, file: SwiftUIFile) -> Bool {
        if row.name == "NavigationLink" || row.hasModifier("onTapGesture") { return true }
        guard row.name == "Button", let action = ActionButton(view: row).action else { return false }
        let navigationWords: Set<String> = ["navigate", "push", "path", "router", "openWindow", "selection", "selected"]
        return action.tokens(viewMode: .sourceAccurate).contains { token in
            camelCaseWords(token.text).contains { navigationWords.contains($0) || navigationWords.contains($0.lowercased()) }
        }
    }

    /// Whether the row's own content shows a visual view.
    private func shows(_ row: SwiftUIView, visual: Set<String>, file: SwiftUIFile) -> Bool {
        let content = ["NavigationLink", "Button"].contains(row.name) ? row.controlLabelViews : [row]
        var views = content + content.flatMap { $0.descendantViews() }
        for view in views where view.isTypeCall && !visual.contains(view.name) {
            if let body = file.types[view.writtenName]?.properties["body"]?.body {
                let inner = ViewBuilderContent.views(in: body)
                views += inner + inner.flatMap { $0.descendantViews() }
            }
        }
        return views.contains { view in
            visual.contains(view.name) && !(view.name == "Image" && view.hasArgument("systemName"))
        }
    }
}
