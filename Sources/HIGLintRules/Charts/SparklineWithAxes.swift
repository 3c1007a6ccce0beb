import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A chart framed as small as a sparkline that still shows axes or a legend.
///
/// The frame is read from `.frame(width:height:)` on the chart, or where the helper or view type that is
/// all chart is used in the same file; numbers may be literals or names initialised with literals.
/// As the catalog says, all three must be hidden, even where the marks have no series and the legend
/// would stay empty: hiding it states the intent and survives a series being added later. A small
/// chart of only bars coloured by `.foregroundStyle(by:)` (a storage or budget bar) is not a sparkline:
/// its legend is the only key to its parts.
struct SparklineWithAxes: Rule {
    static let description = RuleDescription(
        id: "sparkline-with-axes",
        name: "Sparkline with axes",
        section: .charts,
        summary: "Small inline charts drop their axes and legend entirely.",
        rationale: """
            Small inline charts, sparklines in a row or a widget, have no room for axes and legends: \
            the labels crowd out the line and become unreadable. Hide both axes and the legend, and let \
            the surrounding text carry the numbers, so the chart still makes sense without them.
            """,
        triggeringExamples: [
            """
            HStack {
                Text(stock.symbol)
                ↓Chart(stock.prices) { LineMark(x: .value("Time", $0.date), y: .value("Price", $0.value)) }
                    .frame(width: 80, height: 32)
            }
            """,
        ],
        nonTriggeringExamples: [
            #"Chart(spending) { SectorMark(angle: .value("Amount", $0.amount)) }.frame(width: 60, height: 60)"#,
            """
            Chart(week.steps) { BarMark(x: .value("Day", $0.day), y: .value("Steps", $0.count)) }
                .chartXAxis(.hidden)
                .chartYAxis(.hidden)
                .frame(width: 80, height: 32)
            """,
            """
            Chart(stock.prices) { LineMark(x: .value("Time", $0.date), y: .value("Price", $0.value)) }
                .chartXAxis(.hidden)
                .chartYAxis(.hidden)
                .chartLegend(.hidden)
                .frame(width: 80, height: 32)
            """,
            """
            Chart(stock.prices) { LineMark(x: .value("Time", $0.date), y: .value("Price", $0.value)) }
                .frame(height: 220)
            """,
            """
            Chart(stock.prices) { LineMark(x: .value("Time", $0.date), y: .value("Price", $0.value)) }
                .frame(width: 100, height: 120)
            """,
            """
            Chart(usage.categories) { category in
                BarMark(x: .value("Size", category.bytes))
                    .foregroundStyle(by: .value("Category", category.name))
            }
            .chartXAxis(.hidden)
            .frame(height: 24)
            """,
        ],
        corrections: [
            ("""
            ↓Chart(stock.prices) { LineMark(x: .value("Time", $0.date), y: .value("Price", $0.value)) }
                .chartXAxis(.hidden)
                .frame(width: 80, height: 32)
            """, """
            Chart(stock.prices) { LineMark(x: .value("Time", $0.date), y: .value("Price", $0.value)) }
                .chartXAxis(.hidden)
                .frame(width: 80, height: 32)
                .chartYAxis(.hidden)
                .chartLegend(.hidden)
            """),
            ("""
            ↓Chart(readings) { reading in
                LineMark(x: .value("Time", reading.date), y: .value("Value", reading.value))
                    .foregroundStyle(by: .value("Sensor", reading.sensor))
            }
            .frame(height: 44)
            """, """
            Chart(readings) { reading in
                LineMark(x: .value("Time", reading.date), y: .value("Value", reading.value))
                    .foregroundStyle(by: .value("Sensor", reading.sensor))
            }
            .frame(height: 44)
            .chartXAxis(.hidden)
            .chartYAxis(.hidden)
            .chartLegend(.hidden)
            """),
        ],
        fixNeeds: [.chartVisibility])

    static let message = "This chart is sparkline-sized but does not hide all of its axes and legend; add `.chartXAxis(.hidden)`, `.chartYAxis(.hidden)` and `.chartLegend(.hidden)`."
    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = ChartMatching.chartTriggers

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let chart = context.chart(at: node) else { return }
        let use = context.file.viewAtUse(ofDeclarationRootedAt: chart)
        guard let size = context.file.frameSize(of: chart) ?? use.flatMap(context.file.frameSize), isSparkline(size),
              !isKeyedStackedBar(context.file.marks(of: chart)), plotsATrend(context.file.marks(of: chart))
        else { return }
        let applied = chart.modifiers + (use?.modifiers ?? [])
        // A chart with no series plotted `by:` a value draws no legend: nothing to hide.
        let content = context.file.marks(of: chart)
        let hasLegend = !content.isComplete || (content.marks.flatMap(\.modifiers) + content.groups.flatMap(\.modifiers)).contains {
            $0.hasArgument("by")
        }
        var missing: [String] = []
        for name in ["chartXAxis", "chartYAxis", "chartLegend"] where !applied.contains(where: { isHidden($0, name) }) {
            missing.append(".\(name)(.hidden)")
        }
        guard !missing.isEmpty, hasLegend || missing != [".chartLegend(.hidden)"] else { return }
        let fix = Fix(title: "Hide the chart's axes and legend", edits: [FixBuilder.appendModifiers(missing, to: chart)])
        context.report(at: chart.nameToken, message: Self.message, fix: fix)
    }

    /// Height ≤ 60, or width ≤ 120 with height ≤ 80.
    private func isSparkline(_ size: FrameSize) -> Bool {
        guard let height = size.height else { return false }
        return height <= 60 || (size.width.map { $0 <= 120 } == true && height <= 80)
    }

    /// Only bars, with parts told apart by `.foregroundStyle(by:)`: a storage bar whose legend is its key.
    /// Lines or areas, or bars over a time or index axis: a trend. A donut or a single bar of amounts is no
    /// sparkline, however small it is drawn.
    private func plotsATrend(_ content: ChartMarks) -> Bool {
        guard content.isComplete, !content.marks.isEmpty else { return false }
        let decorations: Set<String> = ["PointMark", "PointPlot", "RuleMark", "RulePlot"]
        let trend = content.marks.filter { !decorations.contains($0.name) }
        return !trend.isEmpty && trend.allSatisfy { mark in
            if ["LineMark", "AreaMark", "LinePlot", "AreaPlot"].contains(mark.name) { return true }
            guard ["BarMark", "BarPlot"].contains(mark.name), let x = mark.argument("x")?.expression else { return false }
            let words = x.tokens(viewMode: .sourceAccurate).flatMap { camelCaseWords($0.text) }.map { $0.lowercased() }
            return words.contains { Self.timeWords.contains($0) }
        }
    }

    static let timeWords: Set<String> = [
        "date", "day", "days", "time", "timestamp", "hour", "hours", "week", "weeks", "month", "months", "year",
        "index", "offset", "unit", "minute", "second",
    ]

    private func isKeyedStackedBar(_ content: ChartMarks) -> Bool {
        content.isComplete && !content.marks.isEmpty && content.marks.allSatisfy { ["BarMark", "BarPlot"].contains($0.name) }
            && content.marks.contains { $0.modifiers.contains(where: ColorOnlySeries.isColourSeries) }
    }

    private func isHidden(_ modifier: Modifier, _ name: String) -> Bool {
        modifier.name == name && (modifier.firstArgument?.memberName == "hidden")
    }
}
