import SwiftSyntax

/// Mutating methods of collections, sets and booleans that change the state they are called on.
let mutatingMethods: Set<String> = [
    "toggle", "insert", "remove", "removeAll", "append", "removeFirst", "removeLast", "removeValue", "updateValue",
    "formUnion", "formIntersection", "formSymmetricDifference", "subtract", "popLast",
]

/// Presentation modifiers that ask a person something before going on.
public let confirmationPresentations: Set<String> = ["confirmationDialog", "alert"]
/// Modifiers that present a screen of their own for a state: a detail sheet, a cover, a pushed destination.
public let screenPresentations: Set<String> = ["sheet", "fullScreenCover", "popover", "navigationDestination"]

extension SyntaxProtocol {
    /// The properties this code assigns or mutates, by their last name component:
    /// `isDeleting = true`, `self.pending = order`, `model.itemToDelete = order`, `selection.insert(id)`, `flag.toggle()`.
    public var writtenState: Set<String> {
        let finder = WrittenStateFinder(viewMode: .sourceAccurate)
        finder.walk(self)
        return finder.names
    }

    /// The properties this code assigns or mutates, by the first name of the path written: `draft` in
    /// `draft.steps.remove(at: index)` and `self.draft.title = ""`.
    public var writtenStateRoots: Set<String> {
        let finder = WrittenStateFinder(viewMode: .sourceAccurate)
        finder.walk(self)
        return finder.roots
    }

    /// The base names of the functions this code calls: `archive(order)` → `archive`, `store.delete(x)` → `delete`.
    /// Collection and flag mutations (`items.remove(at:)`, `flag.toggle()`) are state changes, not named actions,
    /// and are left out.
    public var calledFunctionNames: [String] {
        let finder = CallFinder(viewMode: .sourceAccurate)
        finder.walk(self)
        return finder.names
    }

    /// Whether this code registers an undo action (`undoManager`, `registerUndo`).
    public var registersUndo: Bool {
        tokens(viewMode: .sourceAccurate).contains { ["undoManager", "registerUndo", "UndoManager"].contains($0.text) }
    }
}

extension SwiftUIFile {
    /// The functions of `type` (or of the file) that `code` calls by plain name or through `self`.
    public func calledFunctions(in code: some SyntaxProtocol, type: TypeDeclaration?) -> [FunctionDeclSyntax] {
        let finder = CallFinder(viewMode: .sourceAccurate)
        finder.walk(code)
        return finder.ownCalls.compactMap { type?.functions[$0]?.first ?? types[""]?.functions[$0]?.first }
    }

    /// The state `code` writes, directly or in the same-type functions it calls (one level deep).
    public func stateWritten(by code: some SyntaxProtocol) -> Set<String> {
        var names = code.writtenState
        for function in calledFunctions(in: code, type: enclosingType(of: code)) {
            if let body = function.body { names.formUnion(body.writtenState) }
        }
        return names
    }

    /// Whether `code`, or a same-type function it calls, registers undo.
    public func registersUndo(_ code: some SyntaxProtocol) -> Bool {
        code.registersUndo || calledFunctions(in: code, type: enclosingType(of: code)).contains { $0.body?.registersUndo == true }
    }

    /// The presentation modifiers (`kinds`, by default `.confirmationDialog` and `.alert`) in this file whose
    /// `isPresented:`, `item:`, `presenting:` or `data:` argument names one of `state`, directly (`$isConfirming`,
    /// `$model.itemToDelete`) or in a hand-made binding (`Binding(get: { itemToDelete != nil }, set: …)`).
    public func presentations(drivenBy state: Set<String>, kinds: Set<String> = confirmationPresentations) -> [Modifier] {
        guard !state.isEmpty else { return [] }
        return presentationModifiers.filter { modifier in
            guard kinds.contains(modifier.name) else { return false }
            return ["isPresented", "item", "presenting", "data"].contains { label in
                guard let expression = modifier.argument(label)?.expression else { return false }
                if let name = expression.referencePath?.last { return state.contains(name) }
                // `Binding(get: { itemToCancel != nil }, set: …)`: any state the binding reads.
                return expression.tokens(viewMode: .sourceAccurate).contains { token in
                    if case .identifier = token.tokenKind { return state.contains(token.text) }
                    return false
                }
            }
        }
    }

    /// Whether running `code` asks the person first: it sets state that drives a `.confirmationDialog` or
    /// `.alert` in this file, or, where that cannot be seen, it sets state or calls a function named for it
    /// (`showDeleteConfirmation = true`, `requestDelete(order)`, `confirmRemoval()`).
    public func asksForConfirmation(_ code: some SyntaxProtocol) -> Bool {
        let written = stateWritten(by: code)
        if !presentations(drivenBy: written).isEmpty { return true }
        if written.contains(where: Self.namesConfirmation) { return true }
        let ownFunctions = Set(calledFunctions(in: code, type: enclosingType(of: code)).map(\.name.text))
        return code.calledFunctionNames.contains { !ownFunctions.contains($0) && Self.namesConfirmation($0) }
    }

    /// Whether `code` is, or calls, a closure the view was handed (`let onDelete: () -> Void`, used as
    /// `action: onDelete` or `onDelete(item)`): what it does, asking first included, is decided by the
    /// parent view, often in another file.
    public func runsInjectedAction(_ code: some SyntaxProtocol) -> Bool {
        guard let type = enclosingType(of: code) else { return false }
        if let reference = ExprSyntax(Syntax(code))?.as(DeclReferenceExprSyntax.self) { return type.isGivenClosure(reference.baseName.text) }
        let finder = CallFinder(viewMode: .sourceAccurate)
        finder.walk(code)
        return finder.ownCalls.contains(where: type.isGivenClosure)
    }

    /// `confirmDelete`, `requestRemoval`, `showDeleteAlert`, `isPresentingDeleteDialog`, `orderToDelete`.
    static func namesConfirmation(_ name: String) -> Bool {
        let words = camelCaseWords(name).map { $0.lowercased() }
        guard let first = words.first else { return false }
        if ["confirm", "request", "ask", "prompt"].contains(first) { return true }
        if words.contains(where: { ["confirmation", "confirm", "alert", "dialog"].contains($0) }) { return true }
        // `orderToDelete`, `itemPendingDeletion`: the item waits for an answer.
        let joined = words.joined(separator: " ")
        return ["to delete", "to remove", "pending delet", "pending remov"].contains { joined.contains($0) }
    }

    /// Found once per file: every swipe action and delete button asks, and each search reads every token.
    private var presentationModifiers: [Modifier] {
        remember("presentationModifiers", about: tree) { findPresentationModifiers() }
    }

    private func findPresentationModifiers() -> [Modifier] {
        tree.tokens(viewMode: .sourceAccurate).compactMap { token -> Modifier? in
            guard confirmationPresentations.contains(token.text) || screenPresentations.contains(token.text),
                  let member = token.parent?.as(DeclReferenceExprSyntax.self)?.parent?.as(MemberAccessExprSyntax.self),
                  let view = view(modifiedBy: member)
            else { return nil }
            return view.modifier(at: member)
        }
    }
}

private final class WrittenStateFinder: SyntaxVisitor {
    var names: Set<String> = []
    var roots: Set<String> = []

    private func record(_ expression: ExprSyntax) {
        guard let name = expression.assignedName else { return }
        names.insert(name)
        if let root = expression.referencePath?.first(where: { $0 != "self" }) { roots.insert(root) }
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        for (index, element) in elements.enumerated() where index > 0 {
            let isAssignment = element.is(AssignmentExprSyntax.self)
                || (element.as(BinaryOperatorExprSyntax.self).map { ["+=", "-=", "*=", "/=", "||=", "&&="].contains($0.operator.text) } ?? false)
            if isAssignment { record(elements[index - 1]) }
        }
        return .visitChildren
    }

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        if node.operator.is(AssignmentExprSyntax.self) { record(node.leftOperand) }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), mutatingMethods.contains(member.declName.baseName.text),
           let base = member.base {
            record(base)
        }
        return .visitChildren
    }
}

private extension ExprSyntax {
    /// `x`, `self.x`, `model.x`, `$x.wrappedValue` → the state's name.
    var assignedName: String? {
        guard var path = referencePath else { return nil }
        if path.last == "wrappedValue" { path.removeLast() }
        return path.last.flatMap { $0 == "self" ? nil : $0 }
    }
}

private final class CallFinder: SyntaxVisitor {
    var names: [String] = []
    /// Calls by plain name or through `self`: `archive(order)`, `self.archive(order)`.
    var ownCalls: [String] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        var callee = node.calledExpression
        if let optional = callee.as(OptionalChainingExprSyntax.self) { callee = optional.expression }   // `onDelete?()`
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            names.append(reference.baseName.text)
            ownCalls.append(reference.baseName.text)
        } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
            if !mutatingMethods.contains(member.declName.baseName.text) { names.append(member.declName.baseName.text) }
            if let base = member.base?.as(DeclReferenceExprSyntax.self), base.baseName.tokenKind == .keyword(.self) {
                ownCalls.append(member.declName.baseName.text)
            }
        }
        return .visitChildren
    }
}

/// Presentations that show a screen of their own over the current one, which may ask before going on.
public let sheetPresentations: Set<String> = ["sheet", "fullScreenCover", "popover"]

extension SwiftUIFile {
    /// Whether `code` (or a same-type function it calls) sets state that drives a sheet, cover or popover of this
    /// file whose content asks: it offers a `role: .destructive` button (the answer to the question), or shows a view
    /// type named for confirmation (`DeleteConfirmationSheet`) or one declared in this file that offers such a button.
    /// A sheet that shows something else (a receipt, an editor without a destructive button) does not ask.
    public func presentsConfirmingSheet(_ code: some SyntaxProtocol) -> Bool {
        presentations(drivenBy: stateWritten(by: code), kinds: sheetPresentations).contains { sheet in
            guard let call = sheet.call, let content = call.trailingClosure ?? call.closure("content") else { return false }
            if content.offersDestructiveButton { return true }
            return Self.presentedViews(in: content).contains { view in
                guard view.isTypeCall else { return false }
                return Self.namesConfirmation(view.writtenName)
                    || types[view.writtenName]?.parts.contains(where: \.offersDestructiveButton) == true
                    || module.screenActionKeys(ofType: view.writtenName).contains(destructiveControlKey)
            }
        }
    }
}

extension SwiftUIFile {
    /// The views a presentation's content shows: those written in it, and those a container among them holds
    /// (`NavigationStack { LogoutSheet(…) }`, a navigation stack of a package): the sheet's own view is inside.
    public static func presentedViews(in content: ClosureExprSyntax) -> [SwiftUIView] {
        let views = ViewBuilderContent.views(in: content.statements)
        return views + views.flatMap { $0.childViews(roles: [.content]) }
    }
}

/// The screen key (`SwiftUIFile.screenActionKeys(ofType:)`) of a screen with a destructive control: a `role:
/// .destructive` one, or one placed as the `.destructiveAction` of its toolbar. A sheet with one asks first.
public let destructiveControlKey = "rdestructive"

extension SyntaxProtocol {
    /// Whether this code places a toolbar item as the screen's destructive action (`placement: .destructiveAction`).
    var placesDestructiveAction: Bool {
        tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == "destructiveAction", let member = token.parent?.parent?.as(MemberAccessExprSyntax.self)
            else { return false }
            return member.base == nil
        }
    }

    /// Whether this code passes `role: .destructive`: a control that carries out what is asked.
    var offersDestructiveButton: Bool {
        tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == "role", let argument = token.parent?.as(LabeledExprSyntax.self), argument.label?.id == token.id
            else { return false }
            return argument.expression.trimmedSource.hasSuffix(".destructive")
        }
    }
}
