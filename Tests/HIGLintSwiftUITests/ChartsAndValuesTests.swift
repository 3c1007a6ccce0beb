import HIGLintSwiftUI
import SwiftParser
import SwiftSyntax
import Testing

@Suite("Values")
struct ValuesTests {
    @Test("a stored property's initialiser is the value of its name")
    func storedProperty() {
        let (file, grid) = firstView(named: "LazyVGrid", in: """
            struct G: View {
                private let columns = [GridItem(.adaptive(minimum: 120))]
                var body: some View { LazyVGrid(columns: columns) { } }
            }
            """)
        let value = file.initialValue(of: grid.argument("columns")!.expression)
        #expect(value?.trimmedDescription == "[GridItem(.adaptive(minimum: 120))]")
    }

    @Test("a local let before the use wins over a property of the same name")
    func localLet() {
        let (file, grid) = firstView(named: "LazyVGrid", in: """
            struct G: View {
                let columns = [GridItem()]
                var body: some View {
                    let columns = [GridItem(), GridItem()]
                    LazyVGrid(columns: columns) { }
                }
            }
            """)
        #expect(file.initialValue(of: grid.argument("columns")!.expression)?.trimmedDescription == "[GridItem(), GridItem()]")
    }

    @Test("a computed property with branches has no single value")
    func branchingComputedProperty() {
        let (file, grid) = firstView(named: "LazyVGrid", in: """
            struct G: View {
                var columns: [GridItem] {
                    if compact { return [GridItem()] }
                    return [GridItem(), GridItem()]
                }
                var body: some View { LazyVGrid(columns: self.columns) { } }
            }
            """)
        #expect(file.initialValue(of: grid.argument("columns")!.expression) == nil)
    }

    @Test("the frame of a view reads literals and named constants")
    func frameSize() {
        let (file, chart) = firstView(named: "Chart", in: """
            struct S: View {
                private let sparkHeight: CGFloat = 40
                var body: some View { Chart { }.frame(width: 90, height: sparkHeight) }
            }
            """)
        #expect(file.frameSize(of: chart) == FrameSize(width: 90, height: 40))
    }

    @Test("literal counts come from arrays, ranges and prefix")
    func literalCounts() {
        let (file, forEach) = firstView(named: "ForEach", in: "let parts = [1, 2, 3]\nlet v = ForEach(parts) { _ in }")
        #expect(file.literalCount(of: forEach.repeatedData!) == 3)
        let (rangeFile, range) = firstView(named: "ForEach", in: "let v = ForEach(0..<8) { _ in }")
        #expect(rangeFile.literalCount(of: range.repeatedData!) == 8)
        let (prefixFile, prefix) = firstView(named: "ForEach", in: "let v = ForEach(Array(items.sorted().prefix(4))) { _ in }")
        #expect(prefixFile.literalCount(of: prefixFile.dataSource(of: prefix.repeatedData!)) == 4)
    }
}

@Suite("Charts")
struct ChartsTests {
    @Test("marks are found through ForEach, if and same-type helpers")
    func marks() {
        let (file, chart) = firstView(named: "Chart", in: """
            struct C: View {
                var body: some View {
                    Chart {
                        ForEach(data) { item in
                            if item.isGoal { RuleMark(y: .value("Goal", item.value)) } else { BarMark(x: .value("Day", item.day), y: .value("V", item.value)) }
                        }
                        averageLine()
                    }
                }
                @ChartContentBuilder func averageLine() -> some ChartContent { LineMark(x: .value("Day", 1), y: .value("V", 2)) }
            }
            """)
        let marks = file.marks(of: chart)
        #expect(marks.marks.map(\.name).sorted() == ["BarMark", "LineMark", "RuleMark"])
        #expect(marks.isComplete)
    }

    @Test("content the file does not show makes the marks incomplete")
    func incompleteMarks() {
        let (file, chart) = firstView(named: "Chart", in: "let c = Chart { GlucoseContent(readings: r) }")
        #expect(!file.marks(of: chart).isComplete)
    }

    @Test("a Text before the helper that holds the chart titles it")
    func titleThroughHelper() {
        let (file, chart) = firstView(named: "Chart", in: """
            struct C: View {
                var body: some View { VStack { Text("Sales grew"); chart } }
                var chart: some View { Chart { } }
            }
            """)
        #expect(file.titleLookup(of: chart).title?.literal?.trimmedDescription == #""Sales grew""#)
    }

    @Test("a text in another branch of an if or switch does not title the chart; one above the branches does")
    func titleAcrossBranches() {
        let (file, chart) = firstView(named: "Chart", in: """
            struct C: View {
                var body: some View { VStack { if empty { Text("No data") } else { Chart { } } } }
            }
            """)
        guard case .untitled = file.titleLookup(of: chart) else { Issue.record("expected untitled"); return }
        let (switched, weekChart) = firstView(named: "Chart", in: """
            struct S: View {
                var body: some View {
                    VStack { Text("Rates held"); switch span { case .day: DayList(); case .week: Chart { } } }
                }
            }
            """)
        #expect(switched.titleLookup(of: weekChart).title?.literal?.trimmedDescription == #""Rates held""#)
    }

    @Test("a chart that is a whole view used elsewhere is unseen, one in a bare section untitled")
    func unseenAndUntitled() {
        let (file, chart) = firstView(named: "Chart", in: "struct C: View { var body: some View { Chart { } } }")
        guard case .unseen = file.titleLookup(of: chart) else { Issue.record("expected unseen"); return }
        let (listFile, listChart) = firstView(named: "Chart", in: "struct L: View { var body: some View { List { Section { Chart { } } } } }")
        guard case .untitled = listFile.titleLookup(of: listChart) else { Issue.record("expected untitled"); return }
    }
}
