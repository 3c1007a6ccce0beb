import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A chart that gives VoiceOver neither labelled marks nor a description of its own.
///
/// Marks are followed through `ForEach`, `Plot` and same-type helpers, and a label or value on a `Plot { }`
/// or `ForEach` around them counts for them; a chart whose content cannot all be seen (a custom
/// `ChartContent`, a helper in another file) is left alone, as is a chart hidden from accessibility or given
/// its own representation. A chart that is itself the content of `.accessibilityRepresentation { }` is
/// what VoiceOver reads, not a visible chart: no chart rule checks it.
struct ChartMissingAccessibility: Rule {
    static let description = RuleDescription(
        id: "chart-missing-accessibility",
        name: "Chart missing accessibility",
        section: .charts,
        defaultSeverity: .note,
        summary: "Give a chart's marks accessibility labels and values, or the chart an audio graph.",
        rationale: """
            VoiceOver users need the same answer from a chart as everyone else. Swift Charts reads the \
            plotted values by default, often as raw numbers and dates with no context. Provide \
            `.accessibilityLabel` and `.accessibilityValue` on the marks, or an audio graph with \
            `.accessibilityChartDescriptor` (an `AXChartDescriptorRepresentable`).
            """,
        triggeringExamples: [
            """
            ↓Chart(steps) { day in
                BarMark(x: .value("Day", day.date, unit: .day), y: .value("Steps", day.count))
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            NavigationLink(value: Metric.steps) {
                VStack { Text("Steps"); Chart(days) { BarMark(x: .value("Day", $0.day), y: .value("Steps", $0.steps)) } }
            }
            """,
            RuleExample(#"struct WeeklyChart: View { var body: some View { Chart(weeks) { BarMark(x: .value("Week", $0.week), y: .value("Load", $0.load)) } } }"#,
                        moduleFiles: [#"struct Lab: View { var body: some View { WeeklyChart().accessibilityElement(children: .ignore).accessibilityLabel("Weekly load") } }"#]),
            """
            Chart(steps) { day in
                BarMark(x: .value("Day", day.date, unit: .day), y: .value("Steps", day.count))
                    .accessibilityLabel(day.date.formatted(.dateTime.weekday(.wide)))
                    .accessibilityValue("\\(day.count) steps")
            }
            """,
            """
            Chart(steps) { day in
                BarMark(x: .value("Day", day.date, unit: .day), y: .value("Steps", day.count))
            }
            .accessibilityChartDescriptor(StepsDescriptor(steps: steps))
            """,
            """
            Chart { GlucoseContent(readings: readings) }
            """,
            """
            Chart {
                Plot {
                    ForEach(steps) { day in
                        BarMark(x: .value("Day", day.date, unit: .day), y: .value("Steps", day.count))
                    }
                }
                .accessibilityLabel("Steps per day")
                .accessibilityValue(stepsSummary)
            }
            """,
            """
            RingsView(progress: progress)
                .accessibilityRepresentation {
                    Chart(progress.rings) { ring in
                        BarMark(x: .value("Ring", ring.name), y: .value("Progress", ring.fraction))
                    }
                }
            """,
        ])

    static let message = "This chart's marks have no accessibility label or value; add them, or an audio graph with `.accessibilityChartDescriptor`."
    static let ownDescriptions: Set<String> = ["accessibilityChartDescriptor", "accessibilityRepresentation", "accessibilityChildren"]
    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = ChartMatching.chartTriggers

    static let controls: Set<String> = ["Button", "NavigationLink", "Link"]
    static let usesModuleIndex = true

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let chart = context.chart(at: node), !chart.isAccessibilityHidden,
              !chart.modifiers.contains(where: { Self.ownDescriptions.contains($0.name) }),
              !(chart.hasAccessibilityLabel && chart.hasModifier("accessibilityValue"))
        else { return }
        let content = context.file.marks(of: chart)
        guard content.isComplete, !content.marks.isEmpty, !content.groupsHaveAccessibility,
              !content.marks.contains(where: { $0.hasAccessibilityLabel || $0.hasModifier("accessibilityValue") })
        else { return }
        // In a control's label the chart is part of one element that VoiceOver reads by the control's label; its
        // marks are never reached. A chart view labelled where the module uses it is described there.
        let file = context.file
        guard !file.enclosingViews(of: chart.root).contains(where: { $0.role == .label && Self.controls.contains($0.view.name) }),
              !file.isLabelledWhereUsed(chart.root)
        else { return }
        context.report(at: chart.nameToken, message: Self.message)
    }
}
