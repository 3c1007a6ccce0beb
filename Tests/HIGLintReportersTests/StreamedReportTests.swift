import Foundation
import HIGLintCore
import HIGLintReporters
import Testing

/// JSON, SARIF and xcode reports go out in pieces (so a run never holds a whole report of tens of thousands of
/// findings); the pieces must make the same document, with every string escaped as JSON requires.
@Suite("Reports written in pieces")
struct StreamedReportTests {
    /// Enough findings for several 64 KB pieces, with text that needs escaping.
    static let many: LintResult = {
        let awkward = "Quote \" backslash \\ tab \t newline \n control \u{1} slash / é 漢 👍"
        let diagnostics = (0..<3_000).map { index in
            Diagnostic(rule: "fixed-font-size", section: .text, severity: .warning, path: "App/Vi ew \(index % 7).swift",
                       line: 1, column: index + 1, offset: index * 40, message: awkward,
                       fix: Fix(title: "Use `.body`", edits: [TextEdit(start: index * 40, end: index * 40 + 17, replacement: awkward)]),
                       lineText: "Text(x).font(.system(size: 17)) \(awkward)")
        }
        return LintResult(diagnostics: diagnostics, errors: [], filesChecked: 7)
    }()

    func pieces(_ reporter: any Reporter) -> [String] {
        var pieces: [String] = []
        reporter.write(Self.many, context: ReportContext(), to: { pieces.append($0) })
        return pieces
    }

    @Test("json, sarif and xcode arrive in several pieces that join into the report", arguments: ["json", "sarif", "xcode"])
    func piecesJoin(name: String) throws {
        let found = reporter(named: name)
        let format = try #require(found)
        let pieces = pieces(format)
        #expect(pieces.count > 3)
        #expect(pieces.joined() == format.report(Self.many, context: ReportContext()))
    }

    @Test("json keeps every character of messages, paths and fixes through escaping")
    func escaping() throws {
        let data = Data(JSONReporter().report(Self.many).utf8)
        let entries = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(entries.count == Self.many.diagnostics.count)
        for (entry, diagnostic) in zip(entries, Self.many.diagnostics) {
            #expect(entry["message"] as? String == diagnostic.message)
            #expect(entry["path"] as? String == diagnostic.path)
            let edit = ((entry["fix"] as? [String: Any])?["edits"] as? [[String: Any]])?.first
            #expect(edit?["replacement"] as? String == diagnostic.fix?.edits.first?.replacement)
        }
    }

    @Test("sarif keeps messages and fix text through escaping")
    func sarifEscaping() throws {
        let data = Data(SARIFReporter().report(Self.many).utf8)
        let log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        #expect(results.count == Self.many.diagnostics.count)
        let message = (results.last?["message"] as? [String: Any])?["text"] as? String
        #expect(message == Self.many.diagnostics.last?.message)
    }
}
