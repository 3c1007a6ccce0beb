import SwiftSyntax

extension SwiftUIView {
    /// Whether the view sits where Swift needs a `Text` and not just any view, so a modifier that returns
    /// `some View` (`.textSelection`, `.padding`) would not compile there: an operand of `+` (`Text(a) + Text(b)`),
    /// or what a function or property declared to return `Text` returns.
    ///
    /// Syntax only: a closure's or a call argument's expected type is not known, so those count as any view.
    public var mustStayText: Bool {
        var expression = Syntax(chainEnd)
        while let parent = expression.parent, parent.is(LabeledExprSyntax.self),
              let tuple = parent.parent?.parent?.as(TupleExprSyntax.self), tuple.elements.count == 1 {
            expression = Syntax(tuple)   // `(Text(a))`
        }
        return isOperandOfPlus(expression) || ["Text", "SwiftUI.Text"].contains(Self.declaredReturnType(of: expression))
    }

    private func isOperandOfPlus(_ expression: Syntax) -> Bool {
        guard let list = expression.parent?.as(ExprListSyntax.self) else { return false }
        let elements = Array(list)
        guard let index = elements.firstIndex(where: { $0.id == expression.id }) else { return false }
        return [index - 1, index + 1].contains { neighbour in
            guard elements.indices.contains(neighbour),
                  let operation = elements[neighbour].as(BinaryOperatorExprSyntax.self) else { return false }
            return operation.operator.text.hasPrefix("+")
        }
    }

    /// The type written for `expression`: `: T` of a variable it initialises, or `-> T` of a function or `: T` of a
    /// computed property whose body is `expression` alone or `return expression`; `nil` anywhere else.
    private static func declaredReturnType(of expression: Syntax) -> String? {
        // `let line: Text = Text(…)`
        if let initializer = expression.parent?.as(InitializerClauseSyntax.self),
           let binding = initializer.parent?.as(PatternBindingSyntax.self) {
            return binding.typeAnnotation?.type.trimmedDescription
        }
        var statement = expression
        if let returned = expression.parent?.as(ReturnStmtSyntax.self) { statement = Syntax(returned) }
        guard let item = statement.parent?.as(CodeBlockItemSyntax.self), let list = item.parent?.as(CodeBlockItemListSyntax.self),
              statement.is(ReturnStmtSyntax.self) || list.count == 1
        else { return nil }
        var owner = list.parent
        while let current = owner {
            if let function = current.as(FunctionDeclSyntax.self) { return function.signature.returnClause?.type.trimmedDescription }
            if let binding = current.as(PatternBindingSyntax.self) { return binding.typeAnnotation?.type.trimmedDescription }
            guard current.is(CodeBlockSyntax.self) || current.is(AccessorBlockSyntax.self) || current.is(AccessorDeclSyntax.self)
                    || current.is(AccessorDeclListSyntax.self)
            else { return nil }
            owner = current.parent
        }
        return nil
    }
}
