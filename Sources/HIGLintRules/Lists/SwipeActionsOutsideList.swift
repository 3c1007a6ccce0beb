import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// `.swipeActions`, `.onDelete` or `.onMove` on a view that is certainly not a `List` row.
///
/// "Certainly" means the view sits in a stack, `ScrollView`, grid or section header before any `List`
/// or `Form`, in its own declaration or, for a helper or a view type, at every use in the same file.
/// A view type used only from other files, or placed in a custom container, is not judged. When the file or
/// another file of the module declares its own function of the modifier's name (a hand-made swipe for stacks),
/// a call is taken for the app's own unless it uses a label only SwiftUI's has (`edge:`, `allowsFullSwipe:`)
/// or, for a declaration in another file, its content holds buttons, as SwiftUI's does.
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
            // The app has its own swipe for stacks, but this call uses SwiftUI's labels.
            """
            extension View {
                func swipeActions(config: SwipeConfig = .init(), @SwipeBuilder actions: () -> [SwipeAction]) -> some View { self }
            }
            VStack {
                ForEach(items) { item in
                    Text(item.name).↓swipeActions(edge: .trailing) { Button("Delete", role: .destructive) { delete(item) } }
                }
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
            """
            extension View {
                func swipeActions(config: SwipeConfig = .init(), @SwipeBuilder actions: () -> [SwipeAction]) -> some View { self }
            }
            VStack {
                ForEach(history) { entry in
                    Text(entry.query).swipeActions { SwipeAction(symbolImage: "trash") { delete(entry) } }
                }
            }
            """,
        ])

    static let modifierNames: Set<String> = ["swipeActions", "onDelete", "onMove"]
    static let moduleSymbols: Set<String> = modifierNames
    /// Argument labels only SwiftUI's `.swipeActions(edge:allowsFullSwipe:content:)` has.
    static let swiftUILabels: Set<String> = ["edge", "allowsFullSwipe"]

    static func message(_ modifier: String, holder: String) -> String {
        "`.\(modifier)` does nothing here: this view is in a \(holder), not a row of a List; use a List or offer the action in a context menu."
    }

    static let visitedKinds: Set<SyntaxKind> = [.memberAccessExpr]
    static let visitedNames: Set<String>? = Self.modifierNames

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let member = node.as(MemberAccessExprSyntax.self) else { return }
        let name = member.declName.baseName.text
        guard Self.modifierNames.contains(name),
              let view = context.file.view(modifiedBy: member),
              let modifier = view.modifier(at: member), let call = modifier.call,
              !isAppsOwn(name, call: call, in: context),
              name == "swipeActions" || view.name == "ForEach",
              context.applies(at: member),
              case .notRow(let holder) = context.file.rowPlacement(of: view)
        else { return }
        context.report(at: modifier.nameToken, message: Self.message(name, holder: holder.name))
    }

    /// Whether this call may be the app's own modifier of the same name rather than SwiftUI's.
    private func isAppsOwn(_ name: String, call: FunctionCallExprSyntax, in context: RuleContext) -> Bool {
        guard context.file.declaresFunction(name) || context.module.declaresFunction(name) else { return false }
        if call.arguments.contains(where: { $0.label.map { Self.swiftUILabels.contains($0.text) } ?? false }) { return false }
        // SwiftUI's swipe actions are buttons; a hand-made swipe takes its own action values.
        if name == "swipeActions", !context.file.declaresFunction(name),
           let content = call.closure("content") ?? call.trailingClosure,
           !context.file.actionButtons(in: content).buttons.isEmpty {
            return false
        }
        return true
    }
}
