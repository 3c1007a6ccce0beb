import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A hand-built selection row: a checkmark shown on a membership test (`selection.contains(x)`) or an equality
/// test (`selected == item`), in a `ForEach` whose button or tap handler changes that same selection.
///
/// Nor on macOS, where a column of checkboxes that marks items for a batch action is the platform's own idiom (a
/// `Toggle` with the checkbox style is its remedy), and `List(selection:)` would turn it into a transient highlight.
/// The symbol is read from a literal, or through a `let`, static constant or computed property of the file that holds
/// one (`Image(systemName: Symbols.check)`). The test is read from an `if` around the image, a ternary in its `systemName:`, or a ternary in one
/// of its modifiers (`.opacity(selected == item ? 1 : 0)`). The tap handler is looked for in the same
/// `ForEach` body, or in the same-type helper that builds the row when that helper is used in a
/// `ForEach`. A checkmark in a grid cell counts as in a row (RULES.md names no exemption for grids). Checkmarks in
/// a `Menu`, `Picker`, context menu or toolbar are menu items (the system's own idiom), also in the closure given to a
/// view type of the module that shows it in a `Menu` (`ModuleIndex.placesInMenu(givenContentUse:)`), and in a helper
/// whose every use in the file, a few uses up, is one. Nor is a checkmark in a row
/// of a `List` that already has `selection:` (it decorates the system's selection). A control shown only in another
/// branch of the `if` that shows the checkmark (`if added.contains(x) { checkmark } else { Button("Add") { … } }`)
/// marks a one-way status (added, imported, subscribed), not a selection that can be undone, and does not count.
/// Nor does a section of a `Form` or `List` that holds other content: the selection list would take over the whole form.
struct CustomSelectionCheckmark: Rule {
    static let description = RuleDescription(
        id: "custom-selection-checkmark",
        name: "Custom selection checkmark",
        section: .lists,
        summary: "Use `List(selection:)` instead of drawing checkmarks and tracking a selection yourself.",
        rationale: """
            `List(selection:)` gives the system's selection: edit mode with its checkmarks, multiple \
            selection with a two-finger pan on iPad, keyboard and pointer selection on Mac, and the \
            selected state for VoiceOver. Hand-made checkmark rows miss all of that.
            """,
        platforms: [.iOS, .visionOS],
        triggeringExamples: [
            """
            List {
                ForEach(tags) { tag in
                    HStack {
                        Text(tag.name)
                        Spacer()
                        if selectedTags.contains(tag.id) {
                            ↓Image(systemName: "checkmark")
                        }
                    }
                    .contentShape(Rectangle())
                    .onTapGesture {
                        if selectedTags.contains(tag.id) { selectedTags.remove(tag.id) } else { selectedTags.insert(tag.id) }
                    }
                }
            }
            """,
            """
            ForEach(Recipient.all) { recipient in
                Button {
                    if chosen.contains(recipient.id) { chosen.remove(recipient.id) } else { chosen.insert(recipient.id) }
                } label: {
                    HStack {
                        Text(recipient.name)
                        Spacer()
                        ↓Image(systemName: "checkmark").opacity(chosen.contains(recipient.id) ? 1 : 0)
                    }
                }
            }
            """,
            """
            struct InviteList: View {
                @State private var invited: Set<Person> = []
                var body: some View {
                    ForEach(people) { person in
                        HStack {
                            ↓Image(systemName: invited.contains(person) ? "checkmark.circle.fill" : "circle")
                            Text(person.name)
                        }
                        .onTapGesture { toggle(person) }
                    }
                }
                private func toggle(_ person: Person) {
                    if invited.contains(person) { invited.remove(person) } else { invited.insert(person) }
                }
            }
            """,
            // One choice, shown on an equality test: RULES.md counts `==` as it counts `contains`.
            """
            ForEach(Currency.allCases) { currency in
                Button {
                    preferredCurrency = currency
                } label: {
                    HStack {
                        Text(currency.name)
                        Spacer()
                        ↓Image(systemName: "checkmark").opacity(preferredCurrency == currency ? 1 : 0)
                    }
                }
            }
            """,
            // The symbol held in a constant of the file.
            """
            enum Symbols { static let selected = "checkmark.circle.fill" }
            struct LabelPicker: View {
                var body: some View {
                    ForEach(labels) { label in
                        HStack {
                            Text(label.name)
                            if chosenLabels.contains(label.id) { ↓Image(systemName: Symbols.selected) }
                        }
                        .onTapGesture { chosenLabels.insert(label.id) }
                    }
                }
            }
            """,
            // A checkmark in a grid cell is a hand-made selection too.
            """
            LazyVGrid(columns: columns) {
                ForEach(icons) { icon in
                    Button { currentIcon = icon.name } label: {
                        ZStack { Image(icon.preview); if icon.name == currentIcon { ↓Image(systemName: "checkmark.seal.fill") } }
                    }
                }
            }
            """,
            // A view of the module that shows the rows it is given in a plain stack: they are rows, not menu items.
            RuleExample(categoryScreen(checkmark: "↓Image"), moduleFiles: ["""
                struct CategoryMenu<Items: View>: View {
                    let title: String
                    @ViewBuilder let items: () -> Items
                    var body: some View { VStack { Text(title); items() } }
                }
                """]),
        ],
        nonTriggeringExamples: [
            // A view of the module that shows the items it is given in a `Menu`: the rows built by a helper are menu items.
            RuleExample(categoryScreen(checkmark: "Image"), moduleFiles: ["""
                struct CategoryMenu<Items: View>: View {
                    let title: String
                    @ViewBuilder let items: () -> Items
                    var body: some View { Menu { items() } label: { Text(title) } }
                }
                """]),
            // One section of an edit form with a name field: a selection list would take over the form.
            """
            Form {
                Section { TextField("Name", text: $name) }
                Section("Feeds") {
                    ForEach(feeds) { feed in
                        Button {
                            if selectedFeeds.contains(feed.id) { selectedFeeds.remove(feed.id) } else { selectedFeeds.insert(feed.id) }
                        } label: {
                            HStack {
                                Text(feed.title)
                                if selectedFeeds.contains(feed.id) { Image(systemName: "checkmark") }
                            }
                        }
                    }
                }
            }
            """,
            """
            List(tags, selection: $selectedTags) { tag in
                Text(tag.name)
            }
            """,
            // A checkmark that reports state, with no tap handler changing it.
            """
            ForEach(steps) { step in
                HStack {
                    Text(step.title)
                    if completed.contains(step.id) { Image(systemName: "checkmark.circle.fill") }
                }
            }
            """,
            // A menu item mimicking a picker.
            """
            Menu("Sort") {
                ForEach(SortOrder.allCases) { order in
                    Button { sortOrder = order } label: {
                        if sortOrder == order { Image(systemName: "checkmark") }
                        Text(order.title)
                    }
                }
            }
            """,
            // A status that the row's add button leads to: the button is gone once the checkmark shows.
            """
            List {
                ForEach(channels) { channel in
                    HStack {
                        Text(channel.name)
                        Spacer()
                        if subscribedIDs.contains(channel.id) {
                            Image(systemName: "checkmark.circle.fill")
                        } else {
                            Button { subscribedIDs.insert(channel.id) } label: { Image(systemName: "plus.circle") }
                        }
                    }
                }
            }
            """,
            """
            Picker("Theme", selection: $theme) {
                ForEach(Theme.allCases) { option in
                    HStack { Text(option.name); if theme == option { Image(systemName: "checkmark") } }
                        .onTapGesture { theme = option }
                }
            }
            """,
            """
            List(accounts, selection: $selectedAccount) { account in
                HStack {
                    Text(account.name)
                    if selectedAccount == account.id { Image(systemName: "checkmark") }
                }
                .onTapGesture { selectedAccount = account.id }
            }
            """,
            """
            ForEach(items) { item in
                Button { item.isDone.toggle() } label: {
                    Image(systemName: item.isDone ? "checkmark.square" : "square")
                }
            }
            """,
        ])

    /// A screen whose category rows, built by helpers, are given to the module's `CategoryMenu`, for the examples.
    private static func categoryScreen(checkmark: String) -> String {
        """
        struct FeedScreen: View {
            @State private var category = Category.top
            var body: some View {
                VStack { CategoryMenu(title: category.name) { categoryItems }; FeedList(category: category) }
            }
            @ViewBuilder private var categoryItems: some View {
                ForEach(Category.allCases) { item in categoryButton(item) }
            }
            private func categoryButton(_ item: Category) -> some View {
                Button { category = item } label: {
                    HStack { Text(item.name); if item == category { \(checkmark)(systemName: "checkmark") } }
                }
            }
        }
        """
    }

    static let message = "This row draws its own selection checkmark; use `List(selection:)` for system selection, edit mode and VoiceOver's selected state."

    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = ["Image"]
    static let usesModuleIndex = true

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let call = node.as(FunctionCallExprSyntax.self), let image = context.file.view(at: call),
              image.name == "Image", let symbol = image.argument("systemName")?.expression,
              (context.file.madeValue(of: symbol) ?? symbol).stringLiterals.contains(where: { $0.hasPrefix("checkmark") }),
              context.applies(at: call)
        else { return }
        let selection = image.checkmarkSelectionState()
        guard !selection.isEmpty, let region = rowRegion(of: image, file: context.file) else { return }
        let handlers = context.file.tapHandlers(in: region).filter { !image.isInOtherBranch(than: $0) }
        guard handlers.contains(where: { !context.file.stateWritten(by: $0).isDisjoint(with: selection) }) else { return }
        context.report(at: image.nameToken, message: Self.message)
    }

    /// The code a tap handler for this row would be in: the enclosing `ForEach` body, or the helper
    /// that builds the row when it is used inside a `ForEach`. `nil` in menus, pickers and toolbars.
    private func rowRegion(of image: SwiftUIView, file: SwiftUIFile) -> Syntax? {
        let enclosures = file.enclosingViews(of: image.root)
        guard !isMenuItem(Syntax(image.root), file: file, depth: 3) else { return nil }
        // One part of a form that holds other content (a name field, pickers, another section):
        // `List(selection:)` and its edit mode would take over the whole form.
        if let container = enclosures.first(where: { ["Form", "List"].contains($0.view.name) })?.view,
           container.childViews(roles: [.content]).count > 1 {
            return nil
        }
        if let forEach = enclosures.first(where: { $0.view.name == "ForEach" })?.view {
            return forEach.roledClosures.first { $0.role == .content }.map { Syntax($0.closure) }
        }
        guard let declaration = file.declarationContext(of: image.root), !declaration.isBody else { return nil }
        let usedInForEach = file.viewUses(of: declaration).contains { use in
            file.enclosingViews(of: use.root).contains { $0.view.name == "ForEach" }
        }
        return usedInForEach ? Syntax(declaration.declaration) : nil
    }

    /// Whether `node` is in a menu, a picker, a toolbar or modifier content, or a `List` with the system's selection:
    /// in one written around it, in the closure a view type of the module puts in a `Menu` or `Picker`
    /// (`ModuleIndex.placesInMenu(givenContentUse:)`: `CategoryMenu(title:) { categoryItems }`), or, in a helper,
    /// at every use of it in the file, a few uses up.
    private func isMenuItem(_ node: Syntax, file: SwiftUIFile, depth: Int) -> Bool {
        let inMenu = file.enclosingViews(of: node).contains { enclosure in
            if case .modifier = enclosure.role { return true }
            if let use = ModuleIndex.givenContentUse(of: enclosure), file.module.placesInMenu(givenContentUse: use) { return true }
            return ["Menu", "Picker", "ToolbarItem", "ToolbarItemGroup"].contains(enclosure.view.name)
                || (enclosure.view.name == "List" && enclosure.view.hasArgument("selection"))   // the system's selection
        }
        guard !inMenu else { return true }
        guard depth > 0, let declaration = file.declarationContext(of: node), !declaration.isBody else { return false }
        let uses = file.viewUses(of: declaration)
        return !uses.isEmpty && uses.allSatisfy { isMenuItem(Syntax($0.root), file: file, depth: depth - 1) }
    }

}
