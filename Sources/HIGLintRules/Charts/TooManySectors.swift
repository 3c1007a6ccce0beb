import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A `SectorMark` repeated over more than five parts that the source fixes.
///
/// The parts come from the `ForEach` (or `Chart(data)`) the mark is in: an array literal, a literal
/// range, `.prefix(N)`, or a name initialised with one of those in the same type or file. Data whose
/// size is only known at run time is not judged.
struct TooManySectors: Rule {
    static let description = RuleDescription(
        id: "too-many-sectors",
        name: "Too many sectors",
        section: .charts,
        summary: "Pie and donut charts work for a few parts of one whole; more than five sectors cannot be compared.",
        rationale: """
            The HIG reserves sectors for a few parts of one whole. People judge angles and areas poorly: \
            past five slices the small ones become slivers that cannot be told apart or labelled. Group \
            the tail into Other, or use a bar chart.
            """,
        triggeringExamples: [
            """
            Chart(Array(categories.prefix(8))) { category in
                ↓SectorMark(angle: .value("Spending", category.total), innerRadius: .ratio(0.6))
                    .foregroundStyle(by: .value("Category", category.name))
            }
            """,
            """
            struct BudgetChart: View {
                private let parts = [Part.rent, .food, .travel, .fun, .savings, .health, .gifts]
                var body: some View {
                    Chart {
                        ForEach(parts) { part in
                            ↓SectorMark(angle: .value("Share", part.share))
                        }
                    }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            Chart(Array(categories.prefix(5))) { category in
                SectorMark(angle: .value("Spending", category.total))
            }
            """,
            """
            Chart(categories) { category in
                SectorMark(angle: .value("Spending", category.total))
            }
            """,
            """
            Chart {
                ForEach(0..<3) { index in SectorMark(angle: .value("Share", shares[index])) }
            }
            """,
        ])

    static let message = "This pie has more than five sectors, too many to compare; group the smallest into Other or use a bar chart."
    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = Self.markNames
    static let markNames: Set<String> = ["SectorMark", "SectorPlot"]

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let mark = context.mark(at: node, named: Self.markNames),
              let data = mark.name == "SectorPlot" ? mark.firstUnlabeledArgument : repeatedData(around: mark, context.file),
              let count = context.file.literalCount(of: context.file.dataSource(of: data)), count > 5
        else { return }
        context.report(at: mark.nameToken, message: Self.message)
    }

    /// The collection of the nearest `ForEach` or `Chart(data)` around the mark.
    private func repeatedData(around mark: SwiftUIView, _ file: SwiftUIFile) -> ExprSyntax? {
        for enclosure in file.enclosingViews(of: mark.root) where enclosure.role == .content {
            if enclosure.view.name == "ForEach" || enclosure.view.isChart { return enclosure.view.repeatedData }
        }
        return nil
    }
}
