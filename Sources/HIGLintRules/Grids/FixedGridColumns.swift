import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A `LazyVGrid`/`LazyHGrid` whose tracks are all `.fixed` or `.flexible`, with a count the source fixes.
///
/// The columns are read inline or through a `let`/`var` of the same type, block or file. A count that
/// depends on anything at run time (a size class, geometry, a ternary, a computed property with
/// branches, a function call, a `@State` the view reassigns) is left alone, as are seven tracks (a week) and grids whose `ForEach`
/// runs over days, weekdays, months or hours: the data has that shape on every screen. A grid with
/// no `ForEach` (hand-written cells, label/value pairs, a helper function passed as `content:`) lays
/// out a fixed table, not a collection, and is left alone too; so is one whose items the source fixes
/// (`ForEach(0..<6)`, an array literal through a `let`, a helper's parameter every call passes an array
/// literal for, an enum's `allCases`): a designed block of tiles or options, not a collection that grows. A `LazyHGrid` in a horizontal `ScrollView` is left alone: its rows divide the height, and the width
/// scrolls rather than reflows; so is a table, whose `ForEach` writes one cell per track for each item; so is a
/// grid given a fixed width (`.frame(width: 180)` on it, on a view around it in its declaration, or where this file
/// creates the view type holding it), where the columns that fit never change. Tracks that are all `.fixed` are reported like flexible ones:
/// RULES.md's row names both, since a row of fixed tracks does not reflow either (it overflows or leaves a gap). Nor is iOS code of an app for iPhone alone (`TARGETED_DEVICE_FAMILY = 1`, no Mac
/// Catalyst): its screens are a phone's width. A palette (a `ForEach` over colours or swatches) is a fixed set laid out as one block. tvOS
/// and watchOS (one screen width each) are not checked.
struct FixedGridColumns: Rule {
    static let description = RuleDescription(
        id: "fixed-grid-columns",
        name: "Fixed grid columns",
        section: .grids,
        summary: "A lazy grid with a fixed number of fixed or flexible columns does not reflow; prefer adaptive columns.",
        rationale: """
            The HIG asks for adaptive columns, `GridItem(.adaptive(minimum: 140))`, so a grid reflows from \
            iPhone portrait to a Mac window without per-device code. A hard-coded number of `.fixed` or \
            `.flexible` columns is right for one width only: cells are squeezed on a phone and stretched \
            on an iPad or in a wide window; a row of `.fixed` tracks overflows a narrow screen and leaves a gap \
            on a wide one. Left alone: a grid given a fixed width, a table (one cell per track for each item), \
            an app for iPhone alone (on iOS), seven tracks or data of days, weeks, months or hours, a palette of colours or swatches, and a \
            set of items the source fixes (tiles, options or placeholders laid out as one block).
            """,
        platforms: [.iOS, .macOS, .visionOS],
        triggeringExamples: [
            // One call passes data whose count the source does not fix.
            """
            struct LayerPicker: View {
                static let columns = Array(repeating: GridItem(.flexible()), count: 4)
                var body: some View {
                    section(title: "Rain", layers: [.iconRain, .ecmwfRain])
                    section(title: "All", layers: model.layers)
                }
                private func section(title: String, layers: [Layer]) -> some View {
                    ↓LazyVGrid(columns: Self.columns) { ForEach(layers, id: \\.self) { LayerTile(layer: $0) } }
                }
            }
            """,
            """
            struct PhotoGrid: View {
                private let columns = [GridItem(.flexible()), GridItem(.flexible()), GridItem(.flexible())]
                let photos: [Photo]
                var body: some View {
                    ScrollView {
                        ↓LazyVGrid(columns: columns, spacing: 8) {
                            ForEach(photos) { PhotoCell(photo: $0) }
                        }
                    }
                }
            }
            """,
            """
            ↓LazyVGrid(columns: Array(repeating: GridItem(.flexible(), spacing: 12), count: 2)) {
                ForEach(products) { ProductCard(product: $0) }
            }
            """,
            // A width read from the screen changes with it.
            """
            GeometryReader { proxy in
                ↓LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible())]) {
                    ForEach(photos) { PhotoThumbnail(photo: $0) }
                }
                .frame(width: proxy.size.width)
            }
            """,
            """
            ↓LazyVGrid(columns: .init(repeating: GridItem(.flexible()), count: 4)) {
                ForEach(icons) { IconCell(icon: $0) }
            }
            """,
            // Fixed tracks do not reflow either: five of 44 points overflow a narrow screen and leave a gap on a wide one.
            """
            ↓LazyVGrid(columns: Array(repeating: GridItem(.fixed(44), spacing: 14), count: 5)) {
                ForEach(entries) { QuickLaunchButton(entry: $0) }
            }
            """,
            """
            ↓LazyHGrid(rows: [.init(.fixed(80)), .init(.flexible())]) {
                ForEach(stickers) { StickerView(sticker: $0) }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            private let columns = [GridItem(.adaptive(minimum: 120))]
            var body: some View {
                LazyVGrid(columns: columns) { ForEach(photos) { PhotoCell(photo: $0) } }
            }
            """,
            """
            @Environment(\\.horizontalSizeClass) private var sizeClass
            private var columns: [GridItem] {
                Array(repeating: GridItem(.flexible()), count: sizeClass == .compact ? 2 : 4)
            }
            var body: some View {
                LazyVGrid(columns: columns) { ForEach(photos) { PhotoCell(photo: $0) } }
            }
            """,
            """
            LazyVGrid(columns: Array(repeating: GridItem(.flexible()), count: 7)) {
                ForEach(calendarDays) { DayCell(day: $0) }
            }
            """,
            """
            LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible())]) {
                ForEach(weekdays, id: \\.self) { Text($0) }
            }
            """,
            """
            LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible()), GridItem(.flexible())]) {
                ForEach(["Small", "Medium", "Large"], id: \\.self) { SizeButton(size: $0) }
            }
            """,
            // The view switches between one and two columns at run time (a setting, the width).
            """
            struct FeedGrid: View {
                @State private var columns = [GridItem(.flexible())]
                var body: some View {
                    LazyVGrid(columns: columns) { ForEach(posts) { PostCard(post: $0) } }
                        .onChange(of: isTiled, initial: true) { _, tiled in
                            columns = tiled ? [GridItem(.flexible()), GridItem(.flexible())] : [GridItem(.flexible())]
                        }
                }
            }
            """,
            """
            LazyVGrid(columns: Array(repeating: GridItem(.flexible()), count: columnCount)) {
                ForEach(photos) { PhotoCell(photo: $0) }
            }
            """,
            """
            LazyVGrid(columns: [GridItem(.flexible(), alignment: .leading), GridItem(.flexible(), alignment: .trailing)]) {
                Text("Carbs")
                Text(carbs, format: .number)
                Text("Fat")
                Text(fat, format: .number)
            }
            """,
            """
            LazyVGrid(columns: [GridItem(.fixed(64)), GridItem(.adaptive(minimum: 100))]) {
                ForEach(items) { ItemCell(item: $0) }
            }
            """,
            // Every call of the helper passes two items for four columns.
            """
            struct LayerPicker: View {
                static let columns = Array(repeating: GridItem(.flexible()), count: 4)
                var body: some View {
                    section(title: "Rain", layers: [.iconRain, .ecmwfRain])
                    section(title: "Wind", layers: [.iconWind, .ecmwfWind])
                }
                private func section(title: String, layers: [Layer]) -> some View {
                    LazyVGrid(columns: Self.columns) { ForEach(layers, id: \\.self) { LayerTile(layer: $0) } }
                }
            }
            """,
            // A table: each item writes one cell per column.
            """
            LazyVGrid(columns: [GridItem(.flexible()), GridItem(.fixed(60)), GridItem(.fixed(60))]) {
                ForEach(features) { feature in
                    Text(feature.title)
                    Image(systemName: feature.inFree ? "checkmark" : "minus")
                    Image(systemName: "checkmark")
                }
            }
            """,
            // A dock of a fixed width: the columns that fit never change.
            """
            VStack {
                Text("Photos")
                LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible())]) {
                    ForEach(photos) { PhotoThumbnail(photo: $0) }
                }
            }
            .frame(width: 180)
            """,
            // A palette: the app's own colours, one block.
            """
            LazyVGrid(columns: Array(repeating: GridItem(.flexible(), spacing: 8), count: 4), spacing: 8) {
                ForEach(Self.paletteColors, id: \\.self) { color in Swatch(color: color, isSelected: color == selection) }
            }
            """,
            // An app for iPhone alone: every screen is a phone's width.
            RuleExample("""
                LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible())]) {
                    ForEach(habits) { HabitCard(habit: $0) }
                }
                """, project: """
                import ProjectDescription

                let project = Project(name: "Habits", targets: [
                    .target(name: "Habits", destinations: [.iPhone], product: .app, bundleId: "app.habits", sources: ["**/*.swift"]),
                ])
                """),
            // A popover of a fixed width, where the file creates the picker.
            """
            struct ProviderButton: View {
                var body: some View {
                    Button("Switch") { isSwitching = true }
                        .popover(isPresented: $isSwitching) { ProviderPicker(options: options).frame(width: 430) }
                }
            }
            private struct ProviderPicker: View {
                let options: [Provider]
                var body: some View {
                    LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible())]) { ForEach(options) { ProviderTile(provider: $0) } }
                }
            }
            """,
            // Units to pick from, spelled out in the source.
            """
            struct UnitSheet: View {
                private let units = ["times", "steps", "m", "km", "mile", "sec", "min", "hr", "ml", "oz", "Cal", "g", "mg", "drink"]
                var body: some View {
                    LazyVGrid(columns: Array(repeating: GridItem(.flexible()), count: 3)) {
                        ForEach(units, id: \\.self) { unit in UnitChip(unit: unit) }
                    }
                }
            }
            """,
            // Placeholders while loading: six boxes laid out as one block.
            """
            LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible())], spacing: 16) {
                ForEach(0..<6, id: \\.self) { _ in SkeletonView(cornerRadius: 12).frame(height: 80) }
            }
            """,
            // A fixed set of choices, one tile each.
            """
            LazyVGrid(columns: [GridItem(.flexible()), GridItem(.flexible())]) {
                Group {
                    ForEach(ItemKind.allCases, id: \\.self) { kind in CreateItemTile(kind: kind) }
                }
            }
            """,
            // A horizontal shelf: it scrolls, nothing reflows.
            """
            ScrollView(.horizontal, showsIndicators: false) {
                LazyHGrid(rows: [GridItem(.fixed(50)), GridItem(.fixed(50)), GridItem(.fixed(50))]) {
                    ForEach(swatches, id: \\.self) { Circle().fill($0).frame(width: 50, height: 50) }
                }
            }
            """,
        ])

    static let message = "This grid has a fixed number of fixed or flexible columns and will not reflow with the width; use `GridItem(.adaptive(minimum:))`."
    /// Words of a `ForEach` collection whose shape fixes the number of tracks.
    static let structuredDataWords: Set<String> = [
        "day", "days", "weekday", "weekdays", "month", "months", "hour", "hours", "week", "weeks",
        // A palette: the app's own set of colours, laid out as one block.
        "color", "colors", "colour", "colours", "swatch", "swatches", "palette", "palettes",
    ]

    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = ["LazyVGrid", "LazyHGrid"]

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let call = node.as(FunctionCallExprSyntax.self), let view = context.file.view(at: call),
              let label = ["LazyVGrid": "columns", "LazyHGrid": "rows"][view.name], view.isTypeCall,
              !context.file.declaresType(view.name), context.applies(at: call), !runsOnPhonesOnly(call, in: context),
              let tracks = view.argument(label)?.expression,
              let kinds = trackKinds(tracks, in: context.file), case let count = kinds.count, count != 7,
              repeatsCollection(view, context.file), !repeatsStructuredData(view), !laysOutRowPerItem(view, tracks: count),
              !laysOutFixedSet(view, tracks: count, in: context.file),
              !(view.name == "LazyHGrid" && scrollsHorizontally(view, in: context.file)),
              !hasFixedExtent(view, axis: label == "columns" ? "width" : "height", in: context.file)
        else { return }
        context.report(at: view.nameToken, message: Self.message)
    }

    /// The kind of each track (`fixed` or `flexible`) when every one is either and the count is written in the source.
    private func trackKinds(_ expression: ExprSyntax, in file: SwiftUIFile, depth: Int = 0) -> [String]? {
        if let array = expression.as(ArrayExprSyntax.self) {
            let kinds = array.elements.compactMap { trackKind($0.expression) }
            guard !array.elements.isEmpty, kinds.count == array.elements.count else { return nil }
            return kinds
        }
        if let call = expression.as(FunctionCallExprSyntax.self),
           ["Array", ".init", "Array.init", "[GridItem]", "[GridItem].init"].contains(call.calledExpression.trimmedSource),
           let item = call.argument("repeating")?.expression, let kind = trackKind(item),
           let count = call.argument("count")?.expression.as(IntegerLiteralExprSyntax.self), let tracks = Int(count.literal.text) {
            return Array(repeating: kind, count: tracks)
        }
        guard depth < 3, expression.is(DeclReferenceExprSyntax.self) || expression.is(MemberAccessExprSyntax.self),
              let value = file.constantValue(of: expression), value.id != expression.id
        else { return nil }
        return trackKinds(value, in: file, depth: depth + 1)
    }

    /// Code that runs only on iOS in an app for iPhone alone (`BuildFacts.isPhoneOnlyOnIOS`): the screen is a
    /// phone's width in every grid, so a column count chosen for it is a design, not a width that went unseen.
    private func runsOnPhonesOnly(_ call: FunctionCallExprSyntax, in context: RuleContext) -> Bool {
        context.facts.isPhoneOnlyOnIOS && context.platforms(at: call).isSubset(of: .iOS)
    }

    /// `fixed` or `flexible` for `GridItem()`, `GridItem(.flexible())`, `GridItem(.fixed(80), spacing: 8)`,
    /// `.init(.flexible())`; `nil` for an adaptive track or anything else.
    private func trackKind(_ item: ExprSyntax) -> String? {
        guard let call = item.as(FunctionCallExprSyntax.self) else { return nil }
        let callee = call.calledExpression.trimmedSource
        guard callee == "GridItem" || callee == ".init" || callee == "GridItem.init" else { return nil }
        guard let size = call.arguments.first, size.label == nil || size.label?.text == "size" else { return "flexible" }
        let kind = size.expression.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            ?? size.expression.memberName
        return kind == "fixed" || kind == "flexible" ? kind : nil
    }

    /// Whether the source fixes the grid's items: tiles, tip options, units to pick or skeleton boxes arranged as one
    /// block (`ForEach(0..<6)`, an array literal through a `let`, an enum's `allCases`). Such a grid is a designed
    /// layout of options, not a collection of content that grows and should reflow.
    private func laysOutFixedSet(_ grid: SwiftUIView, tracks: Int, in file: SwiftUIFile) -> Bool {
        if file.staticItemCount(of: grid) != nil { return true }
        var repeated: [SwiftUIView] = []
        var stack = grid.childViews(roles: [.content])
        while let view = stack.popLast() {
            if view.name == "ForEach" { repeated.append(view) }
            if view.name == "Group" || view.name == "Section" { stack += view.childViews(roles: [.content]) }
        }
        return !repeated.isEmpty && repeated.allSatisfy { $0.repeatedData?.memberName == "allCases" }
    }

    /// Whether the grid's content repeats a `ForEach` (directly, or in a same-type helper it uses).
    private func repeatsCollection(_ grid: SwiftUIView, _ file: SwiftUIFile) -> Bool {
        let views = grid.descendantViews(roles: [.content])
        let built = views.filter { !$0.isTypeCall }.flatMap { file.helperViews(for: $0) }
        return (views + built + built.flatMap { $0.descendantViews(roles: [.content]) }).contains { $0.name == "ForEach" }
    }

    /// Whether the grid is the content of a `ScrollView(.horizontal)`, looking through stacks.
    private func scrollsHorizontally(_ grid: SwiftUIView, in file: SwiftUIFile) -> Bool {
        file.enclosingViews(of: grid.root).lazy.filter { $0.role == .content }.map(\.view)
            .prefix { $0.name == "ScrollView" || ["HStack", "VStack", "Group"].contains($0.name) }
            .contains { $0.name == "ScrollView" && $0.firstUnlabeledArgument?.trimmedSource.contains("horizontal") == true }
    }

    /// A `ForEach` that writes one cell per track for each item (feature, Free, Plus): each item is a row of a
    /// table whose columns are the data's own fields, not a collection that could reflow.
    private func laysOutRowPerItem(_ grid: SwiftUIView, tracks: Int) -> Bool {
        guard tracks >= 2 else { return false }
        return grid.descendantViews(roles: [.content]).contains { view in
            view.name == "ForEach" && view.childViews(roles: [.content]).count == tracks
        }
    }

    /// Whether the grid, or a view around it in its declaration, is given a fixed extent across its tracks
    /// (`.frame(width: 180)` for columns): at one width, the columns that fit never change.
    private func hasFixedExtent(_ grid: SwiftUIView, axis: String, in file: SwiftUIFile) -> Bool {
        var around = file.enclosingViews(of: grid.root).filter { $0.role == .content }.map(\.view)
        // The view type holding the grid, where this file creates it: `ProviderPicker(…).frame(width: 430)` in a popover.
        if let use = file.use(ofDeclarationHolding: grid.root), let call = use.parent?.as(FunctionCallExprSyntax.self),
           let used = file.view(at: call) {
            around.append(used)
        }
        return ([grid] + around).contains { view in
            view.modifiers.contains { modifier in
                guard modifier.name == "frame", let extent = modifier.argument(axis)?.expression else { return false }
                return file.numericValue(of: extent) != nil
            }
        }
    }

    /// A `ForEach` over days, weekdays, months or hours: the columns mirror the data, not the screen.
    private func repeatsStructuredData(_ grid: SwiftUIView) -> Bool {
        grid.descendantViews(roles: [.content]).contains { view in
            guard view.name == "ForEach", let data = view.repeatedData else { return false }
            return data.tokens(viewMode: .sourceAccurate).contains { token in
                camelCaseWords(token.text).contains { Self.structuredDataWords.contains($0.lowercased()) }
            }
        }
    }
}
