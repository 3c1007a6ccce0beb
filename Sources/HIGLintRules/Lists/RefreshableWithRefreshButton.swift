import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A refresh button in the same view as `.refreshable`.
///
/// "The same view" is the declaration holding `.refreshable` (a `body`, a `@ViewBuilder` property or
/// function) plus the same-type helpers its `.toolbar` uses. A button titled otherwise ("Retry", "Try
/// Again") is not a refresh button even with `arrow.clockwise`: that symbol often means retry. Buttons
/// in the other branch of an `if` than the refreshable view (an error or empty state), in a
/// `ContentUnavailableView`, or compiled only for platforms without pull to refresh are left alone.
struct RefreshableWithRefreshButton: Rule {
    static let description = RuleDescription(
        id: "refreshable-with-refresh-button",
        name: "Refreshable with refresh button",
        section: .lists,
        summary: "A list with pull to refresh should not also have a Refresh button.",
        rationale: """
            `.refreshable` gives the standard pull to refresh, which people expect on iOS. The HIG asks \
            not to add a manual refresh button to the same list: it takes toolbar space and suggests the \
            content does not update the standard way. A refresh button belongs on macOS, where there is \
            no pull to refresh.
            """,
        platforms: [.iOS],
        triggeringExamples: [
            """
            List(orders) { order in OrderRow(order: order) }
                .refreshable { await store.reload() }
                .toolbar {
                    ToolbarItem(placement: .primaryAction) {
                        ↓Button("Refresh", systemImage: "arrow.clockwise") { Task { await store.reload() } }
                    }
                }
            """,
            """
            struct Feed: View {
                var body: some View {
                    List(posts) { PostRow(post: $0) }
                        .refreshable { await model.load() }
                        .toolbar { toolbarContent }
                }
                @ToolbarContentBuilder private var toolbarContent: some ToolbarContent {
                    #if os(iOS)
                    ToolbarItem {
                        ↓Button { Task { await model.load() } } label: { Image(systemName: "arrow.triangle.2.circlepath") }
                    }
                    #endif
                }
            }
            """,
            // `refreshTitles`: a title says refresh whatever the symbol.
            """
            List(orders) { order in OrderRow(order: order) }
                .refreshable { await store.reload() }
                .toolbar { ↓Button("Reload Orders") { Task { await store.reload() } } }
            """,
        ],
        nonTriggeringExamples: [
            """
            List(orders) { order in OrderRow(order: order) }
                .refreshable { await store.reload() }
                .toolbar {
                    #if os(macOS)
                    Button("Refresh", systemImage: "arrow.clockwise") { Task { await store.reload() } }
                    #endif
                }
            """,
            // Retry in an error state is not a refresh button.
            """
            Group {
                if let error = model.error {
                    VStack {
                        Text(error.localizedDescription)
                        Button("Try Again", systemImage: "arrow.clockwise") { Task { await model.load() } }
                    }
                } else {
                    List(model.items) { ItemRow(item: $0) }
                        .refreshable { await model.load() }
                }
            }
            """,
            // `refreshSymbols` count only on a button with no title: Retry beside a refresh symbol is a retry.
            """
            List(orders) { order in OrderRow(order: order) }
                .refreshable { await store.reload() }
                .toolbar { Button("Retry Upload", systemImage: "arrow.clockwise") { uploader.retry() } }
            """,
            """
            List(orders) { order in OrderRow(order: order) }
                .toolbar { Button("Reload", systemImage: "arrow.clockwise") { reload() } }
            """,
            """
            List(orders) { order in OrderRow(order: order) }
                .refreshable { await store.reload() }
                .toolbar { Button("Rotate", systemImage: "rotate.right") { rotate() } }
            """,
        ],
        wordLists: [refreshTitles, refreshSymbols])

    static let message = "This view already refreshes with pull to refresh; remove the refresh button on iOS (keep it for macOS in `#if os(macOS)`)."
    static let refreshTitles = WordList(
        "refreshTitles", .matches,
        meaning: "Words of a button's title (any word, split at camelCase) that make it a refresh button.",
        defaults: ["refresh", "reload"])
    static let refreshSymbols = WordList(
        "refreshSymbols", .matches,
        meaning: "SF Symbols (and their variants) that make a button with no title a refresh button; a titled button is judged by its title.",
        defaults: ["arrow.clockwise", "arrow.counterclockwise", "arrow.triangle.2.circlepath"])

    static let visitedKinds: Set<SyntaxKind> = [.memberAccessExpr]
    static let visitedNames: Set<String>? = ["refreshable"]

    func visit(_ node: Syntax, in context: RuleContext) {
        let file = context.file
        guard let member = node.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "refreshable",
              !file.declaresFunction("refreshable"),
              let refreshable = file.view(modifiedBy: member)
        else { return }
        // The same view: the member declaration, or for top-level code the statement.
        let declaration = file.declarationContext(of: member)
        guard let region = declaration.map({ Syntax($0.declaration) }) ?? member.topLevelStatement.map(Syntax.init) else { return }
        let titles = context.words(Self.refreshTitles).map { $0.lowercased() }
        let symbols = context.words(Self.refreshSymbols)
        let buttons = file.remember("refreshable-with-refresh-button buttons", about: region) {
            self.buttons(in: region, type: declaration?.type, file: file)
        }
        for button in buttons where isRefresh(button, titles: titles, symbols: symbols) {
            let token = button.view.nameToken
            guard context.applies(at: token), !isForMacCatalyst(token), !token.isAlternative(to: refreshable.root),
                  !file.enclosingViews(of: token).contains(where: { $0.view.name == "ContentUnavailableView" })
            else { continue }
            context.report(at: token, message: Self.message)
        }
    }

    /// The buttons written in the declaration, and in the same-type helpers its toolbars use.
    private func buttons(in region: Syntax, type: TypeDeclaration?, file: SwiftUIFile) -> [ActionButton] {
        var regions = [region]
        for token in region.tokens(viewMode: .sourceAccurate) where token.text == "toolbar" {
            guard let member = token.parent?.parent?.as(MemberAccessExprSyntax.self),
                  let closure = member.parent?.as(FunctionCallExprSyntax.self)?.trailingClosure
            else { continue }
            for view in ViewBuilderContent.views(in: closure.statements) where view.call == nil || !view.isTypeCall {
                if let body = type?.properties[view.writtenName]?.body { regions.append(Syntax(body)) }
                if let function = type?.functions[view.writtenName]?.first { regions.append(Syntax(function)) }
            }
        }
        return regions.flatMap { region in
            region.tokens(viewMode: .sourceAccurate).compactMap { token -> ActionButton? in
                guard token.text == "Button", let call = token.parent?.parent?.as(FunctionCallExprSyntax.self),
                      let view = file.view(at: call), view.nameToken.id == token.id
                else { return nil }
                return ActionButton(view: view)
            }
        }
    }

    /// A refresh title, or a refresh symbol on a button with no other title.
    private func isRefresh(_ button: ActionButton, titles: [String], symbols: [String]) -> Bool {
        let words = button.titles.flatMap(Destruction.words(in:))
        if words.contains(where: titles.contains) { return true }
        guard button.titles.isEmpty else { return false }
        return button.symbols.contains { symbol in symbols.contains { symbol == $0 || symbol.hasPrefix($0 + ".") } }
    }

    /// A button under `#if targetEnvironment(macCatalyst)` is for the Mac, where there is no pull to refresh.
    private func isForMacCatalyst(_ token: TokenSyntax) -> Bool {
        var node = token.parent
        while let current = node {
            if let clause = current.as(IfConfigClauseSyntax.self), let condition = clause.condition,
               condition.trimmedSource.contains("targetEnvironment(macCatalyst)"), !condition.trimmedSource.hasPrefix("!") {
                return true
            }
            node = current.parent
        }
        return false
    }
}
