import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A `LineMark`/`AreaMark` (or `LinePlot`/`AreaPlot`) whose `x:` value is a category.
///
/// Categorical means a string literal or a property (or key path) whose whole name is on the declared list
/// `categoricalNames`. Other strings (a formatted date, a month name) are not recognised.
struct LineMarkForCategories: Rule {
    static let description = RuleDescription(
        id: "line-mark-for-categories",
        name: "Line mark for categories",
        section: .charts,
        summary: "Lines imply change over continuous time; show discrete categories with bars.",
        rationale: """
            The HIG asks to choose the mark from the comparison: bars for discrete categories, lines for \
            change over continuous time. A line between two categories (coffee, then tea) draws a trend \
            that does not exist and invites people to read the slope.
            """,
        triggeringExamples: [
            """
            Chart(sales) { sale in
                ↓LineMark(
                    x: .value("Product", sale.name),
                    y: .value("Units", sale.units)
                )
            }
            """,
            """
            Chart {
                ForEach(expenses) { expense in
                    ↓AreaMark(x: .value("Category", expense.category), y: .value("Amount", expense.amount))
                }
            }
            """,
            #"Chart { ↓LinePlot(expenses, x: .value("Kind", \.kind), y: .value("Amount", \.amount)) }"#,
        ],
        nonTriggeringExamples: [
            """
            Chart(sales) { sale in
                BarMark(x: .value("Product", sale.name), y: .value("Units", sale.units))
            }
            """,
            """
            Chart(readings) { reading in
                LineMark(x: .value("Time", reading.date), y: .value("Glucose", reading.value))
                    .foregroundStyle(by: .value("Sensor", reading.name))
            }
            """,
            """
            Chart(ranking) { item in
                LineMark(x: .value("Score", item.score), y: .value("Team", item.name))
            }
            """,
            // `categoricalNames` holds whole names: `typeCount` is a number.
            """
            Chart(stats) { stat in
                LineMark(x: .value("Types", stat.typeCount), y: .value("Cost", stat.cost))
            }
            """,
        ],
        wordLists: [categoricalNames])

    static let message = "This line runs across categories, which implies a trend between them; use BarMark for discrete categories."
    static let categoricalNames = WordList(
        "categoricalNames", .matches,
        meaning: "Names of the property (or key path) plotted on `x:` that hold a category, matched whole: a line across them is reported.",
        defaults: ["name", "title", "label", "category", "type", "kind", "group"])
    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = Self.markNames
    static let markNames: Set<String> = ["LineMark", "AreaMark", "LinePlot", "AreaPlot"]

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let mark = context.mark(at: node, named: Self.markNames),
              let value = plottedValue(mark.argument("x")?.expression)
        else { return }
        let names = context.words(Self.categoricalNames)
        let isCategorical = value.is(StringLiteralExprSyntax.self) || lastName(of: value).map(names.contains) == true
        guard isCategorical else { return }
        context.report(at: mark.nameToken, message: Self.message)
    }

    /// `sale.name` in `.value("Product", sale.name)`.
    private func plottedValue(_ expression: ExprSyntax?) -> ExprSyntax? {
        guard let call = expression?.as(FunctionCallExprSyntax.self), call.calledExpression.memberName == "value",
              call.arguments.count >= 2
        else { return nil }
        return call.arguments[call.arguments.index(after: call.arguments.startIndex)].expression
    }

    /// `name` for `sale.name`, `$0.name`, `\.name` and `\Sale.name`.
    private func lastName(of value: ExprSyntax) -> String? {
        if let keyPath = value.as(KeyPathExprSyntax.self) {
            return keyPath.components.last?.component.as(KeyPathPropertyComponentSyntax.self)?.declName.baseName.text
        }
        return value.referencePath?.last
    }
}
