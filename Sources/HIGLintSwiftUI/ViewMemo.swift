import SwiftSyntax

/// Views and chain roots a file has already built, by node.
///
/// Rules ask the same questions about the same nodes: every rule that visits calls asks for the view at each
/// call, and every modifier's view is found by walking down to its chain's root and back up over all its
/// modifiers. Unremembered, a chain of n modifiers costs n² steps (seconds for a few thousand modifiers).
final class ViewMemo {
    private var views: [SyntaxIdentifier: SwiftUIView?] = [:]
    private var roots: [SyntaxIdentifier: ExprSyntax?] = [:]

    func view(rootedAt root: ExprSyntax, build: () -> SwiftUIView?) -> SwiftUIView? {
        if let known = views[root.id] { return known }
        let view = build()
        views[root.id] = view
        return view
    }

    /// `ViewBuilderContent.chainRoot(of:)`, remembering the answer for every expression passed on the way down,
    /// so that each node of a chain is walked once per file.
    func chainRoot(of expression: ExprSyntax) -> ExprSyntax? {
        var passed: [SyntaxIdentifier] = []
        var node = expression
        var root: ExprSyntax?
        walk: while true {
            if let known = roots[node.id] {
                root = known
                break
            }
            passed.append(node.id)
            switch ViewBuilderContent.chainStep(from: node) {
            case .next(let next): node = next
            case .root(let found): root = found; break walk
            case .none: root = nil; break walk
            }
        }
        for id in passed { roots[id] = .some(root) }
        return root
    }
}
