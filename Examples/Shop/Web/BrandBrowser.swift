import SwiftUI
import WebKit

@MainActor
final class BrandBrowserModel: ObservableObject {
    let webView = WKWebView()
    @Published var addressText = ""
}

struct BrandPageContainer: UIViewRepresentable {
    let webView: WKWebView

    func makeUIView(context: Context) -> WKWebView { webView }
    func updateUIView(_ webView: WKWebView, context: Context) {}
}

/// A rebuilt browser for brand pages.
struct BrandBrowser: View {
    @StateObject private var model = BrandBrowserModel()
    @State private var searchText = ""

    var body: some View {
        VStack {
            // custom-browser-chrome fires: an address bar…
            TextField("Brand site address", text: $model.addressText)
            BrandPageContainer(webView: model.webView)
            HStack {
                // …and back and forward buttons.
                Button { model.webView.goBack() } label: { Label("Back", systemImage: "chevron.backward") }
                Button { model.webView.goForward() } label: { Label("Forward", systemImage: "chevron.forward") }
            }
            // Compliant: a search field is not an address bar.
            TextField("Search products", text: $searchText)
        }
    }
}
