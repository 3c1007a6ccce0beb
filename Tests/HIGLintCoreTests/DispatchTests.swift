import HIGLintCore
import SwiftSyntax
import Testing

/// Reports every node the engine hands it, so that tests see exactly what dispatch by name lets through.
private struct NamedImageProbe: Rule {
    static let description = RuleDescription(
        id: "probe-named", name: "Probe", section: .images, summary: "Reports each node it is given.",
        rationale: "Test only.", triggeringExamples: [], nonTriggeringExamples: [])
    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr, .memberAccessExpr]
    static let visitedNames: Set<String>? = ["Image", "glassEffect"]
    static let visitedNameSuffixes: Set<String> = ["WebView"]

    func visit(_ node: Syntax, in context: RuleContext) {
        if let member = node.as(MemberAccessExprSyntax.self) {
            context.report(at: member.declName, message: "member")
        } else {
            context.report(at: node, message: "call")
        }
    }
}

/// The same without names: it must see every call.
private struct UnnamedProbe: Rule {
    static let description = RuleDescription(
        id: "probe-unnamed", name: "Probe", section: .images, summary: "Reports each call it is given.",
        rationale: "Test only.", triggeringExamples: [], nonTriggeringExamples: [])
    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]

    func visit(_ node: Syntax, in context: RuleContext) {
        context.report(at: node, message: "call")
    }
}

@Suite("Dispatch by name")
struct DispatchTests {
    func reported(_ source: String, components: [String: String] = [:], rules: [any LintRule.Type] = [NamedImageProbe.self],
                  skipping: Bool = false) -> [String] {
        var configuration = Configuration()
        configuration.components = components
        var engine = LintEngine(ruleTypes: rules, configuration: configuration)
        engine.usesPrefilter = skipping
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return engine.lint(source: source).map { "\($0.rule) \($0.message) \(lines[$0.line - 1].trimmingCharacters(in: .whitespaces))" }
    }

    @Test("a named rule sees calls of its names written every way, and nothing else", arguments: [false, true])
    func namedCalls(skipping: Bool) {
        let source = """
            Image("a")
            SwiftUI.Image("b")
            Image<Never>("c")
            Text("d").glassEffect()
            ArticleWebView(url: url)
            Text("e")
            Foo.Image("f")
            `Image`("g")
            """
        #expect(reported(source, skipping: skipping) == [
            "probe-named call Image(\"a\")",
            "probe-named call SwiftUI.Image(\"b\")",
            "probe-named member SwiftUI.Image(\"b\")",
            "probe-named call Image<Never>(\"c\")",
            "probe-named call Text(\"d\").glassEffect()",
            "probe-named member Text(\"d\").glassEffect()",
            "probe-named call ArticleWebView(url: url)",
            // `Foo.Image` calls `Image` by its last name; the rule itself decides whether that is SwiftUI's.
            "probe-named call Foo.Image(\"f\")",
            "probe-named member Foo.Image(\"f\")",
        ])
    }

    @Test("a configured component reaches the rules of the primitive it stands for", arguments: [false, true])
    func components(skipping: Bool) {
        let source = "Avatar(\"a\")\nPortrait(\"b\")\nBildé(\"c\")"
        // A name the byte scan cannot see whole (`Bildé`) turns the skipping of unnamed code off.
        #expect(reported(source, components: ["Avatar": "Image", "Bildé": "Image"], skipping: skipping)
            == ["probe-named call Avatar(\"a\")", "probe-named call Bildé(\"c\")"])
    }

    @Test("code is skipped only where no name occurs: a name in a nested closure is still reached")
    func skippedCode() {
        let source = """
            func load() { let x = compute(1, 2) { value in transform(value) { Image("deep") } } }
            // Image in a comment, and "Image" in a string, only make the walk look closer.
            let y = "Image"
            """
        #expect(reported(source, skipping: true) == ["probe-named call func load() { let x = compute(1, 2) { value in transform(value) { Image(\"deep\") } } }"])
    }

    @Test("a rule without names sees every call, beside named rules")
    func unnamed() {
        let found = reported("Text(\"a\")\nImage(\"b\")", rules: [NamedImageProbe.self, UnnamedProbe.self])
        #expect(found == ["probe-unnamed call Text(\"a\")", "probe-named call Image(\"b\")", "probe-unnamed call Image(\"b\")"])
    }

    @Test("nothing reaches a rule from code under #if false")
    func neverCompiled() {
        #expect(reported("#if false\nImage(\"a\")\n#else\nImage(\"b\")\n#endif").count == 1)
    }
}
