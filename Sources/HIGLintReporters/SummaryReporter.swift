import HIGLintCore

/// Findings by rule for the terminal, most first, with each rule's section and counts by severity, then the totals:
/// where a first run on a large app stands, without its hundreds of lines. `--summary` prints it after any format.
public struct SummaryReporter: Reporter {
    public static let name = "summary"
    public init() {}

    public func report(_ result: LintResult) -> String { report(result, context: ReportContext()) }

    public func report(_ result: LintResult, context: ReportContext) -> String {
        let tally = FindingTally(result.diagnostics, catalog: context.rules)
        var text = ""
        if !tally.rules.isEmpty {
            let header = ["RULE", "SECTION", "FINDINGS", "ERRORS", "WARNINGS", "NOTES"]
            let rows = tally.rules.map { row in
                [TerminalText.escaped(row.rule), row.section.title, String(row.counts.total)] + [Severity.error, .warning, .note].map { String(row.counts[$0]) }
            }
            text += Self.table([header] + rows, leftAligned: 2)
        }
        text += "\(FindingTally.counted(tally.total.total, "finding")) in \(FindingTally.counted(result.filesChecked, "file")) checked: "
            + FindingTally.severities(tally.total) + ".\n"
        if context.baselined > 0 { text += "\(FindingTally.counted(context.baselined, "finding")) in the baseline not shown.\n" }
        if result.suppressed > 0 { text += "\(FindingTally.counted(result.suppressed, "finding")) suppressed by higlint: comments.\n" }
        if !result.errors.isEmpty { text += "\(FindingTally.counted(result.errors.count, "file")) could not be checked.\n" }
        if result.passedOver.total > 0 { text += result.passedOver.summary + ".\n" }
        return text
    }

    /// Columns padded to their widest cell, two spaces apart; the first `leftAligned` columns are text, the rest numbers.
    static func table(_ rows: [[String]], leftAligned: Int) -> String {
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column < leftAligned ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n\n"
    }
}
