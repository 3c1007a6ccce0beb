import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A swipe button whose action the row's context menu does not also offer.
///
/// The context menus looked at are those on the same row view, those at the root of the row's `body`
/// when the row is a view type declared in the same file, those at the root of what a helper of the file returns
/// when the row is its call (`articleRow(article)`), and a `.contextMenu(forSelectionType:)` on the
/// row's `List`, and context menus built by a helper of the module from closures the row passes it
/// (`ModuleIndex.contextMenuHelpers`). A button matches when a title or a called function is the same. When a context menu's
/// content cannot all be seen (a custom view, a helper in another file, a `ForEach`), the rule says
/// nothing for that row; so it does for a row that carries a module `ViewModifier` attaching a context menu
/// (`.modifier(RowMenu(…))`), and for swipes on a `ViewModifier`'s `content`, a row built where the modifier
/// is applied. Other alternatives (the detail screen a link row opens, a toolbar) are not looked for: whether that
/// screen offers the same action is in a view the rule does not follow, and readers of real apps judged link rows
/// both ways.
struct SwipeActionWithoutAlternative: Rule {
    static let description = RuleDescription(
        id: "swipe-action-without-alternative",
        name: "Swipe action without alternative",
        section: .lists,
        summary: "Every swipe action should also be in the row's context menu.",
        rationale: """
            Swipe actions are shortcuts, not the only path: nothing on screen says they exist, and they \
            are awkward with VoiceOver, Switch Control and a pointer. The HIG asks that anything in \
            `.swipeActions` also be reachable another way; a `.contextMenu` on the same row offers it \
            with a long press or a secondary click.
            """,
        platforms: [.iOS, .visionOS],
        triggeringExamples: [
            // A link row's detail screen is not followed: the context menu is the alternative looked for.
            """
            NavigationLink { CategoryDetail(category: category) } label: { CategoryRow(category: category) }
                .swipeActions { ↓Button("Delete", role: .destructive) { delete(category) } }
            """,
            """
            ForEach(orders) { order in
                OrderRow(order: order)
                    .swipeActions {
                        ↓Button("Archive", systemImage: "archivebox") { archive(order) }
                    }
            }
            """,
            """
            MessageRow(message: message)
                .swipeActions(edge: .leading) {
                    ↓Button {
                        toggleRead(message)
                    } label: {
                        Label(message.isRead ? "Unread" : "Read", systemImage: "envelope.badge")
                    }
                }
                .contextMenu {
                    Button("Reply", systemImage: "arrowshape.turn.up.left") { reply(to: message) }
                }
            """,
            // The module's menu helper is given other actions than the swipe's.
            RuleExample("""
                OrderRow(order: order)
                    .swipeActions { ↓Button("Delete", role: .destructive) { delete(order) } }
                    .orderActions(archive: { archive(order) }, share: { share(order) })
                """, moduleFiles: [
                """
                extension View {
                    func orderActions(archive: @escaping () -> Void, share: @escaping () -> Void) -> some View {
                        contextMenu {
                            Button("Archive", action: archive)
                            Button("Share", action: share)
                        }
                    }
                }
                """,
            ]),
        ],
        nonTriggeringExamples: [
            // The row is built where the modifier is applied, with the menu another modifier attaches there.
            """
            struct TaskSwipes: ViewModifier {
                let task: TodoTask
                func body(content: Content) -> some View {
                    content.swipeActions { Button("Complete") { complete(task) } }
                }
            }
            """,
            // The helper that builds the row attaches the same action in its context menu.
            """
            struct Inbox: View {
                var body: some View {
                    List(articles) { article in
                        articleRow(article)
                            .swipeActions { Button("Read") { model.toggleRead(article) } }
                    }
                }
                private func articleRow(_ article: Article) -> some View {
                    ArticleRow(article: article)
                        .contextMenu { Button("Mark as Read") { model.toggleRead(article) } }
                }
            }
            """,
            // A module modifier attaches the row's context menu.
            RuleExample("""
                VMRow(vm: vm)
                    .modifier(VMContextMenu(vm: vm))
                    .swipeActions { Button("Delete", role: .destructive) { confirmDelete = vm } }
                """, moduleFiles: [
                """
                struct VMContextMenu: ViewModifier {
                    let vm: VM
                    func body(content: Content) -> some View {
                        content.contextMenu { Button("Delete", role: .destructive) { confirmDelete = vm } }
                    }
                }
                """,
            ]),
            """
            OrderRow(order: order)
                .swipeActions {
                    Button("Archive", systemImage: "archivebox") { archive(order) }
                }
                .contextMenu {
                    Button("Archive", systemImage: "archivebox") { archive(order) }
                    ShareLink(item: order.receiptURL)
                }
            """,
            // Matched by the action it calls, with the context menu built by a helper.
            """
            struct OrderList: View {
                var body: some View {
                    List(orders) { order in
                        OrderRow(order: order)
                            .swipeActions { Button { archive(order) } label: { Image(systemName: "archivebox") } }
                            .contextMenu { menu(for: order) }
                    }
                }
                @ViewBuilder func menu(for order: Order) -> some View {
                    Button("Move to Archive") { archive(order) }
                }
            }
            """,
            // The same localized title, written once as a String and once as the resource.
            """
            AccountRow(account: account)
                .swipeActions {
                    Button(String(localized: signOutLabel)) { showingSignOutConfirmation = true }.tint(.red)
                }
                .contextMenu {
                    Button(signOutLabel, systemImage: "rectangle.portrait.and.arrow.right", role: .destructive) {
                        showingSignOutConfirmation = true
                    }
                }
            """,
            // The context menu is a custom view from another file: it cannot be read.
            """
            StatusRow(status: status)
                .swipeActions { Button("Boost") { boost(status) } }
                .contextMenu { StatusContextMenu(status: status) }
            """,
            """
            List(selection: $selection) {
                ForEach(mailboxes) { mailbox in
                    Text(mailbox.name).swipeActions { Button("Mark Read") { markRead(mailbox) } }
                }
            }
            .contextMenu(forSelectionType: Mailbox.ID.self) { ids in
                Button("Mark Read") { markRead(ids) }
            }
            """,
            // A helper of the module builds the context menu from the actions it is given.
            RuleExample("""
                OrderRow(order: order)
                    .swipeActions { Button("Archive") { archive(order) } }
                    .orderActions(archive: { archive(order) }, share: { share(order) })
                """, moduleFiles: [
                """
                extension View {
                    func orderActions(archive: @escaping () -> Void, share: @escaping () -> Void) -> some View {
                        contextMenu {
                            Button("Archive", systemImage: "archivebox", action: archive)
                            Button("Share", systemImage: "square.and.arrow.up", action: share)
                        }
                    }
                }
                """,
            ]),
        ])

    static let message = "This swipe action is not in the row's context menu; swipes are hidden and hard to use with VoiceOver, so offer the same action in `.contextMenu`."

    static let visitedKinds: Set<SyntaxKind> = [.memberAccessExpr]
    static let visitedNames: Set<String>? = SwipeActionsModifier.triggerWords

    static let usesModuleIndex = true

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let swipe = SwipeActionsModifier(node, in: context),
              let alternatives = alternatives(for: swipe.row, in: context.file)
        else { return }
        let helperCalls = context.file.contextMenuHelperCalls(of: swipe.row)
        for button in context.file.actionButtons(in: swipe.content).buttons where button.view.name == "Button" {
            guard !alternatives.contains(where: button.matches), helperCalls.isDisjoint(with: button.actionCalls),
                  context.applies(at: button.view.nameToken) else { continue }
            context.report(at: button.view.nameToken, message: Self.message)
        }
    }

    /// The controls of the row's context menus, or `nil` when some of them cannot be seen.
    private func alternatives(for row: SwiftUIView, in file: SwiftUIFile) -> [ActionButton]? {
        // A `ViewModifier`'s `content` is a row built where the modifier is applied, beside whatever menu is there.
        if row.root.firstToken(viewMode: .sourceAccurate)?.text == "content",
           file.enclosingType(of: row.root)?.conforms(to: "ViewModifier") == true {
            return nil
        }
        // A module modifier that attaches a context menu (`.modifier(RowMenu(…))`) holds items out of sight.
        if row.modifiers(named: "modifier").contains(where: { attachesContextMenu($0, in: file) }) { return nil }
        var menus = row.modifiers(named: "contextMenu")
        if row.isTypeCall, let body = file.types[row.writtenName]?.properties["body"]?.body {
            menus += ViewBuilderContent.views(in: body).flatMap { $0.modifiers(named: "contextMenu") }
        }
        // A row a helper of the file builds (`articleRow(article)`): the menu at the root of what it returns.
        if !row.isTypeCall { menus += file.helperViews(for: row).flatMap { $0.modifiers(named: "contextMenu") } }
        if case .row(let list) = file.rowPlacement(of: row) {
            menus += list.modifiers(named: "contextMenu").filter { $0.hasArgument("forSelectionType") }
        }
        var buttons: [ActionButton] = []
        for menu in menus {
            guard let closure = menu.call?.closure("menuItems") ?? menu.call?.trailingClosure else { return nil }
            let found = file.actionButtons(in: closure)
            guard found.isComplete else { return nil }
            buttons += found.buttons
        }
        return buttons
    }

    private func attachesContextMenu(_ modifier: Modifier, in file: SwiftUIFile) -> Bool {
        guard let applied = modifier.firstArgument?.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedSource
        else { return false }
        return file.module.contextMenuViews.contains(applied)
            || file.types[applied]?.declaration.containsMemberAccess(named: "contextMenu") == true
    }
}
