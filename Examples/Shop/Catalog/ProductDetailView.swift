import SwiftUI

struct ProductDetailView: View {
    let product: Product
    @ScaledMetric private var priceSize: CGFloat = 28

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 16) {
                // image-missing-accessibility-label: VoiceOver reads the asset name.
                Image(product.heroImageName)
                    .resizable()
                    .scaledToFit()

                // Compliant: labelled.
                Image(product.detailImageName)
                    .resizable()
                    .scaledToFit()
                    .accessibilityLabel(product.detailImageDescription)

                // Compliant: decorative.
                Image(decorative: "divider-flourish")

                // raster-asset-missing-scales: drawn at its natural size, StoreBanner's 2x bitmap is enlarged
                // on a 3x screen (the finding is on its Contents.json).
                Image("StoreBanner")
                    .accessibilityLabel("Spring sale")

                // async-image-without-placeholder: nothing shows while it loads.
                AsyncImage(url: product.designerPortraitURL)
                    .clipShape(Circle())
                    .accessibilityLabel("Portrait of \(product.designer)")

                // Compliant: a placeholder with the final size.
                AsyncImage(url: product.lifestyleImageURL) { image in
                    image.resizable().scaledToFill()
                } placeholder: {
                    Color.secondary.opacity(0.2)
                }
                .frame(height: 220)
                .accessibilityLabel("The mug on a breakfast table")

                Text(product.name)
                    .font(.largeTitle)
                // Compliant: the size follows Dynamic Type through @ScaledMetric.
                Text(product.price, format: .currency(code: "EUR"))
                    .font(.system(size: priceSize, weight: .bold))
                // fixed-font-size: a title-sized custom font without `relativeTo:` scales as body text
                // does, far past `.title` at accessibility sizes.
                Text(product.collection)
                    .font(.custom("Avenir Next", size: 28))
                // Compliant: a body-sized custom font already scales as body text does.
                Text(product.story)
                    .font(.custom("Avenir Next", size: 17))
                // Compliant: scales relative to .body.
                Text(product.careInstructions)
                    .font(.custom("Avenir Next", size: 15, relativeTo: .subheadline))

                HStack {
                    // Compliant: an SF Symbol sized with a font.
                    Image(systemName: "leaf")
                        .font(.system(size: 20))
                    Text("Made from recycled clay")
                }
            }
            .padding()
        }
    }
}
