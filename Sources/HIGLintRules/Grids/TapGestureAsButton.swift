import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A single tap (`.onTapGesture`, or `TapGesture()` given to `.gesture`, `.highPriorityGesture` or
/// `.simultaneousGesture`) as the primary action of a list row or lazy grid cell.
///
/// Only a single-tap gesture on the row itself (the view written directly in the `ForEach` or in
/// `List(items) { … }`) counts: a tap handler on a part of a row (an avatar, a badge) is a secondary
/// action, and `count: 2` is a different gesture altogether. A row that adds the `.isButton` trait or an
/// accessibility action is still reported, with a message that says what those do not give. A gesture
/// held in a property (`.gesture(tap)`) is not followed.
struct TapGestureAsButton: Rule {
    static let description = RuleDescription(
        id: "tap-gesture-as-button",
        name: "Tap gesture as button",
        section: .grids,
        summary: "A row or cell that acts on tap should be a Button or NavigationLink, not an .onTapGesture or TapGesture().",
        rationale: """
            Tappable cells need a clear pressed state, and assistive technologies need to know they are \
            buttons. `.onTapGesture` gives neither: no highlight while pressed, no button trait for \
            VoiceOver, no keyboard or focus activation. `Button` and `NavigationLink` give all of them.
            """,
        triggeringExamples: [
            """
            List(contacts) { contact in
                ContactRow(contact: contact)
                    .↓onTapGesture { selectedContact = contact }
            }
            """,
            """
            ScrollView {
                LazyVStack {
                    ForEach(messages) { message in
                        MessageRow(message: message)
                            .contentShape(Rectangle())
                            .↓onTapGesture {
                                router.open(message)
                            }
                    }
                }
            }
            """,
            // A row whose List is in another file.
            RuleExample("""
                struct OrderRow: View {
                    let order: Order
                    var body: some View {
                        HStack { Text(order.title); Spacer() }
                            .↓onTapGesture { open(order) }
                    }
                }
                """, moduleFiles: [
                """
                struct OrdersScreen: View {
                    var body: some View { List { ForEach(orders) { OrderRow(order: $0) } } }
                }
                """,
            ]),
            """
            LazyVGrid(columns: columns) {
                ForEach(photos) { photo in
                    PhotoCell(photo: photo)
                        .↓gesture(TapGesture().onEnded { open(photo) })
                }
            }
            """,
            """
            List(orders) { order in
                OrderRow(order: order)
                    .↓simultaneousGesture(TapGesture().onEnded { select(order) })
                    .accessibilityAddTraits(.isButton)
            }
            """,
        ],
        nonTriggeringExamples: [
            // An empty handler is no action: nothing to turn into a button.
            """
            List(photos) { photo in
                Thumbnail(photo: photo)
                    .onTapGesture {
                        // TODO: open the preview
                    }
            }
            """,
            // A tap that only logs acts on nothing.
            "List(items) { item in ItemRow(item: item).onTapGesture { debugPrint(item.id) } }",
            // On a Mac, a click that only selects a cell is the platform's own idiom.
            RuleExample("LazyVGrid(columns: columns) { ForEach(machines) { machine in MachineCell(machine: machine).onTapGesture { selection.insert(machine.id) } } }",
                        configuration: Configuration().with(platforms: .macOS)),
            // Used in another file, but not as a row.
            RuleExample("""
                struct OrderSummary: View {
                    var body: some View {
                        HStack { Text(order.title); Spacer() }
                            .onTapGesture { expand() }
                    }
                }
                """, moduleFiles: [
                """
                struct OrdersScreen: View {
                    var body: some View { ScrollView { OrderSummary() } }
                }
                """,
            ]),
            """
            List(contacts) { contact in
                Button { selectedContact = contact } label: { ContactRow(contact: contact) }
            }
            """,
            """
            LazyVGrid(columns: columns) {
                ForEach(photos) { photo in
                    PhotoCell(photo: photo)
                        .onTapGesture(count: 2) { like(photo) }
                }
            }
            """,
            """
            List(posts) { post in
                HStack {
                    Avatar(user: post.author).onTapGesture { showProfile(post.author) }
                    Text(post.text)
                }
            }
            """,
            """
            VStack {
                ForEach(options) { option in
                    OptionView(option: option).onTapGesture { choose(option) }
                }
            }
            """,
            """
            LazyVGrid(columns: columns) {
                ForEach(photos) { photo in
                    PhotoCell(photo: photo)
                        .highPriorityGesture(TapGesture(count: 2).onEnded { like(photo) })
                }
            }
            """,
            """
            List(links) { link in
                Button { open(link) } label: { LinkRow(link: link) }
                    .simultaneousGesture(TapGesture().onEnded { analytics.log(link) })
            }
            """,
        ])

    /// "row" or "cell", `.onTapGesture` or `TapGesture()`; a view that already declares the button trait or an
    /// accessibility action is told what is still missing rather than that the trait is.
    static func message(unit: String, gesture: String, declaresAction: Bool) -> String {
        declaresAction
            ? "This \(unit) acts on \(gesture); its button trait or accessibility action still gives no pressed state and no keyboard or focus activation; use Button or NavigationLink."
            : "This \(unit) acts on \(gesture), which has no pressed state or button trait; use Button or NavigationLink."
    }
    static let collections: Set<String> = ["List", "LazyVGrid", "LazyHGrid", "LazyVStack", "LazyHStack"]

    static let visitedKinds: Set<SyntaxKind> = [.memberAccessExpr]
    static let visitedNames: Set<String>? = gestureModifierNames.union(["onTapGesture"])

    static let usesModuleIndex = true

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let member = node.as(MemberAccessExprSyntax.self), let row = context.file.view(modifiedBy: member),
              let modifier = row.modifier(at: member), modifier.isSingleTap,
              !["Button", "NavigationLink", "Link"].contains(row.name), context.applies(at: member), !context.isWidgetContent(member),
              let isCell = rowOrCell(row, in: context.file)
        else { return }
        if let action = modifier.call?.trailingClosure ?? modifier.argument("perform")?.expression.as(ClosureExprSyntax.self) {
            // A tap that does nothing or only logs acts on nothing (an empty handler swallows taps, or waits for a
            // feature); on a Mac, a click that only selects is the platform's own idiom.
            if action.statements.isEmpty || action.onlyLogs { return }
            if context.platforms(at: member) == .macOS, ExprSyntax(action).onlyChooses(shownBy: []) { return }
        }
        let gesture = modifier.name == "onTapGesture" ? "`.onTapGesture`" : "`TapGesture()`"
        context.report(at: modifier.nameToken,
                       message: Self.message(unit: isCell ? "cell" : "row", gesture: gesture, declaresAction: row.declaresAccessibleAction))
    }

    /// For a row or cell of a collection of this file, or the whole `body` of a view type the module uses as
    /// one: whether it is a grid's cell. `nil` for anything else.
    private func rowOrCell(_ row: SwiftUIView, in file: SwiftUIFile) -> Bool? {
        if let placement = file.collectionPlacement(ofRow: row) {
            guard Self.collections.contains(placement.container.name), !file.declaresType(placement.container.name) else { return nil }
            return ["LazyVGrid", "LazyHGrid"].contains(placement.container.name)
        }
        return file.moduleRowUse(of: row)?.grid
    }
}
