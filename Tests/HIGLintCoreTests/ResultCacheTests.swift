import Foundation
import HIGLintCore
import HIGLintRules
import Testing

@Suite("Result cache")
struct ResultCacheTests {
    let project: TemporaryFolder
    let cacheFolder: TemporaryFolder
    let file: String

    init() throws {
        project = try TemporaryFolder()
        cacheFolder = try TemporaryFolder()
        file = try project.write("Sources/Title.swift", fixedFont)
    }

    func engine(_ configuration: Configuration = Configuration(), version: String = "1") -> LintEngine {
        var engine = LintEngine(ruleTypes: allRules, configuration: configuration)
        engine.cache = ResultCache(directory: cacheFolder.url.path, toolVersion: version)
        return engine
    }

    /// Every entry file in the cache folder.
    func entries() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: cacheFolder.url.path)
        return (enumerator?.allObjects as? [String] ?? []).map { cacheFolder.url.path + "/" + $0 }.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
        }
    }

    func lint(_ engine: LintEngine) -> [Diagnostic] {
        engine.lint(paths: [project.url.path]).diagnostics
    }

    /// The index of runs over the project, and the keys of the findings it holds (`c…` for Swift files).
    func index() throws -> (path: String, resultKeys: [String]) {
        let cache = try #require(engine().cache)
        let session = cache.session(for: [project.url.path])
        return (session.path, session.keys.filter { $0.hasPrefix("c") })
    }

    @Test("a warm run gives the cold run's findings from the one index it wrote, and leaves it as it was")
    func warmRun() throws {
        let cold = lint(engine())
        #expect(cold.map(\.rule) == ["fixed-font-size"])
        #expect(entries().count == 1)
        let (path, keys) = try index()
        #expect(keys.count == 1)
        let stamp = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        let contents = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(lint(engine()) == cold)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date == stamp)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == contents)
    }

    @Test("files no rule could speak about are passed over before the cache: no findings entry")
    func passedOverFiles() throws {
        try project.write("Sources/Model.swift", "struct Order { var total: Decimal }\n")
        try project.write("Sources/Broken.swift", Data([0x4F, 0x72, 0xFF, 0x64]))
        for _ in 0..<2 {
            let result = engine().lint(paths: [project.url.path])
            #expect(result.diagnostics.map(\.rule) == ["fixed-font-size"])
            // Text that is not UTF-8 is never passed over: it is reported, run after run.
            #expect(result.errors.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["Broken.swift"])
            #expect(result.filesChecked == 2)
            #expect(try index().resultKeys.count == 1)
        }
    }

    @Test("a hit is used: what the cache holds for the file's key is what the run reports")
    func hitsAreUsed() throws {
        _ = lint(engine())
        let cache = try #require(engine().cache)
        let session = cache.session(for: [project.url.path])
        let key = try #require(try index().resultKeys.first)
        var stored = try #require(session.diagnostics(forKey: key))
        #expect(stored.map(\.rule) == ["fixed-font-size"])
        stored[0].message = "from the cache"
        session.store(stored, forKey: key)
        session.save()
        #expect(lint(engine()).map(\.message) == ["from the cache"])
        #expect(entries().count == 1)
        // Another build of the tool trusts nothing an earlier one stored.
        #expect(lint(engine(version: "2")).map(\.message) != ["from the cache"])
    }

    @Test("a corrupt, truncated, empty or foreign index is ignored and rewritten", arguments: [
        "garbage \u{0}\u{1}", "", "higlint-result-cache 2\n", "higlint-result-cache 1\nc0000000000000000 n1 k0000000000000000\n2 0\n[]",
    ])
    func corruptIndex(contents: String) throws {
        let cold = lint(engine())
        let path = try index().path
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let header = lines.prefix(2).joined(separator: "\n")
        let whole = lines.joined(separator: "\n")
        // Damaged bodies: cut short, changed, or replaced by a valid but different one; another build's index.
        for damaged in [contents, String(whole.dropLast(5)), whole.replacingOccurrences(of: "13", with: "14"),
                        header + "\n2 0\n[]", header + "\n[]", whole.replacingOccurrences(of: lines[1], with: "another build")] {
            try damaged.write(toFile: path, atomically: false, encoding: .utf8)
            #expect(lint(engine()) == cold, "after writing \(damaged.debugDescription)")
            #expect(try String(contentsOfFile: path, encoding: .utf8).contains("fixed-font-size"), "not rewritten")
        }
    }

    @Test("entries of files no longer linted are dropped when the index is written")
    func pruning() throws {
        let other = try project.write("Sources/Other.swift", fixedFont)
        #expect(lint(engine()).count == 2)
        #expect(try index().resultKeys.count == 2)
        try FileManager.default.removeItem(atPath: other)
        #expect(lint(engine()).count == 1)
        #expect(try index().resultKeys.count == 1)
    }

    @Test("image sets are kept too, keyed by their Contents.json")
    func imageSets() throws {
        let contents = #"{"images":[{"filename":"a.png","idiom":"universal","scale":"1x"},{"idiom":"universal","scale":"2x"},{"idiom":"universal","scale":"3x"}],"info":{"author":"xcode","version":1}}"#
        let catalog = try project.write("Assets.xcassets/Photo.imageset/Contents.json", contents)
        let cover = "import SwiftUI\nstruct Cover: View { var body: some View { Image(\"Photo\").accessibilityHidden(true) } }\n"
        try project.write("Sources/Cover.swift", cover)
        let cold = lint(engine()).map(\.rule).sorted()
        #expect(cold == ["fixed-font-size", "raster-asset-missing-scales"])
        #expect(try index().resultKeys.count == 2)
        let cache = try #require(engine().cache)
        #expect(cache.session(for: [project.url.path]).keys.contains { $0.hasPrefix("a") })
        #expect(lint(engine()).map(\.rule).sorted() == cold)
        // The entry depends on how the code uses the image: drawn into a frame, the 1x bitmap is not judged.
        try project.write("Sources/Cover.swift", cover.replacingOccurrences(of: #"Image("Photo")"#, with: #"Image("Photo").resizable()"#))
        #expect(lint(engine()).map(\.rule) == ["fixed-font-size"])
        try project.write("Sources/Cover.swift", cover)
        #expect(lint(engine()).map(\.rule).sorted() == cold)
        try contents.replacingOccurrences(of: #"{"idiom":"universal","scale":"2x"}"#, with: #"{"filename":"b.png","idiom":"universal","scale":"2x"}"#)
            .replacingOccurrences(of: #"{"idiom":"universal","scale":"3x"}"#, with: #"{"filename":"c.png","idiom":"universal","scale":"3x"}"#)
            .write(toFile: catalog, atomically: true, encoding: .utf8)
        #expect(lint(engine()).map(\.rule) == ["fixed-font-size"])
    }

    @Test("changing the file's bytes invalidates its entry")
    func contentChange() throws {
        #expect(lint(engine()).count == 1)
        try project.write("Sources/Title.swift", "Text(\"Hello\").font(.body)\n")
        #expect(lint(engine()).isEmpty)
        try project.write("Sources/Title.swift", fixedFont)
        #expect(lint(engine()).count == 1)
    }

    @Test("changing the configuration or the tool version invalidates entries")
    func configurationChange() {
        #expect(lint(engine()).first?.severity == .warning)
        var configuration = Configuration()
        configuration.rules["fixed-font-size"] = RuleSettings(severity: .error)
        #expect(lint(engine(configuration)).first?.severity == .error)
        configuration.rules["fixed-font-size"] = RuleSettings(enabled: false)
        #expect(lint(engine(configuration)).isEmpty)
        configuration.rules["fixed-font-size"] = RuleSettings(options: ["allowedSizes": .strings(["13"])])
        _ = lint(engine(configuration))
        #expect(lint(engine()).first?.severity == .warning)
        #expect(lint(engine(version: "2")).first?.severity == .warning)
    }

    @Test("a file's entry depends on what the other files declare for the rules that ask")
    func moduleFactsChange() throws {
        let player = """
            import AVKit
            import SwiftUI
            struct PlayerView: UIViewRepresentable {
                func makeUIView(context: Context) -> UIView { let layer = AVPlayerLayer(); return UIView() }
            }

            """
        try project.write("Sources/Player.swift", player)
        let alone = lint(engine()).filter { $0.rule == "custom-video-player" }
        try project.write("Sources/VideoPlayer.swift", "struct VideoPlayer {}\n")
        let withOwnPlayer = lint(engine()).filter { $0.rule == "custom-video-player" }
        #expect(alone.count == 1)
        #expect(withOwnPlayer.isEmpty)
    }

    @Test("a file's entry depends on the functions other files declare, too")
    func moduleFunctionsChange() throws {
        let row = """
            import SwiftUI
            struct Card: View {
                var body: some View {
                    VStack { ForEach(items) { item in Text(item.name) }.onDelete(perform: delete) }
                }
            }

            """
        try project.write("Sources/Card.swift", row)
        let alone = lint(engine()).filter { $0.rule == "swipe-actions-outside-list" }
        try project.write("Sources/Swipe.swift", "extension View { func onDelete(perform: (Item) -> Void) -> some View { self } }\n")
        let withOwnModifier = lint(engine()).filter { $0.rule == "swipe-actions-outside-list" }
        #expect(alone.count == 1)
        #expect(withOwnModifier.isEmpty)
    }

    @Test("an unwritable cache folder only makes runs slower")
    func unwritable() throws {
        var engine = LintEngine(ruleTypes: allRules)
        engine.cache = ResultCache(directory: try project.write("NotAFolder", "x"), toolVersion: "1")
        #expect(lint(engine).count == 1)
        #expect(lint(engine).count == 1)
    }

    @Test("the default folder follows XDG_CACHE_HOME, else ~/.cache")
    func defaultFolder() {
        #expect(ResultCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/a"]) == "/x/cache/higlint")
        #expect(ResultCache.defaultDirectory(environment: ["HOME": "/home/a"]) == "/home/a/.cache/higlint")
        // A relative XDG_CACHE_HOME is invalid by the specification and ignored.
        #expect(ResultCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "cache", "HOME": "/home/a"]) == "/home/a/.cache/higlint")
    }

    @Test("concurrent runs sharing a cache agree")
    func concurrentRuns() async throws {
        for index in 0..<20 { try project.write("Sources/T\(index).swift", fixedFont) }
        let expected = lint(LintEngine(ruleTypes: allRules))
        let engine = engine()
        let path = project.url.path
        let results = await withTaskGroup(of: [Diagnostic].self) { group in
            for _ in 0..<4 { group.addTask { engine.lint(paths: [path]).diagnostics } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == expected })
        #expect(lint(engine) == expected)
        #expect(!entries().contains { $0.hasSuffix(".tmp") })
        // The index that stands is whole: every file's findings are in it.
        #expect(try index().resultKeys.count == 21)
    }
}
