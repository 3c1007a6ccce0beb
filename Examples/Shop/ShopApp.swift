import SwiftUI

/// A small shop app that shows every HIGLint rule firing beside compliant code.
/// Run `swift run higlint Examples/` from the repository root to see the findings.
@main
struct ShopApp: App {
    @State private var store = OrderStore()

    var body: some Scene {
        WindowGroup {
            TabView {
                NavigationStack { OrderListView(store: store) }
                    .tabItem { Label("Orders", systemImage: "shippingbox") }
                NavigationStack { ProductDetailView(product: .sample) }
                    .tabItem { Label("Shop", systemImage: "bag") }
                NavigationStack { ProfileView() }
                    .tabItem { Label("Profile", systemImage: "person.crop.circle") }
                NavigationStack { ExploreView(store: store) }
                    .tabItem { Label("Explore", systemImage: "square.grid.2x2") }
            }
        }
    }
}
