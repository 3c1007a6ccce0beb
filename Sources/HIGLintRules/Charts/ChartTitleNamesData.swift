import Foundation
import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A chart title that names the data instead of the question or the conclusion.
///
/// Reads only string-literal titles from the places `chart-without-title` looks. One or two words,
/// or a title ending in a word of the declared list `dataWords` (Data, Chart, Graph…), names the data.
/// A `.navigationTitle` is not judged: it names the screen, and navigation titles are short by design.
/// Localisation keys (one token with dots or underscores, `stats.chart.title`) are not judged.
struct ChartTitleNamesData: Rule {
    static let description = RuleDescription(
        id: "chart-title-names-data",
        name: "Chart title names data",
        section: .charts,
        defaultSeverity: .note,
        summary: "Title a chart with its question or conclusion, not the name of its data.",
        rationale: """
            The HIG asks to title a chart with the question it answers or the conclusion it shows \
            ("Orders per week, last quarter"), not the data source ("Orders", "Sales Data"). A title \
            that only names the data leaves people to work out what they should see.
            """,
        triggeringExamples: [
            """
            GroupBox(↓"Revenue") {
                Chart(revenue) { BarMark(x: .value("Month", $0.month), y: .value("Revenue", $0.amount)) }
            }
            """,
            """
            VStack(alignment: .leading) {
                Text(↓"Heart Rate Data")
                    .font(.headline)
                Chart(samples) { LineMark(x: .value("Time", $0.date), y: .value("BPM", $0.bpm)) }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            GroupBox("Revenue per month, this year") {
                Chart(revenue) { BarMark(x: .value("Month", $0.month), y: .value("Revenue", $0.amount)) }
            }
            """,
            """
            VStack(alignment: .leading) {
                Text("Your resting heart rate is falling")
                Chart(samples) { LineMark(x: .value("Time", $0.date), y: .value("BPM", $0.bpm)) }
            }
            """,
            """
            ScrollView {
                Chart(samples) { LineMark(x: .value("Time", $0.date), y: .value("BPM", $0.bpm)) }
            }
            .navigationTitle("Heart Rate")
            """,
            """
            Section {
                Chart(samples) { LineMark(x: .value("Time", $0.date), y: .value("BPM", $0.bpm)) }
            } header: {
                Text("metrics.heartRate.title")
            }
            """,
            // `dataWords` counts the last word only: a sentence that mentions data states a conclusion.
            """
            GroupBox("Your data shows fewer late orders") {
                Chart(orders) { BarMark(x: .value("Week", $0.week), y: .value("Late", $0.late)) }
            }
            """,
        ],
        wordLists: [dataWords])

    static let message = "This chart title names the data; state the question the chart answers or its conclusion (\"Orders per week, last quarter\")."
    static let dataWords = WordList(
        "dataWords", .matches,
        meaning: "Last words of a chart title (of three words or more) that mark it as naming the data: `Heart Rate Data`.",
        defaults: ["Data", "Chart", "Graph", "Values", "Statistics", "Stats"])
    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = ChartMatching.chartTriggers

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let chart = context.chart(at: node), let title = context.file.titleLookup(of: chart).title,
              title.source != .navigationTitle, let literal = title.literal,
              let text = ExprSyntax(literal).plainStringLiteral
        else { return }
        let words = text.split(whereSeparator: { $0.isWhitespace })
        guard let last = words.last, !isLocalizationKey(text, words.count) else { return }
        let dataWords = context.words(Self.dataWords).map { $0.lowercased() }
        let trimmedLast = last.trimmingCharacters(in: .punctuationCharacters).lowercased()
        guard words.count <= 2 || dataWords.contains(trimmedLast) else { return }
        context.report(at: literal, message: Self.message)
    }

    private func isLocalizationKey(_ text: String, _ wordCount: Int) -> Bool {
        wordCount == 1 && (text.contains(".") || text.contains("_"))
    }
}
