import SwiftData
import SwiftUI

/// The shop's product photo gallery. Each grid rule of HIGLint fires once here (marked `HIGLint:`),
/// next to code that follows the guideline.
struct PhotoGridView: View {
    @Query(sort: \ProductPhoto.addedAt, order: .reverse) private var photos: [ProductPhoto]
    @State private var viewedPhoto: ProductPhoto?

    // HIGLint: fixed-grid-columns (three flexible columns on every width).
    private let columns = [GridItem(.flexible()), GridItem(.flexible()), GridItem(.flexible())]
    // Compliant: adaptive columns reflow from iPhone to Mac.
    private let adaptiveColumns = [GridItem(.adaptive(minimum: 140), spacing: 12)]

    var body: some View {
        ScrollView {
            // Compliant: a lazy grid with tappable cells that are links and have a context menu.
            LazyVGrid(columns: adaptiveColumns, spacing: 12) {
                ForEach(photos) { photo in
                    NavigationLink(value: photo) {
                        PhotoThumbnail(photo: photo)
                    }
                    .contextMenu {
                        ShareLink(item: photo.fileURL)
                        Button("Delete", systemImage: "trash", role: .destructive) { delete(photo) }
                    }
                }
            }

            // HIGLint: grid-cell-without-context-menu and tap-gesture-as-button on the same cell.
            LazyVGrid(columns: columns) {
                ForEach(photos.filter(\.isFavorite)) { photo in
                    PhotoThumbnail(photo: photo)
                        .onTapGesture { open(photo) }
                }
            }

            // HIGLint: eager-stack-for-dynamic-data (every photo laid out at once).
            ScrollView(.horizontal) {
                HStack {
                    ForEach(photos) { photo in
                        PhotoThumbnail(photo: photo)
                            .frame(width: 80)
                    }
                }
            }

            // Compliant: a short, fixed strip may be eager.
            HStack {
                ForEach(photos.prefix(3)) { photo in
                    PhotoThumbnail(photo: photo).frame(width: 44)
                }
            }
        }
        .navigationTitle("Photos")
        .navigationDestination(for: ProductPhoto.self) { PhotoDetailView(photo: $0) }
        .toolbar {
            // Compliant: glass on a control above the grid.
            Button("Import", systemImage: "square.and.arrow.down") { importPhotos() }
                .glassEffect()
        }
    }

    private func open(_ photo: ProductPhoto) { viewedPhoto = photo }
    private func delete(_ photo: ProductPhoto) {}
    private func importPhotos() {}
}

/// One photo in the grid.
struct PhotoThumbnail: View {
    let photo: ProductPhoto

    var body: some View {
        Image(photo.assetName)
            .resizable()
            .scaledToFill()
            .accessibilityLabel(photo.caption)
            // HIGLint: glass-effect-in-grid (the thumbnail is a grid cell).
            .glassEffect(.regular, in: .rect(cornerRadius: 12))
    }
}
