import SwiftSyntax

/// Values a text rule reads, followed through the names of the file (RULES.md, *Values, not only literals*).
extension SwiftUIFile {
    /// The string a `Text` shows when the source says it: its plain literal, or the plain literal that a
    /// `let`/`var`, static constant or computed property it names is made of, up to two steps
    /// (`Text(initials)` with `let initials = "AB"`). `nil` for interpolation and values made at run time.
    public func shownString(of text: SwiftUIView) -> String? {
        guard text.name == "Text", let argument = text.firstUnlabeledArgument ?? text.argument("verbatim")?.expression
        else { return nil }
        if let literal = argument.plainStringLiteral { return literal }
        return madeValue(of: argument)?.plainStringLiteral
    }

    /// Whether `expression`, or what the names in it are made of (up to two steps), is a size that scales with
    /// Dynamic Type or that people choose: `UIFont.preferredFont(…).pointSize`, `UIFontMetrics…scaledValue`,
    /// a `@ScaledMetric` or `@AppStorage` property.
    public func valueScales(_ expression: ExprSyntax) -> Bool {
        var pending = [expression]
        var seen: Set<SyntaxIdentifier> = []
        var steps = 0
        while let current = pending.popLast(), steps < 6 {
            steps += 1
            guard seen.insert(current.id).inserted else { continue }
            let type = enclosingType(of: current)
            for token in current.tokens(viewMode: .sourceAccurate) {
                if ["preferredFont", "UIFontMetrics", "scaledValue", "ScaledMetric"].contains(token.text) { return true }
                guard case .identifier = token.tokenKind, let reference = token.parent?.as(DeclReferenceExprSyntax.self) else { continue }
                if let property = property(token.text, in: type),
                   property.hasAttribute("ScaledMetric") || property.hasAttribute("AppStorage") {
                    return true
                }
                if seen.count < 4, let value = madeValue(of: ExprSyntax(reference), steps: 1) { pending.append(value) }
            }
        }
        return false
    }
}
