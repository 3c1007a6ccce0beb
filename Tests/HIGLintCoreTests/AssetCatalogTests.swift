import Foundation
import HIGLintCore
import HIGLintRules
import Testing

/// A throwaway folder with an asset catalog in it, removed when the test ends.
final class TemporaryProject {
    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Writes `text` at `relativePath`, creating folders on the way.
    @discardableResult
    func write(_ relativePath: String, _ text: String) throws -> String {
        let path = root + "/" + relativePath
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func makeFolder(_ relativePath: String) throws {
        try FileManager.default.createDirectory(atPath: root + "/" + relativePath, withIntermediateDirectories: true)
    }
}

let incompleteImageSet = """
    {
      "images" : [
        { "filename" : "a@2x.png", "idiom" : "universal", "scale" : "2x" },
        { "idiom" : "universal", "scale" : "3x" }
      ],
      "info" : { "author" : "xcode", "version" : 1 }
    }
    """

@Suite("Asset catalogs")
struct AssetCatalogTests {
    @Test("the collector finds image sets inside catalogs only, and does not descend into them")
    func collectsImageSets() throws {
        let project = try TemporaryProject()
        try project.write("App/Assets.xcassets/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
        try project.write("App/Assets.xcassets/Icons/Star.imageset/Contents.json", incompleteImageSet)
        try project.write("App/Assets.xcassets/Accent.colorset/Contents.json", "{}")
        try project.write("App/Loose.imageset/Contents.json", incompleteImageSet)
        try project.write("App/View.swift", "import SwiftUI\n")
        let collection = FileCollector.files(under: [project.root])
        #expect(collection.swiftFiles == [project.root + "/App/View.swift"])
        #expect(collection.imageSets == [project.root + "/App/Assets.xcassets/Icons/Star.imageset"])
        #expect(collection.errors.isEmpty)
    }

    @Test("an image set or its Contents.json given directly is checked as an image set")
    func directPaths() throws {
        let project = try TemporaryProject()
        let contents = try project.write("Assets.xcassets/Star.imageset/Contents.json", incompleteImageSet)
        let folder = project.root + "/Assets.xcassets/Star.imageset"
        #expect(FileCollector.files(under: [contents]).imageSets == [folder])
        #expect(FileCollector.files(under: [folder]).imageSets == [folder])
        #expect(FileCollector.files(under: [contents]).swiftFiles.isEmpty)
    }

    @Test("decodes the slots Xcode writes: idioms, scales, appearances, empty slots and vector data")
    func decodesXcodeContents() throws {
        let json = """
            {
              "images" : [
                { "filename" : "logo.pdf", "idiom" : "universal" },
                {
                  "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ],
                  "filename" : "logo-dark.pdf", "idiom" : "universal"
                },
                { "idiom" : "mac", "scale" : "2x", "display-gamut" : "display-P3" }
              ],
              "info" : { "author" : "xcode", "version" : 1 },
              "properties" : { "preserves-vector-representation" : true, "template-rendering-intent" : "template" }
            }
            """
        let imageSet = try ImageSet.decode(Data(json.utf8), folder: "A.xcassets/Logo.imageset").get()
        #expect(imageSet.name == "Logo")
        #expect(imageSet.preservesVectorRepresentation)
        #expect(imageSet.images.count == 3)
        #expect(imageSet.filledSlots.map(\.fileExtension) == ["pdf", "pdf"])
        #expect(imageSet.images[1].appearances == ["luminosity=dark"])
        #expect(imageSet.images[2].traits == ["display-gamut": "display-P3"])
        #expect(imageSet.contentsPath == "A.xcassets/Logo.imageset/Contents.json")
    }

    @Test("a malformed or missing Contents.json is an error for that file, and the run goes on")
    func malformedContentsIsAFileError() throws {
        let project = try TemporaryProject()
        try project.write("Assets.xcassets/Broken.imageset/Contents.json", #"{ "images" : [ { "filename" : 3 } ] }"#)
        try project.write("Assets.xcassets/NotJSON.imageset/Contents.json", "{ images: ")
        try project.makeFolder("Assets.xcassets/Empty.imageset")
        try project.write("Assets.xcassets/Star.imageset/Contents.json", incompleteImageSet)
        let engine = LintEngine(ruleTypes: allRules, configuration: Configuration())
        let result = engine.lint(paths: [project.root])
        #expect(result.diagnostics.map(\.path) == [project.root + "/Assets.xcassets/Star.imageset/Contents.json"])
        let errors = result.errors.map { ($0.path.replacingOccurrences(of: project.root + "/", with: ""), $0.reason) }
        #expect(errors.map(\.0) == ["Assets.xcassets/Broken.imageset/Contents.json", "Assets.xcassets/Empty.imageset/Contents.json",
                                    "Assets.xcassets/NotJSON.imageset/Contents.json"])
        #expect(errors[0].1.contains("malformed Contents.json") && errors[0].1.contains(".images[0].filename"))
        #expect(errors[1].1.contains("no Contents.json"))
        #expect(errors[2].1.contains("not valid JSON"))
    }

    @Test("a bitmap that is a named pipe is an error naming it, never opened in a way that blocks; the run goes on")
    func namedPipeBitmap() throws {
        // A rule read the pipe's pixel size and waited for a writer until the time limit (issue 31, repro 26).
        let project = try TemporaryProject()
        try project.write("A.xcassets/icon.imageset/Contents.json", #"{"images":[{"filename":"x.png","idiom":"universal","scale":"1x"}]}"#)
        let pipe = project.root + "/A.xcassets/icon.imageset/x.png"
        #expect(mkfifo(pipe, 0o644) == 0)
        try project.write("V.swift", """
            import SwiftUI
            struct V: View { var body: some View { Image("icon") } }
            @main struct A: App { var body: some Scene { WindowGroup { V() } } }
            """)
        #expect(ImagePixels.largerSide(ofFile: pipe) == nil)
        let result = LintEngine(ruleTypes: allRules, configuration: Configuration()).lint(paths: [project.root])
        #expect(result.errors.map(\.description) == [pipe + ": error: cannot read the file (it is a named pipe, not a regular file); its image set is not checked"])
        #expect(result.diagnostics.map(\.path).allSatisfy { $0 == project.root + "/V.swift" })
    }

    @Test("asset findings come with Swift findings, at line 1 of Contents.json")
    func assetsAndSwiftTogether() throws {
        let project = try TemporaryProject()
        try project.write("Assets.xcassets/Star.imageset/Contents.json", incompleteImageSet)
        try project.write("Form.swift", "TextField(\"Notes\", text: $notes)\nlet star = Image(\"Star\")\n")
        let configuration = { var c = Configuration(); c.onlyRules = ["raster-asset-missing-scales", "single-line-field-for-long-text"]; return c }()
        let result = LintEngine(ruleTypes: allRules, configuration: configuration).lint(paths: [project.root])
        #expect(result.filesChecked == 2)
        #expect(result.diagnostics.map(\.rule).sorted() == ["raster-asset-missing-scales", "single-line-field-for-long-text"])
        let asset = try #require(result.diagnostics.first { $0.rule == "raster-asset-missing-scales" })
        #expect((asset.line, asset.column, asset.severity, asset.section) == (1, 1, .warning, .images))
    }

    @Test("catalogs are not read when no asset rule runs")
    func catalogsIgnoredWithoutAssetRules() throws {
        let project = try TemporaryProject()
        try project.write("Assets.xcassets/Broken.imageset/Contents.json", "not json")
        var configuration = Configuration()
        configuration.onlyRules = ["fixed-font-size"]
        let result = LintEngine(ruleTypes: allRules, configuration: configuration).lint(paths: [project.root])
        #expect(result.errors.isEmpty)
        #expect(result.filesChecked == 0)
    }
}
