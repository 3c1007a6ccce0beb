import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A `Grid`, or a `VStack`/`HStack` directly inside a `ScrollView`, that lays out a `ForEach` over a data source.
///
/// A data source is a `@Query`/`@FetchRequest`/`@SectionedFetchRequest` property, items that load the next
/// page from their `.onAppear`/`.task`, or a `@State` array that starts empty and that the file fills
/// (`@State private var items: [Item] = []`, then `items = loaded` or `items.append(…)`): data that grows with use.
/// An empty array literal is not a fixed set of items. A collection of an observed model
/// (`model.posts`) is not enough on its own: on real apps readers found such stacks holding a handful of
/// folders, queued items or release-note sections, where laziness gains nothing, in every case they read. Plain
/// arrays passed in, literals, literal ranges and `.prefix(N)` with N ≤ 12 are left alone: their size is unknown
/// or small.
struct EagerStackForDynamicData: Rule {
    static let description = RuleDescription(
        id: "eager-stack-for-dynamic-data",
        name: "Eager stack for dynamic data",
        section: .grids,
        summary: "Grid and plain stacks build every child at once; use a lazy stack or grid for data from a store.",
        rationale: """
            `Grid`, `VStack` and `HStack` lay out every child eagerly: they suit a dozen cells, not a \
            thousand. Data from a query, a fetch request or a model grows with use, so the screen gets \
            slower and hungrier the more people use the app. `LazyVStack`, `LazyHStack` and `LazyVGrid` \
            only build what is on screen.
            """,
        triggeringExamples: [
            """
            struct OrdersView: View {
                @Query(sort: \\Order.date) private var orders: [Order]
                var body: some View {
                    ScrollView {
                        ↓VStack(spacing: 12) {
                            ForEach(orders) { OrderCard(order: $0) }
                        }
                    }
                }
            }
            """,
            """
            struct FeedView: View {
                @StateObject private var model = FeedModel()
                var body: some View {
                    ScrollView(.horizontal) {
                        ↓HStack {
                            ForEach(model.posts) { post in
                                PostThumbnail(post: post).onAppear { if post == model.posts.last { model.loadMore() } }
                            }
                        }
                    }
                }
            }
            """,
            """
            struct PhotosView: View {
                @FetchRequest(sortDescriptors: []) private var photos: FetchedResults<Photo>
                var body: some View {
                    ↓Grid {
                        ForEach(photos) { photo in
                            GridRow { PhotoCell(photo: photo) }
                        }
                    }
                }
            }
            """,
            // An empty @State array is no fixed literal: the view fills it, and it grows with use.
            """
            struct HistoryView: View {
                @State private var entries: [Entry] = []
                var body: some View {
                    ScrollView {
                        ↓VStack { ForEach(entries) { EntryRow(entry: $0) } }
                    }
                    .task { entries = await store.loadEntries() }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            // An array literal of a few items is a fixed set.
            """
            struct TipsView: View {
                @State private var tips = ["Swipe to archive", "Long-press for more"]
                var body: some View {
                    ScrollView { VStack { ForEach(tips, id: \\.self) { Text($0) } } }
                }
            }
            """,
            // A model's collection whose size nothing shows: often a handful of items.
            """
            struct QueueView: View {
                @EnvironmentObject private var appState: AppState
                var body: some View {
                    ScrollView(.horizontal) { HStack { ForEach(appState.queuedApps) { AppChip(app: $0) } } }
                }
            }
            """,
            """
            struct OrdersView: View {
                @Query private var orders: [Order]
                var body: some View {
                    ScrollView {
                        LazyVStack { ForEach(orders) { OrderCard(order: $0) } }
                    }
                }
            }
            """,
            """
            struct FeedView: View {
                @StateObject private var model = FeedModel()
                var body: some View {
                    ScrollView {
                        VStack { ForEach(model.posts.prefix(5)) { PostRow(post: $0) } }
                    }
                }
            }
            """,
            """
            struct ItemDetail: View {
                @StateObject private var model: ItemModel
                var body: some View {
                    ScrollView(.horizontal) { HStack { ForEach(model.item.keywords, id: \\.self) { Badge(title: $0) } } }
                }
            }
            """,
            """
            ScrollView {
                VStack { ForEach(0..<10) { index in Text("Row \\(index)") } }
            }
            """,
            """
            struct ChipsView: View {
                let tags: [Tag]
                var body: some View {
                    ScrollView(.horizontal) { HStack { ForEach(tags) { TagChip(tag: $0) } } }
                }
            }
            """,
        ])

    static let message = "This stack lays out every item of a data source at once; use LazyVStack, LazyHStack or LazyVGrid."
    static let queryAttributes: Set<String> = ["Query", "FetchRequest", "SectionedFetchRequest"]

    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = ["Grid", "VStack", "HStack"]

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let call = node.as(FunctionCallExprSyntax.self), let view = context.file.view(at: call), view.isTypeCall,
              isEagerContainer(view, context.file), !context.file.declaresType(view.name), context.applies(at: call),
              view.childViews(roles: [.content]).contains(where: { isDynamicForEach($0, context.file) })
        else { return }
        context.report(at: view.nameToken, message: Self.message)
    }

    private func isEagerContainer(_ view: SwiftUIView, _ file: SwiftUIFile) -> Bool {
        if view.name == "Grid" { return true }
        guard view.name == "VStack" || view.name == "HStack", let parent = file.enclosingViews(of: view.root).first else { return false }
        return parent.view.name == "ScrollView" && parent.role == .content && parent.modifier == nil
    }

    private func isDynamicForEach(_ forEach: SwiftUIView, _ file: SwiftUIFile) -> Bool {
        guard forEach.name == "ForEach", let data = forEach.repeatedData else { return false }
        let source = file.dataSource(of: data)
        if growsFromEmpty(source, near: forEach, file) { return true }
        if let count = file.literalCount(of: source) { return count > 12 && isQueried(source, near: forEach, file) }
        return isQueried(source, near: forEach, file) || loadsPages(forEach)
    }

    /// `orders` or `self.orders`: a `@Query`, `@FetchRequest` or `@SectionedFetchRequest` property.
    private func isQueried(_ expression: ExprSyntax, near node: SwiftUIView, _ file: SwiftUIFile) -> Bool {
        guard var path = file.dataSource(of: expression).referencePath, !path.isEmpty else { return false }
        if path.first == "self" { path.removeFirst() }
        guard path.count == 1, let property = file.property(path[0], in: file.enclosingType(of: node.root)) else { return false }
        return !property.attributes.filter(Self.queryAttributes.contains).isEmpty
    }

    /// A `@State` property that starts as an empty array and that the file writes: what it holds comes at run time.
    private func growsFromEmpty(_ expression: ExprSyntax, near node: SwiftUIView, _ file: SwiftUIFile) -> Bool {
        guard var path = expression.referencePath, !path.isEmpty else { return false }
        if path.first == "self" { path.removeFirst() }
        guard path.count == 1, let property = file.property(path[0], in: file.enclosingType(of: node.root)),
              property.hasAttribute("State"), let initial = property.initializer, isEmptyArray(initial)
        else { return false }
        // Written somewhere in the file (`entries = …`, `entries.append(…)`): not a constant.
        return file.constantValue(of: expression) == nil
    }

    /// `[]` or `[Item]()`.
    private func isEmptyArray(_ expression: ExprSyntax) -> Bool {
        if let array = expression.as(ArrayExprSyntax.self) { return array.elements.isEmpty }
        if let call = expression.as(FunctionCallExprSyntax.self), call.calledExpression.is(ArrayExprSyntax.self) {
            return call.arguments.isEmpty && call.trailingClosure == nil
        }
        return false
    }

    /// Items that ask for the next page when they appear: `.onAppear { if item == items.last { loadMore() } }`.
    private func loadsPages(_ forEach: SwiftUIView) -> Bool {
        forEach.descendantViews(roles: [.content]).contains { item in
            item.modifiers.contains { modifier in
                guard modifier.name == "onAppear" || modifier.name == "task" else { return false }
                return modifier.syntax.tokens(viewMode: .sourceAccurate).contains { token in
                    let words = camelCaseWords(token.text).map { $0.lowercased() }
                    return words.contains("more") || words.contains("next") || words.contains("page") || words.contains("paginate")
                }
            }
        } || forEach.modifiers.contains { $0.name == "onAppear" && $0.syntax.trimmedSource.lowercased().contains("more") }
    }
}
