import HIGLintCore
import HIGLintRules
import Testing

@Suite("fixed-font-size")
struct FixedFontSizeTests {
    let engine = LintEngine(ruleTypes: allRules, configuration: { var c = Configuration(); c.onlyRules = ["fixed-font-size"]; return c }())

    @Test("a display size far above .largeTitle is reported without a fix")
    func displaySizeHasNoFix() throws {
        let found = engine.lint(source: #"Text(reading.value).font(.system(size: 96, weight: .bold))"#)
        let finding = try #require(found.first)
        #expect(found.count == 1)
        #expect(finding.fix == nil)
    }

    @Test("a size from a variable is reported without a fix")
    func variableSizeHasNoFix() throws {
        let finding = try #require(engine.lint(source: #"Text(title).font(.system(size: titleSize))"#).first)
        #expect(finding.fix == nil)
    }

    @Test("ties between two styles go to the larger one", arguments: [(14, "subheadline"), (21, "title2"), (12, "caption"), (9, "caption2"), (40, "largeTitle")])
    func nearestStyle(size: Int, style: String) throws {
        let finding = try #require(engine.lint(source: "Text(title).font(.system(size: \(size)))").first)
        #expect(finding.fix?.edits.first?.replacement == ".\(style)")
    }
}
