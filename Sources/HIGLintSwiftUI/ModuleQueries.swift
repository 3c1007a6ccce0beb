import SwiftSyntax

/// Questions rules ask of the module index about a view of this file.
extension SwiftUIFile {
    /// The functions called by the closures a row passes to context-menu helpers of the module
    /// (`.rowMenu(delete: { delete(order) })`, `ModuleIndex.contextMenuHelpers`): the actions that menu offers.
    /// Function references passed (`delete: delete`) count by name.
    public func contextMenuHelperCalls(of view: SwiftUIView) -> Set<String> {
        var calls: Set<String> = []
        for modifier in view.modifiers where module.contextMenuHelpers.contains(modifier.name) {
            for argument in modifier.call?.arguments ?? [] {
                if let reference = argument.expression.as(DeclReferenceExprSyntax.self) {
                    calls.insert(reference.baseName.text)
                } else {
                    calls.formUnion(argument.expression.calledFunctionNames)
                }
            }
            for closure in modifier.closures { calls.formUnion(ExprSyntax(closure.closure).calledFunctionNames) }
        }
        return calls
    }
}

extension SwiftUIFile {
    /// Whether the view type whose `body` holds `node` is given a title where the module uses it
    /// (`ModuleIndex.titledViews`): `GroupBox("Sales") { SalesCard() }` in another file.
    public func isTitledWhereUsed(_ node: some SyntaxProtocol) -> Bool {
        guard let context = declarationContext(of: node), context.isBody, let type = context.type else { return false }
        return module.titledViews.contains(type.name)
    }
}
