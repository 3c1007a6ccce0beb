import Foundation
import HIGLintCore
import HIGLintRules
import Testing

/// `invalid-suppression` and `unused-suppression`: what each reports, and every case where neither may.
@Suite("Findings about suppression comments")
struct SuppressionCommentTests {
    static let fixedFont = "Text(order.title).font(.system(size: 17))"

    /// `(line, rule, message)` of every finding of `source`, linted with every rule and `configuration`.
    func findings(_ source: String, _ configuration: Configuration = Configuration()) -> [(line: Int, rule: String, message: String)] {
        LintEngine(ruleTypes: allRules, configuration: configuration).lint(source: source).map { ($0.line, $0.rule, $0.message) }
    }

    func rules(_ source: String, _ configuration: Configuration = Configuration()) -> [String] {
        findings(source, configuration).map(\.rule)
    }

    // MARK: invalid-suppression

    @Test("an id in SwiftLint's snake_case or in capitals says the id it meant, and silences nothing", arguments: [
        "fixed_font_size", "Fixed-Font-Size", "FIXED_FONT_SIZE",
    ])
    func misspelledID(word: String) {
        let found = findings("// higlint:disable:next \(word)\n\(Self.fixedFont)")
        #expect(found.map(\.rule) == ["invalid-suppression", "fixed-font-size"])
        #expect(found.first?.message == "Rule ids are lowercase with hyphens: '\(word)' is no rule id, so nothing is silenced for it; "
            + "write 'fixed-font-size'.")
    }

    @Test("a comma-separated list says to separate ids with spaces")
    func commaList() {
        let found = findings("// higlint:disable:next fixed-font-size,image-missing-accessibility-label\n\(Self.fixedFont)")
        #expect(found.map(\.rule) == ["invalid-suppression", "fixed-font-size"])
        #expect(found.first?.message.hasSuffix("write 'fixed-font-size image-missing-accessibility-label'.") == true)
    }

    @Test("a typo of an id gets a did-you-mean at the word's column")
    func typo() {
        let diagnostics = LintEngine(ruleTypes: allRules).lint(source: "\(Self.fixedFont) // higlint:disable:this fixed-font-sise")
        let invalid = diagnostics.first { $0.rule == "invalid-suppression" }
        #expect(invalid?.message == "No rule is called 'fixed-font-sise', so nothing is silenced for it; did you mean 'fixed-font-size'?")
        #expect(invalid?.column == Self.fixedFont.count + 26)
        let unrelated = findings("// higlint:disable:next zebra-crossing\nText(order.title)")
        #expect(unrelated.map(\.message) == ["No rule is called 'zebra-crossing', so nothing is silenced for it; `higlint rules` lists the rule ids."])
    }

    @Test("an unknown command and a command without rules are reported at the comment")
    func malformedCommands() {
        #expect(findings("// higlint:disabel fixed-font-size").map(\.message)
            == ["'higlint:disabel' is not a suppression command, so this comment silences nothing; did you mean 'higlint:disable'?"])
        #expect(findings("// higlint:disable-next fixed-font-size").first?.message.contains("did you mean 'higlint:disable:next'?") == true)
        #expect(findings("/* higlint:enable */").map(\.message)
            == ["'higlint:enable' names no rule, so it silences nothing; name rule ids after it, or 'all' for every rule."])
    }

    @Test("prose that mentions higlint: and valid directives are not reported", arguments: [
        "// The higlint: comments below are deliberate.",
        "/// See `// higlint:disable RULE` in the README.",
        "// higlint: see the README",
        "// higlint:disable all",
        "// higlint:enable fixed-font-size image-missing-accessibility-label - back on",
        "/* higlint:disable fixed-font-size */",
    ])
    func notInvalid(comment: String) {
        #expect(!rules(comment + "\nText(order.title)").contains("invalid-suppression"))
    }

    @Test("ids of asset rules and of the comment rules themselves are known")
    func otherKnownIDs() {
        #expect(rules("// higlint:disable raster-asset-missing-scales unused-suppression invalid-suppression").isEmpty)
    }

    // MARK: unused-suppression

    @Test("a comment that silences nothing is reported at the id it names")
    func unused() {
        let found = findings("// higlint:disable:next fixed-font-size\nText(order.title).font(.body)")
        #expect(found.map(\.rule) == ["unused-suppression"])
        #expect(found.first?.message == "This comment silences no 'fixed-font-size' finding here; remove 'fixed-font-size' from it, or the comment.")
    }

    @Test("each id of a comment is judged on its own")
    func eachID() {
        let found = findings("// higlint:disable:next fixed-font-size image-missing-accessibility-label\n\(Self.fixedFont)")
        #expect(found.map(\.rule) == ["unused-suppression"])
        #expect(found.first?.message.contains("'image-missing-accessibility-label'") == true)
    }

    @Test("every kind of directive that silences a finding is used", arguments: [
        "// higlint:disable:next fixed-font-size\n\(fixedFont)",
        "\(fixedFont) // higlint:disable:this fixed-font-size",
        "\(fixedFont)\n// higlint:disable:previous fixed-font-size",
        "// higlint:disable fixed-font-size\n\(fixedFont)\n// higlint:enable fixed-font-size",
        "// higlint:disable:next fixed-font-size\nText(order.title)\n    .bold()\n    .font(.system(size: 17))",
        "// higlint:disable:next all\n\(fixedFont)",
        "// higlint:disable all\n\(fixedFont)",
    ])
    func used(source: String) {
        #expect(rules(source).isEmpty, "\(source)")
    }

    @Test("a region that ends before the finding silences nothing; one that covers it does")
    func regions() {
        let ended = "// higlint:disable fixed-font-size\n// higlint:enable fixed-font-size\n\(Self.fixedFont)"
        #expect(findings(ended).map { "\($0.line) \($0.rule)" } == ["1 unused-suppression", "3 fixed-font-size"])
        let twice = "// higlint:disable fixed-font-size\n// higlint:disable fixed-font-size\n\(Self.fixedFont)"
        #expect(rules(twice).isEmpty)
    }

    @Test("`all` is unused only when no finding of any rule was silenced in its range")
    func all() {
        #expect(findings("Text(order.title) // higlint:disable:this all").map(\.message) == ["This comment silences no finding of any rule; remove it."])
        #expect(rules("Image(\"hero\") // higlint:disable:this all").isEmpty)
    }

    @Test("nothing is judged for a rule that did not run: disabled, left out by --only, or an asset rule")
    func notJudged() {
        let comment = "// higlint:disable:next fixed-font-size\nText(order.title).font(.body)"
        var disabled = Configuration()
        disabled.rules["fixed-font-size"] = RuleSettings(enabled: false)
        #expect(rules(comment, disabled).isEmpty)
        #expect(rules(comment, Configuration().with(onlyRules: ["unused-suppression", "image-missing-accessibility-label"])).isEmpty)
        #expect(rules("// higlint:disable raster-asset-missing-scales\nText(order.title)").isEmpty)
        // A comment is judged whole: one of the rules it names did not run, so neither is reported.
        #expect(rules("// higlint:disable:next fixed-font-size image-missing-accessibility-label\nText(order.title)",
                      Configuration().with(onlyRules: ["unused-suppression", "fixed-font-size"])).isEmpty)
        // `all` names every rule, so with any rule left out it is not judged either.
        #expect(rules("Text(order.title) // higlint:disable:this all", disabled).isEmpty)
        #expect(rules("Text(order.title) // higlint:disable:this all", Configuration().with(onlyRules: ["unused-suppression"])).isEmpty)
    }

    @Test("enable comments and comments naming the comment rules are never judged unused")
    func exempt() {
        #expect(rules("// higlint:enable fixed-font-size\nText(order.title)").isEmpty)
        #expect(rules("// higlint:disable:next unused-suppression fixed-font-size\nText(order.title)").isEmpty)
        // The comment rules' own findings can be silenced like any rule's.
        #expect(rules("// higlint:disable:next unused-suppression\nText(order.title) // higlint:disable:this fixed-font-size").isEmpty)
    }

    @Test("either rule can be turned off, with its own severity")
    func configurable() {
        var configuration = Configuration()
        configuration.rules["unused-suppression"] = RuleSettings(enabled: false)
        configuration.rules["invalid-suppression"] = RuleSettings(severity: .error)
        let source = "// higlint:disable:next fixed_font_size\nText(order.title) // higlint:disable:this fixed-font-size"
        let found = LintEngine(ruleTypes: allRules, configuration: configuration).lint(source: source)
        #expect(found.map(\.rule) == ["invalid-suppression"])
        #expect(found.first?.severity == .error)
    }

    // MARK: The pipeline

    @Test("a file with nothing but a comment is not passed over, and the result cache answers with the same findings")
    func pipeline() throws {
        let folder = try TemporaryFolder()
        try folder.write("Notes.swift", "// higlint:disable:next fixed_font_size\nlet notes = 1\n")
        try folder.write("View.swift", "// higlint:disable:next fixed-font-size\nlet x = Text(order.title).font(.body)\n")
        var engine = LintEngine(ruleTypes: allRules)
        engine.cache = ResultCache(directory: folder.url.appendingPathComponent("cache").path, toolVersion: "test")
        let first = engine.lint(paths: [folder.url.path])
        #expect(first.diagnostics.map { "\(URL(fileURLWithPath: $0.path).lastPathComponent) \($0.rule)" }
            == ["Notes.swift invalid-suppression", "View.swift unused-suppression"])
        let second = engine.lint(paths: [folder.url.path])
        #expect(second.diagnostics == first.diagnostics)
        var unfiltered = LintEngine(ruleTypes: allRules)
        unfiltered.usesPrefilter = false
        #expect(unfiltered.lint(paths: [folder.url.path]).diagnostics == first.diagnostics)
    }
}
