import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A `Chart` with no title around it.
///
/// Titles are looked for in a `GroupBox`/`Section` label or header, a `Text` (or a header row with a
/// `Text`, also inside a `Group` or stack) right before the chart in the same stack, looking through
/// `Group` and other transparent wrappers around the chart (a view in another branch of an `if`/`switch` the chart
/// is in is not before it), a custom container given a `title:` or a string,
/// `.accessibilityLabel` on the chart, and `.navigationTitle` in the same view, following the chart
/// through helpers and view types used in the same file. A chart that is all of a view whose use is
/// in another file is judged there (`ModuleIndex.titledViews`, `untitledUseViews`): reported when a use
/// gives it no title and none gives it one, left alone when no use can be seen. So is a chart in
/// `.accessibilityRepresentation { }`, which VoiceOver reads instead of a visible view.
struct ChartWithoutTitle: Rule {
    static let description = RuleDescription(
        id: "chart-without-title",
        name: "Chart without title",
        section: .charts,
        summary: "A chart needs a title that says what question it answers.",
        rationale: """
            A chart must answer one question at a glance, and the title is where it says which. Without \
            one, people must reverse-engineer the question from axes and marks, and VoiceOver has nothing \
            to announce before the data. Put the chart in a `GroupBox` or `Section` with a label, or \
            give it a `Text` title right above it.
            """,
        triggeringExamples: [
            // Type-erased, shown below a picture and no title.
            """
            struct ReadingStats: View {
                let days: [DayCount]
                var body: some View {
                    ScrollView {
                        Image(decorative: "shelf")
                        weekdayChart()
                    }
                }
                private func weekdayChart() -> some View {
                    AnyView(↓Chart(days) { BarMark(x: .value("Day", $0.name), y: .value("Pages", $0.pages)) })
                }
            }
            """,
            // A `Text` in the row above titles that row, not this one.
            """
            Grid {
                GridRow { Text("Home") }
                GridRow {
                    ↓Chart(points) { LineMark(x: .value("Hour", $0.hour), y: .value("kWh", $0.value)) }
                }
            }
            """,
            """
            struct ActivityView: View {
                let days: [DailySteps]
                var body: some View {
                    VStack {
                        ↓Chart(days) { day in
                            BarMark(x: .value("Day", day.date, unit: .day), y: .value("Steps", day.steps))
                        }
                        .frame(height: 200)
                        Text("Data from Health")
                    }
                }
            }
            """,
            """
            struct StatsView: View {
                var body: some View {
                    List {
                        Section {
                            ↓Chart { ForEach(sales) { BarMark(x: .value("Month", $0.month), y: .value("Sales", $0.total)) } }
                        }
                    }
                }
            }
            """,
            // Used in another file, with no title there either.
            RuleExample("""
                struct SalesCard: View {
                    var body: some View {
                        VStack {
                            ↓Chart(sales) { BarMark(x: .value("Month", $0.month), y: .value("Sales", $0.total)) }
                            LegendView()
                        }
                    }
                }
                """, moduleFiles: [
                """
                struct Dashboard: View {
                    var body: some View { ScrollView { SalesCard() } }
                }
                """,
            ]),
            // All of a view that another file uses with no title around it.
            RuleExample("""
                struct SalesChart: View {
                    var body: some View {
                        ↓Chart(sales) { BarMark(x: .value("Month", $0.month), y: .value("Sales", $0.total)) }
                    }
                }
                """, moduleFiles: [
                """
                struct Dashboard: View {
                    var body: some View { VStack { SalesChart(); Text("Updated hourly").font(.footnote) } }
                }
                """,
            ]),
            // The text is in the other branch: it shows instead of the chart, never above it.
            """
            VStack(alignment: .leading) {
                if readings.isEmpty {
                    Text("No readings yet")
                } else {
                    ↓Chart(readings) { LineMark(x: .value("Time", $0.date), y: .value("Level", $0.value)) }
                }
            }
            """,
            // Used in another file only in place of a text, not under it.
            RuleExample("""
                struct RateChart: View {
                    var body: some View {
                        ↓Chart(rates) { BarMark(x: .value("Hour", $0.hour), y: .value("Rate", $0.rate)) }
                    }
                }
                """, moduleFiles: [
                """
                struct Setup: View {
                    var body: some View { VStack { if loading { Text("Loading rates") } else { RateChart() } } }
                }
                """,
            ]),
        ],
        nonTriggeringExamples: [
            // A helper that returns its chart type-erased (`AnyView`), shown by a card helper under the card's title.
            """
            struct ReadingStats: View {
                let days: [DayCount]
                var body: some View {
                    ScrollView {
                        card(title: "Pages read each weekday") { weekdayChart() }
                    }
                }
                private func weekdayChart() -> some View {
                    let ordered = days.sorted { $0.weekday < $1.weekday }
                    return AnyView(Chart(ordered) { BarMark(x: .value("Day", $0.name), y: .value("Pages", $0.pages)) })
                }
                private func card<Content: View>(title: String, @ViewBuilder content: () -> Content) -> some View {
                    VStack(alignment: .leading) {
                        Text(title).font(.headline)
                        content()
                    }
                }
            }
            """,
            // The title above a `switch` names whichever chart its case shows, not the chart of the case before.
            """
            VStack(alignment: .leading) {
                Text("Heart rate stayed in range")
                switch span {
                case .day: Chart(hours) { LineMark(x: .value("Hour", $0.hour), y: .value("BPM", $0.bpm)) }
                case .week: Chart(days) { BarMark(x: .value("Day", $0.day), y: .value("BPM", $0.bpm)) }
                }
            }
            """,
            // A step whose chart sits in a helper, shown by a container (another file) under a step header, in one
            // case of a `switch`, in the `else` of an `if` whose other branch shows something else.
            RuleExample("""
                struct RateStep: View {
                    var body: some View {
                        ScrollViewReader { proxy in
                            VStack { rateChart.frame(height: 180); RateEditor() }
                        }
                    }
                    private var rateChart: some View {
                        Chart(rates) { BarMark(x: .value("Hour", $0.hour), y: .value("Rate", $0.rate)) }
                    }
                }
                """, moduleFiles: [
                """
                struct SetupFlow: View {
                    var body: some View {
                        VStack(alignment: .leading) {
                            if step != .welcome { stepHeader }
                            if let chapter = finishedChapter {
                                ChapterDoneView(chapter: chapter)
                            } else {
                                Group {
                                    switch step {
                                    case .welcome: WelcomeStep()
                                    case .units: UnitsStep()
                                    case .rates: RateStep()
                                    }
                                }
                                .transition(.opacity)
                            }
                        }
                    }
                    private var stepHeader: some View {
                        VStack(alignment: .leading) { Text(step.title).font(.title); Text(step.summary) }
                    }
                }
                """,
            ]),
            // A row of a grid: the label and total before the sparkline in its `GridRow` title it.
            """
            Grid {
                GridRow {
                    Text("Home")
                    Text(total.formatted())
                    Chart(points) { LineMark(x: .value("Hour", $0.hour), y: .value("kWh", $0.value)) }
                }
            }
            """,
            // A header the file builds in a helper, then a legend, then the chart from another helper.
            """
            struct VisitorsCard: View {
                var body: some View {
                    VStack(alignment: .leading) {
                        chartHeader
                        legend
                        lineChart
                    }
                }
                private var chartHeader: some View {
                    HStack { Image(systemName: "person.2"); Text("Visitors this week").font(.headline) }
                }
                private var legend: some View { HStack { Circle().fill(.blue).frame(width: 8); Text("This week") } }
                private var lineChart: some View {
                    Chart(points) { LineMark(x: .value("Day", $0.day), y: .value("Visitors", $0.count)) }
                }
            }
            """,
            RuleExample(#"struct HumidityChart: View { var body: some View { chart() }; func chart() -> some View { Chart(data) { LineMark(x: .value("Hour", $0.hour), y: .value("Humidity", $0.value)) } } }"#,
                        moduleFiles: [#"struct Detail: View { var body: some View { Card { DetailHeaderView(title: "Humidity"); HumidityChart() } } }"#]),
            """
            VStack(alignment: .leading) {
                Group {
                    Text("Steps are up 12% this week").font(.headline)
                }
                Group {
                    Chart(steps) { BarMark(x: .value("Day", $0.date), y: .value("Steps", $0.count)) }
                }
            }
            """,
            """
            struct TrendView: View {
                var body: some View {
                    VStack { Chart(points) { LineMark(x: .value("Date", $0.date), y: .value("Weight", $0.kilograms)) } }
                        .navigationBarTitle("Weight trend")
                }
            }
            """,
            """
            ScrollView {
                Text("Steps are up 12% this week").font(.headline)
                Chart(steps) { BarMark(x: .value("Day", $0.date), y: .value("Steps", $0.count)) }
            }
            """,
            """
            RingsView(progress: progress)
                .accessibilityRepresentation {
                    Chart(progress.rings) { BarMark(x: .value("Ring", $0.name), y: .value("Progress", $0.fraction)) }
                }
            """,
            """
            struct ActivityView: View {
                var body: some View {
                    GroupBox("Steps per day, this week") {
                        Chart(days) { BarMark(x: .value("Day", $0.date), y: .value("Steps", $0.steps)) }
                    }
                }
            }
            """,
            """
            struct ActivityView: View {
                var body: some View {
                    VStack(alignment: .leading) {
                        Text("You walked more on weekends")
                            .font(.headline)
                        chart
                    }
                }
                var chart: some View {
                    Chart(days) { BarMark(x: .value("Day", $0.date), y: .value("Steps", $0.steps)) }
                }
            }
            """,
            """
            struct StatsView: View {
                var body: some View {
                    List {
                        Section {
                            Chart { ForEach(sales) { BarMark(x: .value("Month", $0.month), y: .value("Sales", $0.total)) } }
                        } header: {
                            Text("Sales grew every month")
                        }
                    }
                }
            }
            """,
            """
            struct KPIRow: View {
                var body: some View {
                    HStack {
                        Text("Conversion")
                        Spacer()
                        Chart(points) { LineMark(x: .value("Day", $0.date), y: .value("Rate", $0.rate)) }
                            .frame(width: 100, height: 40)
                    }
                }
            }
            """,
            """
            struct SalesChart: View {
                let sales: [Sale]
                var body: some View {
                    Chart(sales) { BarMark(x: .value("Month", $0.month), y: .value("Sales", $0.total)) }
                }
            }
            """,
            """
            struct TrendView: View {
                var body: some View {
                    ScrollView {
                        Chart(points) { LineMark(x: .value("Date", $0.date), y: .value("Weight", $0.kilograms)) }
                    }
                    .navigationTitle("Weight trend")
                }
            }
            """,
            // The screen that embeds the card, in another file, gives it its title.
            RuleExample("""
                struct SalesCard: View {
                    var body: some View {
                        VStack {
                            Chart(sales) { BarMark(x: .value("Month", $0.month), y: .value("Sales", $0.total)) }
                            LegendView()
                        }
                    }
                }
                """, moduleFiles: [
                """
                struct Dashboard: View {
                    var body: some View { GroupBox("Sales doubled since spring") { SalesCard() } }
                }
                """,
            ]),
        ])

    static let message = "This chart has no title; put it in a GroupBox or Section with a label, or give it a Text title that states its question."
    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = ChartMatching.chartTriggers

    static let usesModuleIndex = true

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let chart = context.chart(at: node) else { return }
        switch context.file.titleLookup(of: chart) {
        case .titled:
            return
        case .untitled:
            guard !context.file.isTitledWhereUsed(chart.root) else { return }
        case .unseen:
            // All of a view used elsewhere: judged by what its uses show, silent where none can be seen.
            guard context.file.isUntitledWhereUsed(chart.root), !context.file.isTitledWhereUsed(chart.root) else { return }
        }
        context.report(at: chart.nameToken, message: Self.message)
    }
}
