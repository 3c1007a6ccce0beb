import HIGLintSwiftUI

extension FixBuilder {
    /// Appends several modifiers to a view's chain in one edit, each on its own line at the chain's
    /// indentation when the chain is written over several lines, inline otherwise.
    public static func appendModifiers(_ modifiers: [String], to view: SwiftUIView) -> TextEdit {
        let first = appendModifier(modifiers.first ?? "", to: view)
        // What `appendModifier` put before the modifier: a line break and indentation, or nothing.
        let separator = String(first.replacement.dropLast((modifiers.first ?? "").count))
        return .insert(modifiers.map { separator + $0 }.joined(), at: first.start)
    }
}
