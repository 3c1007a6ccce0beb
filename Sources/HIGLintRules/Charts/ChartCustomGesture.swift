import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// `.chartOverlay`/`.chartBackground` content that handles gestures itself.
///
/// Judged by the names in the overlay's content: `DragGesture`, `SpatialTapGesture`, `.onTapGesture`,
/// `.onContinuousHover`, `.gesture(`. An overlay that only draws (a selection marker, a label) is fine.
struct ChartCustomGesture: Rule {
    static let description = RuleDescription(
        id: "chart-custom-gesture",
        name: "Chart custom gesture",
        section: .charts,
        summary: "Use the chart selection and scrolling modifiers instead of bespoke gesture code.",
        rationale: """
            The HIG asks for `.chartXSelection`, `.chartAngleSelection` and `.chartScrollableAxes` for \
            exploring a chart. They work with touch, pointer, keyboard and VoiceOver and behave like \
            every other chart on the system; a hand-made drag or tap in an overlay does not.
            """,
        triggeringExamples: [
            """
            Chart(prices) { LineMark(x: .value("Date", $0.date), y: .value("Price", $0.close)) }
                .↓chartOverlay { proxy in
                    GeometryReader { geometry in
                        Rectangle().fill(.clear).contentShape(Rectangle())
                            .gesture(DragGesture().onChanged { value in
                                selectedDate = proxy.value(atX: value.location.x)
                            })
                    }
                }
            """,
        ],
        nonTriggeringExamples: [
            """
            Chart(prices) { LineMark(x: .value("Date", $0.date), y: .value("Price", $0.close)) }
                .chartXSelection(value: $selectedDate)
            """,
            """
            Chart(prices) { LineMark(x: .value("Date", $0.date), y: .value("Price", $0.close)) }
                .chartBackground { proxy in
                    Text("No trades on weekends").foregroundStyle(.secondary)
                }
            """,
            RuleExample("""
                Chart(trades) { LineMark(x: .value("Day", $0.day), y: .value("Price", $0.price)) }
                    .chartOverlay { proxy in Rectangle().fill(.clear).gesture(DragGesture().onChanged { select($0, proxy) }) }
                """, configuration: Configuration().with(deploymentTarget: ["iOS": "16.0", "macOS": "13.0"])),
        ],
        remedyNeeds: [.chartSelection])

    static let message = "This chart handles gestures in an overlay; use `.chartXSelection`, `.chartAngleSelection` or `.chartScrollableAxes` instead."
    static let gestureNames: Set<String> = ["DragGesture", "SpatialTapGesture", "onTapGesture", "onContinuousHover", "gesture"]
    static let visitedKinds: Set<SyntaxKind> = [.memberAccessExpr]
    static let visitedNames: Set<String>? = ["chartOverlay", "chartBackground"]

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let member = node.as(MemberAccessExprSyntax.self),
              ["chartOverlay", "chartBackground"].contains(member.declName.baseName.text),
              let view = context.file.view(modifiedBy: member), !context.file.declaresType("Chart"),
              let modifier = view.modifier(at: member),
              context.applies(at: member),
              modifier.closures.contains(where: { handlesGesture($0.closure) })
        else { return }
        context.report(at: modifier.nameToken, message: Self.message)
    }

    private func handlesGesture(_ closure: ClosureExprSyntax) -> Bool {
        closure.tokens(viewMode: .sourceAccurate).contains { token in
            guard Self.gestureNames.contains(token.text) else { return false }
            let previous = token.previousToken(viewMode: .sourceAccurate)
            // `DragGesture(`, `SpatialTapGesture(` are types; the others are modifiers written after a period.
            return token.text.hasSuffix("Gesture") && token.text.first?.isUppercase == true || previous?.tokenKind == .period
        }
    }
}
