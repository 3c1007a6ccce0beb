import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A hand-built selection row: a checkmark shown on a membership or equality test, in a `ForEach`
/// whose button or tap handler changes that same selection.
///
/// The test is read from an `if` around the image, a ternary in its `systemName:`, or a ternary in one
/// of its modifiers (`.opacity(selected == item ? 1 : 0)`). The tap handler is looked for in the same
/// `ForEach` body, or in the same-type helper that builds the row when that helper is used in a
/// `ForEach`. Checkmarks in a `Menu`, `Picker`, context menu or toolbar are menu items, and those in a
/// grid are cells: neither is a list row. A control shown only in another branch of the `if` that shows
/// the checkmark (`if added.contains(x) { checkmark } else { Button("Add") { … } }`) marks a one-way
/// status (added, imported, subscribed), not a selection that can be undone, and does not count.
struct CustomSelectionCheckmark: Rule {
    static let description = RuleDescription(
        id: "custom-selection-checkmark",
        name: "Custom selection checkmark",
        section: .lists,
        summary: "Use `List(selection:)` instead of drawing checkmarks and tracking taps yourself.",
        rationale: """
            `List(selection:)` gives the system's selection: edit mode with its checkmarks, multiple \
            selection with a two-finger pan on iPad, keyboard and pointer selection on Mac, and the \
            selected state for VoiceOver. Hand-made checkmark rows miss all of that.
            """,
        platforms: [.iOS, .macOS, .visionOS],
        triggeringExamples: [
            """
            List {
                ForEach(tags) { tag in
                    HStack {
                        Text(tag.name)
                        Spacer()
                        if selectedTags.contains(tag.id) {
                            ↓Image(systemName: "checkmark")
                        }
                    }
                    .contentShape(Rectangle())
                    .onTapGesture {
                        if selectedTags.contains(tag.id) { selectedTags.remove(tag.id) } else { selectedTags.insert(tag.id) }
                    }
                }
            }
            """,
            """
            ForEach(Currency.allCases) { currency in
                Button {
                    preferredCurrency = currency
                } label: {
                    HStack {
                        Text(currency.name)
                        Spacer()
                        ↓Image(systemName: "checkmark").opacity(preferredCurrency == currency ? 1 : 0)
                    }
                }
            }
            """,
            """
            struct InviteList: View {
                @State private var invited: Set<Person> = []
                var body: some View {
                    ForEach(people) { person in
                        HStack {
                            ↓Image(systemName: invited.contains(person) ? "checkmark.circle.fill" : "circle")
                            Text(person.name)
                        }
                        .onTapGesture { toggle(person) }
                    }
                }
                private func toggle(_ person: Person) {
                    if invited.contains(person) { invited.remove(person) } else { invited.insert(person) }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            List(tags, selection: $selectedTags) { tag in
                Text(tag.name)
            }
            """,
            // A checkmark that reports state, with no tap handler changing it.
            """
            ForEach(steps) { step in
                HStack {
                    Text(step.title)
                    if completed.contains(step.id) { Image(systemName: "checkmark.circle.fill") }
                }
            }
            """,
            // A menu item mimicking a picker.
            """
            Menu("Sort") {
                ForEach(SortOrder.allCases) { order in
                    Button { sortOrder = order } label: {
                        if sortOrder == order { Image(systemName: "checkmark") }
                        Text(order.title)
                    }
                }
            }
            """,
            // Grid cells (an app icon picker) are not list rows.
            """
            LazyVGrid(columns: columns) {
                ForEach(icons) { icon in
                    Button { currentIcon = icon.name } label: {
                        ZStack { Image(icon.preview); if icon.name == currentIcon { Image(systemName: "checkmark.seal.fill") } }
                    }
                }
            }
            """,
            // A status that the row's add button leads to: the button is gone once the checkmark shows.
            """
            List {
                ForEach(channels) { channel in
                    HStack {
                        Text(channel.name)
                        Spacer()
                        if subscribedIDs.contains(channel.id) {
                            Image(systemName: "checkmark.circle.fill")
                        } else {
                            Button { subscribedIDs.insert(channel.id) } label: { Image(systemName: "plus.circle") }
                        }
                    }
                }
            }
            """,
            """
            ForEach(items) { item in
                Button { item.isDone.toggle() } label: {
                    Image(systemName: item.isDone ? "checkmark.square" : "square")
                }
            }
            """,
        ])

    static let message = "This row draws its own selection checkmark; use `List(selection:)` for system selection, edit mode and VoiceOver's selected state."

    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = ["Image"]

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let call = node.as(FunctionCallExprSyntax.self), let image = context.file.view(at: call),
              image.name == "Image", let symbol = image.argument("systemName")?.expression,
              symbol.stringLiterals.contains(where: { $0.hasPrefix("checkmark") }),
              context.applies(at: call)
        else { return }
        let selection = selectionState(tested: image)
        guard !selection.isEmpty, let region = rowRegion(of: image, file: context.file) else { return }
        let handlers = tapHandlers(in: region, file: context.file).filter { !isInOtherBranch($0, than: image) }
        guard handlers.contains(where: { !context.file.stateWritten(by: $0).isDisjoint(with: selection) }) else { return }
        context.report(at: image.nameToken, message: Self.message)
    }

    /// The state names a membership or equality test decides the checkmark by.
    private func selectionState(tested image: SwiftUIView) -> Set<String> {
        var tests: [ExprSyntax] = []
        if let symbol = image.argument("systemName")?.expression, symbol.isConditional { tests.append(symbol) }
        for modifier in image.modifiers {
            for argument in modifier.call?.arguments ?? [] where argument.expression.isConditional {
                tests.append(argument.expression)
            }
        }
        var node = image.chainEnd.parent
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

    /// The code a tap handler for this row would be in: the enclosing `ForEach` body, or the helper
    /// that builds the row when it is used inside a `ForEach`. `nil` in menus, pickers and toolbars.
    private func rowRegion(of image: SwiftUIView, file: SwiftUIFile) -> Syntax? {
        let enclosures = file.enclosingViews(of: image.root)
        let isMenuItem = enclosures.contains { enclosure in
            if case .modifier = enclosure.role { return true }
            return ["Menu", "Picker", "ToolbarItem", "ToolbarItemGroup"].contains(enclosure.view.name)
                || RowContainerKind.grid.containers.contains(enclosure.view.name)   // a cell, not a row
        }
        guard !isMenuItem else { return nil }
        if let forEach = enclosures.first(where: { $0.view.name == "ForEach" })?.view {
            return forEach.roledClosures.first { $0.role == .content }.map { Syntax($0.closure) }
        }
        guard let declaration = file.declarationContext(of: image.root), !declaration.isBody else { return nil }
        let usedInForEach = file.viewUses(of: declaration).contains { use in
            file.enclosingViews(of: use.root).contains { $0.view.name == "ForEach" }
        }
        return usedInForEach ? Syntax(declaration.declaration) : nil
    }

    /// Whether `handler` sits in a different branch of an `if` that shows the checkmark in one branch:
    /// the control is gone once the checkmark appears, so it cannot take the choice back.
    private func isInOtherBranch(_ handler: Syntax, than image: SwiftUIView) -> Bool {
        var child = Syntax(image.chainEnd)
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

    /// Button actions and `.onTapGesture` closures in `region`.
    private func tapHandlers(in region: Syntax, file: SwiftUIFile) -> [Syntax] {
        region.tokens(viewMode: .sourceAccurate).compactMap { token -> Syntax? in
            guard let call = token.parent?.parent?.as(FunctionCallExprSyntax.self) ?? token.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
            else { return nil }
            if token.text == "Button", let view = file.view(at: call), view.nameToken.id == token.id {
                return ActionButton(view: view).action.map(Syntax.init)
            }
            if token.text == "onTapGesture", let member = token.parent?.parent?.as(MemberAccessExprSyntax.self),
               member.parent?.as(FunctionCallExprSyntax.self).map({ $0.calledExpression.id == member.id }) == true,
               let closure = member.parent?.as(FunctionCallExprSyntax.self)?.trailingClosure {
                return Syntax(closure)
            }
            return nil
        }
    }
}

private extension Range where Bound == AbsolutePosition {
    func contains(_ other: Range<AbsolutePosition>) -> Bool { lowerBound <= other.lowerBound && other.upperBound <= upperBound }
}

private extension ExprSyntax {
    /// A ternary: `test ? a : b`, folded or as the parser leaves it (a sequence with an unresolved ternary).
    var isConditional: Bool {
        if self.is(TernaryExprSyntax.self) { return true }
        return self.as(SequenceExprSyntax.self)?.elements.contains { $0.is(UnresolvedTernaryExprSyntax.self) } ?? false
    }

    /// `selection.contains(id)` → `selection`; `selected == item` → `selected`, `item`; `isSelected(x)` → nothing.
    var testedState: [String] {
        var names: [String] = []
        for token in tokens(viewMode: .sourceAccurate) {
            if token.text == "contains", let member = token.parent?.parent?.as(MemberAccessExprSyntax.self),
               let name = member.base?.referencePath?.last {
                names.append(name)
            }
            if ["==", "!="].contains(token.text), let sequence = token.parent?.parent?.parent?.as(SequenceExprSyntax.self) {
                names += sequence.elements.compactMap { $0.referencePath?.last }
            }
        }
        return names
    }
}
