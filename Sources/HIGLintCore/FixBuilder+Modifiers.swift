import HIGLintSwiftUI

extension FixBuilder {
    /// Appends several modifiers to a view's chain in one edit, each on its own line at the chain's
    /// indentation when the chain is written over several lines, inline otherwise.
    public static func appendModifiers(_ modifiers: [String], to view: SwiftUIView) -> TextEdit {
        let first = appendModifier(modifiers.first ?? "", to: view)
        let separator = first.replacement.hasPrefix("\n")
            ? String(first.replacement.prefix { $0 != "." })
            : ""
        return .insert(modifiers.map { separator + $0 }.joined(), at: first.start)
    }
}
