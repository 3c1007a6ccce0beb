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
    func reportedImageSets(_ imageSets: [String: String]) throws -> [String] {
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
        var configuration = Configuration()
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
}
