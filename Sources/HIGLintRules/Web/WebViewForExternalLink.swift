import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// Arbitrary links opened in an embedded web view instead of Safari.
///
/// Two shapes are recognised. A link handler (`OpenURLAction { … }`, `.onOpenURL { … }` or
/// `.onOpenURL(perform: handler)` with `handler` in the same file) whose body creates a web
/// view or browser view, sets a property that drives a `.sheet`, `.fullScreenCover`,
/// `.popover` or `.navigationDestination` of the same type showing one, or pushes a value onto a navigation
/// path (`path.append(url)`, the `path:` of a `NavigationStack` or a name ending in `path`) that a
/// `.navigationDestination(for:)` of the same type answers with one. And, only when
/// `ownedDomains` is configured, a web view created with, or loading, a literal `http(s)` URL
/// (inline or in a property of the same file) whose host is not an owned domain. Handlers
/// that go through a router or another file's state are not followed.
struct WebViewForExternalLink: Rule {
    static let description = RuleDescription(
        id: "web-view-for-external-link",
        name: "Web view for external link",
        section: .web,
        summary: "Open links to other sites in Safari or SFSafariViewController, not an embedded web view.",
        rationale: """
            A web view in an app is for content the app owns. Showing arbitrary websites in it gives \
            people a browser without an address bar, Reader, AutoFill, content blockers or their \
            Safari sign-ins, and makes them wonder whose page they are on. Hand links to Safari \
            with `openURL`, or present `SFSafariViewController` to keep people in the app.
            """,
        triggeringExamples: [
            """
            struct ArticleView: View {
                @State private var linkURL: URL?
                var body: some View {
                    Text(article.attributedBody)
                        .environment(\\.openURL, ↓OpenURLAction { url in
                            linkURL = url
                            return .handled
                        })
                        .sheet(item: $linkURL) { url in
                            WebView(url: url)
                        }
                }
            }
            """,
            """
            content.↓onOpenURL { url in
                browserPage = InAppBrowser(url: url)
            }
            """,
            RuleExample("""
                struct HelpView: View {
                    var body: some View {
                        ↓WebView(url: URL(string: "https://support.partner-payments.com/faq")!)
                    }
                }
                """, configuration: ownedDomainsExample),
            RuleExample("""
                func showTerms() {
                    webView.↓load(URLRequest(url: URL(string: "https://example.org/terms")!))
                }
                """, configuration: ownedDomainsExample),
            // Presented through a navigation path: the pushed URL's destination is a web view.
            """
            struct ArticleView: View {
                @State private var path = NavigationPath()
                var body: some View {
                    NavigationStack(path: $path) {
                        Text(article.attributedBody)
                            .environment(\\.openURL, ↓OpenURLAction { url in
                                path.append(url)
                                return .handled
                            })
                            .navigationDestination(for: URL.self) { url in ArticleWebView(url: url) }
                    }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            // A path whose destination for the pushed links is not a web view.
            """
            struct ArticleView: View {
                @State private var path = NavigationPath()
                var body: some View {
                    NavigationStack(path: $path) {
                        Text(article.attributedBody)
                            .environment(\\.openURL, OpenURLAction { url in
                                path.append(Route(url: url))
                                return .handled
                            })
                            .navigationDestination(for: Route.self) { route in RouteView(route: route) }
                    }
                }
            }
            """,
            """
            Text(article.attributedBody)
                .environment(\\.openURL, OpenURLAction { url in
                    safariURL = url
                    return .handled
                })
                .sheet(item: $safariURL) { url in
                    SafariView(url: url)
                }
            """,
            RuleExample("""
                struct HelpView: View {
                    var body: some View {
                        WebView(url: URL(string: "https://help.shop.example.com/faq")!)
                    }
                }
                """, configuration: ownedDomainsExample),
            """
            struct HelpView: View {
                var body: some View {
                    WebView(url: URL(string: "https://support.partner-payments.com/faq")!)
                }
            }
            """,
            """
            content.onOpenURL { url in
                router.handleDeepLink(url)
            }
            """,
        ],
        options: ["ownedDomains": "Set at the top level of the configuration: domains web views may load (subdomains included)."])

    static var ownedDomainsExample: Configuration {
        var configuration = Configuration()
        configuration.ownedDomains = ["shop.example.com"]
        return configuration
    }

    static let handlerMessage = "This link handler opens links in an embedded web view; hand them to Safari with `openURL` or present `SFSafariViewController`."
    static let loadMessage = "This web view loads a site the app does not own; open it in Safari or `SFSafariViewController` instead."
    static let presentingModifiers: Set<String> = ["sheet", "fullScreenCover", "popover", "navigationDestination"]

    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = ["OpenURLAction", "onOpenURL", "load", "loadRequest"]
    /// Web view types by `view.name`: `WKWebView`, `ArticleWebView`.
    static let visitedNameSuffixes: Set<String> = ["WebView"]

    func visit(_ node: Syntax, in context: RuleContext) {
        // `applies(at:)` climbs to the file's root (platforms, previews): it comes after the cheap tests of the name,
        // else a chain of n `load` calls costs n² steps.
        guard let call = node.as(FunctionCallExprSyntax.self) else { return }
        if let (token, body) = handler(of: call, in: context.file) {
            if context.applies(at: call), presentsWebView(body, from: call, in: context.file) {
                context.report(at: token, message: Self.handlerMessage)
            }
            return
        }
        guard let owned = context.configuration.ownedDomains, context.applies(at: call) else { return }
        if let view = context.file.view(at: call), view.isTypeCall, WebContent.isWebViewType(view.name),
           loadsForeignURL(call.arguments, from: call, owned: owned, in: context.file) {
            context.report(at: view.nameToken, message: Self.loadMessage)
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                  ["load", "loadRequest"].contains(member.declName.baseName.text),
                  let receiver = member.base?.referencePath?.last, WebContent.isWebViewName(receiver),
                  loadsForeignURL(call.arguments, from: call, owned: owned, in: context.file) {
            context.report(at: member.declName.baseName, message: Self.loadMessage)
        }
    }

    /// For `OpenURLAction { … }` and `.onOpenURL { … }` / `.onOpenURL(perform: f)`: where to report, and the handler's body.
    private func handler(of call: FunctionCallExprSyntax, in file: SwiftUIFile) -> (TokenSyntax, Syntax)? {
        let token: TokenSyntax
        let label: String
        if let view = file.view(at: call), view.name == "OpenURLAction", !file.declaresType("OpenURLAction") {
            (token, label) = (view.nameToken, "handler")
        } else if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "onOpenURL" {
            (token, label) = (member.declName.baseName, "perform")
        } else {
            return nil
        }
        if let closure = call.passedClosures.first?.closure { return (token, Syntax(closure)) }
        // A function passed by name: `.onOpenURL(perform: handleURL)`, `OpenURLAction(handler: open)`.
        guard let name = call.argument(label)?.expression.referencePath?.last,
              let function = file.enclosingType(of: call)?.functions[name]?.first ?? file.types[""]?.functions[name]?.first,
              let body = function.body
        else { return nil }
        return (token, Syntax(body))
    }

    /// Whether `body` creates a web view, or sets state that a presentation in the same type shows a web view for.
    private func presentsWebView(_ body: Syntax, from call: FunctionCallExprSyntax, in file: SwiftUIFile) -> Bool {
        if !body.typeCalls(where: WebContent.isWebViewOrBrowserType).isEmpty { return true }
        let scope = file.enclosingType(of: call).map { Syntax($0.declaration) } ?? Syntax(file.tree)
        if pushesWebViewOntoPath(body, scope: scope) { return true }
        let assigned = body.assignedNames
        guard !assigned.isEmpty else { return false }
        return scope.methodCalls(named: Self.presentingModifiers).contains { presentation in
            let bindings = presentation.call.arguments.compactMap { $0.expression.referencePath?.last }
            guard bindings.contains(where: assigned.contains) else { return false }
            return presentation.call.passedClosures.contains { !$0.closure.typeCalls(where: WebContent.isWebViewOrBrowserType).isEmpty }
        }
    }

    /// Whether `body` appends to a navigation path (`path.append(url)`) that a `.navigationDestination(for:)` of the scope
    /// answers with a web view. A path is the binding a `NavigationStack(path:)` of the scope is given, or a name
    /// ending in `path` (`router.path`).
    private func pushesWebViewOntoPath(_ body: Syntax, scope: Syntax) -> Bool {
        let stackPaths = Set(scope.typeCalls(where: { $0 == "NavigationStack" })
            .compactMap { $0.call.argument("path")?.expression.referencePath?.last })
        let pushed = body.methodCalls(named: ["append"]).compactMap { $0.receiver?.last }
            .filter { stackPaths.contains($0) || $0.lowercased().hasSuffix("path") }
        guard !pushed.isEmpty else { return false }
        return scope.methodCalls(named: ["navigationDestination"]).contains { destination in
            destination.call.argument("for") != nil
                && destination.call.passedClosures.contains { !$0.closure.typeCalls(where: WebContent.isWebViewOrBrowserType).isEmpty }
        }
    }

    /// Whether the arguments hold a literal `http(s)` URL, inline or in a same-file property, whose host is not owned.
    private func loadsForeignURL(_ arguments: LabeledExprListSyntax, from call: FunctionCallExprSyntax, owned: [String],
                                 in file: SwiftUIFile) -> Bool {
        var literals = arguments.filter { !$0.expression.is(ClosureExprSyntax.self) }.flatMap { $0.stringLiterals.map(\.value) }
        let type = file.enclosingType(of: call)
        for argument in arguments {
            for token in argument.tokens(viewMode: .sourceAccurate) {
                guard case .identifier(let name) = token.tokenKind, let initializer = file.property(name, in: type)?.initializer
                else { continue }
                literals += initializer.stringLiterals.map(\.value)
            }
        }
        return literals.compactMap(WebContent.httpHost(of:)).contains { !WebContent.host($0, isIn: owned) }
    }
}

private extension Syntax {
    /// Names assigned in this code: `linkURL` for `linkURL = url` and `self.state.linkURL = url`.
    var assignedNames: Set<String> {
        var names: Set<String> = []
        for token in tokens(viewMode: .sourceAccurate) where token.tokenKind == .equal {
            guard let assignment = token.parent?.as(AssignmentExprSyntax.self),
                  let sequence = assignment.parent?.as(ExprListSyntax.self),
                  let index = sequence.firstIndex(where: { $0.id == assignment.id }), index != sequence.startIndex,
                  let name = sequence[sequence.index(before: index)].referencePath?.last
            else { continue }
            names.insert(name)
        }
        return names
    }
}
