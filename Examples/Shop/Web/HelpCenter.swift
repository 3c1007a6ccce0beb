import SafariServices
import SwiftUI
import WebKit

/// Product descriptions link to the brand's site, and help pages are the shop's own.
struct ProductDescriptionView: View {
    let product: Product
    @State private var linkURL: URL?
    @State private var safariURL: URL?

    var body: some View {
        VStack(alignment: .leading) {
            Text(product.attributedDescription)
                // web-view-for-external-link fires: any link opens in an embedded web view.
                .environment(\.openURL, OpenURLAction { url in
                    linkURL = url
                    return .handled
                })
                .sheet(item: $linkURL) { url in
                    ShopWebView(url: url)
                }
            Text(product.attributedCareInstructions)
                // Compliant: links open in SFSafariViewController.
                .environment(\.openURL, OpenURLAction { url in
                    safariURL = url
                    return .handled
                })
                .sheet(item: $safariURL) { url in
                    SafariView(url: url)
                }
        }
    }
}

/// The shop's own web view, used for its help pages.
struct ShopWebView: UIViewRepresentable {
    let url: URL

    // wkwebview-wrapper fires on iOS 26: SwiftUI's WebView with a WebPage replaces this wrapper.
    @available(iOS 26, *)
    func makeUIView(context: Context) -> WKWebView {
        let webView = WKWebView(frame: .zero)
        webView.load(URLRequest(url: url))
        return webView
    }

    func updateUIView(_ webView: WKWebView, context: Context) {}
}

struct SafariView: UIViewControllerRepresentable {
    let url: URL

    func makeUIViewController(context: Context) -> SFSafariViewController { SFSafariViewController(url: url) }
    func updateUIViewController(_ controller: SFSafariViewController, context: Context) {}
}
