import HIGLintSwiftUI
import SwiftParser
import SwiftSyntax

/// The first call whose callee ends in a token named `name` (`Text`, `Image`, `swipeActions`…).
func firstCall(named name: String, in tree: SourceFileSyntax) -> FunctionCallExprSyntax? {
    tree.tokens(viewMode: .sourceAccurate).lazy.compactMap { token -> FunctionCallExprSyntax? in
        guard token.text == name else { return nil }
        var node = token.parent
        while let current = node {
            if let call = current.as(FunctionCallExprSyntax.self) {
                return call.calledExpression.lastToken(viewMode: .sourceAccurate)?.id == token.id ? call : nil
            }
            node = current.parent
        }
        return nil
    }.first
}

/// The file model of `source`, and its tree.
func model(_ source: String) -> (SwiftUIFile, SourceFileSyntax) {
    let tree = Parser.parse(source: source)
    return (SwiftUIFile(tree: tree), tree)
}

/// Parses `source` and finds the first view whose written name is `name`.
func firstView(named name: String, in source: String) -> (SwiftUIFile, SwiftUIView) {
    let (file, tree) = model(source)
    return (file, file.view(at: firstCall(named: name, in: tree)!)!)
}

/// The file model of `source`, and the view whose chain has a modifier named `modifier`.
func view(modifiedBy modifier: String, in source: String) -> (SwiftUIFile, SwiftUIView) {
    let file = SwiftUIFile(tree: Parser.parse(source: source))
    let member = file.tree.tokens(viewMode: .sourceAccurate)
        .first { $0.text == modifier && $0.parent?.parent?.is(MemberAccessExprSyntax.self) == true }!
        .parent!.parent!.as(MemberAccessExprSyntax.self)!
    return (file, file.view(modifiedBy: member)!)
}
