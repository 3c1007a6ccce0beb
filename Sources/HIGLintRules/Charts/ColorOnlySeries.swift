import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A chart whose series are told apart by colour alone.
///
/// Fires at the first `.foregroundStyle(by:)` when no mark adds a second cue (`.symbol(by:)`,
/// `.symbol(…)`, `.lineStyle(by:)`, `.position(by:)`, or an `.annotation` that shows the series' identity),
/// and at `.chartLegend(.hidden)` when the legend of a colour series is hidden and no such annotation
/// labels the marks directly. An annotation shows the identity when its content shows the value given to
/// `.foregroundStyle(by:)`: the last name of a path (`reading.city`), the same string literal (`"Average"`), or the
/// same expression (`series.label(for: day)`); one that shows a number is not a second cue. Cues on a
/// `ForEach` or `Plot` around the marks count for them, and so do different `.lineStyle(StrokeStyle(…))`, one of
/// them dashed, on the marks of different series (each series drawn by its own mark). A legend hidden because the
/// view shows its own key beside the chart (`SwiftUIFile.showsCustomLegend(for:)`) is not reported; whether that key
/// lists the same series is not checked. A chart whose colour scale is a gradient
/// (`.chartForegroundStyleScale(range: Gradient(…))`) encodes a quantity, not series, and is left alone.
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
            // A text beside the chart with no swatch is not a key to its colours.
            """
            struct SalesChart: View {
                var body: some View {
                    HStack {
                        Text("Sales")
                        Chart(sales) { sale in
                            BarMark(x: .value("Month", sale.month), y: .value("Sales", sale.total))
                                .foregroundStyle(by: .value("Store", sale.store))
                                .symbol(by: .value("Store", sale.store))
                        }
                        .↓chartLegend(.hidden)
                    }
                }
            }
            """,
            // The same stroke on every series is no second cue.
            """
            Chart {
                ForEach(progress) { point in
                    LineMark(x: .value("Date", point.date), y: .value("Weight", point.value))
                        .↓foregroundStyle(by: .value("Series", "Progress"))
                        .lineStyle(StrokeStyle(lineWidth: 2, dash: [4, 4]))
                }
                ForEach(average) { point in
                    LineMark(x: .value("Date", point.date), y: .value("Weight", point.value))
                        .foregroundStyle(by: .value("Series", "Average"))
                        .lineStyle(StrokeStyle(lineWidth: 2, dash: [4, 4]))
                }
            }
            """,
            """
            Chart(sales) { sale in
                BarMark(x: .value("Month", sale.month), y: .value("Sales", sale.total))
                    .↓foregroundStyle(by: .value("Store", sale.store))
                    .annotation(position: .top) { Text("\\(sale.total)") }
            }
            """,
            // Each series is named by a literal; the annotations show numbers, not those names.
            """
            Chart {
                ForEach(progress) { point in
                    LineMark(x: .value("Date", point.date), y: .value("Weight", point.value))
                        .↓foregroundStyle(by: .value("Series", "Progress"))
                        .annotation(position: .top) { Text("\\(point.value)") }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            // Series named by literals, labelled directly by the same literals.
            """
            Chart {
                ForEach(progress) { point in
                    LineMark(x: .value("Date", point.date), y: .value("Weight", point.value))
                        .foregroundStyle(by: .value("Series", "Progress"))
                        .annotation(position: .trailing) { Text("Progress") }
                }
                ForEach(average) { point in
                    LineMark(x: .value("Date", point.date), y: .value("Weight", point.value))
                        .foregroundStyle(by: .value("Series", "Average"))
                        .annotation(position: .trailing) { Text("Average") }
                }
            }
            .chartLegend(.hidden)
            """,
            // A series computed by a call, labelled by the same call.
            """
            Chart(days) { day in
                BarMark(x: .value("Day", day.date), y: .value("Hours", day.hours))
                    .foregroundStyle(by: .value("Kind", kindName(for: day)))
                    .annotation { Text(kindName(for: day)).font(.caption2) }
            }
            """,
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
            """
            Chart(readings) { reading in
                LineMark(x: .value("Date", reading.date), y: .value("Temperature", reading.value))
                    .foregroundStyle(by: .value("City", reading.city))
                    .annotation(position: .trailing) { Text(reading.city).font(.caption) }
            }
            .chartLegend(.hidden)
            """,
            """
            Chart {
                ForEach(cities) { city in
                    ForEach(city.sales) { sale in
                        BarMark(x: .value("Month", sale.month), y: .value("Sales", sale.total))
                            .foregroundStyle(by: .value("City", city.name))
                    }
                    .symbol(by: .value("City", city.name))
                    .position(by: .value("City", city.name))
                }
            }
            """,
            """
            Chart(days) { day in
                RectangleMark(x: .value("Week", day.week), y: .value("Weekday", day.weekday))
                    .foregroundStyle(by: .value("Contributions", day.count))
            }
            .chartForegroundStyleScale(range: Gradient(colors: [.green.opacity(0.2), .green]))
            .chartLegend(.hidden)
            """,
            // Each series is drawn by its own mark with its own stroke: solid, dotted, dashed.
            """
            Chart {
                ForEach(progress) { point in
                    LineMark(x: .value("Date", point.date), y: .value("Weight", point.value))
                        .foregroundStyle(by: .value("Series", "Progress"))
                        .lineStyle(StrokeStyle(lineWidth: 2.5))
                }
                ForEach(average) { point in
                    LineMark(x: .value("Date", point.date), y: .value("Weight", point.value))
                        .foregroundStyle(by: .value("Series", "Average"))
                        .lineStyle(StrokeStyle(lineWidth: 2, dash: [2, 3]))
                }
            }
            """,
            // The system legend is replaced by the view's own key beside the chart.
            """
            struct DaylightChart: View {
                var body: some View {
                    VStack {
                        Chart(days) { day in
                            BarMark(x: .value("Month", day.month), y: .value("Hours", day.hours))
                                .foregroundStyle(by: .value("Phase", day.phase))
                        }
                        .chartLegend(.hidden)
                        legend
                    }
                }
                private var legend: some View {
                    HStack { ForEach(Phase.allCases) { phase in Text(phase.localizedName) } }
                }
            }
            """,
            """
            struct SpendChart: View {
                var body: some View {
                    VStack {
                        HStack {
                            Circle().fill(Color.accentColor.opacity(0.6)).frame(width: 14, height: 14)
                            Text("Budget")
                        }
                        Chart(categories) { category in
                            BarMark(x: .value("Category", category.name), y: .value("Amount", category.amount))
                                .foregroundStyle(by: .value("Kind", category.kind))
                        }
                        .chartLegend(.hidden)
                    }
                }
            }
            """,
        ])

    static let message = "Colour is the only cue that tells these series apart; add `.symbol(by:)`, `.lineStyle(by:)`, `.position(by:)` or direct labels."
    static let hiddenLegendMessage = "Hiding the legend leaves the series' colours unexplained; keep the legend or label the marks directly with `.annotation`."
    static let secondCues: Set<String> = ["symbol", "lineStyle", "position"]
    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = ChartMatching.chartTriggers

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let chart = context.chart(at: node) else { return }
        let content = context.file.marks(of: chart)
        guard content.isComplete,
              let colour = content.marks.lazy.compactMap({ $0.modifiers.first(where: Self.isColourSeries) }).first
        else { return }
        // A gradient scale keys a quantity per mark (a heat map), not series told apart by colour.
        guard !chart.modifiers.contains(where: isGradientScale) else { return }
        let modifiers = content.marks.flatMap(\.modifiers) + content.groups.flatMap(\.modifiers)
        let hasSecondCue = modifiers.contains { Self.secondCues.contains($0.name) && ($0.name != "lineStyle" || $0.hasArgument("by")) }
            || dashesSeriesApart(content.marks)
        let colours = content.marks.flatMap { $0.modifiers.filter(Self.isColourSeries) }
        let labelsDirectly = colours.contains { showsSeriesIdentity(modifiers, series: $0) }
        if let legend = chart.modifiers.first(where: { $0.name == "chartLegend" && $0.firstArgumentIs(".hidden") }) {
            if !labelsDirectly, !context.file.showsCustomLegend(for: chart) {
                context.report(at: legend.nameToken, message: Self.hiddenLegendMessage)
            }
        } else if !hasSecondCue && !labelsDirectly {
            context.report(at: colour.nameToken, message: Self.message)
        }
    }

    /// Whether the marks of the colour series are drawn with different strokes, one of them dashed: a solid
    /// line, a dotted average and a dashed trend tell their series apart without colour.
    private func dashesSeriesApart(_ marks: [SwiftUIView]) -> Bool {
        let strokes = Set(marks.filter { $0.modifiers.contains(where: Self.isColourSeries) }
            .compactMap { $0.modifier(named: "lineStyle")?.firstArgument?.trimmedSource })
        return strokes.count > 1 && strokes.contains { $0.contains("dash") }
    }

    /// `.chartForegroundStyleScale(range: Gradient(…))` or a `LinearGradient` range.
    private func isGradientScale(_ modifier: Modifier) -> Bool {
        guard modifier.name == "chartForegroundStyleScale", let range = modifier.argument("range")?.expression else { return false }
        return range.tokens(viewMode: .sourceAccurate).contains { $0.text.hasSuffix("Gradient") }
    }

    /// Whether an `.annotation` shows the value the colour series is keyed by: for
    /// `.foregroundStyle(by: .value("City", reading.city))`, the last name of the path (`city`); for a string literal
    /// (`.value("Series", "Average")`), a string literal with the same text; for any other expression, the same
    /// expression (`series.label(for: day)`).
    private func showsSeriesIdentity(_ modifiers: [Modifier], series: Modifier) -> Bool {
        guard let plotted = series.argument("by")?.expression.as(FunctionCallExprSyntax.self)?.arguments.last?.expression
        else { return false }
        let annotations = modifiers.filter { $0.name == "annotation" }.flatMap(\.closures).map(\.closure)
        if let key = plotted.referencePath?.last {
            return annotations.contains { $0.tokens(viewMode: .sourceAccurate).contains { $0.text == key } }
        }
        if let text = plotted.plainStringLiteral {
            return annotations.contains { $0.stringLiterals.contains { $0.value == text } }
        }
        let written = plotted.trimmedSource
        return annotations.contains { closure in
            closure.tokens(viewMode: .sourceAccurate).contains { token in
                var node = token.parent
                while let current = node, current.id != closure.id {
                    if let expression = current.as(ExprSyntax.self), expression.trimmedSource == written { return true }
                    node = current.parent
                }
                return false
            }
        }
    }

    static func isColourSeries(_ modifier: Modifier) -> Bool { modifier.name == "foregroundStyle" && modifier.hasArgument("by") }
}
