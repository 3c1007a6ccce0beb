import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A chart whose series are told apart by colour alone.
///
/// Fires at the first `.foregroundStyle(by:)` when no mark adds a second cue (`.symbol(by:)`,
/// `.symbol(…)`, `.lineStyle(by:)`, `.position(by:)`, `.annotation`), and at `.chartLegend(.hidden)`
/// when the legend of a colour series is hidden and no annotation labels the marks directly.
/// Charts whose marks cannot all be seen (custom `ChartContent` types, helpers elsewhere) are left alone.
struct ColorOnlySeries: Rule {
    static let description = RuleDescription(
        id: "color-only-series",
        name: "Color-only series",
        section: .charts,
        summary: "Colour must not be the only way to tell a chart's series apart.",
        rationale: """
            Colour is never the only carrier of meaning: people with colour blindness, a grayscale \
            display or bright sunlight cannot match colours to a legend. Pair `.foregroundStyle(by:)` \
            with a second cue (`.symbol(by:)`, `.lineStyle(by:)`, `.position(by:)` or direct labels \
            with `.annotation`), and keep the legend that explains the colours.
            """,
        triggeringExamples: [
            """
            Chart(readings) { reading in
                LineMark(x: .value("Date", reading.date), y: .value("Temperature", reading.value))
                    .↓foregroundStyle(by: .value("City", reading.city))
            }
            """,
            """
            Chart(readings) { reading in
                LineMark(x: .value("Date", reading.date), y: .value("Temperature", reading.value))
                    .foregroundStyle(by: .value("City", reading.city))
                    .symbol(by: .value("City", reading.city))
            }
            .↓chartLegend(.hidden)
            """,
        ],
        nonTriggeringExamples: [
            """
            Chart(readings) { reading in
                LineMark(x: .value("Date", reading.date), y: .value("Temperature", reading.value))
                    .foregroundStyle(by: .value("City", reading.city))
                    .symbol(by: .value("City", reading.city))
            }
            """,
            """
            Chart(sales) { sale in
                BarMark(x: .value("Month", sale.month), y: .value("Sales", sale.total))
                    .foregroundStyle(by: .value("Store", sale.store))
                    .position(by: .value("Store", sale.store))
            }
            """,
            """
            Chart(sales) { sale in
                BarMark(x: .value("Month", sale.month), y: .value("Sales", sale.total))
                    .foregroundStyle(.blue)
            }
            .chartLegend(.hidden)
            """,
        ])

    static let message = "Colour is the only cue that tells these series apart; add `.symbol(by:)`, `.lineStyle(by:)`, `.position(by:)` or direct labels."
    static let hiddenLegendMessage = "Hiding the legend leaves the series' colours unexplained; keep the legend or label the marks directly with `.annotation`."
    static let secondCues: Set<String> = ["symbol", "lineStyle", "position", "annotation"]
    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = ChartMatching.chartTriggers

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let chart = context.chart(at: node) else { return }
        let content = context.file.marks(of: chart)
        guard content.isComplete,
              let colour = content.marks.lazy.compactMap({ $0.modifiers.first(where: Self.isColourSeries) }).first
        else { return }
        let modifiers = content.marks.flatMap(\.modifiers)
        let hasSecondCue = modifiers.contains { Self.secondCues.contains($0.name) && ($0.name != "lineStyle" || $0.hasArgument("by")) }
        let labelsDirectly = modifiers.contains { $0.name == "annotation" }
        if let legend = chart.modifiers.first(where: { $0.name == "chartLegend" && $0.firstArgumentIs(".hidden") }) {
            if !labelsDirectly { context.report(at: legend.nameToken, message: Self.hiddenLegendMessage) }
        } else if !hasSecondCue {
            context.report(at: colour.nameToken, message: Self.message)
        }
    }

    static func isColourSeries(_ modifier: Modifier) -> Bool { modifier.name == "foregroundStyle" && modifier.hasArgument("by") }
}
