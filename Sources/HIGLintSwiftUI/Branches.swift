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

extension SwiftUIFile {
    /// Whether `node` sits in a branch that never runs: the body of an `if` whose condition is a constant `false`
    /// (`if Self.showDebug` with `static let showDebug = false`, `if false`), or the `else` of one whose condition
    /// is a constant `true` (RULES.md, *Reaches a screen*). Only `let` constants of this file count: a `var` may be
    /// set through an initializer elsewhere.
    public func isInBranchThatNeverRuns(_ node: some SyntaxProtocol) -> Bool {
        var child = Syntax(node)
        var current = node.parent
        while let ancestor = current {
            if let branch = ancestor.as(IfExprSyntax.self), let value = constantCondition(branch.conditions) {
                if !value, child.id == branch.body.id { return true }
                if value, let otherwise = branch.elseBody, child.id == otherwise.id { return true }
            }
            child = ancestor
            current = ancestor.parent
        }
        return false
    }

    /// The value of a condition list that is one constant `Bool`, or a conjunction holding a constant `false`.
    private func constantCondition(_ conditions: ConditionElementListSyntax) -> Bool? {
        var values: [Bool?] = []
        for element in conditions {
            guard case .expression(let expression) = element.condition else { values.append(nil); continue }
            values.append(constantBool(expression))
        }
        if values.contains(false) { return false }
        return values.count == 1 ? values[0] : nil
    }

    private func constantBool(_ expression: ExprSyntax, depth: Int = 0) -> Bool? {
        guard depth < 4 else { return nil }
        if let literal = expression.as(BooleanLiteralExprSyntax.self) { return literal.literal.tokenKind == .keyword(.true) }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return constantBool(prefix.expression, depth: depth + 1).map(!)
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
            return constantBool(inner.expression, depth: depth + 1)
        }
        guard expression.is(DeclReferenceExprSyntax.self) || expression.is(MemberAccessExprSyntax.self),
              let value = constantValue(of: expression),
              value.parent?.parent?.as(PatternBindingSyntax.self)?.parent?.parent?.as(VariableDeclSyntax.self)?
                .bindingSpecifier.tokenKind == .keyword(.let)
        else { return nil }
        return constantBool(value, depth: depth + 1)
    }
}
