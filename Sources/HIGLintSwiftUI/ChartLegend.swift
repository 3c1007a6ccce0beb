import SwiftSyntax

extension SwiftUIFile {
    /// Whether the view type that declares `chart` shows a key of its own for the chart's colours, the usual reason
    /// to hide the system legend (`.chartLegend(.hidden)`): the type is itself a legend (`RiskLegendView`); it uses a
    /// view, property or function named for a legend (`legend`, `ChartLegend(…)`) outside the chart; or it stacks a
    /// colour swatch beside a text (`HStack { Circle().fill(color); Text(phase.name) }`, a custom
    /// `BubbleColorView(color:)` beside `Text("Budget")`).
    ///
    /// Whether the key lists the same series is not checked: a key next to a chart is taken to be its legend.
    public func showsCustomLegend(for chart: SwiftUIView) -> Bool {
        guard let type = enclosingType(of: chart.root) else { return false }
        if type.name.contains("Legend") { return true }
        let chartRange = chart.root.position..<chart.chainEnd.endPosition
        for token in type.declaration.tokens(viewMode: .sourceAccurate) where !chartRange.contains(token.position) {
            guard case .identifier(let name) = token.tokenKind, let reference = token.parent?.as(DeclReferenceExprSyntax.self)
            else { continue }
            if name.range(of: "legend", options: .caseInsensitive) != nil, !name.hasPrefix("chartLegend") { return true }
            if name == "HStack", let call = reference.parent?.as(FunctionCallExprSyntax.self), let stack = view(at: call),
               Self.isSwatchKey(stack) {
                return true
            }
        }
        return false
    }

    /// A stack of a colour swatch and a text: a filled shape, or a custom view named for a colour and given a `color:`, beside a `Text`,
    /// a `Label` or a custom text view (`RefdsText`).
    private static func isSwatchKey(_ stack: SwiftUIView) -> Bool {
        let children = stack.childViews(roles: [.content])
        let hasSwatch = children.contains { child in
            (swatchShapes.contains(child.name) && child.modifiers.contains { ["fill", "foregroundStyle", "foregroundColor"].contains($0.name) })
                || (child.isTypeCall && child.hasArgument("color") && child.writtenName.contains("Color"))
        }
        return hasSwatch && children.contains { ["Text", "Label"].contains($0.name) || $0.writtenName.hasSuffix("Text") }
    }

    private static let swatchShapes: Set<String> = ["Circle", "Rectangle", "RoundedRectangle", "Capsule", "Ellipse"]
}
