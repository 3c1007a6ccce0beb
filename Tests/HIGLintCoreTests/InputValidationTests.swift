import Foundation
import HIGLintCore
import HIGLintRules
import Testing

/// What HIGLint reads back or is handed (cache entries, configuration files) is checked before it is believed.
@Suite("Input validation")
struct InputValidationTests {
    static let rules = allRules.map { $0.description }

    // MARK: Cache entries

    @Test("a cache entry that could not come from a run (column 0, an unknown rule, edits out of order) is a miss",
          arguments: ["column", "rule", "edit"])
    func craftedCacheEntry(field: String) throws {
        let project = try TemporaryFolder()
        let cacheFolder = try TemporaryFolder()
        try project.write("Sources/Title.swift", fixedFont)
        func engine() -> LintEngine {
            var engine = LintEngine(ruleTypes: allRules)
            engine.cache = ResultCache(directory: cacheFolder.url.path, toolVersion: "1", knownRules: Set(Self.rules.map(\.id)))
            return engine
        }
        let cold = engine().lint(paths: [project.url.path]).diagnostics
        #expect(cold.count == 1)

        // Someone with write access to the cache folder rewrites the entry with a valid checksum.
        let session = try #require(engine().cache).session(for: [project.url.path])
        let key = try #require(session.keys.first { $0.hasPrefix("c") })
        var crafted = try #require(session.diagnostics(forKey: key))
        switch field {
        case "column": crafted[0].column = 0
        case "rule": crafted[0].rule = "no-such-rule"
        default: crafted[0].fix?.edits = [TextEdit(start: 9, end: 2, replacement: "")]
        }
        session.store(crafted, forKey: key)
        session.save()

        #expect(try #require(engine().cache).session(for: [project.url.path]).diagnostics(forKey: key) == nil)
        #expect(engine().lint(paths: [project.url.path]).diagnostics == cold)
    }

    // MARK: Configuration files

    func configurationError(_ setUp: (TemporaryFolder) throws -> Void) throws -> ConfigurationError? {
        let folder = try TemporaryFolder()
        try folder.write(".git/HEAD", "ref: refs/heads/main\n")
        let source = try folder.write("A.swift", fixedFont)
        try setUp(folder)
        do {
            let resolver = try ConfigurationResolver(rules: Self.rules)
            _ = try resolver.configuration(forFile: source)
            return nil
        } catch {
            return error
        }
    }

    @Test("a .higlint.json that is a folder, a dangling link or a link loop is an error naming it", arguments: [
        ("folder", "cannot read the configuration file (it is a folder)"),
        ("dangling", "cannot read the configuration file (it is a symbolic link to a file that does not exist)"),
        ("loop", "cannot read the configuration file (it is a symbolic link loop)"),
    ])
    func unreadableConfiguration(kind: String, message: String) throws {
        let error = try configurationError { folder in
            let path = folder.url.appendingPathComponent(".higlint.json").path
            switch kind {
            case "folder": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            case "dangling": try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "missing.json")
            default: try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: ".higlint.json")
            }
        }
        let found = try #require(error)
        #expect(found.path.hasSuffix(".higlint.json"))
        #expect(found.message == message)
    }

    @Test("a key written twice in one object is an error at its second line", arguments: [
        "{\n  rules: {},\n  rules: { \"fixed-font-size\": \"off\" }\n}",
        "{ rules: {\n  \"fixed-font-size\": \"off\",\n  \"fixed-font-size\": \"error\" } }",
    ])
    func duplicateKeys(text: String) throws {
        let error = try #require(Self.error(text))
        #expect(error.line == 3)
        #expect(error.message.contains("appears twice in this object"), "\(error.message)")
    }

    static func error(_ text: String) -> ConfigurationError? { error(Data(text.utf8)) }

    static func error(_ data: Data) -> ConfigurationError? {
        do {
            _ = try ConfigurationFile(data: data, path: "/project/.higlint.json", rules: rules)
            return nil
        } catch {
            return error
        }
    }

    @Test("a UTF-8 byte order mark is accepted; UTF-16 and invalid bytes are named as such")
    func encodings() throws {
        let bom = Data([0xEF, 0xBB, 0xBF]) + Data(#"{rules: {"fixed-font-size": "off"}}"#.utf8)
        let file = try ConfigurationFile(data: bom, path: "/project/.higlint.json", rules: Self.rules)
        #expect(file.rules["fixed-font-size"]?.enabled == false)
        #expect(Self.error(Data([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00]))?.message == "UTF-16 text; save the configuration file as UTF-8")
        #expect(Self.error(Data(#"{rules: {"fixed-font-size": "of"#.utf8) + Data([0xFF]) + Data(#""}}"#.utf8))?.message
            == "not valid UTF-8; save the configuration file as UTF-8")
    }

    @Test("a 1 MB unknown rule id is not echoed back")
    func longUnknownRule() throws {
        let id = String(repeating: "x", count: 1_000_000)
        let error = try #require(Self.error("{rules: {\"\(id)\": \"off\"}}"))
        #expect(error.description.count < 2_000, "\(error.description.prefix(300))")
        #expect(error.description.contains("(1000000 characters)"))
    }
}
