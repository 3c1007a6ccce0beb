import Foundation
import HIGLintCore
import HIGLintRules
import Testing

/// A fix is offered only where the API it writes exists wherever the code runs (RULES.md, "A remedy must exist
/// where the code runs"); below that the finding stands without a fix.
@Suite("Fixes and deployment targets")
struct FixDeploymentTargetTests {
    func finding(_ source: String, _ rule: String, iOS version: String? = nil) throws -> Diagnostic {
        var configuration = Configuration()
        configuration.onlyRules = [rule]
        if let version { configuration.deploymentTarget = ["iOS": version] }
        let found = LintEngine(ruleTypes: allRules, configuration: configuration).lint(source: source, path: "View.swift")
        return try #require(found.first { $0.rule == rule })
    }

    /// Each fixing rule's first correction, with the first iOS version that has what its fix writes.
    @Test("a fix is withheld below the iOS version that has its API and offered from it on", arguments: [
        ("copyable-text-not-selectable", 15), ("single-line-field-for-long-text", 16),
        ("destructive-swipe-without-role", 15), ("unconfirmed-full-swipe", 15), ("sparkline-with-axes", 16),
        ("nonstandard-share-symbol", 13),
    ])
    func floorOfEachFix(rule: String, floor: Int) throws {
        let description = try #require(allRules.first { $0.description.id == rule }?.description)
        let before = ExampleHarness.parseMarkers(try #require(description.corrections.first).before.code).code
        #expect(try finding(before, rule, iOS: "\(floor).0").fix != nil)
        #expect(try finding(before, rule, iOS: "\(floor).4").fix != nil)
        guard floor > 13 else { return }
        if description.remedyNeeds.isEmpty {
            #expect(try finding(before, rule, iOS: "\(floor - 1).4").fix == nil)
        } else {
            // Where the advice itself is the missing API, there is no remedy and no finding.
            var configuration = Configuration()
            configuration.onlyRules = [rule]
            configuration.deploymentTarget = ["iOS": "\(floor - 1).4"]
            #expect(LintEngine(ruleTypes: allRules, configuration: configuration).lint(source: before, path: "View.swift").isEmpty)
        }
    }

    @Test("fixed-font-size withholds relativeTo: and the later text styles before iOS 14, not the first ones")
    func fontFixes() throws {
        let custom = #"Text(headline).font(.custom("Avenir Next", size: 28))"#
        #expect(try finding(custom, "fixed-font-size", iOS: "13.0").fix == nil)
        #expect(try finding(custom, "fixed-font-size", iOS: "14.0").fix != nil)
        let title2 = "let title = Font.system(size: 21)"
        #expect(try finding(title2, "fixed-font-size", iOS: "13.0").fix == nil)
        #expect(try finding(title2, "fixed-font-size", iOS: "14.0").fix?.edits.first?.replacement == "Font.title2")
        let body = "Text(order.title).font(.system(size: 17))"
        #expect(try finding(body, "fixed-font-size", iOS: "13.0").fix?.edits.first?.replacement == ".body")
    }

    @Test("a deployment target for another platform says nothing about iOS code")
    func otherPlatform() throws {
        var configuration = Configuration()
        configuration.onlyRules = ["copyable-text-not-selectable"]
        configuration.deploymentTarget = ["macOS": "11.0"]
        let source = "#if os(iOS)\nText(order.trackingNumber)\n#endif\n"
        let found = LintEngine(ruleTypes: allRules, configuration: configuration).lint(source: source, path: "View.swift")
        #expect(found.map { $0.fix != nil } == [true])
    }

    @Test("the fallback branch of an availability check is older code; its checked branch is not", arguments: [
        ("if #available(iOS 15, *) { Text(order.trackingNumber) } else { Text(order.trackingNumber) }", [true, false]),
        ("if #unavailable(iOS 15) { Text(order.trackingNumber) } else { Text(order.trackingNumber) }", [false, true]),
        ("guard #available(iOS 15, *) else { return Text(order.trackingNumber) }\nText(order.trackingNumber)", [false, true]),
        ("if #available(iOS 17, *) { Text(order.trackingNumber) } else { Text(order.trackingNumber) }", [true, true]),
    ])
    func availabilityChecks(source: String, offered: [Bool]) {
        var configuration = Configuration()
        configuration.onlyRules = ["copyable-text-not-selectable"]
        let body = "var body: some View {\n" + source + "\n}\n"
        let found = LintEngine(ruleTypes: allRules, configuration: configuration).lint(source: body, path: "View.swift")
        // `.textSelection` is the rule's advice too: where it is missing, nothing is reported.
        #expect(found.map { $0.fix != nil } == offered.filter { $0 })
    }

    @Test("inside if #available a fix is offered below the deployment target's floor")
    func availableAboveDeploymentTarget() throws {
        let source = "if #available(iOS 16, *) { TextField(\"Notes\", text: $order.notes) }"
        #expect(try finding(source, "single-line-field-for-long-text", iOS: "15.0").fix != nil)
        #expect(try finding("@available(iOS 16, *)\nstruct Notes { var body: some View { TextField(\"Notes\", text: $order.notes) } }",
                            "single-line-field-for-long-text", iOS: "15.0").fix != nil)
    }
}
