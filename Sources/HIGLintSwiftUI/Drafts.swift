import SwiftSyntax

extension SwiftUIFile {
    /// Whether `code` (an action) only changes a draft that a Cancel discards: an editor's own copy, which the
    /// person keeps with Save and throws away with Cancel, so a stray change costs nothing.
    ///
    /// All of these must hold, in the view type around `code`:
    /// - every property `code` writes, by the root of its path (`draft` in `draft.steps.remove(at: index)`), and
    ///   those the same-type functions it calls write, is `@State` of the type: a value the view holds, not a
    ///   `@Binding`, an observed or environment model or a query;
    /// - `code` calls nothing but those functions, methods on the draft and wrappers (`withAnimation`): nothing
    ///   that deletes elsewhere;
    /// - the type offers a Cancel (a `Button` with `role: .cancel`, titled Cancel, or in a `.cancellationAction`
    ///   toolbar item) whose action hands no draft on;
    /// - another button's action commits a draft: passes it to a call or assigns it elsewhere (`onSave(draft)`,
    ///   `routine.steps = draft.steps`), directly or in a same-type function it calls.
    ///
    /// A `@State` model that saves itself (`model.save()`) is not handed on, so it is no draft here. Not seen: a
    /// `@State` holding a reference to a stored object (a SwiftData model given to the editor), which Cancel does
    /// not restore; it is taken for a copy.
    public func editsDiscardableDraft(_ code: some SyntaxProtocol) -> Bool {
        guard let type = enclosingType(of: code) else { return false }
        let helpers = calledFunctions(in: code, type: type)
        let drafts = helpers.reduce(code.writtenStateRoots) { $0.union($1.body?.writtenStateRoots ?? []) }
        guard !drafts.isEmpty, drafts.allSatisfy({ type.properties[$0]?.hasAttribute("State") == true }),
              Self.callsOnlyDraftWork(in: Syntax(code), drafts: drafts, helpers: Set(helpers.map(\.name.text))),
              helpers.allSatisfy({ function in
                  function.body.map { Self.callsOnlyDraftWork(in: Syntax($0), drafts: drafts, helpers: []) } ?? false
              })
        else { return false }
        let buttons = type.parts.flatMap(Self.buttonCalls(in:)).compactMap { SwiftUIView(call: $0) }.map(ActionButton.init(view:))
        let cancels = buttons.filter(isCancel)
        guard !cancels.isEmpty else { return false }
        let commits = { (button: ActionButton) -> Bool in
            guard let action = button.action else { return false }
            return ([Syntax(action)] + self.calledFunctions(in: action, type: type).compactMap { $0.body.map(Syntax.init) })
                .contains { Self.handsOn(drafts, in: $0) }
        }
        return !cancels.contains(where: commits) && buttons.contains { !isCancel($0) && commits($0) }
    }

    /// A Cancel: `role: .cancel`, the title Cancel, or a control of a `.cancellationAction` toolbar item.
    private func isCancel(_ button: ActionButton) -> Bool {
        if button.view.argument("role")?.expression.memberName == "cancel" { return true }
        if button.titles.contains(where: { $0.lowercased() == "cancel" }) { return true }
        return enclosingViews(of: button.view.root).contains { enclosure in
            enclosure.view.name == "ToolbarItem" && enclosure.view.argument("placement")?.expression.memberName == "cancellationAction"
        }
    }

    private static func buttonCalls(in node: some SyntaxProtocol) -> [FunctionCallExprSyntax] {
        node.tokens(viewMode: .sourceAccurate).compactMap { token in
            guard token.text == "Button", let reference = token.parent?.as(DeclReferenceExprSyntax.self),
                  let call = reference.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == reference.id
            else { return nil }
            return call
        }
    }

    /// Whether every call in `node` is a wrapper, a same-type function of `helpers`, or a method on a draft.
    private static func callsOnlyDraftWork(in node: Syntax, drafts: Set<String>, helpers: Set<String>) -> Bool {
        for call in node.descendants(FunctionCallExprSyntax.self) {
            if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                if ActionButton.wrapperCalls.contains(name) || helpers.contains(name) { continue }
                return false
            }
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return false }
            let name = member.declName.baseName.text
            if ActionButton.wrapperCalls.contains(name) || mutatingMethods.contains(name) { continue }
            if let root = member.base?.referencePath?.first(where: { $0 != "self" }), drafts.contains(root) { continue }
            if let base = member.base?.as(DeclReferenceExprSyntax.self), base.baseName.tokenKind == .keyword(.self),
               helpers.contains(name) { continue }
            return false
        }
        return true
    }

    /// Whether `node` passes one of `drafts` to a call (`onSave(draft)`, `store.update(draft.steps)`) or assigns it
    /// to something else (`routine.steps = draft.steps`).
    private static func handsOn(_ drafts: Set<String>, in node: Syntax) -> Bool {
        func isDraft(_ expression: ExprSyntax) -> Bool {
            expression.referencePath?.first(where: { $0 != "self" }).map(drafts.contains) ?? false
        }
        for argument in node.descendants(LabeledExprSyntax.self) where argument.parent?.parent?.is(FunctionCallExprSyntax.self) == true {
            if isDraft(argument.expression) { return true }
        }
        for sequence in node.descendants(SequenceExprSyntax.self) {
            let elements = Array(sequence.elements)
            for (index, element) in elements.enumerated() where element.is(AssignmentExprSyntax.self) && index > 0 && index + 1 < elements.count {
                if isDraft(elements[index + 1]), !isDraft(elements[index - 1]) { return true }
            }
        }
        return false
    }
}

private final class DescendantFinder<Node: SyntaxProtocol>: SyntaxAnyVisitor {
    var found: [Node] = []

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if let match = node.as(Node.self) { found.append(match) }
        return .visitChildren
    }
}

private extension SyntaxProtocol {
    func descendants<Node: SyntaxProtocol>(_ type: Node.Type) -> [Node] {
        let finder = DescendantFinder<Node>(viewMode: .sourceAccurate)
        finder.walk(self)
        return finder.found
    }
}
