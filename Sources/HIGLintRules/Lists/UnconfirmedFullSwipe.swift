import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// `.swipeActions` whose full swipe runs a destructive first button that neither asks first nor can be undone.
///
/// The first button is the first view written in the closure (a same-type helper is resolved); when that
/// view cannot be seen, the rule says nothing. "Asks first" and "can be undone" are read from the action
/// and the same-file functions it calls (one level), see `DestructiveSwipeWithoutRole`; a sheet, cover or popover the
/// action presents asks first when its content offers a `role: .destructive` button or shows a view (named for
/// confirmation, or declared in the file with such a button) that does (`SwiftUIFile.presentsConfirmingSheet`); a
/// sheet declared in another file asks when the module knows it offers a destructive control (a `role: .destructive`
/// one, or its toolbar's `.destructiveAction`; `ModuleIndex.screenActions`). The view a container in the sheet holds
/// (`NavigationStack { LogOutSheet() }`) is the sheet's. A closure the row
/// was handed by its parent (`onDelete(user)`) is not judged, nor is one that only edits an editor's draft that a Cancel
/// discards and a Save hands on (`SwiftUIFile.editsDiscardableDraft`): a `@Binding`, an observed model or a `@State` model
/// that saves itself is no such draft. Nor is a button that ends or hides without deleting
/// (the declared list `endingWords`: Disconnect, Close, Hide). An entry of a recent-search or history list is judged
/// like any row: RULES.md names no exemption for it, and a search or a visit made again does not bring back what a
/// stray swipe removed. Words are read as the declared lists say: a Cancel Order loses the order.
struct UnconfirmedFullSwipe: Rule {
    static let description = RuleDescription(
        id: "unconfirmed-full-swipe",
        name: "Unconfirmed full swipe",
        section: .lists,
        summary: "A full swipe should not run a destructive action that neither asks first nor can be undone.",
        rationale: """
            A full swipe runs the first action without a tap, so a fast flick can delete by accident. \
            The HIG allows it only for actions that can be undone or that ask first; otherwise pass \
            `allowsFullSwipe: false` so the person has to tap the button. Left alone: an action that ends \
            without deleting (Disconnect, Close); the word list below says which.
            """,
        platforms: [.iOS, .visionOS],
        triggeringExamples: [
            // The sheet the swipe presents, in a navigation stack, is declared in another file and only edits: it
            // does not ask.
            RuleExample("""
                struct Accounts: View {
                    @State private var editing: Account?
                    var body: some View {
                        List(accounts) { account in
                            Text(account.name).↓swipeActions { Button("Log Out", role: .destructive) { editing = account } }
                        }
                        .sheet(item: $editing) { account in NavigationStack { AccountEditor(account: account) } }
                    }
                }
                """, moduleFiles: ["""
                struct AccountEditor: View {
                    let account: Account
                    var body: some View {
                        Form { TextField("Name", text: $name) }
                            .toolbar { ToolbarItem(placement: .confirmationAction) { Button("Save") { save() } } }
                    }
                }
                """]),
            """
            OrderRow(order: order)
                .↓swipeActions {
                    Button(role: .destructive) { modelContext.delete(order) } label: {
                        Label("Delete", systemImage: "trash")
                    }
                }
            """,
            """
            Text(item.name)
                .↓swipeActions(edge: .trailing, allowsFullSwipe: true) {
                    if items.count > 1 {
                        Button("Remove", systemImage: "minus.circle") { items.removeAll { $0.id == item.id } }
                    }
                }
            """,
            """
            row
            #if os(iOS)
                .↓swipeActions { Button("Delete", role: .destructive) { store.delete(order) } }
            #endif
            """,
            // `endingWords`: cancelling an order loses it; "cancel" is not a word that ends without loss.
            #"OrderRow(order: order).↓swipeActions { Button("Cancel Order", role: .destructive) { store.cancel(order) } }"#,
            // Search results are items, and so are past searches: neither comes back after a stray swipe.
            """
            ForEach(searchResults) { message in
                Text(message.subject).↓swipeActions { Button("Delete", role: .destructive) { mailbox.delete(message) } }
            }
            """,
            // `destructiveWords`: a localization key's last word.
            #"Row().↓swipeActions { Button(L10n.Swipe.delete) { store.delete(item) } }"#,
            // A recent search is no exception: a stray full swipe removes it with no way back.
            """
            ForEach(recentSearches, id: \\.self) { term in
                Text(term).↓swipeActions { Button("Delete", role: .destructive) { removeRecent(term) } }
            }
            """,
            // A sheet that shows something else (a receipt) does not ask: the order is gone when it appears.
            """
            struct Orders: View {
                @State private var receipt: Order?
                var body: some View {
                    List(orders) { order in
                        OrderRow(order: order).↓swipeActions {
                            Button("Delete", role: .destructive) { store.delete(order); receipt = order }
                        }
                    }
                    .sheet(item: $receipt) { order in ReceiptView(order: order) }
                }
            }
            """,
            // The editor's Save and Cancel do not make a draft of a binding: the parent's list loses the step at once.
            """
            struct StepsEditor: View {
                @Binding var steps: [Step]
                var body: some View {
                    List {
                        ForEach(steps) { step in
                            Text(step.name).↓swipeActions { Button("Delete", role: .destructive) { steps.removeAll { $0.id == step.id } } }
                        }
                    }
                    .toolbar {
                        ToolbarItem(placement: .cancellationAction) { Button("Cancel") { dismiss() } }
                        ToolbarItem(placement: .confirmationAction) { Button("Save") { onSave(steps) } }
                    }
                }
            }
            """,
            // A `@State` model that saves itself is the stored data, not a copy that Cancel throws away.
            """
            struct ScheduleEditor: View {
                @State private var model = ScheduleModel()
                var body: some View {
                    List {
                        ForEach(model.entries) { entry in
                            Text(entry.time).↓swipeActions { Button("Delete", role: .destructive) { model.entries.removeAll { $0.id == entry.id } } }
                        }
                    }
                    .toolbar {
                        Button("Cancel", role: .cancel) { dismiss() }
                        Button("Save") { model.save() }
                    }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            // The sheet the swipe presents, in a navigation stack, is declared in another file and asks: Cancel, and
            // the log-out placed as its destructive action.
            RuleExample("""
                struct Accounts: View {
                    @State private var leaving: Account?
                    var body: some View {
                        List(accounts) { account in
                            Text(account.name).swipeActions { Button("Log Out", role: .destructive) { leaving = account } }
                        }
                        .sheet(item: $leaving) { account in NavigationStack { LogOutSheet(account: account) } }
                    }
                }
                """, moduleFiles: ["""
                struct LogOutSheet: View {
                    let account: Account
                    var body: some View {
                        Text(account.name).toolbar {
                            ToolbarItem(placement: .cancellationAction) { Button("Cancel") { dismiss() } }
                            ToolbarItem(placement: .destructiveAction) { Button("Log Out") { logOut(account) } }
                        }
                    }
                }
                """]),
            // The editor's own copy: Cancel throws it away, Save hands it on.
            """
            struct RoutineEditor: View {
                @State private var draft: Routine
                let onSave: (Routine) -> Void
                var body: some View {
                    NavigationStack {
                        List {
                            ForEach(draft.steps) { step in
                                Text(step.name).swipeActions {
                                    Button("Delete", role: .destructive) { draft.steps.removeAll { $0.id == step.id } }
                                }
                            }
                        }
                        .toolbar {
                            ToolbarItem(placement: .cancellationAction) { Button("Cancel") { dismiss() } }
                            ToolbarItem(placement: .confirmationAction) { Button("Save") { onSave(draft); dismiss() } }
                        }
                    }
                }
            }
            """,
            // Asks first through a sheet whose content confirms.
            """
            struct Orders: View {
                @State private var pending: Order?
                var body: some View {
                    List(orders) { order in
                        OrderRow(order: order).swipeActions {
                            Button("Delete", role: .destructive) { pending = order }
                        }
                    }
                    .sheet(item: $pending) { order in
                        VStack {
                            Text("Delete \\(order.title)?")
                            Button("Delete Order", role: .destructive) { store.delete(order) }
                            Button("Keep", role: .cancel) { pending = nil }
                        }
                    }
                }
            }
            """,
            // Disconnect ends a session and loses nothing: the device is one tap away.
            #"DeviceRow(device: device).swipeActions { Button("Disconnect", role: .destructive) { bluetooth.disconnect(device) } }"#,
            // A localization key whose last word is not destructive: Restore, not Trash.
            #"Row().swipeActions { Button(.trashRestoreLabel, systemImage: "arrow.uturn.backward") { store.restore(item) } }"#,
            """
            OrderRow(order: order)
                .swipeActions(allowsFullSwipe: false) {
                    Button(role: .destructive) { modelContext.delete(order) } label: { Label("Delete", systemImage: "trash") }
                }
            """,
            """
            OrderRow(order: order)
                .swipeActions {
                    Button("Archive", systemImage: "archivebox") { store.archive(order) }
                    Button("Delete", role: .destructive) { store.delete(order) }
                }
            """,
            // Asks first.
            """
            struct Inbox: View {
                @State private var pendingDeletion: Message?
                var body: some View {
                    List(messages) { message in
                        Text(message.subject)
                            .swipeActions {
                                Button("Delete", systemImage: "trash") { pendingDeletion = message }.tint(.red)
                            }
                    }
                    .alert("Delete message?", isPresented: Binding(get: { pendingDeletion != nil }, set: { _ in })) { }
                }
            }
            """,
            // Can be undone.
            """
            struct Notes: View {
                @Environment(\\.undoManager) private var undoManager
                var body: some View {
                    List(notes) { note in
                        Text(note.title).swipeActions {
                            Button(role: .destructive) { delete(note) } label: { Label("Delete", systemImage: "trash") }
                        }
                    }
                }
                func delete(_ note: Note) {
                    store.remove(note)
                    undoManager?.registerUndo(withTarget: store) { $0.insert(note) }
                }
            }
            """,
            """
            Row().swipeActions { actions }
            """,
            // A closure handed in by the parent, which may ask first.
            """
            struct UserRow: View {
                var onDelete: (User) -> Void
                var body: some View {
                    Text(user.name).swipeActions { Button(role: .destructive) { onDelete(user) } label: { Text("Delete") } }
                }
            }
            """,
        ],
        corrections: [
            ("Row().↓swipeActions { Button(role: .destructive) { remove(item) } label: { Text(\"Delete\") } }",
             "Row().swipeActions(allowsFullSwipe: false) { Button(role: .destructive) { remove(item) } label: { Text(\"Delete\") } }"),
            ("Row().↓swipeActions(edge: .leading) { Button(\"Trash\", role: .destructive) { trash(item) } }",
             "Row().swipeActions(edge: .leading, allowsFullSwipe: false) { Button(\"Trash\", role: .destructive) { trash(item) } }"),
            ("Row().↓swipeActions(allowsFullSwipe: true) { Button(\"Delete\", role: .destructive) { remove(item) } }",
             "Row().swipeActions(allowsFullSwipe: false) { Button(\"Delete\", role: .destructive) { remove(item) } }"),
        ],
        wordLists: [Destruction.words, Destruction.symbols, endingWords],
        fixNeeds: [.swipeActions])

    static let message = "A full swipe runs this destructive action at once, with no confirmation or undo; add `allowsFullSwipe: false`, ask first, or register undo."

    static let visitedKinds: Set<SyntaxKind> = [.memberAccessExpr]
    static let visitedNames: Set<String>? = SwipeActionsModifier.triggerWords

    static let usesModuleIndex = true

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let swipe = SwipeActionsModifier(node, in: context),
              swipe.modifier.argument("allowsFullSwipe")?.expression.booleanLiteral != false,
              context.applies(at: swipe.modifier.nameToken),
              let first = context.file.actionButtons(in: swipe.content).buttons.first, first.view.name == "Button",
              isWrittenFirst(first, in: swipe, file: context.file)
        else { return }
        let words = context.words(Destruction.words)
        let symbols = context.words(Destruction.symbols)
        guard first.isDestructiveRole || Destruction.isMeant(by: first, words: words, symbols: symbols, strings: context.module.localizedStrings),
              !endsWithoutLoss(first, ending: context.words(Self.endingWords), destructive: words, strings: context.module.localizedStrings)
        else { return }
        if let action = first.action, context.file.asksForConfirmation(action) || context.file.presentsConfirmingSheet(action)
            || context.file.registersUndo(action) || context.file.runsInjectedAction(action) || context.file.editsDiscardableDraft(action) {
            return
        }
        context.report(at: swipe.modifier.nameToken, message: Self.message, fix: Self.fix(swipe.modifier))
    }

    /// A button that ends or hides something without deleting it (Disconnect, Close, Hide): its destructive role
    /// is a colour, and the same screen brings the thing back. One that also says it destroys is not.
    private func endsWithoutLoss(_ button: ActionButton, ending: [String], destructive: [String], strings: LocalizedStrings) -> Bool {
        let words = Set(Destruction.countedWords(of: button, strings: strings) + button.actionCalls.flatMap(Destruction.words(in:)))
        let ending = Set(ending.map { $0.lowercased() })
        return !words.isDisjoint(with: ending) && words.isDisjoint(with: destructive.map { $0.lowercased() })
    }

    static let endingWords = WordList(
        "endingWords", .exempts,
        meaning: """
            Words of a destructive first button's title or action call that say it ends or hides something without \
            deleting it: a full swipe may run it at once, since the same screen brings the thing back. A button whose \
            words are also among `destructiveWords` is not exempt (Close and Delete).
            """,
        defaults: ["disconnect", "close", "hide", "dismiss", "leave", "stop"])

    /// The button found first is the one a full swipe runs only when nothing unseen comes before it.
    private func isWrittenFirst(_ button: ActionButton, in swipe: SwipeActionsModifier, file: SwiftUIFile) -> Bool {
        guard let firstView = swipe.firstView else { return false }
        if firstView.nameToken.id == button.view.nameToken.id { return true }
        return file.helperViews(for: firstView).first?.nameToken.id == button.view.nameToken.id
    }

    /// Adds `allowsFullSwipe: false`, or turns a written `true` into `false`; an expression of the author's
    /// own (`allowsFullSwipe: settings.fullSwipe`), or one holding a comment, is left to them.
    static func fix(_ modifier: Modifier) -> Fix? {
        guard let call = modifier.call else { return nil }
        let edit: TextEdit?
        if let existing = call.argument("allowsFullSwipe") {
            guard existing.expression.isReplaceableLiteral else { return nil }
            edit = FixBuilder.replace(existing.expression, with: "false")
        } else if call.leftParen == nil {
            edit = .insert("(allowsFullSwipe: false)", at: modifier.nameToken.endPositionBeforeTrailingTrivia.utf8Offset)
        } else {
            edit = FixBuilder.addArgument("allowsFullSwipe: false", to: call)
        }
        return edit.map { Fix(title: "Add `allowsFullSwipe: false`", edits: [$0]) }
    }
}
