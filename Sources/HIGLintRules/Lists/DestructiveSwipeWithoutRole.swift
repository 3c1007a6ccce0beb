import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A swipe button that deletes (by its title or symbol) without `role: .destructive`.
///
/// Buttons are found in the `.swipeActions` closure and in same-type helpers it uses; a button built by
/// a custom view or a helper in another file is not seen. A button whose action asks first (it sets state
/// that drives a `.confirmationDialog` or `.alert`, or a sheet, cover or popover whose content asks, with a
/// `role: .destructive` button of its own or in a view of the file it shows, or a view named for confirmation; or
/// state or a function named for that, such as `requestDelete(order)`) is left alone on purpose: a destructive role
/// removes the row before the answer. A sheet that shows something else does not ask.
/// So is a button that runs a closure the row was handed (`action: onDelete`): the parent decides.
/// Destruction is read from the declared lists `destructiveWords` and `destructiveSymbols` (`Destruction`); a
/// localization key counts by its last word only, since the project's string catalogs are not read.
struct DestructiveSwipeWithoutRole: Rule {
    static let description = RuleDescription(
        id: "destructive-swipe-without-role",
        name: "Destructive swipe without role",
        section: .lists,
        summary: "A swipe button that deletes should have `role: .destructive`.",
        rationale: """
            The HIG asks that destructive swipe actions use the destructive role. With \
            `role: .destructive` the system shows the button in red, animates the row away, and \
            VoiceOver announces it as destructive; a tinted plain button does none of that.
            """,
        platforms: [.iOS, .visionOS],
        triggeringExamples: [
            """
            OrderRow(order: order)
                .swipeActions {
                    ↓Button("Delete", systemImage: "trash") { store.delete(order) }
                }
            """,
            """
            ForEach(orders) { order in
                OrderRow(order: order)
                    .swipeActions(edge: .trailing) {
                        ↓Button {
                            modelContext.delete(order)
                        } label: {
                            Label("Remove", systemImage: "minus.circle")
                        }
                        .tint(.red)
                    }
            }
            .onDelete(perform: deleteOrders)
            """,
            """
            struct DraftRow: View {
                var body: some View {
                    Text(draft.title)
                    #if os(iOS)
                        .swipeActions { discardButton }
                    #endif
                }
                private var discardButton: some View {
                    ↓Button(action: { drafts.discard(draft) }) { Image(systemName: "xmark.bin") }
                }
            }
            """,
            // SwiftUI's modifier, known by its labels, beside an app's own swipeActions(actionsArray:).
            """
            extension View {
                func swipeActions(actionsArray: [SwipeAction]) -> some View { self }
            }
            Row().swipeActions { ↓Button("Delete") { remove() } }
            """,
            // `destructiveWords` in a localization key: its last word, past the role words, is Delete.
            #"Row().swipeActions { ↓Button("swipe.action.delete") { store.delete(item) } }"#,
            #"Row().swipeActions { ↓Button { store.remove(item) } label: { Label(L10n.Row.remove, systemImage: "minus") } }"#,
            // A key the app's string catalog holds counts by its text: `.swipeBinAction` reads "Delete Forever".
            RuleExample(
                #"Row().swipeActions { ↓Button(.swipeBinAction) { store.purge(item) } }"#,
                resources: ["Localizable.xcstrings": """
                    {
                      "sourceLanguage" : "en",
                      "strings" : {
                        "swipeBinAction" : {
                          "localizations" : { "en" : { "stringUnit" : { "state" : "translated", "value" : "Delete Forever" } } }
                        }
                      },
                      "version" : "1.0"
                    }
                    """]),
            // A sheet that does not ask (a receipt) is no confirmation: the order is gone at once.
            """
            struct Orders: View {
                @State private var receipt: Order?
                var body: some View {
                    List(orders) { order in
                        OrderRow(order: order).swipeActions {
                            ↓Button("Delete", systemImage: "trash") { store.delete(order); receipt = order }.tint(.red)
                        }
                    }
                    .sheet(item: $receipt) { order in ReceiptView(order: order) }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            OrderRow(order: order)
                .swipeActions {
                    Button(role: .destructive) { store.delete(order) } label: { Label("Delete", systemImage: "trash") }
                }
            """,
            // Asks first through a sheet: the view it shows confirms with a destructive button.
            """
            struct Orders: View {
                @State private var pending: Order?
                var body: some View {
                    List(orders) { order in
                        OrderRow(order: order).swipeActions {
                            Button("Delete", systemImage: "trash") { pending = order }.tint(.red)
                        }
                    }
                    .sheet(item: $pending) { order in DeleteOrderSheet(order: order) }
                }
            }
            struct DeleteOrderSheet: View {
                let order: Order
                var body: some View {
                    Button("Delete Order", role: .destructive) { store.delete(order) }
                }
            }
            """,
            """
            OrderRow(order: order)
                .swipeActions {
                    Button("Archive", systemImage: "archivebox") { store.archive(order) }
                }
            """,
            // Asks first: a destructive role would remove the row before the answer.
            """
            struct OrderList: View {
                @State private var orderToCancel: Order?
                @State private var isConfirming = false
                var body: some View {
                    List(orders) { order in
                        OrderRow(order: order)
                            .swipeActions {
                                Button("Delete", systemImage: "trash") {
                                    orderToCancel = order
                                    isConfirming = true
                                }
                                .tint(.red)
                            }
                    }
                    .confirmationDialog("Delete order?", isPresented: $isConfirming) {
                        Button("Delete", role: .destructive) { store.delete(orderToCancel) }
                    }
                }
            }
            """,
            """
            Text(entry.date, style: .time)
                .swipeActions {
                    Button("Delete", systemImage: "trash.fill", action: { requestDelete(entry) }).tint(.red)
                }
            """,
            // Localization keys count by their last word: a Restore action, a Filter one.
            #"Row().swipeActions { Button(.trashRestoreLabel, systemImage: "arrow.uturn.backward") { store.restore(item) } }"#,
            #"Row().swipeActions { Button { filters.clear() } label: { Label(.labelsRemoveFilter, systemImage: "line.3.horizontal.decrease") } }"#,
            // The text the development-language table gives the key, not its last word: "Hide from Inbox".
            RuleExample(
                #"Row().swipeActions { Button(L10n.Swipe.remove) { inbox.hide(item) } }"#,
                resources: ["en.lproj/Localizable.strings": #""swipe.remove" = "Hide from Inbox";"#]),
            // `destructiveSymbols`: a slashed symbol says the opposite.
            #"Row().swipeActions { Button("Restore", systemImage: "trash.slash") { store.restore(item) } }"#,
            #"Button("Delete", systemImage: "trash") { store.delete(order) }"#,
            // The parent decides what deleting does (it asks first, in another file).
            """
            struct DeviceRow: View {
                let device: Device
                let onDelete: () -> Void
                var body: some View {
                    Text(device.name)
                        .swipeActions { Button("Delete", systemImage: "trash", action: onDelete).tint(.red) }
                }
            }
            """,
            // The app's own modifier, known by its label: not SwiftUI's swipe actions.
            """
            extension View {
                func swipeActions(actionsArray: [SwipeAction]) -> some View { self }
            }
            Row().swipeActions(actionsArray: [SwipeAction(title: "Delete") { remove() }])
            """,
        ],
        corrections: [
            (#"Row().swipeActions { ↓Button("Delete", systemImage: "trash") { store.delete(order) } }"#,
             #"Row().swipeActions { Button("Delete", systemImage: "trash", role: .destructive) { store.delete(order) } }"#),
            (#"Row().swipeActions { ↓Button { remove(item) } label: { Label("Remove", systemImage: "trash") } }"#,
             #"Row().swipeActions { Button(role: .destructive) { remove(item) } label: { Label("Remove", systemImage: "trash") } }"#),
            (#"Row().swipeActions { ↓Button("Delete", role: .none, action: { remove(item) }) }"#,
             #"Row().swipeActions { Button("Delete", role: .destructive, action: { remove(item) }) }"#),
            (#"Row().swipeActions { ↓Button(action: { remove(item) }) { Image(systemName: "trash") } }"#,
             #"Row().swipeActions { Button(role: .destructive, action: { remove(item) }) { Image(systemName: "trash") } }"#),
        ],
        wordLists: [Destruction.words, Destruction.symbols],
        fixNeeds: [.buttonRole])

    static let message = "This swipe action destroys data without `role: .destructive`; add the role so it looks, animates and reads as destructive."

    static let visitedKinds: Set<SyntaxKind> = [.memberAccessExpr]
    static let visitedNames: Set<String>? = SwipeActionsModifier.triggerWords

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let swipe = SwipeActionsModifier(node, in: context) else { return }
        let words = context.words(Destruction.words)
        let symbols = context.words(Destruction.symbols)
        for button in context.file.actionButtons(in: swipe.content).buttons where button.view.name == "Button" {
            guard !button.isDestructiveRole, Destruction.isMeant(by: button, words: words, symbols: symbols, strings: context.module.localizedStrings),
                  context.applies(at: button.view.nameToken)
            else { continue }
            if let action = button.action, context.file.asksForConfirmation(action) || context.file.presentsConfirmingSheet(action)
                || context.file.runsInjectedAction(action) {
                continue
            }
            context.report(at: button.view.nameToken, message: Self.message, fix: Self.fix(button.view))
        }
    }

    /// `role:` goes after the title and symbol and before `action:`; a button written without
    /// parentheses gains them. A `role:` already written is replaced only when it is a plain value
    /// (`.none`, `nil`, `.cancel`) without comments: a computed role is the author's logic, left to them.
    static func fix(_ button: SwiftUIView) -> Fix? {
        guard let call = button.call else { return nil }
        let edit: TextEdit?
        if let role = call.argument("role") {
            guard role.expression.isReplaceableLiteral else { return nil }
            edit = FixBuilder.replace(role.expression, with: ".destructive")
        } else if let action = call.argument("action") {
            edit = .insert("role: .destructive, ", at: action.positionAfterSkippingLeadingTrivia.utf8Offset)
        } else if call.leftParen == nil {
            edit = .insert("(role: .destructive)", at: call.calledExpression.endPositionBeforeTrailingTrivia.utf8Offset)
        } else {
            edit = FixBuilder.addArgument("role: .destructive", to: call)
        }
        return edit.map { Fix(title: "Add `role: .destructive`", edits: [$0]) }
    }
}
