import Foundation
import HIGLintCore

/// One self-contained HTML page (inline CSS and a little JavaScript, nothing fetched) for people to read: totals, a
/// chart of findings by HIG section and one by rule, then every finding grouped by section, rule and file, with the
/// code around it, its fix as a diff, the rule's rationale and HIG page, and filters by severity, rule and path.
///
/// The charts follow HIGLint's own chart rules: each is titled with its conclusion (`chart-title-names-data`), each
/// bar carries a label VoiceOver reads (`chart-missing-accessibility`), bars differ by length and a written label,
/// never by colour alone (`color-only-series`), and the data is also a table. Every piece of code, message and path
/// is escaped; the script reads the page's own elements and embeds no data.
public struct HTMLReporter: Reporter {
    public static let name = "html"
    /// Lines of code shown above and below each finding.
    static let contextLines = 2

    public init() {}

    public func report(_ result: LintResult) -> String { report(result, context: ReportContext()) }

    public func report(_ result: LintResult, context: ReportContext) -> String {
        var page = HTMLReportPage(result: result, context: context)
        return page.render()
    }
}

/// The page being written; source files are read once each, when their first finding is shown.
struct HTMLReportPage {
    let result: LintResult
    let context: ReportContext
    let tally: FindingTally
    let descriptions: [String: RuleDescription]
    /// Each file as read, or `nil` when it could not be read (the report then shows the flagged line alone).
    private var sources: [String: ReportedSource?] = [:]

    init(result: LintResult, context: ReportContext) {
        self.result = result
        self.context = context
        tally = FindingTally(result.diagnostics, catalog: context.rules)
        descriptions = Dictionary(context.rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    mutating func render() -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>HIGLint report</title>
            <style>\(HTMLReportPage.style)</style>
            </head>
            <body>
            <a class="skip" href="#findings">Skip to the findings</a>
            <header>
            <h1>HIGLint report</h1>
            <p>HIGLint \(htmlEscaped(context.toolVersion)) checked \(FindingTally.counted(result.filesChecked, "file")) against \
            Apple’s Human Interface Guidelines for content views.</p>
            </header>
            <main>

            """
        html += totals()
        html += charts()
        html += findings()
        html += uncheckedFiles()
        html += "</main>\n<script>\(HTMLReportPage.script)</script>\n</body>\n</html>\n"
        return html
    }

    // MARK: Findings

    private mutating func findings() -> String {
        var html = "<section id=\"findings\" aria-labelledby=\"findings-title\" tabindex=\"-1\">\n<h2 id=\"findings-title\">Findings</h2>\n"
        guard !result.diagnostics.isEmpty else { return html + "<p>No findings.</p>\n</section>\n" }
        html += filters()
        let bySection = Dictionary(grouping: result.diagnostics, by: \.section)
        for section in RuleSection.allCases {
            guard let found = bySection[section] else { continue }
            html += "<section class=\"section-group\" aria-labelledby=\"section-\(section.rawValue)\">\n"
                + "<h3 id=\"section-\(section.rawValue)\">\(htmlEscaped(section.title)) <span class=\"tally\">"
                + "\(FindingTally.counted(found.count, "finding"))</span></h3>\n"
            let byRule = Dictionary(grouping: found, by: \.rule)
            for row in tally.rules where row.section == section {
                html += rule(row.rule, byRule[row.rule] ?? [])
            }
            html += "</section>\n"
        }
        return html + "</section>\n"
    }

    private func filters() -> String {
        let severities = [Severity.error, .warning, .note].map { severity in
            "<label><input type=\"checkbox\" name=\"severity\" value=\"\(severity.rawValue)\" checked> \(severity.rawValue.capitalized)s "
                + "(\(tally.total[severity]))</label>"
        }
        // Each rule by its title and its id, the name configuration and `// higlint:` comments use.
        let rules = tally.rules.map { row in
            let title = (descriptions[row.rule]?.name).map { htmlEscaped($0) + " — " } ?? ""
            return "<option value=\"\(htmlEscaped(row.rule))\">\(title)\(htmlEscaped(row.rule)) (\(row.counts.total))</option>"
        }
        // Hidden until the script runs: without it the controls would do nothing.
        return """
            <form id="filters" class="filters" role="search" aria-label="Filter the findings" hidden>
            <fieldset><legend>Severity</legend>\(severities.joined(separator: "\n"))</fieldset>
            <p><label for="filter-rule">Rule</label>
            <select id="filter-rule" name="rule"><option value="">Every rule</option>\(rules.joined())</select></p>
            <p><label for="filter-path">Path contains</label>
            <input id="filter-path" name="path" type="search" spellcheck="false"></p>
            </form>
            <p id="filter-status" role="status">Showing all \(FindingTally.counted(tally.total.total, "finding")).</p>

            """
    }

    private mutating func rule(_ id: String, _ found: [Diagnostic]) -> String {
        let description = descriptions[id]
        var html = "<article class=\"rule-group\" id=\"rule-\(htmlEscaped(id))\" aria-labelledby=\"rule-\(htmlEscaped(id))-title\">\n"
            + "<h4 id=\"rule-\(htmlEscaped(id))-title\">\(htmlEscaped(description?.name ?? id)) <code>\(htmlEscaped(id))</code> "
            + "<span class=\"tally\">\(FindingTally.counted(found.count, "finding"))</span></h4>\n"
        if let description {
            html += "<p class=\"summary\">\(prose(description.summary))</p>\n"
                + "<details class=\"rationale\"><summary>Why it matters</summary><p>\(prose(description.rationale))</p></details>\n"
            if let url = description.guidelineURL {
                html += "<p class=\"hig\"><a href=\"\(htmlEscaped(url))\">Human Interface Guidelines: "
                    + "\(htmlEscaped(description.section.title))</a></p>\n"
            }
        }
        var paths: [String] = []
        var seen: Set<String> = []
        let byPath = Dictionary(grouping: found) { diagnostic in
            if seen.insert(diagnostic.path).inserted { paths.append(diagnostic.path) }
            return diagnostic.path
        }
        for path in paths {
            let shownPath = context.relativePath(path) ?? path
            html += "<section class=\"file-group\" aria-label=\"\(htmlEscaped(shownPath))\">\n<h5><code>\(htmlEscaped(shownPath))</code></h5>\n"
            for diagnostic in byPath[path] ?? [] { html += finding(diagnostic, shownPath: shownPath) }
            html += "</section>\n"
        }
        return html + "</article>\n"
    }

    private mutating func finding(_ diagnostic: Diagnostic, shownPath: String) -> String {
        // The file as it is now; when its flagged line differs from what was checked (standard input, or an edit
        // since), neither the code around it nor the fix's offsets can be trusted, and only the checked line is shown.
        let source = self.source(diagnostic.path).flatMap { source in
            let line = diagnostic.line >= 1 && diagnostic.line <= source.lines.count ? String(source.lines[diagnostic.line - 1]) : nil
            return diagnostic.lineText == nil || line == diagnostic.lineText ? source : nil
        }
        var html = "<div class=\"finding\" data-severity=\"\(diagnostic.severity.rawValue)\" data-rule=\"\(htmlEscaped(diagnostic.rule))\" "
            + "data-path=\"\(htmlEscaped(shownPath))\">\n<p><span class=\"severity \(diagnostic.severity.rawValue)\">"
            + "\(diagnostic.severity.rawValue)</span> <span class=\"location\">line \(diagnostic.line), column \(diagnostic.column)</span>: "
            + "\(prose(diagnostic.message))</p>\n"
        html += code(around: diagnostic, in: source?.lines)
        if let fix = diagnostic.fix {
            html += "<details class=\"fix\"><summary>Fix: \(prose(fix.title))</summary>\n"
            if let source, let diff = source.diff(of: fix, path: shownPath) {
                html += "<pre class=\"diff\"><code>" + diff.map { line in
                    let kind = line.hasPrefix("+") ? "added" : line.hasPrefix("-") ? "removed" : line.hasPrefix("@@") ? "hunk" : "same"
                    return "<span class=\"\(kind)\">\(htmlEscaped(String(line).trimmingCharacters(in: .newlines)))</span>"
                }.joined() + "</code></pre>\n"
            } else {
                html += "<p>The diff needs the file as it was checked, which could not be read; <code>higlint fix</code> applies it.</p>\n"
            }
            html += "</details>\n"
        }
        return html + "</div>\n"
    }

    /// The flagged line with a few lines around it, line numbers, and the construct at the finding's column marked.
    private func code(around diagnostic: Diagnostic, in lines: [Substring]?) -> String {
        var numbered: [(number: Int, text: String)]
        if let lines, diagnostic.line >= 1, diagnostic.line <= lines.count {
            let first = max(1, diagnostic.line - HTMLReporter.contextLines)
            let last = min(lines.count, diagnostic.line + HTMLReporter.contextLines)
            numbered = (first...last).map { ($0, String(lines[$0 - 1])) }
        } else if let text = diagnostic.lineText {
            numbered = [(diagnostic.line, text)]
        } else {
            return "<p class=\"no-source\">The source file could not be read.</p>\n"
        }
        let width = String(numbered.last!.number).count
        let rows = numbered.map { number, text in
            let gutter = String(repeating: " ", count: width - String(number).count) + String(number)
            guard number == diagnostic.line else {
                return "<span class=\"line\"><span class=\"gutter\" aria-hidden=\"true\">  \(gutter) </span>\(htmlEscaped(text))</span>"
            }
            return "<span class=\"line flagged\"><span class=\"gutter\" aria-hidden=\"true\">▶ \(gutter) </span>"
                + marked(text, column: diagnostic.column) + "</span>"
        }
        return "<pre class=\"code\"><code>" + rows.joined() + "</code></pre>\n"
    }

    /// `line` with the word at `column` (1-based, in characters) in a `<mark>`.
    private func marked(_ line: String, column: Int) -> String {
        let characters = Array(line)
        let start = column - 1
        guard start >= 0, start < characters.count else { return htmlEscaped(line) }
        var end = start + 1
        let isWord = { (character: Character) in character.isLetter || character.isNumber || character == "_" }
        if isWord(characters[start]) || ".@#$".contains(characters[start]) {
            while end < characters.count, isWord(characters[end]) { end += 1 }
        }
        return htmlEscaped(String(characters[..<start])) + "<mark>" + htmlEscaped(String(characters[start..<end])) + "</mark>"
            + htmlEscaped(String(characters[end...]))
    }

    private mutating func source(_ path: String) -> ReportedSource? {
        if let known = sources[path] { return known }
        var loaded: ReportedSource?
        if case .success(let data) = SourceReader.read(path), let text = String(data: data, encoding: .utf8) {
            loaded = ReportedSource(text: text)
        }
        sources[path] = loaded
        return loaded
    }

    private func uncheckedFiles() -> String {
        guard !result.errors.isEmpty else { return "" }
        return "<section id=\"unchecked\" aria-labelledby=\"unchecked-title\">\n<h2 id=\"unchecked-title\">Files that could not be checked</h2>\n<ul>\n"
            + result.errors.map { "<li><code>\(htmlEscaped(context.relativePath($0.path) ?? $0.path))</code>: \(htmlEscaped($0.reason))</li>\n" }.joined()
            + "</ul>\n</section>\n"
    }
}

/// A source file as the report shows it: its lines, and what a fix's diff needs to look at only the lines it touches.
struct ReportedSource {
    let text: String
    /// The lines shown around findings; a byte order mark is not shown.
    private(set) var lines: [Substring]
    let bytes: [UInt8]
    /// The UTF-8 offset of each `\n`, in order.
    let lineBreaks: [Int]

    init(text: String) {
        self.text = text
        lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        if let first = lines.first, first.hasPrefix("\u{FEFF}") { lines[0] = first.dropFirst() }
        // Fixes count bytes from the start of the file, so the bytes keep a byte order mark.
        let bytes = Array(text.utf8)
        self.bytes = bytes
        lineBreaks = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }
    }

    /// The lines of the diff of `fix` (hunk headers and changed and unchanged lines, without the file headers), with
    /// one unchanged line around each change; `nil` when the fix does not apply to this text.
    ///
    /// Only the lines the edits touch, and one line around them, are diffed, with their line numbers in the file: a
    /// file with thousands of findings is not diffed whole for each of them.
    func diff(of fix: Fix, path: String) -> [Substring]? {
        guard let excerpt = excerpt(around: fix.edits) else { return nil }
        let edits = fix.edits.map { TextEdit(start: $0.start - excerpt.bytes.lowerBound, end: $0.end - excerpt.bytes.lowerBound,
                                             replacement: $0.replacement) }
        let old = String(decoding: bytes[excerpt.bytes], as: UTF8.self)
        guard let fixed = try? FixApplier.apply(edits, to: old) else { return nil }
        return UnifiedDiff.diff(old: old, new: fixed, path: path, context: 1, linesBefore: excerpt.linesBefore)
            .split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2).filter { !$0.isEmpty }
    }

    /// The whole lines that `edits` touch, with one more line above and below, as a byte range of the file, and the
    /// number of lines above it; `nil` for edits outside the file.
    func excerpt(around edits: [TextEdit]) -> (bytes: Range<Int>, linesBefore: Int)? {
        guard let low = edits.map(\.start).min(), let high = edits.map(\.end).max(), low >= 0, low <= high, high <= bytes.count
        else { return nil }
        // Lines are numbered from 0 here: line n starts after the n-th line break.
        let firstLine = max(0, breaks(before: low) - 1)
        let lastLine = min(lineBreaks.count, breaks(before: high) + 1)
        let start = firstLine == 0 ? 0 : lineBreaks[firstLine - 1] + 1
        let end = lastLine < lineBreaks.count ? lineBreaks[lastLine] + 1 : bytes.count
        return (start..<end, firstLine)
    }

    /// How many line breaks come before the byte at `offset`: the number of the line it is on, from 0.
    private func breaks(before offset: Int) -> Int {
        var low = 0, high = lineBreaks.count
        while low < high {
            let middle = (low + high) / 2
            if lineBreaks[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// Messages and rationales, escaped, with their `code spans` as `<code>` (when the backticks pair up).
func prose(_ text: String) -> String {
    let parts = htmlEscaped(text).split(separator: "`", omittingEmptySubsequences: false)
    guard parts.count > 1, parts.count % 2 == 1 else { return htmlEscaped(text) }
    return parts.enumerated().map { index, part in index % 2 == 1 ? "<code>\(part)</code>" : String(part) }.joined()
}

/// Text escaped for HTML character data and quoted attribute values.
func htmlEscaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text.unicodeScalars {
        switch character {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        case "'": result += "&#39;"
        default: result.unicodeScalars.append(character)
        }
    }
    return result
}
