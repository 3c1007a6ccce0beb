import HIGLintCore

/// Markdown for pull-request comments: a summary table by section and rule, then the findings by file.
public struct MarkdownReporter: Reporter {
    public static let name = "markdown"
    public init() {}

    public func report(_ result: LintResult) -> String { report(result, context: ReportContext()) }

    public func report(_ result: LintResult, context: ReportContext) -> String {
        let diagnostics = result.diagnostics
        var text = "## HIGLint\n\n"
        let files = result.filesChecked == 1 ? "1 file" : "\(result.filesChecked) files"
        guard !diagnostics.isEmpty || !result.errors.isEmpty else {
            return text + "No findings in \(files).\n"
        }
        let count = { (severity: Severity) in diagnostics.filter { $0.severity == severity }.count }
        text += "\(diagnostics.count) \(diagnostics.count == 1 ? "finding" : "findings") in \(files) checked: "
            + "\(count(.error)) errors, \(count(.warning)) warnings, \(count(.note)) notes.\n\n"

        if !diagnostics.isEmpty {
            text += "| Section | Rule | Errors | Warnings | Notes |\n|---|---|--:|--:|--:|\n"
            let catalogOrder = Dictionary(context.rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            let byRule = Dictionary(grouping: diagnostics, by: \.rule)
            let rules = byRule.keys.sorted { a, b in
                let sa = RuleSection.allCases.firstIndex(of: byRule[a]![0].section)!, sb = RuleSection.allCases.firstIndex(of: byRule[b]![0].section)!
                return (sa, catalogOrder[a] ?? Int.max, a) < (sb, catalogOrder[b] ?? Int.max, b)
            }
            for rule in rules {
                let found = byRule[rule]!
                let counts = [Severity.error, .warning, .note].map { severity in String(found.filter { $0.severity == severity }.count) }
                let name = context.rules.first { $0.id == rule }?.guidelineURL.map { "[`\(rule)`](\($0))" } ?? "`\(rule)`"
                text += "| \(found[0].section.title) | \(name) | \(counts.joined(separator: " | ")) |\n"
            }
            text += "\n### Findings\n"
            var currentPath: String?
            for diagnostic in diagnostics {
                if diagnostic.path != currentPath {
                    currentPath = diagnostic.path
                    text += "\n#### \(Self.code(diagnostic.path))\n\n"
                }
                text += "- \(Self.code("\(diagnostic.line):\(diagnostic.column)")) **\(diagnostic.severity.rawValue)** "
                    + "\(Self.escape(diagnostic.message)) (\(Self.code(diagnostic.rule)))\n"
            }
        }
        if !result.errors.isEmpty {
            text += "\n### Files that could not be checked\n\n"
            for error in result.errors { text += "- \(Self.code(error.path)): \(Self.escape(error.reason))\n" }
        }
        return text
    }

    /// A code span that holds any text, backticks included; control characters escaped (`TerminalText`).
    static func code(_ text: String) -> String {
        let text = TerminalText.escaped(text)
        var fence = "`"
        while text.contains(fence) { fence += "`" }
        let padding = text.hasPrefix("`") || text.hasSuffix("`") ? " " : ""
        return fence + padding + text.replacingOccurrences(of: "\n", with: " ") + padding + fence
    }

    /// Message text: HTML is not let through, a line break does not end the list item, and no other control
    /// character reaches a terminal that shows the comment's source.
    static func escape(_ text: String) -> String {
        TerminalText.escaped(text.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: "\n", with: " "))
    }
}
