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

    @Test("a warm run gives the cold run's findings, read from the one entry it wrote")
    func warmRun() throws {
        let cold = lint(engine())
        #expect(cold.map(\.rule) == ["fixed-font-size"])
        let written = entries()
        #expect(written.count == 1)
        let stamp = try FileManager.default.attributesOfItem(atPath: written[0])[.modificationDate] as? Date
        #expect(lint(engine()) == cold)
        #expect(entries() == written)
        #expect(try FileManager.default.attributesOfItem(atPath: written[0])[.modificationDate] as? Date == stamp)
    }

    @Test("files no rule could speak about are passed over before the cache: no entry, no lookup")
    func passedOverFiles() throws {
        try project.write("Sources/Model.swift", "struct Order { var total: Decimal }\n")
        try project.write("Sources/Broken.swift", Data([0x4F, 0x72, 0xFF, 0x64]))
        let result = engine().lint(paths: [project.url.path])
        #expect(result.diagnostics.map(\.rule) == ["fixed-font-size"])
        // Text that is not UTF-8 is never passed over: it is reported, run after run.
        #expect(result.errors.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["Broken.swift"])
        #expect(result.filesChecked == 2)
        #expect(entries().count == 1)
    }

    @Test("a hit is used: what the cache holds for the file's key is what the run reports")
    func hitsAreUsed() throws {
        _ = lint(engine())
        let cache = try #require(engine().cache)
        let key = try Data(contentsOf: URL(fileURLWithPath: file)).withUnsafeBytes {
            cache.key(path: file, source: $0, configuration: Configuration(), module: ModuleFacts(), rules: engine().rules.map { type(of: $0).description.id })
        }
        var stored = try #require(cache.load(key: key))
        #expect(stored.map(\.rule) == ["fixed-font-size"])
        stored[0].message = "from the cache"
        cache.store(stored, key: key)
        #expect(lint(engine()).map(\.message) == ["from the cache"])
        #expect(entries().count == 1)
    }

    @Test("a corrupt, truncated, empty or foreign entry is ignored and rewritten", arguments: [
        "garbage \u{0}\u{1}", "", "higlint-result-cache 1\n", "higlint-result-cache 1\nc0000000000000000 n1 k0000000000000000\n2 0\n[]",
    ])
    func corruptEntries(contents: String) throws {
        let cold = lint(engine())
        let entry = try #require(entries().first)
        let lines = try String(contentsOfFile: entry, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let header = lines.prefix(2).joined(separator: "\n")
        let whole = lines.joined(separator: "\n")
        // Damaged bodies: cut short, changed, or replaced by a valid but different one.
        for damaged in [contents, String(whole.dropLast(5)), whole.replacingOccurrences(of: "13", with: "14"),
                        header + "\n2 0\n[]", header + "\n[]"] {
            try damaged.write(toFile: entry, atomically: false, encoding: .utf8)
            #expect(lint(engine()) == cold, "after writing \(damaged.debugDescription)")
            #expect(try String(contentsOfFile: entry, encoding: .utf8).contains("fixed-font-size"), "not rewritten")
        }
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
        let count = entries().count
        _ = lint(engine(version: "2"))
        #expect(entries().count == count + 1)
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
    }
}
