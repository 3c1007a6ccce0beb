import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A Share control whose symbol is not `square.and.arrow.up`.
///
/// Titles and symbol names are read from literals, and through a `let`/`var`, static constant or computed property of
/// the same type or file that holds one (RULES.md, *Values, not only literals*); the fix then writes the standard
/// symbol at the argument, leaving the constant to its other uses. The title must start with the word
/// "Share" ("Share", "Share…", "Share Recipe"; not "Shared" or "Shareholders"), given as the
/// control's or `Label`'s title or as the `Text` of a control's label; a localization key
/// like `"share.button"` is not a title. SharePlay symbols (`shareplay…`) are a different
/// feature and are left alone, as are `Menu`s titled Share, and a QR code symbol (`qrcode…`): "Share QR Code"
/// shows a code to scan, and the symbol is what it shows; nor a copy symbol (`doc.on.doc`, `doc.on.clipboard`), for a
/// "Share" that copies to the pasteboard, which the share symbol would misname.
/// Several Share options written side by side (a share chooser) are each judged: RULES.md names no exemption for
/// them, and the standard symbol beside each title still says "share".
struct NonstandardShareSymbol: Rule {
    static let description = RuleDescription(
        id: "nonstandard-share-symbol",
        name: "Nonstandard share symbol",
        section: .sharing,
        summary: "A Share button or label should use the standard square.and.arrow.up symbol.",
        rationale: """
            People recognise sharing by one symbol: the square with an arrow pointing up. A Share \
            control drawn with a paper plane, a link or an arrow of its own reads as something else \
            (send, copy link, export), and people look for the standard symbol in vain. The fix \
            replaces the symbol with `square.and.arrow.up`.
            """,
        triggeringExamples: [
            #"Button("Share", systemImage: ↓"paperplane") { shareOrder() }"#,
            #"Label("Share Recipe", systemImage: ↓"arrowshape.turn.up.right")"#,
            """
            ShareLink(item: product.webURL) {
                Label("Share…", systemImage: ↓"link")
            }
            """,
            """
            Button(action: share) {
                HStack {
                    Image(systemName: ↓"paperplane.fill")
                    Text("Share")
                }
            }
            """,
            // Title and symbol held in properties of the same type.
            """
            struct RecipeToolbar: View {
                private let shareTitle = "Share Recipe"
                private static let shareSymbol = "paperplane"
                var body: some View {
                    Button(shareTitle, systemImage: ↓Self.shareSymbol) { shareRecipe() }
                }
            }
            """,
            // A share chooser: each option is a Share control, and each keeps the standard symbol.
            """
            VStack(alignment: .leading) {
                Text("Share Weather").font(.headline)
                Button(action: onLink) { Label("Share Location Link", systemImage: ↓"link") }
                Button(action: onSummary) { Label("Share Text Summary", systemImage: ↓"text.quote") }
            }
            """,
        ],
        nonTriggeringExamples: [
            #"Button("Share QR Code", systemImage: "qrcode") { showingQRCode = true }"#,
            #"Button("Share Log", systemImage: "doc.on.doc") { UIPasteboard.general.string = log }"#,
            #"Button("Share", systemImage: "square.and.arrow.up") { shareOrder() }"#,
            #"Label("Share", systemImage: "square.and.arrow.up.circle.fill")"#,
            #"Label("Shared with You", systemImage: "person.2")"#,
            """
            struct RecipeToolbar: View {
                private let shareTitle = "Share Recipe"
                private let shareSymbol = "square.and.arrow.up"
                var body: some View {
                    Button(shareTitle, systemImage: shareSymbol) { shareRecipe() }
                }
            }
            """,
            #"Button("Send", systemImage: "paperplane") { send() }"#,
            #"Label("Share with SharePlay", systemImage: "shareplay")"#,
            #"ShareLink("Share", item: product.webURL)"#,
            """
            Button { showShareSheet = true } label: {
                HStack {
                    Text("Share Logs")
                    Spacer()
                    Image(systemName: "chevron.right")
                }
            }
            """,
        ],
        corrections: [
            (#"Button("Share", systemImage: ↓"paperplane") { shareOrder() }"#,
             #"Button("Share", systemImage: "square.and.arrow.up") { shareOrder() }"#),
            (#"Label { Text("Share") } icon: { Image(systemName: ↓"arrowshape.turn.up.right") }"#,
             #"Label { Text("Share") } icon: { Image(systemName: "square.and.arrow.up") }"#),
        ])

    static let message = "This Share control uses a nonstandard symbol; use `square.and.arrow.up`, the symbol people know for sharing."
    static let standardSymbol = "square.and.arrow.up"
    static let standardSymbols: Set<String> = ["square.and.arrow.up", "square.and.arrow.up.fill",
                                               "square.and.arrow.up.circle", "square.and.arrow.up.circle.fill"]

    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = ["Button", "Label", "ShareLink"]

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let call = node.as(FunctionCallExprSyntax.self), let view = context.file.view(at: call), view.isTypeCall,
              ["Button", "Label", "ShareLink"].contains(view.name), context.applies(at: call)
        else { return }
        guard view.shareTitle(in: context.file), let symbol = view.shareSymbol,
              let name = (context.file.madeValue(of: symbol) ?? symbol).plainStringLiteral,
              !Self.standardSymbols.contains(name), !name.hasPrefix("shareplay"), !name.hasPrefix("qrcode"), !name.hasPrefix("doc.on.")
        else { return }
        let fix = Fix(title: "Use `square.and.arrow.up`", edits: [FixBuilder.replace(symbol, with: "\"\(Self.standardSymbol)\"")])
        context.report(at: symbol, message: Self.message, fix: fix)
    }
}

private extension SwiftUIView {
    /// Whether the title (argument, `Label` title closure, or the label's first `Text`) starts with the word "Share".
    /// A title held in a name of the file (`let shareTitle = "Share"`) is read through it.
    func shareTitle(in file: SwiftUIFile) -> Bool {
        func startsWithShare(_ title: ExprSyntax) -> Bool { (file.madeValue(of: title) ?? title).startsWithShare }
        if let title = controlTitle ?? (name == "Label" ? firstUnlabeledArgument : nil) {
            return startsWithShare(title)
        }
        let texts = (name == "Label" ? childViews(roles: [.title]) : controlLabelViews.flatMap { [$0] + $0.descendantViews() })
            .filter { $0.name == "Text" && $0.isTypeCall }
        return texts.first?.firstUnlabeledArgument.map(startsWithShare) ?? false
    }

    /// The symbol-name literal the control shows: its `systemImage:`, or an `Image(systemName:)` in its icon or label.
    /// `nil` when its label is a `Label`, which is judged on its own.
    var shareSymbol: ExprSyntax? {
        if let symbol = argument("systemImage")?.expression { return symbol }
        let candidates: [SwiftUIView]
        if name == "Label" {
            candidates = childViews(roles: [.icon])
        } else {
            guard !controlLabelViews.flatMap({ [$0] + $0.descendantViews() }).contains(where: { $0.name == "Label" }) else { return nil }
            candidates = Self.leadingViews(controlLabelViews)
        }
        guard let symbol = candidates.first(where: { $0.name == "Image" && $0.isTypeCall && $0.hasArgument("systemName") })?
            .argument("systemName")?.expression,
            // A disclosure chevron marks a row that navigates; it is not the control's icon.
            symbol.plainStringLiteral?.hasPrefix("chevron.") != true
        else { return nil }
        return symbol
    }

    /// The views of a label in reading order through stacks, up to the first `Spacer`:
    /// what comes after a spacer is a trailing accessory, not the control's icon.
    static func leadingViews(_ views: [SwiftUIView]) -> [SwiftUIView] {
        var result: [SwiftUIView] = []
        for view in views {
            if view.name == "Spacer" { break }
            result.append(view)
            if ["HStack", "VStack", "ZStack", "Group"].contains(view.name) {
                result += leadingViews(view.childViews(roles: [.content]))
                if view.childViews(roles: [.content]).contains(where: { $0.name == "Spacer" }) { break }
            }
        }
        return result
    }
}

private extension ExprSyntax {
    /// A string literal whose text starts with the word "Share" (interpolation after it is fine).
    var startsWithShare: Bool {
        guard let literal = self.as(StringLiteralExprSyntax.self),
              let first = literal.segments.first?.as(StringSegmentSyntax.self) else { return false }
        let text = first.content.text
        guard text.hasPrefix("Share") else { return false }
        let rest = text.dropFirst("Share".count)
        return rest.first.map { !$0.isLetter } ?? true
    }
}
