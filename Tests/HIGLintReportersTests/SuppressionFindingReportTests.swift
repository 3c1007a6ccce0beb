import Foundation
import HIGLintCore
@testable import HIGLintReporters
import HIGLintRules
import Testing

/// The findings about `// higlint:` comments go through the reporters as any rule's do; their rule has no HIG page.
@Suite("Suppression comment findings in reports")
struct SuppressionFindingReportTests {
    let result: LintResult = {
        let source = "// higlint:disable:next fixed_font_size\nText(order.title).font(.system(size: 17))\n"
        let diagnostics = LintEngine(ruleTypes: allRules).lint(source: source, path: "/work/app/Receipt.swift")
        return LintResult(diagnostics: diagnostics, errors: [], filesChecked: 1)
    }()
    let context = ReportContext(rules: allRules.map { $0.description }, rootDirectory: "/work/app", toolVersion: "1.2.3")

    @Test("sarif lists the rule without a help URI and reports the finding at the comment's word")
    func sarif() throws {
        let text = try #require(reporter(named: "sarif")).report(result, context: context)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let invalid = try #require(rules.first { $0["id"] as? String == "invalid-suppression" })
        #expect(invalid["helpUri"] == nil)
        #expect(((invalid["help"] as? [String: Any])?["text"] as? String)?.hasSuffix("HIGLint's README: Suppressing findings") == true)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.compactMap { $0["ruleId"] as? String } == ["invalid-suppression", "fixed-font-size"])
        let region = ((results[0]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any]
        #expect(region?["startLine"] as? Int == 1 && region?["startColumn"] as? Int == 25)
    }

    @Test("json, markdown and html report it with its section and no HIG link")
    func otherFormats() throws {
        let json = try #require(reporter(named: "json")).report(result, context: context)
        #expect(json.contains("\"rule\" : \"invalid-suppression\"") && json.contains("\"section\" : \"suppression\""))
        let markdown = try #require(reporter(named: "markdown")).report(result, context: context)
        #expect(markdown.contains("| Suppression comments | `invalid-suppression` | 0 | 1 | 0 |"), "\(markdown)")
        let html = try #require(reporter(named: "html")).report(result, context: context)
        #expect(html.contains("<code>invalid-suppression</code>"))
        #expect(!html.contains("<a href=\"nil\""))
    }
}
