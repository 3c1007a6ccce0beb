import Foundation
import HIGLintCore
import HIGLintRules
import Testing

/// The prefilter passes over files that hold none of the enabled rules' trigger words; these tests hold it to
/// never hiding a finding, on every example every rule declares and on the real apps of the corpus.
@Suite("Prefilter")
struct PrefilterTests {
    static let swiftRules = allRules.compactMap { $0 as? any Rule.Type }
    static let swiftIDs = swiftRules.map { $0.description.id }

    @Test("every Swift rule declares its trigger words, so the prefilter can skip files")
    func everyRuleDeclaresTriggers() {
        for rule in Self.swiftRules {
            #expect(rule.triggerWords?.isEmpty == false, "\(rule.description.id) declares no trigger words")
        }
        #expect(Prefilter(rules: Self.swiftRules) != nil)
    }

    @Test("skipping changes no result on any example", arguments: swiftIDs)
    func examplesUnchanged(id: String) {
        let description = rule(withID: id)!.description
        let examples = description.triggeringExamples + description.nonTriggeringExamples + description.corrections.map(\.before)
        for example in examples {
            let code = example.code.replacingOccurrences(of: "↓", with: "")
            var configuration = example.configuration
            configuration.onlyRules = [id]
            var filtered = LintEngine(ruleTypes: allRules, configuration: configuration)
            var unfiltered = filtered
            filtered.usesPrefilter = true
            unfiltered.usesPrefilter = false
            #expect(filtered.lint(source: code, path: example.path) == unfiltered.lint(source: code, path: example.path),
                    "\(id) on:\n\(code)")
        }
        // A triggering example must not be skipped by the rule's own words: else the examples test nothing here.
        for example in description.triggeringExamples {
            var code = example.code.replacingOccurrences(of: "↓", with: "")
            let passes = code.withUTF8 { Prefilter(rules: [rule(withID: id) as! any Rule.Type])!.mayTrigger($0) }
            #expect(passes, "\(id): no trigger word in:\n\(code)")
        }
    }

    @Test("a file with none of the words is skipped; a configured component's name counts as one")
    func components() {
        var model = "struct Order { let total: Decimal; func avatar() -> AvatarImage { fatalError() } }\n"
        let rules = Self.swiftRules
        #expect(model.withUTF8 { Prefilter(rules: rules)!.mayTrigger($0) } == false)
        #expect(model.withUTF8 { Prefilter(rules: rules, components: ["AvatarImage": "Image"])!.mayTrigger($0) })
        // Parts of identifiers are not words; whole identifiers in comments, strings and backticks are.
        var parts = "let imageCache = TextFormatter()\n"
        #expect(parts.withUTF8 { Prefilter(rules: rules)!.mayTrigger($0) } == false)
        for text in ["// Text\n", "let s = \"Image\"\n", "let `Text` = 1\n", "x = é.Text\n"] {
            var text = text
            #expect(text.withUTF8 { Prefilter(rules: rules)!.mayTrigger($0) }, "\(text)")
        }
    }

    static let corpus = ProcessInfo.processInfo.environment["HIGLINT_CORPUS"] ?? "/work/corpus/big"

    /// Every file the prefilter skips is linted without it: none may have a finding. Of the files it does not skip,
    /// the walk passes over code that holds no name a rule starts from (`NameOccurrences`); the next test holds that
    /// to changing nothing either.
    @Test("skipping changes no result on the corpus", .enabled(if: FileManager.default.fileExists(atPath: corpus)))
    func corpusUnchanged() throws {
        let files = FileCollector.files(under: [Self.corpus]).swiftFiles
        let prefilter = try #require(Prefilter(rules: Self.swiftRules))
        let skipped = files.filter { path in
            guard let data = FileManager.default.contents(atPath: path) else { return false }
            return !data.withUnsafeBytes { prefilter.mayTrigger($0.bindMemory(to: UInt8.self)) }
        }
        #expect(!skipped.isEmpty)
        var engine = LintEngine(ruleTypes: allRules)
        engine.usesPrefilter = false
        let result = engine.lint(paths: skipped)
        #expect(result.errors.isEmpty)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.prefix(5).map { "\($0.path):\($0.line) \($0.rule)" })")
        print("prefilter: \(skipped.count) of \(files.count) corpus files skipped")
    }

    /// Files the prefilter lets through are linted with and without skipping the code that holds no name.
    @Test("skipping code without names changes no result on the corpus", .enabled(if: FileManager.default.fileExists(atPath: corpus)))
    func corpusWalkUnchanged() throws {
        let files = FileCollector.files(under: [Self.corpus]).swiftFiles
        let prefilter = try #require(Prefilter(rules: Self.swiftRules))
        let parsed = files.filter { path in
            guard let data = FileManager.default.contents(atPath: path) else { return false }
            return data.withUnsafeBytes { prefilter.mayTrigger($0.bindMemory(to: UInt8.self)) }
        }
        var skipping = LintEngine(ruleTypes: allRules)
        var walkingAll = skipping
        skipping.usesPrefilter = true
        walkingAll.usesPrefilter = false
        let found = skipping.lint(paths: parsed)
        #expect(found.errors.isEmpty)
        #expect(found.diagnostics == walkingAll.lint(paths: parsed).diagnostics)
        print("walk: \(found.diagnostics.count) findings in \(parsed.count) corpus files, the same with every node walked")
    }
}
