import Foundation
import HIGLintCore
import HIGLintReporters
import Testing

let sampleResult = LintResult(
    diagnostics: [
        Diagnostic(rule: "fixed-font-size", section: .text, severity: .warning, path: "App/Receipt.swift", line: 3, column: 28,
                   offset: 70, message: "Fixed size.", fix: Fix(title: "Use `.footnote`", edits: [TextEdit(start: 70, end: 88, replacement: ".footnote")])),
        Diagnostic(rule: "image-missing-accessibility-label", section: .images, severity: .note, path: "App/Hero.swift", line: 1, column: 1,
                   offset: 0, message: "No label \"here\"."),
    ],
    errors: [], filesChecked: 2)

@Suite("Xcode and JSON reporters")
struct XcodeAndJSONReporterTests {
    @Test("xcode prints one line per finding in the compiler's format")
    func xcode() {
        #expect(XcodeReporter().report(sampleResult) == """
            App/Receipt.swift:3:28: warning: Fixed size. [fixed-font-size]
            App/Hero.swift:1:1: note: No label "here". [image-missing-accessibility-label]

            """)
    }

    @Test("json is an array with the stable keys, and fixes as byte ranges")
    func json() throws {
        let data = Data(JSONReporter().report(sampleResult).utf8)
        let array = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(array.count == 2)
        #expect(Set(array[0].keys) == ["rule", "section", "severity", "path", "line", "column", "message", "fix"])
        #expect(array[1]["fix"] == nil)
        let edit = try #require(((array[0]["fix"] as? [String: Any])?["edits"] as? [[String: Any]])?.first)
        #expect(edit["start"] as? Int == 70 && edit["end"] as? Int == 88 && edit["replacement"] as? String == ".footnote")
    }

    @Test("every format can be found by name")
    func lookup() {
        #expect(reporter(named: "xcode") is XcodeReporter)
        #expect(reporter(named: "json") is JSONReporter)
        #expect(reporter(named: "nope") == nil)
    }
}
