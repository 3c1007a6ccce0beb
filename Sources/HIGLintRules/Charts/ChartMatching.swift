import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

enum ChartMatching {
    /// Every rule that starts from `chart(at:)` needs a `Chart` in the file (`SwiftUIView.isChart`).
    static let chartTriggers: Set<String> = ["Chart"]
}

extension RuleContext {
    /// The Swift Charts `Chart` rooted at `node`, when the rule applies there: not in a preview, not in
    /// a file that declares its own `Chart` type, compiled for a platform the rule covers, and not the
    /// content of `.accessibilityRepresentation { }` (what VoiceOver reads, not a visible chart).
    func chart(at node: Syntax) -> SwiftUIView? {
        guard let call = node.as(FunctionCallExprSyntax.self), let view = file.view(at: call), view.isChart,
              !file.declaresType("Chart"), applies(at: call), !file.isInAccessibilityRepresentation(call)
        else { return nil }
        return view
    }

    /// The mark rooted at `node` (`LineMark(…)`, `SectorMark(…)`), with the same conditions.
    func mark(at node: Syntax, named names: Set<String>) -> SwiftUIView? {
        guard let call = node.as(FunctionCallExprSyntax.self), let view = file.view(at: call), view.isTypeCall,
              names.contains(view.name), !file.declaresType(view.name), applies(at: call),
              !file.isInAccessibilityRepresentation(call)
        else { return nil }
        return view
    }
}
