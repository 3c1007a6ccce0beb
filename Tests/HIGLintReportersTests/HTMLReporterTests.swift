import Foundation
import HIGLintCore
@testable import HIGLintReporters
import HIGLintRules
import Testing

/// A project on disk linted by the real rules, so the report can read the code around each finding: a string literal
/// that tries to end the page's script and inject an image, a finding with a fix, and findings of two sections.
let htmlRun: (result: LintResult, context: ReportContext, root: URL) = {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-html-\(UUID().uuidString)")
    let source = """
        struct Receipt: View {
            var body: some View {
                VStack {
                    Text("</script><img src=x onerror=alert(1)>").font(.system(size: 13))
                    Image("hero")
                    Text("Total")
                }
            }
        }

        """
    try? FileManager.default.createDirectory(at: root.appendingPathComponent("Views"), withIntermediateDirectories: true)
    try? Data(source.utf8).write(to: root.appendingPathComponent("Views/Receipt.swift"))
    var result = LintEngine(ruleTypes: allRules).lint(paths: [root.path])
    // A finding in a file that is gone by the time the report is written, with a message and path that are HTML.
    result.diagnostics.append(Diagnostic(
        rule: "fixed-font-size", section: .text, severity: .error, path: root.path + "/Gone \"<b>\".swift", line: 3, column: 5,
        offset: 40, message: "Size </script><img src=x onerror=alert(2)> & more",
        fix: Fix(title: "Use <b>.body</b>", edits: [TextEdit(start: 40, end: 41, replacement: "</script>")]),
        lineText: "    Text(\"<img src=x onerror=alert(3)>\").font(.system(size: 9))"))
    result.errors.append(FileError(path: root.path + "/Bad<script>.swift", reason: "not valid UTF-8"))
    let context = ReportContext(rules: allRules.map { $0.description }, rootDirectory: root.path, toolVersion: "9.9.9", baselined: 4)
    return (result, context, root)
}()

/// The page's elements as an indented outline of tag names with their structural attributes, without any text: the
/// structure the snapshot keeps stable while wording and code may change.
func htmlOutline(_ html: String) -> String {
    let structural = ["id", "class", "role", "data-total", "data-severity", "data-rule", "aria-hidden", "scope", "type", "name", "hidden"]
    var lines: [String] = []
    var depth = 0
    let voidElements: Set<String> = ["meta", "input", "br", "img", "link"]
    let tag = try! Regex(#"<(/?)([a-zA-Z0-9]+)((?:\s+[a-zA-Z-]+(?:="[^"]*")?)*)\s*>"#)
    let attribute = try! Regex(#"([a-zA-Z-]+)(?:="([^"]*)")?"#)
    for match in html.matches(of: tag) {
        let closing = match.output[1].substring == "/"
        let name = String(match.output[2].substring!).lowercased()
        if closing { depth -= 1; continue }
        let attributes = String(match.output[3].substring ?? "").matches(of: attribute).compactMap { found -> String? in
            let key = String(found.output[1].substring!)
            guard structural.contains(key) else { return nil }
            let value = found.output[2].substring.map { "=\($0)" } ?? ""
            return key + value
        }
        lines.append(String(repeating: "  ", count: depth) + ([name] + attributes).joined(separator: " "))
        if !voidElements.contains(name) { depth += 1 }
    }
    return lines.joined(separator: "\n") + "\n"
}

@Suite("HTML report")
struct HTMLReporterTests {
    let html = HTMLReporter().report(htmlRun.result, context: htmlRun.context)

    @Test("its structure matches the snapshot (HIGLINT_UPDATE_SNAPSHOTS=1 rewrites it)")
    func snapshot() throws {
        let snapshot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Snapshots/html-report.outline")
        let outline = htmlOutline(html)
        if ProcessInfo.processInfo.environment["HIGLINT_UPDATE_SNAPSHOTS"] == "1" {
            try FileManager.default.createDirectory(at: snapshot.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(outline.utf8).write(to: snapshot)
        }
        let expected = try String(contentsOf: snapshot, encoding: .utf8)
        #expect(outline == expected)
        // Every element is closed: the outline ends where it started.
        #expect(html.matches(of: try Regex("<(div|section|article|ul|ol|li|table|tr|details|figure|pre|form|p)[ >]")).count
            == html.matches(of: try Regex("</(div|section|article|ul|ol|li|table|tr|details|figure|pre|form|p)>")).count)
    }

    @Test("code, messages, fixes and paths are escaped: no script ends early and no image is injected")
    func escaping() {
        #expect(html.components(separatedBy: "<script").count == 2)
        #expect(html.components(separatedBy: "</script>").count == 2)
        #expect(!html.contains("<img") && !html.contains("<b>"))
        #expect(html.contains("Text(&quot;&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&quot;)"))
        #expect(html.contains("Size &lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &amp; more"))
        #expect(html.contains("Gone &quot;&lt;b&gt;&quot;.swift"))
        #expect(html.contains("Bad&lt;script&gt;.swift"))
        #expect(htmlEscaped(#"<a href="x">'&'</a>"#) == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;")
    }

    @Test("totals count findings by severity, files, and what the baseline and comments left out")
    func totals() {
        let tally = FindingTally(htmlRun.result.diagnostics, catalog: htmlRun.context.rules)
        #expect(tally.total.total == htmlRun.result.diagnostics.count && tally.total[.error] == 1)
        for (key, count) in [("findings", tally.total.total), ("error", 1), ("warning", tally.total[.warning]), ("note", tally.total[.note]),
                             ("files", 1), ("unchecked", 1), ("passed-over", 0), ("baselined", 4),
                             ("suppressed", 0)] {
            #expect(html.contains("<li data-total=\"\(key)\"><span class=\"count\">\(count)</span>"), "\(key)")
        }
    }

    @Test("the charts are titled with their conclusion, each bar labelled, and their data is also a table")
    func charts() throws {
        #expect(html.contains("<h3 id=\"chart-sections-title\">Most findings are about Text (2 of 3)</h3>"))
        #expect(html.contains("<h3 id=\"chart-rules-title\">Most findings come from Fixed font size (2 of 3)</h3>"))
        #expect(html.contains(#"role="img" aria-label="Text: 2 findings, 1 error, 1 warning, 0 notes""#))
        #expect(html.contains(#"role="img" aria-label="Images and media: 1 finding, 0 errors, 1 warning, 0 notes""#))
        // Rules by title and id, the id linked to the rule's findings; sections by title alone.
        #expect(html.contains("<tr><th scope=\"row\">Fixed font size <a href=\"#rule-fixed-font-size\"><code>fixed-font-size</code></a></th>"
            + "<td>2</td><td>1</td><td>1</td><td>0</td></tr>"))
        #expect(html.contains("<article class=\"rule-group\" id=\"rule-fixed-font-size\""))
        #expect(html.contains("<tr><th scope=\"row\">Text</th><td>2</td>"))
    }

    @Test("a finding shows the code around it with the construct marked, and its fix as a diff")
    func codeAndFix() {
        #expect(html.contains("<span class=\"line flagged\"><span class=\"gutter\" aria-hidden=\"true\">▶ 4 </span>"
            + "            Text(&quot;&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&quot;).font(<mark>.system</mark>(size: 13))</span>"))
        #expect(html.contains("<span class=\"gutter\" aria-hidden=\"true\">  2 </span>    var body: some View {</span>"))
        #expect(html.contains("<span class=\"removed\">-            Text(&quot;&lt;/script&gt;"))
        #expect(html.contains("<span class=\"added\">+            Text(&quot;&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&quot;).font(.footnote)</span>"))
        // A file that cannot be read shows the flagged line the engine kept, and says why there is no diff.
        #expect(html.contains("▶ 3 </span>    <mark>Text</mark>(&quot;&lt;img src=x onerror=alert(3)&gt;&quot;).font(.system(size: 9))</span>"))
        #expect(html.contains("The diff needs the file as it was checked, which could not be read"))
    }

    @Test("a file edited since it was checked shows the checked line alone, and no diff from stale offsets")
    func editedSinceChecked() throws {
        let path = htmlRun.root.appendingPathComponent("Views/Edited.swift").path
        try Data("// a new first line\nText(\"Total\").font(.system(size: 13))\n".utf8).write(to: URL(fileURLWithPath: path))
        let diagnostic = Diagnostic(rule: "fixed-font-size", section: .text, severity: .warning, path: path, line: 1, column: 15,
                                    offset: 14, message: "m", fix: Fix(title: "t", edits: [TextEdit(start: 14, end: 31, replacement: ".body")]),
                                    lineText: "Text(\"Total\").font(.system(size: 13))")
        let page = HTMLReporter().report(LintResult(diagnostics: [diagnostic], errors: [], filesChecked: 1), context: htmlRun.context)
        #expect(page.contains("▶ 1 </span>Text(&quot;Total&quot;).<mark>font</mark>(.system(size: 13))</span></code></pre>"))
        #expect(!page.contains("a new first line") && !page.contains("class=\"diff\""))
    }

    @Test("every rule with findings links its HIG page and rationale, and can be filtered by")
    func rules() throws {
        let description = try #require(allRules.first { $0.description.id == "fixed-font-size" }?.description)
        #expect(html.contains("<a href=\"\(description.guidelineURL!)\">Human Interface Guidelines: Text</a>"))
        #expect(html.contains(prose(description.rationale)))
        #expect(prose("Use `.body` for <b>") == "Use <code>.body</code> for &lt;b&gt;" && prose("a ` b") == "a ` b")
        #expect(html.contains("<option value=\"fixed-font-size\">Fixed font size — fixed-font-size (2)</option>"))
        #expect(html.contains("<option value=\"image-missing-accessibility-label\">Image missing accessibility label — "
            + "image-missing-accessibility-label (1)</option>"))
    }

    @Test("a fix's diff looks only at the lines it touches, and reads as the whole file's diff", arguments: [
        ("a\nb\nc\nd\ne\n", TextEdit(start: 4, end: 5, replacement: "C")),         // a middle line
        ("a\nb\nc\n", TextEdit(start: 0, end: 1, replacement: "A")),                // the first line
        ("a\nb\nc", TextEdit(start: 4, end: 5, replacement: "C")),                   // the last line, without a line break
        ("a\nb\nc\nd\n", TextEdit(start: 2, end: 6, replacement: "x\ny\nz\n")),    // several lines, and one more
        ("a\r\nb\r\nc\r\n", TextEdit(start: 3, end: 4, replacement: "B")),          // CRLF
        ("a\nb\n", TextEdit(start: 4, end: 4, replacement: "c\n")),                 // an insertion at the end
    ])
    func fixDiffExcerpt(text: String, edit: TextEdit) throws {
        let source = ReportedSource(text: text)
        let whole = UnifiedDiff.diff(old: text, new: try FixApplier.apply([edit], to: text), path: "A.swift", context: 1)
            .split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).filter { !$0.isEmpty }
        #expect(source.diff(of: Fix(title: "t", edits: [edit]), path: "A.swift") == Array(whole))
    }

    @Test("a file with many fixable findings is not diffed whole for each of them")
    func manyFindingsInOneFile() throws {
        // 20,000 findings in a 20,000-line file: diffing the whole file for each (as the report once did) takes
        // minutes; each excerpt holds the flagged line and the lines around it.
        let count = 20_000
        let line = "Text(\"row\").font(.system(size: 13))\n"
        let path = htmlRun.root.appendingPathComponent("Views/Big.swift").path
        try Data(String(repeating: line, count: count).utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let diagnostics = (0..<count).map { index in
            let offset = index * line.utf8.count + 17
            return Diagnostic(rule: "fixed-font-size", section: .text, severity: .warning, path: path, line: index + 1, column: 18,
                              offset: offset, message: "m",
                              fix: Fix(title: "t", edits: [TextEdit(start: offset, end: offset + 17, replacement: ".footnote")]),
                              lineText: String(line.dropLast()))
        }
        let source = ReportedSource(text: String(repeating: line, count: count))
        for diagnostic in diagnostics.prefix(3) + diagnostics.suffix(3) {
            let excerpt = try #require(source.excerpt(around: diagnostic.fix!.edits))
            #expect(excerpt.bytes.count <= 3 * line.utf8.count)
        }
        let page = HTMLReporter().report(LintResult(diagnostics: diagnostics, errors: [], filesChecked: 1), context: htmlRun.context)
        let diffs = page.components(separatedBy: "<pre class=\"diff\">").count - 1
        let lastHunk = page.contains("<span class=\"hunk\">@@ -19999,2 +19999,2 @@</span>")
        let added = page.contains("<span class=\"added\">+Text(&quot;row&quot;).font(.footnote)</span>")
        #expect(diffs == count && lastHunk && added)
    }

    @Test("a run without findings says so and draws no chart")
    func empty() {
        let page = HTMLReporter().report(LintResult(diagnostics: [], errors: [], filesChecked: 3))
        #expect(page.contains("<p>No findings.</p>") && !page.contains("class=\"chart\"") && !page.contains("id=\"filters\""))
    }
}

@Suite("Summary report")
struct SummaryReporterTests {
    @Test("findings by rule, most first, with section and severities, then the totals")
    func summary() {
        let text = SummaryReporter().report(htmlRun.result, context: htmlRun.context)
        #expect(text == """
            RULE                               SECTION           FINDINGS  ERRORS  WARNINGS  NOTES
            fixed-font-size                    Text                     2       1         1      0
            image-missing-accessibility-label  Images and media         1       0         1      0

            3 findings in 1 file checked: 1 error, 2 warnings, 0 notes.
            4 findings in the baseline not shown.
            1 file could not be checked.

            """)
        var quiet = LintResult(diagnostics: [], errors: [], filesChecked: 1, suppressed: 2)
        quiet.passedOver = PassedOver(counts: [.tests: 3])
        #expect(SummaryReporter().report(quiet) == "0 findings in 1 file checked: 0 errors, 0 warnings, 0 notes.\n"
            + "2 findings suppressed by higlint: comments.\n3 files passed over (3 test code).\n")
    }
}
