import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A `ShareLink` whose item is neither a URL nor text and that has no `preview:`, or a `SharePreview`
/// without an image.
///
/// Text is a string literal (with or without interpolation), `String(…)`, a name this file declares as a
/// `String` (stored or computed) or initialises with a string literal, or a call of a function of the same type (or
/// of the file) that every declaration of that name declares to return a `String` (`exportLog()`); the system shows
/// text itself. A member of a type the module declares (in any file) as text or a URL, or sets to a string literal
/// or `URL(…)`, counts too: `Links.appStore`, `CodeGenerator.code(for:)`, and `draft.password` where this file
/// declares the property `draft` a `Draft` (`SwiftUIFile.declaredMember(of:)`, `ModuleIndex.textOrURLMembers`). A
/// value reached through an instance whose type the file does not write down (`model.summary` of a local or a
/// closure parameter) is not seen, and the rule reports it as it would any other item.
/// "Evidently a URL" is judged from the source: `URL(…)`, a name ending in `url`/`URL`/`link`/`Link`
/// (`article.shareURL`, `permalink`), looking through `!`, `?` and `??`, or the same expression used elsewhere in the file where only a URL fits (`openURL(link.content)`,
/// `Link(destination:)`, a `url:` argument). Any other URL held in a name like `address` or returned by a
/// function is taken as not evidently a URL.
/// `ShareLink(items:)` is not judged.
struct ShareLinkWithoutPreview: Rule {
    static let description = RuleDescription(
        id: "share-link-without-preview",
        name: "ShareLink without preview",
        section: .sharing,
        summary: "Give a ShareLink that shares something other than a URL or text a SharePreview with a title and image.",
        rationale: """
            The share sheet shows a preview of what is being shared so people can confirm it before \
            choosing a destination. The system builds one for URLs and shows text itself; for images and other \
            `Transferable` items it has nothing to show unless you pass `preview: SharePreview(title, image:)`. \
            A preview with a title but no image leaves the sheet's header blank.
            """,
        triggeringExamples: [
            #"↓ShareLink(item: order.receipt)"#,
            // The module declares the item as a file of its own, which the system cannot preview.
            RuleExample(#"↓ShareLink(item: Exports.receipt(for: order))"#, moduleFiles: [
                "enum Exports { static func receipt(for order: Order) -> ReceiptPDF { ReceiptPDF(order: order) } }",
            ]),
            """
            ShareLink(item: photo.image, preview: ↓SharePreview(photo.caption))
            """,
            """
            ↓ShareLink(item: recipe) {
                Label("Share Recipe", systemImage: "square.and.arrow.up")
            }
            """,
            // The property's type is declared, in another file, to hold a document: not text.
            RuleExample("""
                struct ReceiptView: View {
                    let order: Order
                    var body: some View { ↓ShareLink(item: order.receipt) }
                }
                """, moduleFiles: ["struct Order { let title: String; let receipt: ReceiptPDF }"]),
            // The type's own function returns a file, not text.
            """
            struct ExportButton: View {
                var body: some View { ↓ShareLink(item: exportFile()) }
                private func exportFile() -> ExportDocument { ExportDocument(rows: rows) }
            }
            """,
        ],
        nonTriggeringExamples: [
            // The module declares the item as a URL and returns text from a generator, in other files.
            RuleExample("""
                VStack {
                    ShareLink(item: Links.appStore) { Label("Share the App", systemImage: "square.and.arrow.up") }
                    ShareLink(item: CodeGenerator.code(for: experiment))
                }
                """, moduleFiles: [
                    #"enum Links { static let appStore = URL(string: "https://apps.apple.com/app/id1")! }"#,
                    "enum CodeGenerator { static func code(for experiment: Experiment) -> String { experiment.source } }",
                ]),
            #"ShareLink(item: product.webURL)"#,
            #"ShareLink("Share", item: URL(string: "https://example.com/p/42")!)"#,
            #"ShareLink(item: status.reblog?.url ?? status.url)"#,
            #"ShareLink(item: invitationLink, subject: Text("Join me"))"#,
            """
            ShareLink(item: photo.image, preview: SharePreview(photo.caption, image: photo.image))
            """,
            #"ShareLink(items: selectedPhotos)"#,
            // The same value is opened as a URL in this view, though its name does not say so.
            """
            struct LinkCard: View {
                @Environment(\\.openURL) private var openURL
                let link: PostLink
                var body: some View {
                    Text(link.title)
                        .onTapGesture { openURL(link.content) }
                        .contextMenu { ShareLink(item: link.content) }
                }
            }
            """,
            #"ShareLink(item: playlistShareURL())"#,
            #"ShareLink(item: "I just ordered \(order.title)")"#,
            """
            struct InviteButton: View {
                let inviteMessage: String
                var body: some View { ShareLink(item: inviteMessage) }
            }
            """,
            // A `String` property of the type another file declares the view's property to be.
            RuleExample("""
                struct PasswordView: View {
                    @ObservedObject var draft: Draft
                    var body: some View { ShareLink(item: draft.password) }
                }
                """, moduleFiles: ["final class Draft: ObservableObject { @Published var password: String = \"\" }"]),
            // The view's own function declared to return text.
            """
            struct LogsView: View {
                var body: some View { ShareLink(item: exportLog()) }
                private func exportLog() -> String { entries.joined(separator: "\\n") }
            }
            """,
        ])

    static let itemMessage = "This ShareLink shares something that is neither a URL nor text without a preview; add `preview: SharePreview(title, image:)`."
    static let previewMessage = "This SharePreview has a title but no image; add `image:` so the share sheet shows what is shared."

    static let usesModuleIndex = true
    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = ["ShareLink", "SharePreview"]

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let call = node.as(FunctionCallExprSyntax.self), let view = context.file.view(at: call), view.isTypeCall,
              Self.visitedNames?.contains(view.name) == true, context.applies(at: call), !context.file.declaresType(view.name)
        else { return }
        switch view.name {
        case "ShareLink":
            guard let item = view.argument("item")?.expression, !view.hasArgument("preview"), !item.isEvidentlyURL,
                  !context.file.isUsedAsURL(item), !isText(item, in: context.file) else { return }
            context.report(at: view.nameToken, message: Self.itemMessage)
        case "SharePreview":
            guard view.firstUnlabeledArgument != nil, !view.hasArgument("image") else { return }
            context.report(at: view.nameToken, message: Self.previewMessage)
        default:
            return
        }
    }
}

/// A string literal, `String(…)`, a name this file declares as a `String` or sets to a string literal, a call of the
/// type's own function declared to return a `String`, or a member the module declares as text or a URL
/// (`Links.appStore`, `CodeGenerator.code(for:)`, `draft.password` of a property `draft: Draft`).
private func isText(_ item: ExprSyntax, in file: SwiftUIFile) -> Bool {
    if item.is(StringLiteralExprSyntax.self) { return true }
    if let call = item.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedSource == "String" { return true }
    if let value = file.initialValue(of: item), value.is(StringLiteralExprSyntax.self) { return true }
    if let member = file.declaredMember(of: item), file.module.textOrURLMembers.contains(member.type + "." + member.name) {
        return true
    }
    if let call = item.as(FunctionCallExprSyntax.self), let name = ownFunctionName(call) {
        let functions = file.enclosingType(of: item)?.functions[name] ?? file.types[""]?.functions[name] ?? []
        if !functions.isEmpty, functions.allSatisfy({ isStringType($0.signature.returnClause?.type.trimmedSource) }) { return true }
    }
    guard let path = item.referencePath, path.count == 1 || (path.count == 2 && path[0] == "self"), let name = path.last,
          let type = file.property(name, in: file.enclosingType(of: item))?.typeAnnotation?.trimmedSource
    else { return false }
    return isStringType(type)
}

private func isStringType(_ type: String?) -> Bool {
    type == "String" || type == "String?"
}

/// `exportLog()` or `self.exportLog()`: a call of a function of the type the call is written in, or of the file.
private func ownFunctionName(_ call: FunctionCallExprSyntax) -> String? {
    if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
    guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
          member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
    else { return nil }
    return member.declName.baseName.text
}

private extension ExprSyntax {
    /// `URL(…)`, `URL(string: s)!`, or a name ending in url/URL/link/Link.
    var isEvidentlyURL: Bool {
        var expression = self
        if let sequence = expression.as(SequenceExprSyntax.self), let first = sequence.elements.first { expression = first }
        if let forced = expression.as(ForceUnwrapExprSyntax.self) { expression = forced.expression }
        if let optional = expression.as(OptionalChainingExprSyntax.self) { expression = optional.expression }
        var name = expression.referencePath?.last
        if let call = expression.as(FunctionCallExprSyntax.self) {
            // `URL(string:)`, or a function named for what it returns: `shareURL()`, `makePermalink(for:)`.
            let callee = call.calledExpression.trimmedSource
            if ["URL", "Foundation.URL", "URL.init"].contains(callee) { return true }
            name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
        }
        guard let name else { return false }
        return ["url", "URL", "Url", "link", "Link"].contains { name.hasSuffix($0) }
    }
}
