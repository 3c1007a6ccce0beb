import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// Browser controls rebuilt around a web view: an address field, back and forward buttons.
///
/// Both parts need a view that shows a web view: its type (or the file, outside any type)
/// creates a type whose name contains `WebView` (`WKWebView`, `WebView`, `WebViewContainer`),
/// a same-file representable that wraps `WKWebView`, or a view given a web view
/// (`Container(webView: model.webView)`). Controls in a separate toolbar type are not seen.
/// A `TextField` counts when it is bound (`text:` or `value:`) to a property whose name has
/// the word URL or Address (not an email or IP address). A `Button` counts when its action
/// calls `goBack()`/`goForward()` (or passes them as `action:`) on a value named like a web
/// view (`webView`, `browser.webView`); navigation routers' `goBack()` are not web views. The
/// buttons are left alone when the file loads local content (`loadFileURL`,
/// `loadHTMLString`) or serves its own URL scheme (`setURLSchemeHandler`): then the web
/// content is the product itself.
struct CustomBrowserChrome: Rule {
    static let description = RuleDescription(
        id: "custom-browser-chrome",
        name: "Custom browser chrome",
        section: .web,
        summary: "Do not rebuild a browser around a web view; send people to Safari for browsing.",
        rationale: """
            An app that needs an address bar and back and forward buttons is building a browser, \
            and people already have one they trust, with their bookmarks, passwords and privacy \
            settings. Web views are for showing content the app owns; for browsing, open Safari \
            or present `SFSafariViewController`, which brings its own controls.
            """,
        triggeringExamples: [
            """
            struct BrowserScreen: View {
                @State private var addressText = ""
                @StateObject private var model = BrowserModel()
                var body: some View {
                    VStack {
                        ↓TextField("Address", text: $addressText)
                        PageView(webView: model.webView)
                    }
                }
            }
            """,
            """
            struct ReaderScreen: View {
                @StateObject private var model = BrowserModel()
                var body: some View {
                    ArticleWebView(model: model)
                        .toolbar {
                            ↓Button { model.webView.goBack() } label: { Image(systemName: "chevron.backward") }
                            ↓Button(action: model.webView.goForward) { Image(systemName: "chevron.forward") }
                        }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            struct ServerForm: View {
                @State private var serverURL = ""
                var body: some View {
                    TextField("Server URL", text: $serverURL)
                }
            }
            """,
            """
            Button("Back") { router.goBack() }
            """,
            """
            struct NavigationButtons: View {
                @EnvironmentObject private var browser: BrowserModel
                var body: some View {
                    Button { browser.webView.goBack() } label: { Image(systemName: "chevron.backward") }
                }
            }
            """,
            """
            struct ManualView: View {
                let webView = WKWebView()
                var body: some View {
                    Button { webView.goBack() } label: { Image(systemName: "chevron.backward") }
                        .onAppear { webView.loadFileURL(manualURL, allowingReadAccessTo: manualFolder) }
                }
            }
            """,
            """
            struct ContactForm: View {
                @State private var emailAddress = ""
                let webView = WKWebView()
                var body: some View {
                    TextField("Email address", text: $emailAddress)
                }
            }
            """,
        ])

    static let addressMessage = "This view rebuilds a browser's address bar around a web view; open the link in Safari or `SFSafariViewController` instead."
    static let buttonMessage = "This button rebuilds a browser's back or forward control for a web view; for browsing, use Safari or `SFSafariViewController`."
    static let localContentCalls: Set<String> = ["loadFileURL", "loadHTMLString", "setURLSchemeHandler"]
    static let navigationCalls: Set<String> = ["goBack", "goForward"]

    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = ["TextField", "Button"]

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let call = node.as(FunctionCallExprSyntax.self), let view = context.file.view(at: call), view.isTypeCall,
              Self.visitedNames?.contains(view.name) == true, context.applies(at: call)
        else { return }
        switch view.name {
        case "TextField" where isAddressField(view) && showsWebView(around: call, in: context.file):
            context.report(at: view.nameToken, message: Self.addressMessage)
        case "Button" where navigatesWebView(view) && showsWebView(around: call, in: context.file) && !showsLocalContent(context.file):
            context.report(at: view.nameToken, message: Self.buttonMessage)
        default:
            return
        }
    }

    private func isAddressField(_ view: SwiftUIView) -> Bool {
        guard let bound = (view.argument("text") ?? view.argument("value"))?.expression.referencePath?.last else { return false }
        let words = camelCaseWords(bound).map { $0.lowercased() }
        return words.contains { $0 == "url" || $0 == "address" } && !words.contains { $0 == "email" || $0 == "mail" || $0 == "ip" }
    }

    private func showsWebView(around call: FunctionCallExprSyntax, in file: SwiftUIFile) -> Bool {
        let scope = file.enclosingType(of: call).map { Syntax($0.declaration) } ?? Syntax(file.tree)
        return scope.typeCalls(where: { $0.contains("WebView") || file.wrapsWebView($0) }).isEmpty == false
            || scope.typeCalls(where: { _ in true }).contains { call in
                call.call.arguments.contains { $0.expression.referencePath?.last.map(WebContent.isWebViewName) ?? false }
            }
    }

    private func showsLocalContent(_ file: SwiftUIFile) -> Bool {
        file.tree.containsIdentifier(where: Self.localContentCalls.contains)
    }

    private func navigatesWebView(_ view: SwiftUIView) -> Bool {
        if let action = view.argument("action")?.expression, let member = action.as(MemberAccessExprSyntax.self),
           Self.navigationCalls.contains(member.declName.baseName.text),
           let receiver = member.base?.referencePath?.last, WebContent.isWebViewName(receiver) {
            return true
        }
        return view.roledClosures.filter { $0.role == .action }.contains { action in
            action.closure.methodCalls(named: Self.navigationCalls).contains { $0.receiver?.last.map(WebContent.isWebViewName) ?? false }
        }
    }
}
