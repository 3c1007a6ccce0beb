import HIGLintCore
import HIGLintRules
import Testing

@Suite("fixed-font-size")
struct FixedFontSizeTests {
    let engine = LintEngine(ruleTypes: allRules, configuration: { var c = Configuration(); c.onlyRules = ["fixed-font-size"]; return c }())
    let displayEngine = LintEngine(ruleTypes: allRules, configuration: {
        var c = Configuration().with(option: "includeDisplaySizes", .bool(true), for: "fixed-font-size")
        c.onlyRules = ["fixed-font-size"]
        return c
    }())

    @Test("a display size is reported only with includeDisplaySizes, and then without a fix")
    func displaySizeHasNoFix() throws {
        let source = #"Text(reading.value).font(.system(size: 96, weight: .bold))"#
        #expect(engine.lint(source: source).isEmpty)
        let found = displayEngine.lint(source: source)
        let finding = try #require(found.first)
        #expect(found.count == 1)
        #expect(finding.fix == nil)
    }

    @Test("a display size held in a constant is display text too")
    func displaySizeThroughConstant() {
        let source = """
            struct Hero: View {
                let heroSize: CGFloat = 64
                var body: some View { Text(reading.value).font(.system(size: heroSize)) }
            }
            """
        #expect(engine.lint(source: source).isEmpty)
        #expect(displayEngine.lint(source: source).count == 1)
    }

    @Test("the fix replaces only the size argument when the call holds an argument it does not know")
    func unknownArgumentKept() throws {
        let finding = try #require(engine.lint(source: #"Text(title).font(.system(size: 17, width: .condensed))"#).first)
        let edit = try #require(finding.fix?.edits.first)
        #expect(finding.fix?.edits.count == 1)
        #expect(edit.replacement == ".body")
        #expect(edit.end - edit.start == "size: 17".utf8.count)
    }

    @Test("no fix where it would replace a non-literal weight or a comment in the size argument",
          arguments: [#"Text(title).font(.system(size: 14, weight: titleWeight))"#,
                      #"Text(title).font(.system(size: /* from the mock-up */ 17))"#,
                      #"Text(title).font(.system(size: 14, weight: .medium /* brand */))"#])
    func unsafeFixNotOffered(source: String) throws {
        let finding = try #require(engine.lint(source: source).first)
        #expect(finding.fix == nil)
    }

    @Test("weight and design written in either order are both kept")
    func weightAndDesignKept() throws {
        let finding = try #require(engine.lint(source: #"Text(total).font(.system(size: 13, weight: .medium, design: .rounded))"#).first)
        #expect(finding.fix?.edits.first?.replacement == ".system(.footnote, design: .rounded).weight(.medium)")
    }

    @Test("an app's own font enum is not a font, even through a .font modifier of its own")
    func appFontEnumIgnored() {
        let source = """
            enum AppFont { case system(size: CGFloat) }
            struct Caption: View {
                var body: some View { Text(caption).font(.system(size: 12)) }
            }
            """
        #expect(engine.lint(source: source).isEmpty)
        #expect(engine.lint(source: #"let style = Typography.system(size: 12)"#).isEmpty)
        #expect(engine.lint(source: #"Text(caption).font(.custom(size: 12))"#).isEmpty)
    }

    @Test("a parameter's default font is a font when the parameter is typed Font")
    func parameterDefault() {
        #expect(engine.lint(source: #"func title(_ text: String, font: Font = .system(size: 15)) -> some View { Text(text).font(font) }"#).count == 1)
        #expect(engine.lint(source: #"func title(_ text: String, style: AppFont = .system(size: 15)) -> some View { Text(text) }"#).isEmpty)
    }

    @Test("a size from a variable is reported without a fix")
    func variableSizeHasNoFix() throws {
        let finding = try #require(engine.lint(source: #"Text(title).font(.system(size: titleSize))"#).first)
        #expect(finding.fix == nil)
    }

    @Test("ties between two styles go to the larger one", arguments: [(14, "subheadline"), (21, "title2"), (12, "caption"), (9, "caption2"), (40, "largeTitle")])
    func nearestStyle(size: Int, style: String) throws {
        let finding = try #require(displayEngine.lint(source: "Text(title).font(.system(size: \(size)))").first)
        #expect(finding.fix?.edits.first?.replacement == ".\(style)")
    }
}

@Suite("fixed-font-size fix keeps what it does not understand")
struct FixedFontSizeFixKeepsTests {
    /// The font calls of the reliability repro for issue 15 item 2 (`../shared/repro/02-fix-deletes-comments.sh`).
    static let source = """
        VStack {
            Text(order.title).font(.system(size: 17 /* brand spec: DO NOT CHANGE, see JIRA-1234 */))
            Text(order.title).font(.system(
                size: 17, // matches the Figma token title.m
                weight: .bold // legal asked for bold
            ))
            Text(order.title).font(.system(size: 15, weight: .semibold, width: .condensed))
            Text(order.title).font(.system(size: 15,
                                           // TODO(ana): revisit after the redesign
                                           design: .rounded))
        }
        """

    @Test("every comment and the unknown width: argument survive fix; the fixes it applies edit only size:")
    func repro() {
        var configuration = Configuration()
        configuration.onlyRules = ["fixed-font-size"]
        let correction = FixEngine(engine: LintEngine(ruleTypes: allRules, configuration: configuration)).correct(Self.source, path: "C.swift")
        for kept in ["/* brand spec: DO NOT CHANGE, see JIRA-1234 */", "// matches the Figma token title.m", "// legal asked for bold",
                     "width: .condensed", "// TODO(ana): revisit after the redesign"] {
            #expect(correction.corrected.contains(kept), "lost \(kept)")
        }
        // The first and the last calls are fixed by replacing only `size: N`: the comment after 17 stays where it was.
        #expect(correction.applied.count == 2)
        #expect(correction.corrected.contains("Text(order.title).font(.system(.body /* brand spec"))
        #expect(correction.corrected.contains("Text(order.title).font(.system(.subheadline,\n"))
        // A comment inside `size:`/`weight:` and an unknown argument next to `weight:` leave no safe edit.
        #expect(correction.remaining.count == 2)
    }
}
