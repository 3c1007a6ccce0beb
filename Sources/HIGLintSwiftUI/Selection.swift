import SwiftSyntax

/// Questions about selection state shown in a view: which state a checkmark is decided by, and the
/// handlers that could change it.
extension SwiftUIView {
    /// The state names a test decides this view (a checkmark) by: an `if` around it, a ternary in its
    /// `systemName:`, or a ternary in one of its modifiers (`.opacity(selected == item ? 1 : 0)`), up to the
    /// enclosing `ForEach`: the collections a `contains` test reads and the values an equality test compares.
    public func checkmarkSelectionState() -> Set<String> {
        var tests: [ExprSyntax] = []
        if let symbol = argument("systemName")?.expression, symbol.isConditional { tests.append(symbol) }
        for modifier in modifiers {
            for argument in modifier.call?.arguments ?? [] where argument.expression.isConditional {
                tests.append(argument.expression)
            }
        }
        var node = chainEnd.parent
        while let current = node, !current.is(DeclSyntax.self) {
            if let ifExpr = current.as(IfExprSyntax.self) {
                tests += ifExpr.conditions.compactMap { $0.condition.as(ExprSyntax.self) }
            }
            if let expression = current.as(ExprSyntax.self), expression.isConditional { tests.append(expression) }
            if current.as(FunctionCallExprSyntax.self).flatMap({ SwiftUIView(call: $0) })?.name == "ForEach" { break }
            node = current.parent
        }
        return Set(tests.flatMap(\.testedState))
    }

    /// Whether `handler` sits in a different branch of an `if` that shows this view in one branch:
    /// the control is gone once this view appears, so it cannot take the choice back.
    public func isInOtherBranch(than handler: Syntax) -> Bool {
        var child = Syntax(chainEnd)
        var node = child.parent
        while let current = node, !current.is(DeclSyntax.self) {
            if let ifExpr = current.as(IfExprSyntax.self), ifExpr.range.contains(handler.range), !child.range.contains(handler.range) {
                return true
            }
            if current.as(FunctionCallExprSyntax.self).flatMap({ SwiftUIView(call: $0) })?.name == "ForEach" { break }
            child = current
            node = current.parent
        }
        return false
    }
}

extension SwiftUIView {
    /// Whether the view tells VoiceOver it is the chosen one of its peers: `.accessibilityAddTraits(current == item ?
    /// .isSelected : [])`. A cell marked so is an option of a picker.
    public var marksItselfSelected: Bool {
        modifiers.contains { modifier in
            modifier.name == "accessibilityAddTraits" && modifier.firstArgument.map {
                $0.isConditional && $0.containsMemberAccess(named: "isSelected")
            } == true
        }
    }
}

extension SwiftUIFile {
    /// Button actions and single-tap closures (`.onTapGesture`, `TapGesture().onEnded`) in `region`.
    public func tapHandlers(in region: Syntax) -> [Syntax] {
        region.tokens(viewMode: .sourceAccurate).compactMap { token -> Syntax? in
            if token.text == "Button", let call = token.parent?.parent?.as(FunctionCallExprSyntax.self)
                ?? token.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
               let view = view(at: call), view.nameToken.id == token.id {
                return ActionButton(view: view).action.map(Syntax.init)
            }
            guard token.text == "onTapGesture" || gestureModifierNames.contains(token.text),
                  let member = token.parent?.parent?.as(MemberAccessExprSyntax.self), member.declName.baseName.id == token.id,
                  let owner = self.view(modifiedBy: member), let modifier = owner.modifier(at: member)
            else { return nil }
            return modifier.tapAction.map(Syntax.init)
        }
    }
}

private extension Range where Bound == AbsolutePosition {
    func contains(_ other: Range<AbsolutePosition>) -> Bool { lowerBound <= other.lowerBound && other.upperBound <= upperBound }
}

extension ExprSyntax {
    /// A ternary: `test ? a : b`, folded or as the parser leaves it (a sequence with an unresolved ternary).
    public var isConditional: Bool {
        if self.is(TernaryExprSyntax.self) { return true }
        return self.as(SequenceExprSyntax.self)?.elements.contains { $0.is(UnresolvedTernaryExprSyntax.self) } ?? false
    }

}

extension SyntaxProtocol {
    /// `selection.contains(id)` → `selection`; `selected == item` → `selected`, `item`; `isSelected(x)` → nothing.
    public var testedState: [String] { testedMembership + testedEquality }

    /// `selection.contains(id)` → `selection`.
    public var testedMembership: [String] {
        tokens(viewMode: .sourceAccurate).compactMap { token in
            guard token.text == "contains", let member = token.parent?.parent?.as(MemberAccessExprSyntax.self) else { return nil }
            return member.base?.referencePath?.last
        }
    }

    /// `selected == item` → `selected`, `item`.
    public var testedEquality: [String] {
        tokens(viewMode: .sourceAccurate).flatMap { token -> [String] in
            guard ["==", "!="].contains(token.text), let sequence = token.parent?.parent?.parent?.as(SequenceExprSyntax.self)
            else { return [] }
            return sequence.elements.compactMap { $0.referencePath?.last }
        }
    }
}
