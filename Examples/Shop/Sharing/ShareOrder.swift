import SwiftUI
import UIKit

/// Sharing an order and a product.
struct ShareOrderView: View {
    let order: Order
    let product: Product
    @State private var showsActivitySheet = false

    var body: some View {
        List {
            // Compliant: a URL gets its preview from the system.
            ShareLink("Share Product", item: product.webURL)

            // share-link-without-preview fires: the text has no preview.
            ShareLink(item: order.summaryText)

            // Compliant: a title and an image.
            ShareLink(item: product.photo, preview: SharePreview(product.name, image: product.photo))

            // share-link-without-preview fires: a preview with a title but no image.
            ShareLink(item: order.receipt, preview: SharePreview(order.number))

            // nonstandard-share-symbol fires (fix: square.and.arrow.up).
            Button("Share Order", systemImage: "paperplane") { showsActivitySheet = true }
        }
        .toolbar {
            // Compliant: the standard symbol.
            Label("Share Receipt", systemImage: "square.and.arrow.up")
        }
        .sheet(isPresented: $showsActivitySheet) {
            ActivitySheet(items: [order.summaryText])
        }
    }
}

/// custom-share-sheet fires: ShareLink presents the system share sheet.
struct ActivitySheet: UIViewControllerRepresentable {
    let items: [Any]

    func makeUIViewController(context: Context) -> UIActivityViewController {
        UIActivityViewController(activityItems: items, applicationActivities: nil)
    }

    func updateUIViewController(_ controller: UIActivityViewController, context: Context) {}
}
