import HIGLintCore
import Testing

@Suite("How code names and draws asset images")
struct ImageUsesTests {
    func uses(_ source: String) -> ImageUses {
        var source = source
        return source.withUTF8 { ImageUses(scanning: $0) }
    }

    @Test("an Image's modifiers say whether it is drawn at its natural size or into a frame")
    func drawing() {
        let found = uses(#"""
            VStack {
                Image("Logo").renderingMode(.template)
                Image("Hero", bundle: .module)
                    .resizable()
                    .frame(width: 40, height: 30)
                Image(.heroArt).resizable().aspectRatio(contentMode: .fit)
                Image(decorative: "Stripe").resizable().frame(width: 10 * scale)
                Asset.Icons.trash.swiftUIImage.resizable().frame(maxWidth: 20)
                Image(uiImage: UIImage(named: "photo")!).resizable().frame(height: 120)
            }
            """#)
        #expect(found.use(ofImageNamed: ["Logo"])?.drawing == .naturalSize)
        #expect(found.use(ofImageNamed: ["Hero"]) == ImageUses.Use(drawing: .resizable, largestFrame: 40))
        #expect(found.use(ofImageNamed: ["hero-art"]) == ImageUses.Use(drawing: .resizable, largestFrame: 0))
        #expect(found.use(ofImageNamed: ["Stripe"]) == ImageUses.Use(drawing: .resizable, largestFrame: 0))
        #expect(found.use(ofImageNamed: ["Trash"]) == ImageUses.Use(drawing: .resizable, largestFrame: 0))
        #expect(found.use(ofImageNamed: ["photo"]) == ImageUses.Use(drawing: .resizable, largestFrame: 120))
    }

    @Test("loads for UIKit, controls' images, mentions and names built at run time")
    func otherUses() {
        let found = uses(#"""
            let tab = UIImage(named: "TabIcon")
            let label = Label("Reward", image: "Badge")
            let table = ["Favicon" : url]
            let frame = Image("cat_frame_\(index)")
            let avatar = Image(name + "_48").resizable()
            let flag = "flag_" + code
            let state = Image(isOn ? "BarOn" : "BarOff")
            let symbol = Image(systemName: "arrow.clockwise")
            let safeSymbol = Image(systemSymbol: .arrowTriangle2Circlepath)
            let tab = Label("Refresh", systemImage: "arrow.triangle.2.circlepath")
            // Image("Ghost")
            /* Image("Ghost2") */
            let text = """
                Image("Ghost3")
                """
            """#)
        #expect(found.use(ofImageNamed: ["TabIcon"])?.drawing == .loadedByName)
        #expect(found.use(ofImageNamed: ["Badge"])?.drawing == .naturalSize)
        #expect(found.use(ofImageNamed: ["Favicon"])?.drawing == .named)
        #expect(found.use(ofImageNamed: ["cat_frame_7"])?.drawing == .naturalSize)
        #expect(found.use(ofImageNamed: ["ava_48"])?.drawing == .resizable)
        #expect(found.use(ofImageNamed: ["flag_fr"])?.drawing == .named)
        #expect(found.use(ofImageNamed: ["BarOn"])?.drawing == .naturalSize)
        #expect(found.use(ofImageNamed: ["BarOff"])?.drawing == .naturalSize)
        for ghost in ["Ghost", "Ghost2", "Ghost3", "frame", "arrow.clockwise", "arrow.triangle.2.circlepath"] { #expect(found.use(ofImageNamed: [ghost]) == nil, "\(ghost)") }
        #expect(found.isKnown)
        #expect(ImageUses().use(ofImageNamed: ["Badge"]) == nil && !ImageUses().isKnown)
    }

    @Test("the uses survive the cache's text, and merge over files")
    func encoding() throws {
        var merged = uses(#"Image("A").resizable().frame(width: 12); let b = "b_\(i)""#)
        merged.formUnion(uses(#"Image("A"); let c = x + "_c2""#))
        let decoded = try #require(ImageUses(encoded: Substring(merged.encoded)))
        #expect(decoded == merged)
        #expect(decoded.use(ofImageNamed: ["A"]) == ImageUses.Use(drawing: [.resizable, .naturalSize], largestFrame: 12))
        #expect(!merged.encoded.contains(" "))
        #expect(ImageUses(encoded: "-") == ImageUses())
    }

    @Test("broken source ends the scan without a crash")
    func brokenSource() {
        for source in [#"Image(""#, "Image(", #"Image("a".resizable("#, #"let s = #"unterminated"#, "/* open", #""\(""#] {
            _ = uses(source)
        }
    }
}
