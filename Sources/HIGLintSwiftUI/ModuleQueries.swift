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
    /// A chart built by a helper of the view (`private func chart(plot:)`) counts when it is the view's only chart:
    /// the title at the use names it.
    public func isTitledWhereUsed(_ node: some SyntaxProtocol) -> Bool {
        guard let context = declarationContext(of: node), let type = context.type, module.titledViews.contains(type.name)
        else { return false }
        return context.isBody || Self.holdsOneChart(type)
    }

    /// Whether the type's declaration creates exactly one `Chart`: what is said of the type at its uses is said of it.
    private static func holdsOneChart(_ type: TypeDeclaration) -> Bool {
        type.declaration.tokens(viewMode: .sourceAccurate).filter { token in
            token.text == "Chart" && token.parent?.parent?.is(FunctionCallExprSyntax.self) == true
        }.count == 1
    }
}

extension SwiftUIFile {
    /// Whether the view type whose `body` holds `node` has a use in the module with no title around it
    /// (`ModuleIndex.untitledUseViews`): `ScrollView { SalesChart(); Footer() }` in another file. A chart built by a
    /// helper of the view counts as for `isTitledWhereUsed(_:)`.
    public func isUntitledWhereUsed(_ node: some SyntaxProtocol) -> Bool {
        guard let context = declarationContext(of: node), let type = context.type, module.untitledUseViews.contains(type.name)
        else { return false }
        return context.isBody || Self.holdsOneChart(type)
    }
}

extension SwiftUIFile {
    /// Whether a view type of the module attaches a context menu inside `view`: the view itself
    /// (`PhotoCell(photo:)` whose declaration has `.contextMenu`, `ModuleIndex.contextMenuViews`) or a view of
    /// its content or label (`NavigationLink { … } label: { PhotoCell(…) }`).
    public func hasContextMenuInsideType(_ view: SwiftUIView) -> Bool {
        guard !module.contextMenuViews.isEmpty else { return false }
        return ([view] + view.descendantViews(roles: [.content, .label])).contains {
            $0.isTypeCall && module.contextMenuViews.contains($0.writtenName)
        }
    }

    /// Whether `view` is the whole `body` of a view type that the module uses as a row of a `List`, `Form` or
    /// lazy stack, or as a cell of a grid (`ModuleIndex.rowViews`, `cellViews`): its uses may be in other files.
    /// `grid` is `true` when it is used as a cell.
    public func moduleRowUse(of view: SwiftUIView) -> (isRow: Bool, grid: Bool)? {
        guard let context = declarationContext(of: view.root), context.isBody, let type = context.type, type.isView,
              let body = type.properties["body"]?.body,
              ViewBuilderContent.views(in: body).contains(where: { $0.root.id == view.root.id })
        else { return nil }
        if module.cellViews.contains(type.name) { return (true, true) }
        if module.rowViews.contains(type.name) { return (true, false) }
        return nil
    }
}

extension SwiftUIFile {
    /// Where a view held in a `let`/`var` (`let hero = Image("hero")`, `private let badge = Image(…)`) is used in
    /// this file, as the views written there (`hero.resizable()`); `nil` when the view is not what a `let`/`var`
    /// holds. A use counts only when the name it reads resolves to this very declaration (`initialValue(of:)`).
    public func usesOfHeldView(_ view: SwiftUIView) -> [SwiftUIView]? {
        guard let binding = view.chainEnd.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
              let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return nil }
        return references(to: name).compactMap { use in
            guard initialValue(of: use)?.id == view.chainEnd.id, !use.isInPreview else { return nil }
            return viewAtUse(use)
        }
    }
}

extension SwiftUIFile {
    /// Whether the view type whose `body` holds `node` is labelled or hidden for VoiceOver where the module uses it
    /// (`ModuleIndex.labelledViews`): `BrandLogo().accessibilityLabel("Acme")` in another file. With
    /// `inControlLabels`, also when it is shown in the label of a control with text (`ModuleIndex.controlLabelViews`):
    /// true of what the type shows, not of a control it is.
    public func isLabelledWhereUsed(_ node: some SyntaxProtocol, inControlLabels: Bool = true) -> Bool {
        guard let context = declarationContext(of: node), context.isBody, let type = context.type else { return false }
        return isLabelledWhereUsed(type.name, inControlLabels: inControlLabels)
    }

    /// Every use the survey saw labels it: one unlabelled use (`PosterImage` alone in a grid cell) leaves the image
    /// to be reported.
    func isLabelledWhereUsed(_ typeName: String, inControlLabels: Bool = true) -> Bool {
        guard !module.unlabelledUseViews.contains(typeName) else { return false }
        // Uses in the label of a styled button: labelled where the style draws a title, unlabelled elsewhere.
        let prefix = typeName + "."
        let styles = module.styledLabelViews.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        guard styles.allSatisfy(module.titleDrawingStyles.contains) else { return false }
        // Uses in a module view's closure: in a control's label where that view puts the closure in one.
        let wrappers = module.wrappedLabelViews.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        guard wrappers.allSatisfy(module.placesInControlLabel(givenContentUse:)) else { return false }
        return module.labelledViews.contains(typeName)
            || inControlLabels && (module.controlLabelViews.contains(typeName) || !styles.isEmpty || !wrappers.isEmpty)
    }
}

extension SwiftUIFile {
    /// The platforms where the member holding `node` is used, when every use sits in this file: a `macOSBody`
    /// that `body` uses only in the `#else` of `#if os(iOS)` is macOS code. `nil` when nothing narrows it: the
    /// member is `body`, may be used from other files (neither private nor a view builder), or has no use here.
    public func platformsWhereUsed(_ node: some SyntaxProtocol) -> Platforms? {
        platformsWhereUsed(Syntax(node), depth: 0)
    }

    private func platformsWhereUsed(_ node: Syntax, depth: Int) -> Platforms? {
        guard depth < 3, let context = declarationContext(of: node), !context.isBody, Self.isUsedOnlyHere(context.declaration)
        else { return nil }
        let uses = references(to: context.name).filter { use in
            !use.isInPreview && declarationContext(of: use)?.declaration.id != context.declaration.id
        }
        guard !uses.isEmpty else { return nil }
        return uses.reduce(into: Platforms()) { platforms, use in
            platforms.formUnion(self.platforms(of: use).intersection(platformsWhereUsed(Syntax(use), depth: depth + 1) ?? .all))
        }
    }

    /// A private or fileprivate member, or a view builder (`var sidebar: some View`, `func row() -> some View`),
    /// which other files do not call in practice.
    private static func isUsedOnlyHere(_ declaration: DeclSyntax) -> Bool {
        if let modifiers = declaration.asProtocol(WithModifiersSyntax.self)?.modifiers,
           modifiers.contains(where: { ["private", "fileprivate"].contains($0.name.text) }) {
            return true
        }
        let type = declaration.as(VariableDeclSyntax.self)?.bindings.first?.typeAnnotation?.type
            ?? declaration.as(FunctionDeclSyntax.self)?.signature.returnClause?.type
        return type?.trimmedSource.hasPrefix("some View") == true
    }
}
