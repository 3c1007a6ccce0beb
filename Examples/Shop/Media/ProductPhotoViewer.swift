import AVKit
import SwiftUI

/// Product photos shown full screen: one viewer zooms, the other does not.
struct ProductPhotoViewer: View {
    let product: Product
    @State private var selectedPhoto: ProductPhoto?
    @State private var showsLookbook = false

    var body: some View {
        ProductPhotoGrid(product: product, selection: $selectedPhoto)
            // fullscreen-image-without-zoom fires: the photo cannot be pinched.
            .fullScreenCover(item: $selectedPhoto) { photo in
                Image(photo.assetName)
                    .resizable()
                    .scaledToFit()
                    .accessibilityLabel(photo.caption)
            }
            // Compliant: a magnify gesture drives the scale.
            .fullScreenCover(isPresented: $showsLookbook) {
                ZoomablePhoto(assetName: product.lookbookAssetName, caption: product.name)
            }
    }
}

struct ZoomablePhoto: View {
    let assetName: String
    let caption: String
    @State private var scale: CGFloat = 1

    var body: some View {
        Image(assetName)
            .resizable()
            .scaledToFit()
            .scaleEffect(scale)
            .gesture(MagnifyGesture().onChanged { scale = $0.magnification })
            .accessibilityLabel(caption)
    }
}
