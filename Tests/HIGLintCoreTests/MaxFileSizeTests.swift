import Foundation
@testable import HIGLintCore
import HIGLintProject
import HIGLintRules
import Testing

private let ruleDescriptions = allRules.map { $0.description }

/// Source of exactly `size` bytes with one `fixed-font-size` finding, padded with a comment.
private func source(bytes size: Int) -> String {
    let padding = size - fixedFont.utf8.count - 3
    precondition(padding >= 0)
    return fixedFont + "//" + String(repeating: "x", count: padding) + "\n"
}

private func maxFileSize(_ text: String) throws(ConfigurationError) -> Int? {
    try ConfigurationFile(data: Data("{ maxFileSize: \(text) }".utf8), path: "/project/.higlint.json", rules: ruleDescriptions).maxFileSize
}

/// A folder that is a repository's root (so no `.higlint.json` above it applies) holding `.higlint.json` with
/// `maxFileSize: limit`.
private func repository(limit: Int?) throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.write(".git/HEAD", "")
    if let limit { try folder.write(".higlint.json", "{ maxFileSize: \(limit) }") }
    return folder
}

private func lint(_ folder: TemporaryFolder, paths: [String]? = nil, cache: ResultCache? = nil) throws -> LintResult {
    var engine = LintEngine(ruleTypes: allRules, source: try ConfigurationResolver(rules: ruleDescriptions))
    engine.cache = cache
    return engine.lint(paths: paths ?? [folder.url.path])
}

@Suite("maxFileSize")
struct MaxFileSizeTests {
    @Test("the default is 2 MB as a file manager counts it, 2,000,000 bytes")
    func defaultLimit() {
        #expect(Configuration().maxFileSize == 2_000_000)
        #expect(Configuration().sizePassOverReason(byteCount: 2_000_000) == nil)
        #expect(Configuration().sizePassOverReason(byteCount: 2_000_001) == "it has 2000001 bytes, larger than maxFileSize (2000000 bytes)")
    }

    @Test("with no configuration, a file of 2,000,000 bytes is checked and one of 2,000,001 is passed over")
    func defaultOnDisk() throws {
        let folder = try repository(limit: nil)
        // A comment: the prefilter passes it over without a parse, so the test stays fast, and it counts as checked.
        try folder.write("AtLimit.swift", "//" + String(repeating: "x", count: 2_000_000 - 3) + "\n")
        try folder.write("OverLimit.swift", "//" + String(repeating: "x", count: 2_000_001 - 3) + "\n")
        let result = try lint(folder)
        #expect(result.filesChecked == 1)
        #expect(result.errors.isEmpty)
        #expect(result.passedOver.counts == [.tooLarge: 1])
    }

    @Test("a file at the limit is checked; a byte more and it is passed over unread, counted in the summary")
    func justUnderAndOver() throws {
        let folder = try repository(limit: 300)
        try folder.write("Under.swift", source(bytes: 299))
        try folder.write("At.swift", source(bytes: 300))
        try folder.write("Over.swift", source(bytes: 301))
        let result = try lint(folder)
        #expect(result.diagnostics.map { URL(fileURLWithPath: $0.path).lastPathComponent }.sorted() == ["At.swift", "Under.swift"])
        #expect(result.filesChecked == 2)
        #expect(result.errors.isEmpty)
        #expect(result.passedOver.counts == [.tooLarge: 1])
        #expect(result.passedOver.summary == "1 file passed over (1 larger than maxFileSize)")
    }

    @Test("files too large are counted with the files that do not ship, whatever checkNonShippingCode says")
    func countedWithNonShippingCode() throws {
        let folder = try repository(limit: nil)
        try folder.write(".higlint.json", "{ maxFileSize: 300 }")
        try folder.write("Sources/Over.swift", source(bytes: 400))
        try folder.write("Tests/RowTests.swift", source(bytes: 100))
        try folder.write("Tests/BigTests.swift", source(bytes: 400))
        let result = try lint(folder)
        // Too large first: the big test file is counted as too large, not as test code.
        #expect(result.passedOver.counts == [.tooLarge: 2, .tests: 1])
        #expect(result.passedOver.summary == "3 files passed over (1 test code, 2 larger than maxFileSize)")

        try folder.write(".higlint.json", "{ maxFileSize: 300, checkNonShippingCode: true }")
        let all = try lint(folder)
        #expect(all.filesChecked == 1)
        #expect(all.passedOver.counts == [.tooLarge: 2])
    }

    @Test("the nearest .higlint.json sets it per folder; a file named alone is judged the same")
    func perFolder() throws {
        let folder = try repository(limit: 300)
        try folder.write("Large/.higlint.json", "{ maxFileSize: \"1KB\" }")
        try folder.write("Over.swift", source(bytes: 400))
        let allowed = try folder.write("Large/Allowed.swift", source(bytes: 400))
        let result = try lint(folder)
        #expect(result.diagnostics.map { URL(fileURLWithPath: $0.path).lastPathComponent } == ["Allowed.swift"])
        #expect(result.passedOver.counts == [.tooLarge: 1])
        let named = try lint(folder, paths: [folder.url.path + "/Over.swift", allowed])
        #expect(named.filesChecked == 1 && named.passedOver.counts == [.tooLarge: 1])
    }

    @Test("with the result cache, a file too large is passed over on the cold run and the warm one")
    func withTheCache() throws {
        let folder = try repository(limit: 300)
        let cache = try TemporaryFolder()
        try folder.write("Under.swift", source(bytes: 200))
        try folder.write("Over.swift", source(bytes: 400))
        for _ in 0..<2 {
            let result = try lint(folder, cache: ResultCache(directory: cache.url.path, toolVersion: "test"))
            #expect(result.filesChecked == 1)
            #expect(result.diagnostics.count == 1)
            #expect(result.passedOver.counts == [.tooLarge: 1])
        }
    }

    @Test("a buffer over the limit has no findings and is not parsed, on the path fix, standard input and the servers share")
    func buffers() throws {
        let folder = try repository(limit: 300)
        let path = folder.url.path + "/View.swift"
        let run = LintEngine(ruleTypes: allRules, source: try ConfigurationResolver(rules: ruleDescriptions)).prepare(paths: [folder.url.path])
        #expect(run.passOverReason(byteCount: 300, path: path) == nil)
        #expect(run.passOverReason(byteCount: 301, path: path) == "it has 301 bytes, larger than maxFileSize (300 bytes)")
        #expect(try run.lint(source: source(bytes: 300), path: path).count == 1)
        #expect(try run.lint(source: source(bytes: 301), path: path).isEmpty)
        #expect(try run.lint(data: Data(source(bytes: 301).utf8), path: path).get().isEmpty)
        #expect(run.engine.passOverReason(byteCount: 301, path: path) != nil)
        let fixed = FixEngine(run: run).correct(source(bytes: 301), path: path)
        #expect(!fixed.changed && fixed.remaining.isEmpty)
    }

    @Test("standard input over the limit is passed over and counted, not checked and no error")
    func standardInput() throws {
        let folder = try repository(limit: 300)
        let engine = LintEngine(ruleTypes: allRules, source: try ConfigurationResolver(rules: ruleDescriptions))
        for (size, checked) in [(300, 1), (301, 0)] {
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            let text = Data(source(bytes: size).utf8)
            _ = text.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
            close(ends[1])
            let result = engine.lintStandardInput(descriptor: ends[0], path: folder.url.path + "/View.swift")
            close(ends[0])
            #expect(result.filesChecked == checked)
            #expect(result.diagnostics.count == checked)
            #expect(result.errors.isEmpty)
            #expect(result.passedOver.total == 1 - checked)
        }
    }

    @Test("sizes are bytes, or a number with a unit: KB, MB and GB count in thousands, KiB, MiB and GiB in 1,024s", arguments: [
        ("2000000", 2_000_000), ("2e6", 2_000_000), ("\"2000000\"", 2_000_000), ("\"4MB\"", 4_000_000), ("\"4 MB\"", 4_000_000),
        ("\"4mb\"", 4_000_000), ("\"512KB\"", 512_000), ("\"1.5MB\"", 1_500_000), ("\"2MiB\"", 2_097_152),
        ("\"1.5 KiB\"", 1536), ("\"64MiB\"", 67_108_864), ("\"100B\"", 100), ("1", 1),
    ])
    func sizes(text: String, bytes: Int) throws {
        #expect(try maxFileSize(text) == bytes)
    }

    @Test("a size that is not one, not whole, below a byte or above what HIGLint reads is an error naming the key", arguments: [
        ("true", "expected a size in bytes, such as 2000000 or \"2MB\", found true"),
        ("[1]", "expected a size in bytes, such as 2000000 or \"2MB\", found a list"),
        ("\"lots\"", "'lots' is not a size; write a number of bytes (2000000) or a number and a unit, such as \"4MB\""),
        ("\"4 MBs\"", "'4 MBs' is not a size"),
        ("\"-1MB\"", "'-1MB' is not a size"),
        ("\"1..5MB\"", "'1..5MB' is not a size"),
        ("2.5", "2.5 is not a whole number of bytes"),
        ("\"0.5B\"", "\"0.5B\" is not a whole number of bytes"),
        ("0", "0 leaves no file to check; a size is at least 1 byte"),
        ("-3", "-3 leaves no file to check"),
        ("\"65MiB\"", "\"65MiB\" is more than 64 MiB (67108864 bytes), the largest file HIGLint reads; write at most \"64MiB\""),
        ("1e12", "1000000000000 is more than 64 MiB"),
    ])
    func mistakes(text: String, message: String) throws {
        do {
            _ = try maxFileSize(text)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.key == "maxFileSize")
            #expect(error.line == 1)
            #expect(error.message.hasPrefix(message), "\(error)")
        }
    }

    @Test("a misspelt key is named with the right one")
    func misspeltKey() throws {
        do {
            _ = try ConfigurationFile(data: Data("{ maxFilesize: 10 }".utf8), path: "/p/.higlint.json", rules: ruleDescriptions)
            Issue.record("accepted")
        } catch {
            #expect(error.message.contains("did you mean 'maxFileSize'?"), "\(error)")
        }
    }
}
