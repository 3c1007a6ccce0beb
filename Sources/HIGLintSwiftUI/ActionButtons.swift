import SwiftSyntax

/// A control offered as an action: a button in `.swipeActions { … }`, `.contextMenu { … }` or a toolbar,
/// with what identifies it to a person (its titles and symbol) and to the code (the functions it calls).
public struct ActionButton {
    /// The `Button` (or `ShareLink`, `Toggle`, `NavigationLink`, `Link`, `Menu`) view.
    public let view: SwiftUIView
    /// The title strings as written: a literal title, the `Label`/`Text` literals in the label, or, for a
    /// computed title, its source (`order.isRead ? "Unread" : "Read"` gives `unread`, `read`).
    public let titles: [String]
    /// The titles (among `titles`) that name a string of the app's catalogs rather than show their text: an implicit
    /// member (`.trashRestoreLabel`, a generated `LocalizedStringResource`), a member of a generated strings namespace
    /// (`L10n.Swipe.delete`, `R.string.…`), or a literal written as a key (`"swipe.action.delete"`, no spaces, with a
    /// dot or an underscore).
    public let localizationKeys: [String]
    /// The SF Symbol names shown: `systemImage:` or `Image(systemName:)` in the label.
    public let symbols: [String]
    /// The action: the `action:` argument or the action closure.
    public let action: ExprSyntax?

    /// Whether the button is `role: .destructive`.
    public var isDestructiveRole: Bool {
        view.argument("role")?.expression.memberName == "destructive"
    }

    /// The functions the action calls, without wrappers (`Task`, `withAnimation`) that say nothing about what it does.
    public var actionCalls: [String] {
        guard let action else { return [] }
        if let reference = action.as(DeclReferenceExprSyntax.self) { return [reference.baseName.text] }
        if let member = action.as(MemberAccessExprSyntax.self) { return [member.declName.baseName.text] }
        return action.calledFunctionNames.filter { !Self.wrapperCalls.contains($0) }
    }

    public static let wrapperCalls: Set<String> = [
        "Task", "withAnimation", "withTransaction", "DispatchQueue", "async", "asyncAfter", "main", "print", "dismiss",
        "fireHaptic", "impactOccurred", "notificationOccurred", "UIImpactFeedbackGenerator", "UINotificationFeedbackGenerator",
        "id", "first", "firstIndex", "map", "filter", "contains",
    ]

    public init(view: SwiftUIView) {
        self.view = view
        var titles: [String] = []
        var keys: [String] = []
        var symbols: [String] = []
        func add(_ title: ExprSyntax) {
            let texts = title.stringLiterals.isEmpty ? [Self.titleSource(title)] : title.stringLiterals
            titles += texts
            keys += texts.filter { text in
                title.stringLiterals.isEmpty ? Self.namesLocalizedString(text) : Self.isWrittenAsKey(text)
            }
        }
        if let title = view.controlTitle { add(title) }
        if let symbol = view.argument("systemImage")?.expression.plainStringLiteral { symbols.append(symbol) }
        for label in view.controlLabelViews + view.controlLabelViews.flatMap({ $0.descendantViews() }) {
            switch label.name {
            case "Text", "Label":
                if let title = label.firstUnlabeledArgument ?? label.argument("title")?.expression { add(title) }
                if let symbol = label.argument("systemImage")?.expression.plainStringLiteral { symbols.append(symbol) }
            case "Image":
                if let symbol = label.argument("systemName")?.expression.plainStringLiteral { symbols.append(symbol) }
            default: break
            }
        }
        self.titles = titles
        self.localizationKeys = keys
        self.symbols = symbols
        if let argument = view.argument("action")?.expression {
            action = argument
        } else if let closure = view.roledClosures.first(where: { $0.role == .action })?.closure {
            action = ExprSyntax(closure)
        } else {
            action = nil
        }
    }

    /// An item a module helper builds from an action it is given (`ModuleIndex.menuItemHelpers`): in
    /// `voteItems(onVote: { upvote(post) })` the closure is the item's action; its title is out of sight.
    public init(passedTo helper: SwiftUIView, action: ExprSyntax) {
        view = helper
        titles = []
        localizationKeys = []
        symbols = []
        self.action = action
    }

    /// A computed title's source without the localization around it: `String(localized: signOutLabel)`,
    /// `LocalizedStringKey(key)` and `NSLocalizedString(key, comment: "")` all show `signOutLabel`/`key`.
    static func titleSource(_ title: ExprSyntax) -> String {
        if let call = title.as(FunctionCallExprSyntax.self),
           ["String", "LocalizedStringKey", "LocalizedStringResource", "NSLocalizedString", "Text"].contains(call.calledExpression.trimmedSource),
           let first = call.arguments.first, first.label == nil || first.label?.text == "localized" {
            return titleSource(first.expression)
        }
        return title.trimmedSource
    }

    /// Whether a computed title's source names a string of the app's catalogs: `.trashRestoreLabel`, `L10n.Swipe.delete`,
    /// `R.string.localizable.delete`.
    static func namesLocalizedString(_ source: String) -> Bool {
        source.hasPrefix(".") || source.hasPrefix("L10n.") || source.hasPrefix("R.string.")
    }

    /// Whether a literal title is written as a key, not as text: no spaces, a dot or an underscore between letters.
    static func isWrittenAsKey(_ literal: String) -> Bool {
        !literal.contains(where: \.isWhitespace) && literal.contains(where: { $0 == "." || $0 == "_" })
            && literal.contains(where: \.isLetter) && !literal.hasSuffix(".")
    }

    /// Whether this and `other` are the same action to a person: a title in common, or a call in common.
    public func matches(_ other: ActionButton) -> Bool {
        !Set(titles.map { $0.lowercased() }).isDisjoint(with: other.titles.map { $0.lowercased() })
            || !Set(actionCalls).isDisjoint(with: other.actionCalls)
    }
}

/// The action controls a modifier's content offers, and whether all of it could be seen.
public struct ActionButtons {
    public var buttons: [ActionButton] = []
    /// False when some content is a custom view, a helper that cannot be resolved, or a `ForEach`
    /// whose titles come from data.
    public var isComplete = true
}

/// Controls that act or navigate; their titles count as the same action in another menu.
let actionControlNames: Set<String> = ["Button", "ShareLink", "Toggle", "NavigationLink", "Link", "Menu", "EditButton", "RenameButton"]

extension SwiftUIFile {
    /// The controls in `closure` (a `.swipeActions`, `.contextMenu` or `.toolbar` closure), looking through
    /// `if`, `#if`, `Section`, `Group`, `ControlGroup`, `Menu` contents, `ForEach` and same-type helpers
    /// (`var deleteAction: some View`, `func contextMenu(for:)`). A call of a module helper that builds its items
    /// from the closures it is given (`ModuleIndex.menuItemHelpers`) offers those closures' actions.
    public func actionButtons(in closure: ClosureExprSyntax) -> ActionButtons {
        var result = ActionButtons()
        collect(ViewBuilderContent.views(in: closure.statements), into: &result, depth: 0)
        return result
    }

    private func collect(_ views: [SwiftUIView], into result: inout ActionButtons, depth: Int) {
        for view in views {
            if view.name == "Menu" {
                result.buttons.append(ActionButton(view: view))
                collect(view.childViews(roles: [.menuItems, .content]), into: &result, depth: depth)
            } else if actionControlNames.contains(view.name) {
                result.buttons.append(ActionButton(view: view))
            } else if ["Section", "Group", "ControlGroup", "ToolbarItem", "ToolbarItemGroup"].contains(view.name) {
                collect(view.childViews(roles: [.content]), into: &result, depth: depth)
            } else if view.name == "ForEach" {
                result.isComplete = false
                collect(view.childViews(roles: [.content]), into: &result, depth: depth)
            } else if ["Divider", "Text", "Spacer", "EmptyView", "Label", "Image"].contains(view.name) {
                continue
            } else if !view.isTypeCall || view.call == nil {
                let helper = helperViews(for: view)
                if helper.isEmpty, let call = view.call, module.menuItemHelpers.contains(view.writtenName) {
                    // A module helper that builds its items from the actions passed: each closure is one.
                    result.buttons += call.passedClosures.map { ActionButton(passedTo: view, action: ExprSyntax($0.closure)) }
                    result.buttons += call.arguments.compactMap { argument in
                        argument.expression.as(DeclReferenceExprSyntax.self).map { ActionButton(passedTo: view, action: ExprSyntax($0)) }
                    }
                    continue
                }
                if helper.isEmpty || depth > 3 { result.isComplete = false; continue }
                collect(helper, into: &result, depth: depth + 1)
            } else {
                result.isComplete = false
            }
        }
    }
}

extension ExprSyntax {
    /// The plain string literals in this expression: `isRead ? "Unread" : "Read"` → `["Unread", "Read"]`.
    public var stringLiterals: [String] {
        if let literal = plainStringLiteral { return [literal] }
        return Syntax(self).tokens(viewMode: .sourceAccurate).compactMap { token -> String? in
            guard case .stringSegment(let text) = token.tokenKind,
                  let literal = token.parent?.parent?.parent?.as(StringLiteralExprSyntax.self),
                  literal.segments.count == 1
            else { return nil }
            return text
        }
    }
}
