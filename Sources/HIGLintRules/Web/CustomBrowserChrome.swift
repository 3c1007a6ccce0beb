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
/// buttons are left alone when the web view they navigate loads local content (`webView.loadFileURL`,
/// `webView.loadHTMLString`) or is created with a configuration that serves its own URL scheme
/// (`configuration.setURLSchemeHandler`, then `WKWebView(frame:configuration:)`): then the web content is the
/// product itself. Web views are told apart by the name that holds them (`webView`, `helpWebView`): another web
/// view of the file that loads local content does not exempt a browser's buttons.
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
            // The help page is local; the buttons navigate another web view, a browser.
            """
            struct ReaderScreen: View {
                @StateObject private var model = BrowserModel()
                let helpWebView = WKWebView()
                var body: some View {
                    ArticleWebView(model: model)
                        .toolbar {
                            ↓Button { model.webView.goBack() } label: { Image(systemName: "chevron.backward") }
                        }
                        .onAppear { helpWebView.loadHTMLString(helpPage, baseURL: nil) }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            // A scheme handler serves the app's own pages to the web view the buttons navigate.
            """
            struct BookView: View {
                let webView: WKWebView = {
                    let configuration = WKWebViewConfiguration()
                    configuration.setURLSchemeHandler(BookSchemeHandler(), forURLScheme: "book")
                    return WKWebView(frame: .zero, configuration: configuration)
                }()
                var body: some View {
                    PageView(webView: webView)
                        .toolbar { Button { webView.goBack() } label: { Image(systemName: "chevron.backward") } }
                }
            }
            """,
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
        case "Button" where !navigatedWebViews(view).isEmpty && showsWebView(around: call, in: context.file)
                && navigatedWebViews(view).isDisjoint(with: localContentWebViews(in: context.file)):
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

    /// The names of the web views that show local content: the receivers of `loadFileURL`/`loadHTMLString`
    /// (`model.webView.loadFileURL(…)` → `webView`), and the names given a `WKWebView` created with a configuration
    /// that serves its own scheme (`configuration.setURLSchemeHandler(…)`), or holding the closure that creates it.
    private func localContentWebViews(in file: SwiftUIFile) -> Set<String> {
        var names: Set<String> = []
        var schemeConfigurations: Set<String> = []
        for (_, name, receiver) in file.tree.methodCalls(named: Self.localContentCalls) {
            guard let holder = receiver?.last else { continue }
            if name.text == "setURLSchemeHandler" { schemeConfigurations.insert(holder) } else { names.insert(holder) }
        }
        guard !schemeConfigurations.isEmpty else { return names }
        for (_, creation) in file.tree.typeCalls(where: { $0 == "WKWebView" }) {
            guard let configuration = creation.argument("configuration")?.expression.referencePath?.last,
                  schemeConfigurations.contains(configuration), let holder = Self.holderName(of: creation)
            else { continue }
            names.insert(holder)
        }
        return names
    }

    /// The name a created value is bound to: `let webView = WKWebView(…)`, `webView = WKWebView(…)`, or the property
    /// whose initialising closure returns it (`let webView: WKWebView = { …; return WKWebView(…) }()`).
    private static func holderName(of creation: FunctionCallExprSyntax) -> String? {
        var node = Syntax(creation)
        while let parent = node.parent {
            if let binding = parent.as(PatternBindingSyntax.self) {
                return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            }
            if let sequence = parent.as(SequenceExprSyntax.self), sequence.elements.count == 3,
               sequence.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true {
                return sequence.elements.first?.referencePath?.last
            }
            node = parent
        }
        return nil
    }

    /// The names of the web views the button's action calls `goBack()`/`goForward()` on (`model.webView` → `webView`).
    private func navigatedWebViews(_ view: SwiftUIView) -> Set<String> {
        var names: Set<String> = []
        if let action = view.argument("action")?.expression, let member = action.as(MemberAccessExprSyntax.self),
           Self.navigationCalls.contains(member.declName.baseName.text),
           let receiver = member.base?.referencePath?.last, WebContent.isWebViewName(receiver) {
            names.insert(receiver)
        }
        for action in view.roledClosures where action.role == .action {
            for (_, _, receiver) in action.closure.methodCalls(named: Self.navigationCalls) {
                if let name = receiver?.last, WebContent.isWebViewName(name) { names.insert(name) }
            }
        }
        return names
    }
}
