import SwiftSyntax

extension SyntaxProtocol {
    /// Whether this node and `other` sit in different branches of one `if` or `switch`, so that they are never
    /// shown together: a Refresh button in an error state and the refreshable list, a control that disappears
    /// once the checkmark it sets appears.
    public func isAlternative(to other: some SyntaxProtocol) -> Bool {
        var ancestors: [SyntaxIdentifier: Syntax] = [:]   // ancestor → the child of it on the way from `self`
        var child = Syntax(self)
        var node = parent
        while let current = node {
            ancestors[current.id] = child
            child = current
            node = current.parent
        }
        child = Syntax(other)
        node = other.parent
        while let current = node {
            if let fromSelf = ancestors[current.id] {
                guard fromSelf.id != child.id else { return false }
                return current.is(IfExprSyntax.self) || current.is(SwitchCaseListSyntax.self)
            }
            child = current
            node = current.parent
        }
        return false
    }

    /// The item of the source file that holds this node: a top-level statement (script code, a `main.swift`) or
    /// a top-level declaration.
    public var topLevelStatement: CodeBlockItemSyntax? {
        var current = Syntax(self)
        while let parent = current.parent {
            if let item = parent.as(CodeBlockItemSyntax.self), parent.parent?.parent?.is(SourceFileSyntax.self) == true { return item }
            current = parent
        }
        return nil
    }
}
