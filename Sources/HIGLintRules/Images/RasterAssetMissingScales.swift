import Foundation
import HIGLintCore
import HIGLintSwiftUI

/// An asset-catalog image set whose raster images lack a scale the device needs.
///
/// Judged from `Contents.json`, the bitmaps' pixel sizes and, when the run holds Swift code, how that code names
/// and draws the image (`ImageUses`). Each variant (dark appearance, high contrast, display gamut, size class…) needs
/// its own scales. Only the idioms whose scales are settled are judged: iPhone (2x, 3x),
/// iPad (2x: there is no 3x iPad, and Xcode offers no 3x iPad slot), mac (1x, 2x), and
/// universal, which needs the scales of the platforms that use the catalog (project
/// facts or configuration: iOS 2x and 3x, macOS and tvOS 1x and 2x, watchOS and
/// visionOS 2x; with no platform known, iOS's). Watch, TV, vision and CarPlay slots, and
/// the layers of app-icon image stacks, are left alone. A single-scale set (images with no
/// scale, one universal or one per device and appearance) is Xcode's "Single Scale" choice
/// and is not judged.
struct RasterAssetMissingScales: AssetRule {
    static let description = RuleDescription(
        id: "raster-asset-missing-scales",
        name: "Raster asset missing scales",
        section: .images,
        summary: "A bitmap image set needs every scale its devices use, or a vector (PDF/SVG) instead.",
        rationale: """
            The HIG asks for high-resolution versions of all bitmap artwork: @2x and @3x for iPhone, \
            @1x and @2x for Mac; a universal image needs the scales of the platforms the app runs on. A missing scale is drawn by resampling \
            another one, so the image looks blurry on some screens or costs memory on others. For \
            icons and simple artwork, a single PDF or SVG with Preserve Vector Data scales cleanly \
            everywhere. A scale below every one present is left alone when the bitmaps are at least 128 \
            pixels on their longer side: the system halves them cleanly (a small glyph, such as a menu bar \
            icon, loses its detail and is reported). Artwork is left alone: a bitmap at least 256 points on its longer side at its slot's \
            scale (128 on watchOS, 512 on tvOS) is drawn into a frame, not at its natural size, and is sharp \
            wherever it is drawn. When the linted paths hold the app's Swift code, how it uses the image counts: an \
            image set the code never names (unused, or named only at run time) is left alone, and a scale above every \
            present one is asked for only where the code draws the image larger than its bitmaps: an `Image("name")` \
            at its natural size, a resizable one in a literal `frame` larger than the bitmaps hold at that scale, or an \
            icon-sized bitmap (under 128 pixels) loaded with `UIImage(named:)` or `NSImage(named:)`. A one-pixel bitmap \
            is one colour at every scale. The finding is on the image set's Contents.json.
            """,
        triggeringExamples: [
            RuleExample("""
                ↓{
                  "images" : [
                    { "filename" : "hero.png", "idiom" : "universal", "scale" : "1x" },
                    { "filename" : "hero@2x.png", "idiom" : "universal", "scale" : "2x" },
                    { "idiom" : "universal", "scale" : "3x" }
                  ],
                  "info" : { "author" : "xcode", "version" : 1 }
                }
                """, allowsWrapping: false, path: "Assets.xcassets/Hero.imageset/Contents.json"),
            RuleExample("""
                ↓{
                  "images" : [
                    { "filename" : "badge@2x.png", "idiom" : "universal", "scale" : "2x" },
                    { "filename" : "badge@3x.png", "idiom" : "universal", "scale" : "3x" },
                    {
                      "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ],
                      "filename" : "badge-dark@2x.png", "idiom" : "universal", "scale" : "2x"
                    },
                    {
                      "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ],
                      "idiom" : "universal", "scale" : "3x"
                    }
                  ],
                  "info" : { "author" : "xcode", "version" : 1 }
                }
                """, allowsWrapping: false, path: "Assets.xcassets/Badge.imageset/Contents.json"),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                {
                  "images" : [
                    { "filename" : "hero.png", "idiom" : "universal", "scale" : "1x" },
                    { "filename" : "hero@2x.png", "idiom" : "universal", "scale" : "2x" },
                    { "filename" : "hero@3x.png", "idiom" : "universal", "scale" : "3x" }
                  ],
                  "info" : { "author" : "xcode", "version" : 1 }
                }
                """, allowsWrapping: false, path: "Assets.xcassets/Hero.imageset/Contents.json"),
            RuleExample("""
                {
                  "images" : [ { "filename" : "leaf.pdf", "idiom" : "universal" } ],
                  "info" : { "author" : "xcode", "version" : 1 },
                  "properties" : { "preserves-vector-representation" : true }
                }
                """, allowsWrapping: false, path: "Assets.xcassets/Leaf.imageset/Contents.json"),
            RuleExample("""
                {
                  "images" : [ { "filename" : "banner.jpg", "idiom" : "universal" } ],
                  "info" : { "author" : "xcode", "version" : 1 }
                }
                """, allowsWrapping: false, path: "Assets.xcassets/Banner.imageset/Contents.json"),
            RuleExample("""
                {
                  "images" : [ { "filename" : "tile.png", "idiom" : "iphone" }, { "filename" : "tile-pad.png", "idiom" : "ipad" } ],
                  "info" : { "author" : "xcode", "version" : 1 }
                }
                """, allowsWrapping: false, path: "Assets.xcassets/Tile.imageset/Contents.json"),
            RuleExample("""
                {
                  "images" : [
                    { "filename" : "hero.png", "idiom" : "universal", "scale" : "1x" },
                    { "filename" : "hero@2x.png", "idiom" : "universal", "scale" : "2x" },
                    { "idiom" : "universal", "scale" : "3x" }
                  ],
                  "info" : { "author" : "xcode", "version" : 1 }
                }
                """, configuration: Configuration().with(platforms: .macOS), allowsWrapping: false,
                path: "Assets.xcassets/MacHero.imageset/Contents.json"),
            RuleExample("""
                {
                  "images" : [
                    { "filename" : "tile@2x.png", "idiom" : "iphone", "scale" : "2x" },
                    { "filename" : "tile@3x.png", "idiom" : "iphone", "scale" : "3x" },
                    { "filename" : "tile~ipad@2x.png", "idiom" : "ipad", "scale" : "2x" },
                    { "filename" : "tile-mac.png", "idiom" : "mac", "scale" : "1x" },
                    { "filename" : "tile-mac@2x.png", "idiom" : "mac", "scale" : "2x" },
                    { "filename" : "tile-watch@2x.png", "idiom" : "watch", "scale" : "2x" }
                  ],
                  "info" : { "author" : "xcode", "version" : 1 }
                }
                """, allowsWrapping: false, path: "Assets.xcassets/Tile.imageset/Contents.json"),
            RuleExample("""
                {
                  "images" : [
                    { "idiom" : "universal", "scale" : "1x" },
                    { "idiom" : "universal", "scale" : "2x" },
                    { "idiom" : "universal", "scale" : "3x" }
                  ],
                  "info" : { "author" : "xcode", "version" : 1 }
                }
                """, allowsWrapping: false, path: "Assets.xcassets/Placeholder.imageset/Contents.json"),
        ])

    /// The scales each judged device idiom needs.
    static let requiredScales: [String: [String]] = [
        "iphone": ["2x", "3x"], "ipad": ["2x"], "mac": ["1x", "2x"],
    ]
    /// The scales a universal image needs on each platform.
    static let universalScales: [(Platforms, [String])] = [
        (.iOS, ["2x", "3x"]), (.macOS, ["1x", "2x"]), (.tvOS, ["1x", "2x"]), (.watchOS, ["2x"]), (.visionOS, ["2x"]),
    ]

    /// The union for `platforms`; when nothing narrows them, iOS's, as before project facts were read.
    static func universalScales(for platforms: Platforms) -> [String] {
        guard platforms != .all else { return ["2x", "3x"] }
        let scales = Set(universalScales.filter { platforms.contains($0.0) }.flatMap(\.1))
        return scales.sorted()
    }
    static let rasterExtensions: Set<String> = ["png", "jpg", "jpeg", "heic", "heif", "gif", "tif", "tiff", "bmp", "webp"]
    static let vectorExtensions: Set<String> = ["pdf", "svg"]
    /// Folders of app-icon image stacks: their layers follow the icon's own rules.
    static let iconLayerSuffixes = [".imagestacklayer", ".solidimagestacklayer"]

    static func message(missing: [String]) -> String {
        "This image set's bitmaps lack \(missing.joined(separator: ", ")); add the missing scales, or use a single PDF or SVG with Preserve Vector Data."
    }

    func check(_ imageSet: ImageSet, in context: AssetContext) {
        guard !imageSet.containingFolders.contains(where: { folder in Self.iconLayerSuffixes.contains { folder.hasSuffix($0) } })
        else { return }
        let filled = imageSet.filledSlots
        guard !filled.contains(where: \.isSingleVector), !filled.allSatisfy(\.isSingleScale) else { return }
        var required = Self.requiredScales
        required["universal"] = Self.universalScales(for: context.facts.platforms)
        let raster = filled.filter(\.isRaster)
        let variants = Dictionary(grouping: raster.filter { required[$0.idiom ?? ""] != nil }) {
            VariantKey(idiom: $0.idiom ?? "", variant: $0.variant)
        }
        // With the run's Swift code known, an image set it never names is unused or named only at run time: how
        // it is drawn cannot be seen, and nobody sees it blurry.
        let use = context.imageUses.map { $0.use(ofImageNamed: imageSet.codeNames) }
        if case .some(.none) = use { return }
        var missing: [String] = []
        for (key, slots) in variants.sorted(by: { ($0.key.idiom, $0.key.variant) < ($1.key.idiom, $1.key.variant) }) {
            let present = Set(slots.compactMap(\.scale))
            var lacking = required[key.idiom]!.filter { !present.contains($0) }
            // Reading the bitmaps' sizes is file I/O: only for a variant that lacks a scale, and once.
            guard !lacking.isEmpty else { continue }
            let bitmaps = Self.measured(slots, in: imageSet)
            // One pixel is one colour, the same at every scale.
            if bitmaps.allSatisfy({ $0.pixels == 1 }) { continue }
            // A scale above every present one is drawn by enlarging, which blurs only an image drawn larger than
            // its pixels: at its natural size, into a frame too large for them, or an icon UIKit or AppKit shows.
            if let use = use ?? nil, let highest = present.compactMap(Self.factor).max(),
               let needed = lacking.compactMap(Self.factor).filter({ $0 > highest }).max(),
               !Self.isEnlargedVisibly(bitmaps, by: use, atScale: needed) {
                lacking.removeAll { (Self.factor($0) ?? 0) > highest }
            }
            // A scale below every present one is drawn by halving a larger bitmap, which is clean for a picture and
            // loses detail only in a small icon (a 32-pixel menu bar glyph).
            if let lowest = present.compactMap(Self.factor).min(), lacking.contains(where: { (Self.factor($0) ?? 0) < lowest }),
               bitmaps.allSatisfy({ $0.pixels >= Self.downsampledPixels }) {
                lacking.removeAll { (Self.factor($0) ?? 0) < lowest }
            }
            guard !lacking.isEmpty, !Self.isArtwork(bitmaps, platforms: context.facts.platforms) else { continue }
            missing += lacking.map { "\(key.idiom) \($0)" + (key.variant.isEmpty ? "" : " (\(key.variant))") }
        }
        guard !missing.isEmpty else { return }
        context.report(message: Self.message(missing: missing))
    }

    /// Bitmaps this large, in points at their slot's scale, are artwork drawn into a frame (`.resizable()`), not
    /// icons shown at their natural size: no icon is most of a screen wide. A 1,200-pixel photo in the 1x slot, or
    /// a 3x-only background, is sharp wherever it is drawn, and the system scales it down where a smaller scale is
    /// missing; below this size a missing scale is a blurry or badly thinned icon, as the HIG warns.
    static let artworkPoints: [(Platforms, Int)] = [
        (.iOS, 256), (.macOS, 256), (.visionOS, 256), (.tvOS, 512), (.watchOS, 128),
    ]

    /// From this many pixels on its longer side, a bitmap halved for a lower scale keeps its detail.
    static let downsampledPixels = 128

    static func factor(_ scale: String) -> Int? { Int(scale.dropLast()) }

    /// Whether code draws an image larger than its bitmaps at `scale`: a SwiftUI `Image` at its natural size
    /// (`Image("name")` with no `.resizable()`, a control's `image:`), a resizable one in a literal frame larger
    /// than the bitmaps hold at that scale, or an icon-sized bitmap loaded by name for UIKit or AppKit (buttons,
    /// bar and menu items draw those at their natural size). A resizable image without a literal frame, or a name
    /// written only where it is not drawn, cannot be judged and is not reported.
    static func isEnlargedVisibly(_ bitmaps: [(pixels: Int, scale: Int)], by use: ImageUses.Use, atScale scale: Int) -> Bool {
        if use.drawing.contains(.naturalSize) { return true }
        if use.largestFrame > 0, bitmaps.contains(where: { $0.pixels == 0 || $0.pixels < use.largestFrame * scale }) {
            return true
        }
        return use.drawing.contains(.loadedByName) && bitmaps.allSatisfy { $0.pixels < downsampledPixels }
    }

    /// Each bitmap's longer side in pixels (0 when unknown or without a file) and its slot's scale factor.
    static func measured(_ slots: [ImageSet.Slot], in imageSet: ImageSet) -> [(pixels: Int, scale: Int)] {
        slots.map { slot in
            let pixels = slot.filename.flatMap {
                ImagePixels.largerSide(ofFile: (imageSet.folder as NSString).appendingPathComponent($0))
            } ?? 0
            return (pixels, Int(slot.scale?.dropLast() ?? "1") ?? 1)
        }
    }

    /// Whether every bitmap of a variant is artwork on every platform the image set is built for.
    static func isArtwork(_ bitmaps: [(pixels: Int, scale: Int)], platforms: Platforms) -> Bool {
        // Unknown platforms are judged as iOS, as the scales are (`universalScales(for:)`).
        let judged = platforms == .all ? .iOS : platforms
        let threshold = artworkPoints.filter { judged.contains($0.0) }.map(\.1).max() ?? 256
        return bitmaps.allSatisfy { $0.pixels >= threshold * $0.scale }
    }

    private struct VariantKey: Hashable {
        var idiom: String
        var variant: String
    }
}

private extension ImageSet.Slot {
    var isRaster: Bool { fileExtension.map(RasterAssetMissingScales.rasterExtensions.contains) ?? false }

    /// A slot with no scale: Xcode's "Single Scale" set, vector or not, for all devices or per device
    /// ("Individual" idioms) and appearance.
    var isSingleScale: Bool { scale == nil }

    /// A PDF or SVG in a single-scale universal slot: drawn sharp at every scale.
    var isSingleVector: Bool {
        scale == nil && (idiom ?? "universal") == "universal"
            && fileExtension.map(RasterAssetMissingScales.vectorExtensions.contains) ?? false
    }
}
