import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// `.onTapGesture` as the primary action of a list row or lazy grid cell.
///
/// Only a single-tap gesture on the row itself (the view written directly in the `ForEach` or in
/// `List(items) { … }`) counts: a tap handler on a part of a row (an avatar, a badge) is a secondary
/// action, and `count: 2` is a different gesture altogether.
struct TapGestureAsButton: Rule {
    static let description = RuleDescription(
        id: "tap-gesture-as-button",
        name: "Tap gesture as button",
        section: .grids,
        summary: "A row or cell that acts on tap should be a Button or NavigationLink, not an .onTapGesture.",
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
        ],
        nonTriggeringExamples: [
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
        ])

    static let message = "This row acts on `.onTapGesture`, which has no pressed state or button trait; use Button or NavigationLink."
    static let collections: Set<String> = ["List", "LazyVGrid", "LazyHGrid", "LazyVStack", "LazyHStack"]

    static let visitedKinds: Set<SyntaxKind> = [.memberAccessExpr]
    static let visitedNames: Set<String>? = ["onTapGesture"]

    static let usesModuleIndex = true

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let member = node.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "onTapGesture",
              let row = context.file.view(modifiedBy: member),
              let modifier = row.modifier(at: member),
              !isMultipleTap(modifier), context.applies(at: member),
              isRowOrCell(row, in: context.file)
        else { return }
        context.report(at: modifier.nameToken, message: Self.message)
    }

    /// A row or cell of a collection of this file, or the whole `body` of a view type the module uses as one.
    private func isRowOrCell(_ row: SwiftUIView, in file: SwiftUIFile) -> Bool {
        if let placement = file.collectionPlacement(ofRow: row) {
            return Self.collections.contains(placement.container.name) && !file.declaresType(placement.container.name)
        }
        return file.moduleRowUse(of: row) != nil
    }

    private func isMultipleTap(_ modifier: Modifier) -> Bool {
        guard let count = modifier.argument("count")?.expression else { return false }
        return (count.numberLiteral ?? 2) >= 2
    }
}
