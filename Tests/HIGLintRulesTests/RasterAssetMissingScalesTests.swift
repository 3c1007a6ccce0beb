import Foundation
import HIGLintCore
import HIGLintRules
import HIGLintSwiftUI
import Testing

/// `raster-asset-missing-scales` over catalogs on disk, shaped the way Xcode writes them.
enum RasterAssetMissingScalesMessages {
    static func missing(_ scales: String) -> String {
        "This image set's bitmaps lack \(scales); add the missing scales, or use a single PDF or SVG with Preserve Vector Data."
    }
}

@Suite("raster-asset-missing-scales")
struct RasterAssetMissingScalesTests {
    /// Lints a catalog made of `imageSets` (folder path inside `Assets.xcassets` → Contents.json)
    /// and returns the image sets reported, by folder path inside the catalog.
    /// `swift` holds Swift files written beside the catalog (file name → source), linted with it.
    func reportedImageSets(_ imageSets: [String: String], files: [String: [UInt8]] = [:],
                           platforms: Platforms = .all, swift: [String: String] = [:]) throws -> [String] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let catalog = root.appendingPathComponent("Assets.xcassets")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        try Data(#"{ "info" : { "author" : "xcode", "version" : 1 } }"#.utf8).write(to: catalog.appendingPathComponent("Contents.json"))
        for (folder, contents) in imageSets {
            let directory = catalog.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: directory.appendingPathComponent("Contents.json"))
            try Data([0x89, 0x50, 0x4E, 0x47]).write(to: directory.appendingPathComponent("placeholder.png"))
        }
        for (path, bytes) in files { try Data(bytes).write(to: catalog.appendingPathComponent(path)) }
        for (name, source) in swift { try Data(source.utf8).write(to: root.appendingPathComponent(name)) }
        var configuration = Configuration().with(platforms: platforms)
        configuration.onlyRules = ["raster-asset-missing-scales"]
        let result = LintEngine(ruleTypes: allRules, configuration: configuration).lint(paths: [root.path])
        #expect(result.errors.isEmpty, "\(result.errors)")
        for diagnostic in result.diagnostics {
            #expect(diagnostic.path.hasSuffix("/Contents.json") && diagnostic.line == 1 && diagnostic.column == 1)
        }
        return result.diagnostics.map {
            String($0.path.dropFirst(catalog.path.count + 1).dropLast("/Contents.json".count))
        }
    }

    func contents(_ images: String, properties: String? = nil) -> String {
        var json = "{\n  \"images\" : [\n\(images)\n  ],\n  \"info\" : { \"author\" : \"xcode\", \"version\" : 1 }"
        if let properties { json += ",\n  \"properties\" : { \(properties) }" }
        return json + "\n}\n"
    }

    @Test("fires on a universal bitmap without 3x, and not on a complete one")
    func universalScales() throws {
        let reported = try reportedImageSets([
            "Complete.imageset": contents("""
                { "filename" : "c.png", "idiom" : "universal", "scale" : "1x" },
                { "filename" : "c@2x.png", "idiom" : "universal", "scale" : "2x" },
                { "filename" : "c@3x.png", "idiom" : "universal", "scale" : "3x" }
                """),
            "NoOneX.imageset": contents("""
                { "idiom" : "universal", "scale" : "1x" },
                { "filename" : "n@2x.png", "idiom" : "universal", "scale" : "2x" },
                { "filename" : "n@3x.jpg", "idiom" : "universal", "scale" : "3x" }
                """),
            "Incomplete.imageset": contents("""
                { "filename" : "i.png", "idiom" : "universal", "scale" : "1x" },
                { "filename" : "i@2x.png", "idiom" : "universal", "scale" : "2x" },
                { "idiom" : "universal", "scale" : "3x" }
                """),
            "Photos/OnlyThree.imageset": contents("""
                { "idiom" : "universal", "scale" : "1x" },
                { "idiom" : "universal", "scale" : "2x" },
                { "filename" : "o@3x.heic", "idiom" : "universal", "scale" : "3x" }
                """),
        ])
        #expect(reported == ["Incomplete.imageset", "Photos/OnlyThree.imageset"])
    }

    @Test("a single PDF or SVG is vector; a single-scale bitmap is a deliberate choice")
    func vectors() throws {
        let reported = try reportedImageSets([
            "Pdf.imageset": contents(#"{ "filename" : "p.pdf", "idiom" : "universal" }"#,
                                     properties: #""preserves-vector-representation" : true"#),
            "Svg.imageset": contents(#"{ "filename" : "s.svg", "idiom" : "universal" }"#),
            "SingleScalePng.imageset": contents(#"{ "filename" : "big.png", "idiom" : "universal" }"#,
                                                properties: #""preserves-vector-representation" : true"#),
        ])
        #expect(reported.isEmpty)
    }

    @Test("each dark-mode variant needs its own scales")
    func appearances() throws {
        let dark = #""appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ], "#
        let reported = try reportedImageSets([
            "BothComplete.imageset": contents("""
                { "filename" : "a@2x.png", "idiom" : "universal", "scale" : "2x" },
                { "filename" : "a@3x.png", "idiom" : "universal", "scale" : "3x" },
                { \(dark)"filename" : "a-dark@2x.png", "idiom" : "universal", "scale" : "2x" },
                { \(dark)"filename" : "a-dark@3x.png", "idiom" : "universal", "scale" : "3x" }
                """),
            "DarkIncomplete.imageset": contents("""
                { "filename" : "b@2x.png", "idiom" : "universal", "scale" : "2x" },
                { "filename" : "b@3x.png", "idiom" : "universal", "scale" : "3x" },
                { \(dark)"filename" : "b-dark@2x.png", "idiom" : "universal", "scale" : "2x" },
                { \(dark)"idiom" : "universal", "scale" : "3x" }
                """),
        ])
        #expect(reported == ["DarkIncomplete.imageset"])
    }

    @Test("device idioms: iPhone 2x and 3x, iPad 2x, mac 1x and 2x; others are not judged")
    func idioms() throws {
        let reported = try reportedImageSets([
            "Devices.imageset": contents("""
                { "filename" : "d@2x.png", "idiom" : "iphone", "scale" : "2x" },
                { "filename" : "d@3x.png", "idiom" : "iphone", "scale" : "3x" },
                { "idiom" : "ipad", "scale" : "1x" },
                { "filename" : "d~ipad@2x.png", "idiom" : "ipad", "scale" : "2x" }
                """),
            "MacOnlyTwoX.imageset": contents("""
                { "idiom" : "mac", "scale" : "1x" },
                { "filename" : "m@2x.png", "idiom" : "mac", "scale" : "2x" }
                """),
            "Watch.imageset": contents(#"{ "filename" : "w@2x.png", "idiom" : "watch", "scale" : "2x" }"#),
            "TV.imageset": contents(#"{ "filename" : "t.png", "idiom" : "tv", "scale" : "1x" }"#),
        ])
        #expect(reported == ["MacOnlyTwoX.imageset"])
    }

    @Test("empty slots and app-icon stack layers are not judged")
    func emptyAndIconLayers() throws {
        let reported = try reportedImageSets([
            "Empty.imageset": contents("""
                { "idiom" : "universal", "scale" : "1x" },
                { "idiom" : "universal", "scale" : "2x" },
                { "idiom" : "universal", "scale" : "3x" }
                """),
            "AppIcon.solidimagestack/Front.solidimagestacklayer/Content.imageset":
                contents(#"{ "filename" : "front.png", "idiom" : "vision", "scale" : "2x" }"#),
            "Brand.brandassets/App Icon.imagestack/Back.imagestacklayer/Content.imageset":
                contents(#"{ "filename" : "back.png", "idiom" : "universal", "scale" : "1x" }"#),
        ])
        #expect(reported.isEmpty)
    }

    @Test("a universal bitmap needs the scales of the platforms that use it: Mac 1x and 2x, watchOS 2x")
    func platformScales() throws {
        let json = contents("""
            { "filename" : "x@2x.png", "idiom" : "universal", "scale" : "2x" },
            { "filename" : "x@3x.png", "idiom" : "universal", "scale" : "3x" }
            """)
        func messages(_ platforms: Platforms) throws -> [String] {
            var configuration = Configuration().with(platforms: platforms)
            configuration.onlyRules = ["raster-asset-missing-scales"]
            return try LintEngine(ruleTypes: allRules, configuration: configuration)
                .lint(imageSetContents: Data(json.utf8), path: "A.xcassets/X.imageset/Contents.json").get().map(\.message)
        }
        #expect(try messages(.macOS) == [RasterAssetMissingScalesMessages.missing("universal 1x")])
        #expect(try messages([.iOS, .macOS]) == [RasterAssetMissingScalesMessages.missing("universal 1x")])
        #expect(try messages(.iOS).isEmpty)
        #expect(try messages(.watchOS).isEmpty)
    }

    @Test("the message names what is missing")
    func message() throws {
        let json = contents("""
            { "filename" : "x@2x.png", "idiom" : "universal", "scale" : "2x" },
            { "filename" : "x-mac.png", "idiom" : "mac", "scale" : "1x" }
            """)
        var configuration = Configuration()
        configuration.onlyRules = ["raster-asset-missing-scales"]
        let found = try LintEngine(ruleTypes: allRules, configuration: configuration)
            .lint(imageSetContents: Data(json.utf8), path: "A.xcassets/X.imageset/Contents.json").get()
        #expect(found.map(\.message) == [
            "This image set's bitmaps lack mac 2x, universal 3x; add the missing scales, or use a single PDF or SVG with Preserve Vector Data.",
        ])
    }

    /// A 1x-only set whose bitmap is `pixels` wide, and a 2x-only one, for the tests of how code draws them.
    func oneScale(_ name: String, _ scale: String) -> String {
        contents(#"{ "filename" : "\#(name).png", "idiom" : "universal", "scale" : "\#(scale)" }"#)
    }

    @Test("with the app's code linted, an image set the code never names is not judged")
    func unusedImageSets() throws {
        let sets = ["Used.imageset": oneScale("used", "1x"), "Unused.imageset": oneScale("unused", "1x"),
                    "Frames/cat_frame_2.imageset": oneScale("cat", "1x"), "ava3_48.imageset": oneScale("ava", "1x")]
        let code = """
            import SwiftUI
            struct Header: View {
                let frame: Int
                let avatar: String
                var body: some View {
                    VStack {
                        Image("Used")
                        Image("cat_frame_\\(frame)")
                        Image(avatar + "_48")
                        // Image("Unused")
                    }
                }
            }
            """
        let reported = try reportedImageSets(sets, swift: ["Header.swift": code]).sorted()
        #expect(reported == ["Frames/cat_frame_2.imageset", "Used.imageset", "ava3_48.imageset"])
        // Without Swift code in the run, nothing is known about uses: every set is judged from its catalog.
        #expect(try reportedImageSets(sets).count == 4)
    }

    @Test("a missing higher scale is asked for only where the code draws the image larger than its bitmaps")
    func enlargedDrawing() throws {
        let sets = [
            "Natural.imageset": oneScale("natural", "1x"),
            "Stretched.imageset": oneScale("stretched", "1x"),
            "Oversampled.imageset": oneScale("oversampled", "1x"),
            "Sized.imageset": oneScale("sized", "1x"),
            "InTable.imageset": oneScale("table", "1x"),
            "TabIcon.imageset": oneScale("tab", "2x"),
            "Poster.imageset": oneScale("poster", "2x"),
            "Badge.imageset": oneScale("badge", "2x"),
            "Dot.imageset": oneScale("dot", "1x"),
        ]
        let files = [
            "Natural.imageset/natural.png": pngHeader(width: 48, height: 48),
            "Stretched.imageset/stretched.png": pngHeader(width: 48, height: 48),
            "Oversampled.imageset/oversampled.png": pngHeader(width: 200, height: 200),
            "Sized.imageset/sized.png": pngHeader(width: 64, height: 64),
            "InTable.imageset/table.png": pngHeader(width: 40, height: 40),
            "TabIcon.imageset/tab.png": pngHeader(width: 50, height: 50),
            "Poster.imageset/poster.png": pngHeader(width: 200, height: 200),
            "Badge.imageset/badge.png": pngHeader(width: 60, height: 60),
            "Dot.imageset/dot.png": pngHeader(width: 1, height: 1),
        ]
        let code = #"""
            import SwiftUI
            import UIKit
            let names = ["InTable", "Dot"]
            struct Screen: View {
                var body: some View {
                    VStack {
                        Image("Natural").renderingMode(.template)
                        Image("Stretched").resizable().frame(width: 48, height: 48)
                        Image("Oversampled").resizable().frame(width: 44, height: 44)
                        Image(.sized).resizable().scaledToFit()
                        Label("Badge", image: "Badge")
                    }
                }
            }
            final class Tabs: UITabBarController {
                let tab = UIImage(named: "TabIcon")
                let poster = UIImage(named: "Poster")
            }
            """#
        let reported = try reportedImageSets(sets, files: files, platforms: .iOS, swift: ["Screen.swift": code]).sorted()
        #expect(reported == ["Badge.imageset", "Natural.imageset", "Stretched.imageset", "TabIcon.imageset"])
    }
}


/// The start of a PNG file of `width` × `height` pixels: signature and `IHDR`, as far as `ImagePixels` reads.
func pngHeader(width: Int, height: Int) -> [UInt8] {
    func word(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52] + word(width) + word(height)
        + [8, 6, 0, 0, 0]
}

@Suite("raster-asset-missing-scales: artwork drawn into a frame")
struct RasterArtworkTests {
    let tests = RasterAssetMissingScalesTests()

    func lone(_ scale: String) -> String {
        #"{ "images" : [ { "filename" : "art.png", "idiom" : "universal", "scale" : "\#(scale)" } ], "info" : { "version" : 1 } }"#
    }

    @Test("a lone bitmap most of a screen wide is artwork; an icon-sized one still lacks its scales")
    func loneBitmaps() throws {
        #expect(try tests.reportedImageSets(["Photo.imageset": lone("1x")],
                                            files: ["Photo.imageset/art.png": pngHeader(width: 1200, height: 800)]).isEmpty)
        #expect(try tests.reportedImageSets(["Cloud.imageset": lone("3x")],
                                            files: ["Cloud.imageset/art.png": pngHeader(width: 1200, height: 600)]).isEmpty)
        #expect(try tests.reportedImageSets(["Icon.imageset": lone("1x")],
                                            files: ["Icon.imageset/art.png": pngHeader(width: 64, height: 64)]) == ["Icon.imageset"])
        // A scale below the only one present is drawn by halving it: clean for 300 pixels, lossy for a small glyph.
        #expect(try tests.reportedImageSets(["Badge.imageset": lone("3x")],
                                            files: ["Badge.imageset/art.png": pngHeader(width: 300, height: 300)]).isEmpty)
        #expect(try tests.reportedImageSets(["Glyph.imageset": lone("3x")],
                                            files: ["Glyph.imageset/art.png": pngHeader(width: 60, height: 60)]) == ["Glyph.imageset"])
    }

    @Test("on a Mac, a 2x logo halves cleanly for 1x; a 2x menu bar glyph does not")
    func macDownsampling() throws {
        #expect(try tests.reportedImageSets(["Logo.imageset": lone("2x")],
                                            files: ["Logo.imageset/art.png": pngHeader(width: 400, height: 400)], platforms: .macOS).isEmpty)
        #expect(try tests.reportedImageSets(["MenuBar.imageset": lone("2x")],
                                            files: ["MenuBar.imageset/art.png": pngHeader(width: 32, height: 32)], platforms: .macOS)
                == ["MenuBar.imageset"])
        // A 1x-only logo lacks 2x: the system would have to enlarge it, which blurs at any size.
        #expect(try tests.reportedImageSets(["Old.imageset": lone("1x")],
                                            files: ["Old.imageset/art.png": pngHeader(width: 200, height: 200)], platforms: .macOS)
                == ["Old.imageset"])
    }

    @Test("a watch screen is smaller: 128 points there is artwork, on an iPhone an icon")
    func watch() throws {
        let set = ["Sun.imageset": lone("1x")], files = ["Sun.imageset/art.png": pngHeader(width: 128, height: 128)]
        #expect(try tests.reportedImageSets(set, files: files, platforms: .watchOS).isEmpty)
        #expect(try tests.reportedImageSets(set, files: files, platforms: .iOS) == ["Sun.imageset"])
    }

    @Test("pixel sizes come from PNG and JPEG headers; other bytes have none")
    func headers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-pixels-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("a.png"), jpeg = folder.appendingPathComponent("b.jpg")
        let other = folder.appendingPathComponent("c.heic")
        try Data(pngHeader(width: 40, height: 900)).write(to: png)
        // SOI, an APP0 segment of 16 bytes, then SOF0 with height 480 and width 640.
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + [UInt8](repeating: 0, count: 14)
                 + [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0xE0, 0x02, 0x80, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0]).write(to: jpeg)
        try Data("ftypheic".utf8).write(to: other)
        #expect(ImagePixels.largerSide(ofFile: png.path) == 900)
        #expect(ImagePixels.largerSide(ofFile: jpeg.path) == 640)
        #expect(ImagePixels.largerSide(ofFile: other.path) == nil)
        #expect(ImagePixels.largerSide(ofFile: folder.appendingPathComponent("missing.png").path) == nil)
    }
}
