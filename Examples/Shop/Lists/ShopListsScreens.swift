import SwiftUI

/// Account settings: grouping, row order and selection.
struct AccountSettingsView: View {
    @Binding var name: String
    @Binding var email: String
    @Binding var marketingOptIn: Bool
    @Binding var giftWrap: Bool
    @State private var preferredCarrier: Carrier = .standard
    @State private var interests: Set<Category.ID> = []
    let categories: [Category]

    var body: some View {
        // Fires single-row-sections: three sections of one row each, no footer.
        Form {
            Section("Name") { TextField("Name", text: $name) }
            Section("Email") { TextField("Email", text: $email) }
            Section("Gift Wrap") { Toggle("Gift wrap by default", isOn: $giftWrap) }
        }
    }

    var shortcuts: some View {
        List {
            // Compliant: sections group several rows, and a single setting explains itself in a footer.
            Section("Shopping") {
                HStack { Image(systemName: "shippingbox"); Text("Orders") }
                HStack { Image(systemName: "heart"); Text("Wishlist"); Spacer(); Image(systemName: "chevron.right") }
                // Fires inconsistent-row-order: the image comes after the title here.
                HStack { Text("Returns"); Image(systemName: "arrow.uturn.left"); Text("2 open") }
            }
            Section {
                Toggle("Offers by email", isOn: $marketingOptIn)
            } footer: {
                Text("At most one email a month.")
            }
        }
    }

    var carrierPicker: some View {
        // Compliant: the system picker shows the selection.
        Picker("Carrier", selection: $preferredCarrier) {
            ForEach(Carrier.allCases) { Text($0.title).tag($0) }
        }
        .pickerStyle(.inline)
    }

    var interestsList: some View {
        List {
            ForEach(categories) { category in
                HStack {
                    Text(category.name)
                    Spacer()
                    // Fires custom-selection-checkmark: use List(selection:) instead.
                    if interests.contains(category.id) {
                        Image(systemName: "checkmark")
                    }
                }
                .contentShape(Rectangle())
                .onTapGesture {
                    if interests.contains(category.id) { interests.remove(category.id) } else { interests.insert(category.id) }
                }
            }
        }
    }
}

/// Product photos: a row that opens into a picture deserves a preview.
struct ProductPhotosView: View {
    let photos: [ProductPhoto]
    @Binding var favorites: Set<ProductPhoto.ID>

    var body: some View {
        List(photos) { photo in
            NavigationLink(value: photo) {
                HStack {
                    AsyncImage(url: photo.thumbnailURL) { $0.resizable().scaledToFill() } placeholder: { Color.secondary }
                        .frame(width: 44, height: 44)
                        .accessibilityHidden(true)
                    Text(photo.caption)
                }
            }
            // Fires context-menu-without-preview.
            .contextMenu {
                Button("Favorite", systemImage: "heart") { favorites.insert(photo.id) }
            }
        }
    }

    var withPreview: some View {
        List(photos) { photo in
            NavigationLink(value: photo) { Label(photo.caption, systemImage: "photo") }
                // Compliant: the preview shows the photo.
                .contextMenu {
                    Button("Favorite", systemImage: "heart") { favorites.insert(photo.id) }
                } preview: {
                    AsyncImage(url: photo.fullURL) { $0.resizable().scaledToFit() } placeholder: { ProgressView() }
                }
        }
    }
}
