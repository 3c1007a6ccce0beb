import SwiftSyntax

/// A row's detail screen: where its `NavigationLink` goes, and what that screen lets people do. The HIG accepts
/// a detail screen as the other path to a swipe action, so the swipe rules ask whether the screen a row opens
/// offers the swiped action too.
extension SwiftUIFile {
    /// The view type a row's `NavigationLink` opens: `NavigationLink(destination: Detail(…))`,
    /// `NavigationLink { Detail(…) } label: { … }`, a row type or helper of this file whose body is such a link, or a
    /// `NavigationLink(value:)` when the file has one `.navigationDestination` that shows a view type. `nil` when
    /// that cannot be seen.
    public func navigationDestinationType(of row: SwiftUIView, depth: Int = 0) -> String? {
        if depth == 0, let presented = presentedScreenType(of: row) { return presented }
        // A tap that appends a value to a navigation path opens the screen the module's destination shows for its type.
        if depth == 0 {
            let screens = Set(appendedValueTypes(of: row).compactMap(module.valueDestination(for:)))
            if screens.count == 1, let screen = screens.first { return screen }
        }
        if row.name == "NavigationLink" {
            let destinations = row.argumentViews("destination") + row.childViews(roles: [.destination])
            if let type = destinations.first(where: { $0.isTypeCall && !systemViewNames.contains($0.writtenName) }) {
                return type.writtenName
            }
            guard row.hasArgument("value") else { return nil }
            // The module's destination for the value's type, when another file declares it.
            if let type = linkedValueType(of: row), let screen = module.valueDestination(for: type) { return screen }
            return soleNavigationDestinationType()
        }
        guard depth < 2 else { return nil }
        var inner: [SwiftUIView] = []
        if row.isTypeCall, let body = types[row.writtenName]?.properties["body"]?.body {
            inner = ViewBuilderContent.views(in: body)
        } else if !row.isTypeCall {
            inner = helperViews(for: row)
        }
        return inner.lazy.compactMap { self.navigationDestinationType(of: $0, depth: depth + 1) }.first
    }

    /// The view type a sheet, cover or destination of this file shows for a state the row's own code sets (a tap, a
    /// button, a closure passed to the row's type): `onTap: { selected = transaction }` with
    /// `.sheet(item: $selected) { TransactionDetail(transaction: $0) }`.
    private func presentedScreenType(of row: SwiftUIView) -> String? {
        for presentation in presentations(drivenBy: stateWritten(by: row.root), kinds: screenPresentations) {
            guard let call = presentation.call,
                  let closure = call.trailingClosure ?? call.closure("content") ?? call.closure("destination")
            else { continue }
            if let type = ViewBuilderContent.views(in: closure.statements)
                .first(where: { $0.isTypeCall && !systemViewNames.contains($0.writtenName) })?.writtenName {
                return type
            }
        }
        return nil
    }

    /// The view types the presentations (`kinds`) of this file driven by `state` show, through a container around
    /// them (`SwiftUIFile.presentedViews(in:)`).
    public func presentedTypes(drivenBy state: Set<String>, kinds: Set<String>) -> Set<String> {
        var found: Set<String> = []
        for presentation in presentations(drivenBy: state, kinds: kinds) {
            guard let call = presentation.call, let closure = call.trailingClosure ?? call.closure("content") else { continue }
            for view in Self.presentedViews(in: closure) where view.isTypeCall && !systemViewNames.contains(view.writtenName) {
                found.insert(view.writtenName)
            }
        }
        return found
    }

    /// The view type the file's only `.navigationDestination(for:)` shows, when there is exactly one.
    private func soleNavigationDestinationType() -> String? {
        let destinations = tree.tokens(viewMode: .sourceAccurate).filter {
            $0.text == "navigationDestination" && $0.parent?.parent?.is(MemberAccessExprSyntax.self) == true
        }
        guard destinations.count == 1, let member = destinations.first?.parent?.parent?.as(MemberAccessExprSyntax.self),
              let call = member.parent?.as(FunctionCallExprSyntax.self),
              let closure = call.trailingClosure ?? call.closure("destination")
        else { return nil }
        return ViewBuilderContent.views(in: closure.statements)
            .first { $0.isTypeCall && !systemViewNames.contains($0.writtenName) }?.writtenName
    }

    /// What the screen of view type `name` lets people do to what it shows, as `ActionButton.actionKeys`: every
    /// action control in its declaration (body, toolbar, menus, helpers) but those a `ForEach` repeats, which act
    /// on the items of a list inside the screen (a "Delete" on each of its parts). The buttons of an alert or a
    /// confirmation dialog count by the functions they call alone: their titles repeat the question's ("Delete"),
    /// whichever control on the screen asked it.
    public func screenActionKeys(ofType name: String) -> Set<String> {
        guard let parts = types[name]?.parts else { return [] }
        var keys: Set<String> = []
        var toggles: [SwiftUIView] = []
        // The type and its extensions in the file: a screen's toolbar and its helpers are often written apart.
        for declaration in parts {
            let collector = ActionControlCollector(viewMode: .sourceAccurate)
            collector.walk(declaration)
            for call in collector.calls {
                guard let placement = Self.placement(of: call, within: Syntax(declaration)), let view = view(at: call) else { continue }
                let found = ActionButton(view: view).keysOnScreen
                keys.formUnion(placement == .dialog ? found.filter { $0.hasPrefix("c") } : found)
                if placement == .screen, view.name == "Toggle" { toggles.append(view) }
            }
        }
        // A toggle's action is what its state's `.onChange(of:)` calls.
        keys.formUnion(Self.toggleChangeCallKeys(in: parts.map(Syntax.init), toggles: toggles))
        if parts.contains(where: { $0.offersDestructiveButton || $0.placesDestructiveAction }) { keys.insert(destructiveControlKey) }
        return keys
    }

    private enum ControlPlacement { case screen, dialog }

    /// Where a control sits in a screen's declaration; `nil` when a `ForEach` repeats it.
    private static func placement(of call: FunctionCallExprSyntax, within declaration: Syntax) -> ControlPlacement? {
        var placement = ControlPlacement.screen
        var child = Syntax(call)
        var node = call.parent
        while let current = node, current.id != declaration.id {
            defer { child = current; node = current.parent }
            // A view that a modifier is applied to is its called expression's base, not its content.
            if let enclosing = current.as(FunctionCallExprSyntax.self), enclosing.calledExpression.id != child.id {
                if enclosing.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "ForEach" { return nil }
                let modifier = enclosing.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                if modifier == "confirmationDialog" || modifier == "alert" { placement = .dialog }
            }
        }
        return placement
    }
}

extension ActionButton {
    /// The button's titles, the functions its action calls and its symbols (without `.fill`), each as one word of
    /// lower-case letters and digits (`t` + title, `c` + call, `s` + symbol): what makes a swipe button and a detail
    /// screen's control the same action, in a form the module index can keep. An icon-only toolbar button says
    /// "Edit" with `square.and.pencil`.
    public var actionKeys: Set<String> {
        let symbolKeys = symbols.map { "s" + Self.keyWord($0.hasSuffix(".fill") ? String($0.dropLast(5)) : $0) }
        // A title written "Add/Remove from Lists" offers both actions: each side of the slash is a title too.
        let split = titles.filter { $0.contains("/") }.flatMap { $0.split(separator: "/").map(String.init) }
        return Set((titles + split).map { "t" + Self.keyWord($0) } + actionCalls.map { "c" + Self.keyWord($0) } + symbolKeys)
            .filter { $0.count > 1 }
    }

    /// `actionKeys` as a screen's control gives them: a titled control is known by its title and calls, since one
    /// symbol serves different actions there (`trash` for Remove from Library and for Delete Download); only an
    /// icon-only control is known by its symbol.
    public var keysOnScreen: Set<String> {
        titles.isEmpty ? actionKeys : actionKeys.filter { !$0.hasPrefix("s") }
    }

    public static func keyWord(_ text: String) -> String {
        String(text.lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) })
    }
}

private final class ActionControlCollector: SyntaxVisitor {
    var calls: [FunctionCallExprSyntax] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text, actionControlNames.contains(name) {
            calls.append(node)
        }
        return .visitChildren
    }
}

/// Where a `NavigationLink(value:)` goes when the `.navigationDestination(for:)` that shows its value is in another
/// file: the module's destinations by the value's type (`ModuleIndex.valueDestinations`), and the value's type read
/// from the row's code.
extension SwiftUIFile {
    /// The file's `.navigationDestination(for: Type.self) { … }` (or a backport's `…NavigationDestination(for:)`) as
    /// `Type>Screen`: the first view type its closure shows, through a container around it.
    public func valueDestinations() -> Set<String> {
        var found: Set<String> = []
        for token in tree.tokens(viewMode: .sourceAccurate)
        where token.text == "navigationDestination" || token.text.hasSuffix("NavigationDestination") {
            guard let member = token.parent?.parent?.as(MemberAccessExprSyntax.self), member.declName.baseName.id == token.id,
                  let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id,
                  let valueType = Self.metatypeName(call.argument("for")?.expression),
                  let closure = call.trailingClosure ?? call.closure("destination"),
                  let screen = Self.presentedViews(in: closure)
                      .first(where: { $0.isTypeCall && !systemViewNames.contains($0.writtenName) })?.writtenName
            else { continue }
            found.insert(valueType + ">" + screen)
        }
        return found
    }

    /// `Preset.self` → `Preset`.
    private static func metatypeName(_ expression: ExprSyntax?) -> String? {
        guard let member = expression?.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
              let base = member.base?.as(DeclReferenceExprSyntax.self) else { return nil }
        return base.baseName.text
    }

    /// The type of the value a `NavigationLink(value: name)` row links to, when the code declares it: a parameter of
    /// the function the row is written in (`func presetRow(for preset: Preset)`), or the property of a view type of
    /// this file the value is passed to in the row (`PromptRow(prompt: prompt)` with `let prompt: UserPrompt`). `nil`
    /// for any other value, or when these disagree.
    public func linkedValueType(of row: SwiftUIView) -> String? {
        guard row.name == "NavigationLink", let value = row.argument("value")?.expression.as(DeclReferenceExprSyntax.self)
        else { return nil }
        let name = value.baseName.text
        var found: Set<String> = []
        var node = Syntax(row.root).parent
        while let current = node {
            if let function = current.as(FunctionDeclSyntax.self) {
                for parameter in function.signature.parameterClause.parameters
                where (parameter.secondName ?? parameter.firstName).text == name {
                    if let type = Self.namedType(parameter.type) { found.insert(type) }
                }
                break
            }
            node = current.parent
        }
        for view in row.childViews(roles: [.label, .content]) + row.descendantViews(roles: [.label, .content]) where view.isTypeCall {
            guard let type = types[view.writtenName], let call = view.call else { continue }
            for argument in call.arguments where argument.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == name {
                guard let label = argument.label?.text, let annotation = type.properties[label]?.typeAnnotation,
                      let named = Self.namedType(annotation) else { continue }
                found.insert(named)
            }
        }
        return found.count == 1 ? found.first : nil
    }

    /// The types of the values the row's own tap (a `Button` row's action, its `.onTapGesture`) appends to a
    /// navigation path: `path.append(Route.detail)` is not read, `path.append(NotePath(note: note))` gives `NotePath`,
    /// `path.append(note)` the type of the function parameter `note`; so does a call of a same-type (or file) function
    /// whose body appends one of its parameters (`navigate(to: NotePath(note: note))`). Empty when no type can be
    /// read: a helper of another file, or a value without a declared type.
    public func appendedValueTypes(of row: SwiftUIView) -> Set<String> {
        var tapCode: [Syntax] = []
        if row.name == "Button", let action = ActionButton(view: row).action { tapCode.append(Syntax(action)) }
        for tap in row.modifiers(named: "onTapGesture") {
            if let closure = tap.call?.trailingClosure ?? tap.call?.closure("perform") { tapCode.append(Syntax(closure)) }
        }
        var found: Set<String> = []
        for code in tapCode {
            var values: [ExprSyntax] = []
            for call in Self.calls(in: code) {
                if Self.appendsToPath(call), let value = call.arguments.first?.expression { values.append(value) }
            }
            // A helper whose body appends one of its parameters: the arguments the tap gives it.
            for call in Self.calls(in: code) {
                guard let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                      let function = enclosingType(of: code)?.functions[name]?.first ?? types[""]?.functions[name]?.first,
                      let body = function.body else { continue }
                let parameters = Set(function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
                let appendsParameter = Self.calls(in: Syntax(body)).contains { inner in
                    Self.appendsToPath(inner) && inner.arguments.first?.expression.as(DeclReferenceExprSyntax.self)
                        .map { parameters.contains($0.baseName.text) } == true
                }
                if appendsParameter { values += call.arguments.map(\.expression) }
            }
            for value in values {
                if let type = valueType(of: value, at: code) { found.insert(type) }
            }
        }
        return found
    }

    /// `path.append(x)`, `navigationPath.append(x)`, `router.path.append(x)`: an `append` with one unlabeled argument on
    /// a member or variable, not a collection's `append(contentsOf:)`.
    private static func appendsToPath(_ call: FunctionCallExprSyntax) -> Bool {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "append",
              member.base != nil, call.arguments.count == 1, call.arguments.first?.label == nil else { return false }
        return true
    }

    /// The type of a value the code builds (`NotePath(note: note)`, a type's initializer) or names (a parameter of the
    /// function the code is written in).
    private func valueType(of value: ExprSyntax, at code: Syntax) -> String? {
        if let call = value.as(FunctionCallExprSyntax.self), let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
           callee.baseName.text.first?.isUppercase == true {
            return callee.baseName.text
        }
        guard let reference = value.as(DeclReferenceExprSyntax.self) else { return nil }
        var node = code.parent
        while let current = node {
            if let function = current.as(FunctionDeclSyntax.self) {
                let types = function.signature.parameterClause.parameters
                    .filter { ($0.secondName ?? $0.firstName).text == reference.baseName.text }
                    .compactMap { Self.namedType($0.type) }
                return types.count == 1 ? types.first : nil
            }
            node = current.parent
        }
        return nil
    }

    /// `Model`, `Model?`: a named type without generic arguments.
    private static func namedType(_ type: TypeSyntax) -> String? {
        if let optional = type.as(OptionalTypeSyntax.self) { return namedType(optional.wrappedType) }
        guard let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil else { return nil }
        return identifier.name.text
    }
}

extension ModuleIndex {
    /// The one screen the module's `.navigationDestination(for:)` shows for values of `type`; `nil` when there is
    /// none, or more than one.
    public func valueDestination(for type: String) -> String? {
        let prefix = type + ">"
        let screens = Set(valueDestinations.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) })
        return screens.count == 1 ? screens.first : nil
    }
}

/// An action one call deep: what a swipe's own helper does to the item it is given, and what a screen's toggle does
/// when it changes (`.onChange(of:)` of the state it binds). A swipe that calls `toggleVisibility(preset)`, whose body
/// calls `store.setHidden(preset.id, …)`, and a screen whose `Toggle("Visible", isOn: $isVisible)` calls
/// `store.setHidden(…)` in `.onChange(of: isVisible)` offer the same action.
extension SwiftUIFile {
    /// The functions the same-type (or file) functions `action` calls go on to call with one of their parameters in
    /// an argument: what the helper does to the item it is given, as `ActionButton.actionKeys` call keys (`c` + name).
    /// Calls that take none of its parameters (a haptic, a save) are left out.
    public func deeperActionCallKeys(of action: ExprSyntax) -> Set<String> {
        var keys: Set<String> = []
        for function in calledFunctions(in: action, type: enclosingType(of: action)) {
            guard let body = function.body else { continue }
            let parameters = Set(function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text })
            for call in Self.calls(in: Syntax(body)) where call.arguments.contains(where: { argument in
                argument.expression.tokens(viewMode: .sourceAccurate).contains { parameters.contains($0.text) }
            }) {
                guard let name = Self.calleeName(call), !ActionButton.wrapperCalls.contains(name) else { continue }
                keys.insert("c" + ActionButton.keyWord(name))
            }
        }
        return keys
    }

    /// The calls, with arguments, in the `.onChange(of: state)` actions of `parts` for each `state` a `Toggle` of
    /// `parts` binds (`isOn: $isVisible`): what flipping the toggle does, as call keys.
    static func toggleChangeCallKeys(in parts: [Syntax], toggles: [SwiftUIView]) -> Set<String> {
        let bound = Set(toggles.compactMap { toggle -> String? in
            guard toggle.name == "Toggle", let binding = toggle.argument("isOn")?.expression.trimmedSource,
                  binding.hasPrefix("$") else { return nil }
            return String(binding.dropFirst())
        })
        guard !bound.isEmpty else { return [] }
        var keys: Set<String> = []
        for part in parts {
            for token in part.tokens(viewMode: .sourceAccurate) where token.text == "onChange" {
                guard let member = token.parent?.parent?.as(MemberAccessExprSyntax.self), member.declName.baseName.id == token.id,
                      let call = member.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == member.id,
                      let observed = call.argument("of")?.expression.trimmedSource,
                      bound.contains(observed) || bound.contains("self." + observed) || bound.contains(where: { "self." + $0 == observed }),
                      let closure = call.trailingClosure ?? call.closure("action")
                else { continue }
                for inner in calls(in: Syntax(closure)) where !inner.arguments.isEmpty {
                    guard let name = calleeName(inner), !ActionButton.wrapperCalls.contains(name) else { continue }
                    keys.insert("c" + ActionButton.keyWord(name))
                }
            }
        }
        return keys
    }

    private static func calls(in node: Syntax) -> [FunctionCallExprSyntax] {
        let collector = AllCallsCollector(viewMode: .sourceAccurate)
        collector.walk(node)
        return collector.calls
    }

    private static func calleeName(_ call: FunctionCallExprSyntax) -> String? {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            let name = member.declName.baseName.text
            return mutatingMethods.contains(name) ? nil : name
        }
        return nil
    }
}

private final class AllCallsCollector: SyntaxVisitor {
    var calls: [FunctionCallExprSyntax] = []

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        return .visitChildren
    }
}
