import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A `Grid`, or a `VStack`/`HStack` directly inside a `ScrollView`, that lays out a `ForEach` over a data source.
///
/// A data source is a `@Query`/`@FetchRequest`/`@SectionedFetchRequest` property, a collection reached
/// through an observed model (`@StateObject`, `@ObservedObject`, `@EnvironmentObject`, `@Environment`,
/// `@Bindable`, or `@State` holding an `@Observable` class of this file or a `…Model`/`…Store`), or items
/// that load the next page from their `.onAppear`/`.task`. Only a model's own collection counts
/// (`model.posts`); a collection inside one of its values (`model.item.tags`) belongs to one item and
/// is usually short. Plain arrays passed in, literals, literal
/// ranges and `.prefix(N)` with N ≤ 12 are left alone: their size is unknown or small.
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
                            ForEach(model.posts) { PostThumbnail(post: $0) }
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
        ],
        nonTriggeringExamples: [
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
    static let observedAttributes: Set<String> = ["StateObject", "ObservedObject", "EnvironmentObject", "Environment", "Bindable"]
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
        if let count = file.literalCount(of: source) { return count > 12 && isObservedData(source, near: forEach, file) }
        return isObservedData(source, near: forEach, file) || loadsPages(forEach)
    }

    /// `orders` (a `@Query`), `model.posts` (an observed model), `self.store.items`.
    private func isObservedData(_ expression: ExprSyntax, near node: SwiftUIView, _ file: SwiftUIFile) -> Bool {
        guard var path = file.dataSource(of: expression).referencePath, !path.isEmpty else { return false }
        if path.first == "self" { path.removeFirst() }
        guard let root = path.first, let property = file.property(root, in: file.enclosingType(of: node.root)) else { return false }
        if !property.attributes.filter(Self.queryAttributes.contains).isEmpty { return true }
        guard path.count == 2 else { return false }
        if !property.attributes.filter(Self.observedAttributes.contains).isEmpty { return true }
        if property.hasAttribute("State"), let type = modelType(of: property) {
            return isObservableModel(type, file)
        }
        return false
    }

    /// `FeedModel` in `@State private var model = FeedModel()` or `@State var model: FeedModel`.
    private func modelType(of property: PropertyDeclaration) -> String? {
        if let call = property.initializer?.as(FunctionCallExprSyntax.self) {
            return call.calledExpression.trimmedSource
        }
        return property.typeAnnotation?.trimmedSource
    }

    private func isObservableModel(_ type: String, _ file: SwiftUIFile) -> Bool {
        if let declaration = file.types[type], let decl = declaration.declaration.asProtocol(WithAttributesSyntax.self) {
            return decl.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedSource == "Observable" }
        }
        return ["Model", "ViewModel", "Store"].contains { identifier(type, endsWithWordsOf: $0) }
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
