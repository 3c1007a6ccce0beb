import SwiftSyntax

/// The modifiers that attach a `Gesture` value: `.gesture(TapGesture().onEnded { … })`.
public let gestureModifierNames: Set<String> = ["gesture", "highPriorityGesture", "simultaneousGesture"]

extension Modifier {
    /// A single tap: `.onTapGesture` without `count:` ≥ 2, or `TapGesture()` (count 1) given to `.gesture`,
    /// `.highPriorityGesture` or `.simultaneousGesture`. A count that is not a literal is taken as 2 or more.
    public var isSingleTap: Bool {
        if name == "onTapGesture" { return Self.isSingleCount(argument("count")?.expression) }
        return tapGesture.map { Self.isSingleCount($0.argument("count")?.expression) } ?? false
    }

    /// The `TapGesture(…)` call a gesture modifier is given, looking down its chain (`.onEnded { … }`).
    public var tapGesture: FunctionCallExprSyntax? {
        guard gestureModifierNames.contains(name), let gesture = firstArgument,
              let root = ViewBuilderContent.chainRoot(of: gesture)?.as(FunctionCallExprSyntax.self),
              root.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "TapGesture"
        else { return nil }
        return root
    }

    /// The code a tap runs: `.onTapGesture`'s closure, or the `.onEnded { … }` of a `TapGesture()`.
    public var tapAction: ClosureExprSyntax? {
        if name == "onTapGesture" { return closures.first?.closure }
        guard let tap = tapGesture else { return nil }
        var node = Syntax(tap)
        while let member = node.parent?.as(MemberAccessExprSyntax.self), let call = member.parent?.as(FunctionCallExprSyntax.self) {
            if member.declName.baseName.text == "onEnded" { return call.passedClosures.first?.closure }
            node = Syntax(call)
        }
        return nil
    }

    private static func isSingleCount(_ count: ExprSyntax?) -> Bool {
        guard let count else { return true }
        return (count.numberLiteral ?? 2) < 2
    }
}

extension SwiftUIView {
    /// The first single-tap modifier of this view (see `Modifier.isSingleTap`).
    public var singleTap: Modifier? { modifiers.first(where: \.isSingleTap) }

    /// Whether the view tells assistive technologies it acts: `.accessibilityAddTraits(.isButton)`,
    /// `.accessibility(addTraits: .isButton)`, or an `.accessibilityAction`.
    public var declaresAccessibleAction: Bool {
        modifiers.contains { modifier in
            if modifier.name.hasPrefix("accessibilityAction") { return true }
            let traits = modifier.name == "accessibilityAddTraits" ? modifier.firstArgument
                : modifier.name == "accessibility" ? modifier.argument("addTraits")?.expression : nil
            return traits?.containsMemberAccess(named: "isButton") == true
        }
    }
}

/// The first words of names that hold a selection: `selectedPhoto`, `selection`, `currentTab`, `chosenIcon`.
let selectionWords: Set<String> = ["selected", "selection", "selections", "current", "chosen", "active"]

extension SyntaxProtocol {
    /// Whether this action does nothing but choose: every statement assigns or toggles a selection
    /// (`selected = item`, `selection.insert(id)`, `isSelected.toggle()`), possibly inside `withAnimation { }`,
    /// or dismisses. Such a grid is a picker: its cells have no secondary actions to offer.
    public var onlyChoosesSelection: Bool { onlyChooses(shownBy: []) }

    /// `onlyChoosesSelection`, where assigning one of `shown` also chooses: the state the cell compares its
    /// item with to mark itself chosen (`let isSelected = mark == value`), whatever its name.
    public func onlyChooses(shownBy shown: Set<String>) -> Bool {
        guard let closure = self.as(ClosureExprSyntax.self) else { return false }
        // Haptic feedback for the choice (`Haptics.selection()`, `UISelectionFeedbackGenerator().selectionChanged()`)
        // is part of making it.
        let statements = closure.statements.filter { !Self.isFeedback($0.item) }
        // What the picker does after the choice to show it (collapse itself, close, scroll the week to the chosen
        // day) belongs to making it, as long as a statement makes the choice.
        let choosing = statements.filter { !Self.isHousekeeping($0.item) }
        return !choosing.isEmpty && choosing.allSatisfy { Self.choosesSelection($0.item, shownBy: shown) }
    }

    /// A statement that tidies the view up after a choice: `isExpanded = false`, `withAnimation { isOpen = false }`,
    /// `onClose()`, `updateWeekOffset(for: date)`.
    private static func isHousekeeping(_ item: CodeBlockItemSyntax.Item) -> Bool {
        if let sequence = item.as(SequenceExprSyntax.self), sequence.elements.count == 3,
           sequence.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true,
           let value = sequence.elements.last {
            // Only closing: `showDetail = true` after choosing opens a screen, an action of its own.
            return value.as(BooleanLiteralExprSyntax.self)?.literal.tokenKind == .keyword(.false) || value.is(NilLiteralExprSyntax.self)
        }
        guard let call = item.as(FunctionCallExprSyntax.self) else { return false }
        if call.calledExpression.trimmedSource == "withAnimation", let body = call.trailingClosure {
            return !body.statements.isEmpty && body.statements.allSatisfy { isHousekeeping($0.item) }
        }
        guard let name = call.calledExpression.lastToken(viewMode: .sourceAccurate)?.text else { return false }
        let words = camelCaseWords(name).map { $0.lowercased() }
        return words.contains { ["close", "dismiss", "collapse", "update", "scroll"].contains($0) }
    }

    private static func isFeedback(_ item: CodeBlockItemSyntax.Item) -> Bool {
        guard let call = item.as(FunctionCallExprSyntax.self) else { return false }
        let words = call.calledExpression.tokens(viewMode: .sourceAccurate).flatMap { camelCaseWords($0.text) }.map { $0.lowercased() }
        return words.contains { ["haptic", "haptics", "feedback", "impact", "impactoccurred", "selectionchanged"].contains($0) }
    }

    private static func choosesSelection(_ item: CodeBlockItemSyntax.Item, shownBy shown: Set<String>) -> Bool {
        // A toggle written out: `if chosen.contains(x) { chosen.remove(x) } else { chosen.insert(x) }`.
        if let conditional = item.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self) ?? item.as(IfExprSyntax.self) {
            return choosesInEveryBranch(conditional, shownBy: shown)
        }
        // `selected = item`, or a toggle written as a ternary (`selected = selected == item ? nil : item`).
        if let sequence = item.as(SequenceExprSyntax.self), sequence.elements.count >= 3,
           sequence.elements.dropFirst().first?.is(AssignmentExprSyntax.self) == true,
           let target = sequence.elements.first?.referencePath?.last {
            return namesSelection(target) || shown.contains(target)
        }
        guard let call = item.as(FunctionCallExprSyntax.self) else { return false }
        let callee = call.calledExpression
        if callee.trimmedSource == "dismiss" { return true }
        // A call named for choosing: `selectIcon(name)`, `onGIFSelected(url)`, and the action a store is sent
        // (`store.send(.selectIcon(name))`).
        var named = callee.lastToken(viewMode: .sourceAccurate)?.text
        if named == "send", let action = call.arguments.first?.expression {
            named = (action.as(FunctionCallExprSyntax.self)?.calledExpression ?? action).lastToken(viewMode: .sourceAccurate)?.text
        }
        if let named, camelCaseWords(named).contains(where: { choosingWords.contains($0.lowercased()) }) { return true }
        if callee.trimmedSource == "withAnimation", let body = call.trailingClosure {
            return body.onlyChooses(shownBy: shown)
        }
        guard let member = callee.as(MemberAccessExprSyntax.self), mutatingMethods.contains(member.declName.baseName.text),
              let base = member.base?.referencePath?.last
        else { return false }
        return namesSelection(base) || shown.contains(base)
    }

    private static func choosesInEveryBranch(_ conditional: IfExprSyntax, shownBy shown: Set<String>) -> Bool {
        let chooses = { (body: CodeBlockSyntax) in
            !body.statements.isEmpty && body.statements.allSatisfy { isFeedback($0.item) || choosesSelection($0.item, shownBy: shown) }
        }
        guard chooses(conditional.body) else { return false }
        switch conditional.elseBody {
        case .codeBlock(let block)?: return chooses(block)
        case .ifExpr(let next)?: return choosesInEveryBranch(next, shownBy: shown)
        case nil: return true
        @unknown default: return false
        }
    }

    private static func namesSelection(_ name: String) -> Bool {
        let words = camelCaseWords(name).map { $0.lowercased() }
        guard let first = words.first else { return false }
        // A draft of the choice a sheet confirms later is a selection too: `tempSelectedDate`, `pendingSelection`.
        return selectionWords.contains(first) || (first == "is" && words.dropFirst().first == "selected")
            || words.dropFirst().contains { $0 == "selected" || $0 == "selection" }
    }
}

extension ClosureExprSyntax {
    /// Whether every statement only logs (`print`, `debugPrint`, `NSLog`, `logger.debug(…)`): the closure acts on nothing.
    public var onlyLogs: Bool {
        !statements.isEmpty && statements.allSatisfy { statement in
            guard let call = statement.item.as(FunctionCallExprSyntax.self),
                  let name = call.calledExpression.lastToken(viewMode: .sourceAccurate)?.text else { return false }
            let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedSource.lowercased() ?? ""
            return ["print", "debugPrint", "NSLog", "os_log", "dump"].contains(name)
                || (base.hasSuffix("logger") || base.hasSuffix("log")) && ["debug", "info", "trace", "notice", "log"].contains(name)
        }
    }
}

/// Words of a call's name that say it makes a choice (`selectIcon`, `onGIFSelected`, `pick`).
private let choosingWords: Set<String> = ["select", "selected", "choose", "chosen", "pick", "picked"]
