import SwiftSyntax

extension SwiftUIFile {
    /// Where the helper or view type holding `node` is used in this file: for code in a helper
    /// (`var chart: some View`, `func cell(_:)`), its first use in the same type; for code in a
    /// view type's `body`, the first `TypeName(…)` call elsewhere in the file (outside previews).
    /// `nil` when no such use can be seen.
    public func use(ofDeclarationHolding node: some SyntaxProtocol) -> ExprSyntax? {
        guard let context = declarationContext(of: node) else { return nil }
        let declaration = context.declaration
        let isInside: (ExprSyntax) -> Bool = { declaration.range.contains($0.position) }
        if !context.isBody {
            return references(to: context.name).first { reference in
                !isInside(reference) && enclosingType(of: reference) === context.type && !reference.isInPreview
            }
        }
        guard let type = context.type, type.isView, let typeDeclaration = type.declaration.asProtocol(DeclGroupSyntax.self) else { return nil }
        return references(to: type.name).first { reference in
            guard let call = reference.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == reference.id else { return false }
            return !typeDeclaration.range.contains(reference.position) && !reference.isInPreview
        }
    }

    /// The views around `node` as `enclosingViews(of:)` gives them, continued through the uses of
    /// the helpers and view types that hold it (up to `depth` uses), innermost first.
    public func enclosingViewsThroughUses(of node: some SyntaxProtocol, depth: Int = 2) -> [Enclosure] {
        let own = enclosingViews(of: node)
        guard depth > 0, let use = use(ofDeclarationHolding: node) else { return own }
        return own + enclosingViewsThroughUses(of: use, depth: depth - 1)
    }

    /// The view as it appears where the helper or view type holding it is used: `chart.frame(height: 40)`
    /// for a `Chart` that is all of `var chart`. `nil` when `view` is not the whole of its declaration
    /// or the use cannot be seen.
    public func viewAtUse(ofDeclarationRootedAt view: SwiftUIView) -> SwiftUIView? {
        guard let context = declarationContext(of: view.root), isWholeResult(view, of: context.declaration),
              let use = use(ofDeclarationHolding: view.root)
        else { return nil }
        return viewAtUse(use)
    }

    /// Where the helper of this file whose result is all of `view` is used (`viewUses(of:)`): `rowView(server)` for
    /// the `HStack` that `func rowView(_ server:)` returns. `nil` when `view` is not all a helper returns, or is a
    /// view type's `body`.
    public func usesOfHelper(returning view: SwiftUIView) -> [SwiftUIView]? {
        guard let context = declarationContext(of: view.root), !context.isBody, isWholeResult(view, of: context.declaration)
        else { return nil }
        return viewUses(of: context)
    }

    /// Whether `view`'s chain is what the declaration's body produces as a whole.
    private func isWholeResult(_ view: SwiftUIView, of declaration: DeclSyntax) -> Bool {
        let statements: CodeBlockItemListSyntax?
        if let function = declaration.as(FunctionDeclSyntax.self) {
            statements = function.body?.statements
        } else if let variable = declaration.as(VariableDeclSyntax.self), let binding = variable.bindings.first {
            switch binding.accessorBlock?.accessors {
            case .getter(let items)?: statements = items
            case .accessors(let accessors)?: statements = accessors.first?.body?.statements
            default: statements = nil
            }
        } else {
            statements = nil
        }
        guard let statements else { return false }
        return ViewBuilderContent.views(in: statements).contains { $0.root.id == view.root.id }
    }
}

extension SwiftUIFile {
    /// What the calls of this file pass for the parameter `reference` names, when it names one of its enclosing
    /// function (`func section(layers: [Layer])` used as `section(layers: [.rain, .wind])`): one expression per call.
    /// `nil` when it names no parameter, or the function has no call here or one that passes nothing for it.
    public func argumentsPassed(forParameter reference: DeclReferenceExprSyntax) -> [ExprSyntax]? {
        var node = reference.parent
        while let current = node, !current.is(FunctionDeclSyntax.self) { node = current.parent }
        guard let function = node?.as(FunctionDeclSyntax.self),
              let parameter = function.signature.parameterClause.parameters.first(where: {
                  ($0.secondName ?? $0.firstName).text == reference.baseName.text
              })
        else { return nil }
        let label: String? = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
        let position = Array(function.signature.parameterClause.parameters).firstIndex { $0.id == parameter.id } ?? 0
        let calls = references(to: function.name.text).compactMap { use -> FunctionCallExprSyntax? in
            guard let call = use.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == use.id else { return nil }
            return call
        }
        guard !calls.isEmpty else { return nil }
        var passed: [ExprSyntax] = []
        for call in calls {
            let arguments = Array(call.arguments)
            let argument = label.map { label in arguments.first { $0.label?.text == label } }
                ?? (position < arguments.count && arguments[position].label == nil ? arguments[position] : nil)
            guard let argument else { return nil }
            passed.append(argument.expression)
        }
        return passed
    }
}
