import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A representable that wraps `WKWebView` where SwiftUI's own `WebView` is available.
///
/// Fires on `makeUIView`/`makeNSView` of a `UIViewRepresentable`/`NSViewRepresentable` that
/// creates a `WKWebView` (or a `WKWebView` subclass declared in the same file) or returns one,
/// when the configured deployment target for that platform (iOS or visionOS for UIKit, macOS
/// for AppKit) is 26 or later, or when the function, its type, or a use of the wrapper in the
/// same file sits under `if #available(… 26 …)` or `@available(… 26 …)`.
struct WKWebViewWrapper: Rule {
    static let description = RuleDescription(
        id: "wkwebview-wrapper",
        name: "WKWebView wrapper",
        section: .web,
        defaultSeverity: .note,
        summary: "From iOS 26 and macOS 26, use SwiftUI's WebView and WebPage instead of wrapping WKWebView.",
        rationale: """
            SwiftUI's `WebView`, driven by an observable `WebPage`, shows web content natively: \
            navigation state, loading progress, find-in-page and scroll position work with SwiftUI \
            state, without a representable and a coordinator to keep in sync. Once the app's \
            deployment target reaches iOS 26 or macOS 26, a hand-written wrapper is only extra code.
            """,
        triggeringExamples: [
            RuleExample("""
                struct ArticleWebView: UIViewRepresentable {
                    let url: URL
                    func ↓makeUIView(context: Context) -> WKWebView {
                        let webView = WKWebView(frame: .zero)
                        webView.load(URLRequest(url: url))
                        return webView
                    }
                    func updateUIView(_ webView: WKWebView, context: Context) {}
                }
                """, configuration: deploymentTarget26),
            """
            struct HelpWebView: NSViewRepresentable {
                @available(macOS 26, *)
                func ↓makeNSView(context: Context) -> WKWebView { WKWebView() }
                func updateNSView(_ view: WKWebView, context: Context) {}
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            struct ArticleWebView: UIViewRepresentable {
                func makeUIView(context: Context) -> WKWebView { WKWebView() }
                func updateUIView(_ webView: WKWebView, context: Context) {}
            }
            """,
            RuleExample("""
                struct ArticleView: View {
                    @State private var page = WebPage()
                    var body: some View {
                        WebView(page)
                    }
                }
                """, configuration: deploymentTarget26),
            RuleExample("""
                struct MapWrapper: UIViewRepresentable {
                    func makeUIView(context: Context) -> MKMapView { MKMapView() }
                    func updateUIView(_ view: MKMapView, context: Context) {}
                }
                """, configuration: deploymentTarget26),
        ])

    static var deploymentTarget26: Configuration {
        var configuration = Configuration()
        configuration.deploymentTarget = ["iOS": "26.0"]
        return configuration
    }

    static let message = "This representable wraps WKWebView; from iOS 26 and macOS 26 use SwiftUI's `WebView` with a `WebPage`."
    static let makers: [String: Set<String>] = ["makeUIView": ["iOS", "visionOS"], "makeNSView": ["macOS"]]

    static let visitedKinds: Set<SyntaxKind> = [.functionDecl]
    static let visitedNames: Set<String>? = Set(Self.makers.keys)

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let function = node.as(FunctionDeclSyntax.self), let platforms = Self.makers[function.name.text],
              let type = context.file.enclosingType(of: function), type.isRepresentable,
              context.applies(at: function), createsWebView(function, in: context.file)
        else { return }
        let guaranteed = function.availableMajorVersion(on: platforms)
            ?? context.file.references(to: type.name).compactMap { $0.availableMajorVersion(on: platforms) }.max()
        let deployed = platforms.compactMap(Platforms.init(name:)).compactMap(context.facts.deploymentMajorVersion(on:)).max()
        guard (guaranteed ?? 0) >= 26 || (deployed ?? 0) >= 26 else { return }
        context.report(at: function.name, message: Self.message)
    }

    private func createsWebView(_ function: FunctionDeclSyntax, in file: SwiftUIFile) -> Bool {
        let isWebView = { (name: String) in name == "WKWebView" || file.types[name]?.inheritedTypes.first == "WKWebView" }
        if let returned = function.signature.returnClause?.type.trimmedSource, isWebView(returned) { return true }
        return function.body.map { !$0.typeCalls(where: isWebView).isEmpty } ?? false
    }
}
