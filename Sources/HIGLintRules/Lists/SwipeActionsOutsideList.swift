import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// `.swipeActions`, `.onDelete` or `.onMove` on a view that is certainly not a `List` row.
///
/// "Certainly" means the view sits in a stack, `ScrollView`, grid or section header before any `List`
/// or `Form`, in its own declaration or, for a helper or a view type, at every use in the same file.
/// A view type used only from other files, or placed in a custom container, is not judged.
struct SwipeActionsOutsideList: Rule {
    static let description = RuleDescription(
        id: "swipe-actions-outside-list",
        name: "Swipe actions outside a list",
        section: .lists,
        summary: "`.swipeActions`, `.onDelete` and `.onMove` only work on rows of a List.",
        rationale: """
            Swipe actions, swipe to delete and drag to reorder are features of list rows. On a view in a \
            `ScrollView`, a stack or a grid they do nothing, so the action the code offers is not there \
            at all. Put the rows in a `List`, or offer the action in a context menu or a button.
            """,
        triggeringExamples: [
            """
            ScrollView {
                LazyVStack {
                    ForEach(orders) { order in
                        OrderCard(order: order)
                            .↓swipeActions { Button("Delete", role: .destructive) { delete(order) } }
                    }
                }
            }
            """,
            """
            VStack {
                ForEach(items) { item in Text(item.name) }
                    .↓onDelete(perform: delete)
                    .↓onMove(perform: move)
            }
            """,
            // A view type used as a card in the same file.
            """
            struct Gallery: View {
                var body: some View {
                    ScrollView { LazyVGrid(columns: columns) { ForEach(photos) { PhotoCell(photo: $0) } } }
                }
            }
            struct PhotoCell: View {
                var body: some View {
                    Image(photo.name)
                    #if os(iOS)
                        .↓swipeActions { Button("Hide") { hide(photo) } }
                    #endif
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            List {
                Section("Open") {
                    ForEach(orders) { order in
                        OrderRow(order: order).swipeActions { Button("Archive") { archive(order) } }
                    }
                    .onDelete(perform: delete)
                    .onMove(perform: move)
                }
            }
            """,
            // A view type used as a row in the same file.
            """
            struct Orders: View {
                var body: some View {
                    List(orders) { order in OrderRow(order: order) }
                }
            }
            struct OrderRow: View {
                var body: some View {
                    Text(order.title).swipeActions { Button("Archive") { archive(order) } }
                }
            }
            """,
            // Used from another file: not judged.
            """
            struct StatusRow: View {
                var body: some View {
                    VStack { Text(status.content) }.swipeActions { Button("Boost") { boost() } }
                }
            }
            """,
            """
            Form {
                ForEach($reminders) { $reminder in ReminderRow(reminder: $reminder) }
                    .onDelete { reminders.remove(atOffsets: $0) }
            }
            """,
            """
            extension View {
                func onDelete(perform action: @escaping () -> Void) -> some View { self }
            }
            VStack { Card().onDelete { remove() } }
            """,
        ])

    static let modifierNames: Set<String> = ["swipeActions", "onDelete", "onMove"]

    static func message(_ modifier: String, holder: String) -> String {
        "`.\(modifier)` does nothing here: this view is in a \(holder), not a row of a List; use a List or offer the action in a context menu."
    }

    static let visitedKinds: Set<SyntaxKind> = [.memberAccessExpr]

    static let triggerWords: Set<String>? = Self.modifierNames

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let member = node.as(MemberAccessExprSyntax.self) else { return }
        let name = member.declName.baseName.text
        guard Self.modifierNames.contains(name), !context.file.declaresFunction(name),
              let view = context.file.view(modifiedBy: member),
              let modifier = view.modifiers.first(where: { $0.memberAccess.id == member.id }), modifier.call != nil,
              name == "swipeActions" || view.name == "ForEach",
              context.applies(at: member),
              case .notRow(let holder) = context.file.rowPlacement(of: view)
        else { return }
        context.report(at: modifier.nameToken, message: Self.message(name, holder: holder.name))
    }
}
