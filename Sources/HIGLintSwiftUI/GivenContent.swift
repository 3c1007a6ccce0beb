import SwiftSyntax

/// Where view types of the module put the views they are given (`ModuleIndex.givenContentPlacements`): a card that
/// shows its `contents` as the label of a `Button`, a toolbar menu that shows its `menuContent` as the items of a
/// `Menu`. What the caller writes in that closure is then inside that control, in another file.
extension ModuleIndex {
    /// The controls whose places the survey records: the controls of `labelledControlNames`.
    static let placingControls = labelledControlNames

    /// Records where view type `name` shows each view it is given, and the order its closure parameters take an
    /// unlabelled trailing closure in.
    mutating func recordGivenContentPlacements(of type: TypeDeclaration, named name: String) {
        let given = Self.givenViewProperties(of: type)
        guard !given.isEmpty else { return }
        var placed = false
        for part in type.parts {
            for token in part.tokens(viewMode: .sourceAccurate) where given.contains(token.text) {
                guard let reference = token.parent?.as(DeclReferenceExprSyntax.self), Self.isOwnPropertyUse(reference),
                      !Self.isInInitializer(reference)
                else { continue }
                let place = Self.placement(of: reference, in: type)
                givenContentPlacements.insert(name + "." + token.text + "=" + place)
                placed = true
            }
        }
        guard placed else { return }
        for (position, parameter) in Self.closureParameters(of: type).enumerated() {
            givenContentPlacements.insert(name + "#" + String(position) + "=" + parameter.name + (parameter.hasDefault ? "+" : ""))
        }
    }

    /// The properties that hold a view the type is given: a closure (`@ViewBuilder let content: () -> Content`) or a
    /// stored value of a generic parameter (`let contents: Contents`, set from a `@ViewBuilder` parameter).
    static func givenViewProperties(of type: TypeDeclaration) -> Set<String> {
        let generics = Set(type.declaration.as(StructDeclSyntax.self)?.genericParameterClause?.parameters.map(\.name.text) ?? [])
        return Set(type.properties.keys.filter { name in
            guard let property = type.properties[name], !property.isStatic, property.body == nil else { return false }
            if type.isGivenClosure(name) { return true }
            guard let annotation = property.typeAnnotation?.trimmedSource else { return false }
            return generics.contains(annotation)
        })
    }

    /// `content`, `content()` or `self.content`, not a member of something else (`state.content`).
    private static func isOwnPropertyUse(_ reference: DeclReferenceExprSyntax) -> Bool {
        guard let member = reference.parent?.as(MemberAccessExprSyntax.self), member.declName.id == reference.id else { return true }
        return member.base?.trimmedSource == "self"
    }

    private static func isInInitializer(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let parent = current {
            if parent.is(InitializerDeclSyntax.self) { return true }
            if parent.is(MemberBlockItemSyntax.self) { return false }
            current = parent.parent
        }
        return false
    }

    /// `Control.role` for the nearest control around the reference, `-` outside any, then `?name` (`!name`) when an
    /// `if let name` (`if name != nil`) on an optional property of the type shows it only when that property is
    /// (is not) given.
    private static func placement(of reference: DeclReferenceExprSyntax, in type: TypeDeclaration) -> String {
        let enclosures = reference.enclosingViews()
        var place = "-"
        if let control = enclosures.first(where: { placingControls.contains($0.view.name) && $0.modifier == nil }) {
            place = control.view.name + "." + roleName(control.role)
        }
        if let requirement = requirement(around: reference, in: type) { place += requirement }
        return place
    }

    private static func roleName(_ role: ViewRole) -> String {
        switch role {
        case .label: "label"
        case .menuItems: "items"
        case .content: "content"
        case .argument("label"): "label"
        default: "other"
        }
    }

    /// The innermost `if` with one condition on an optional property of the type that the reference sits in.
    private static func requirement(around reference: DeclReferenceExprSyntax, in type: TypeDeclaration) -> String? {
        var child = Syntax(reference)
        var current = reference.parent
        while let parent = current, !parent.is(MemberBlockItemSyntax.self) {
            if let ifExpr = parent.as(IfExprSyntax.self), ifExpr.conditions.count == 1,
               let condition = ifExpr.conditions.first?.condition, let property = optionalProperty(testedBy: condition, in: type) {
                if child.id == ifExpr.body.id { return "?" + property }
                if let elseBody = ifExpr.elseBody, child.id == elseBody.id { return "!" + property }
            }
            child = parent
            current = parent.parent
        }
        return nil
    }

    /// `let action`, `let action = action`, `let action = self.action`, `action != nil`: the optional property tested.
    private static func optionalProperty(testedBy condition: ConditionElementSyntax.Condition, in type: TypeDeclaration) -> String? {
        var name: String?
        switch condition {
        case .optionalBinding(let binding):
            let bound = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            if let value = binding.initializer?.value {
                let text = value.trimmedSource
                name = text.hasPrefix("self.") ? String(text.dropFirst(5)) : text
            } else {
                name = bound
            }
        case .expression(let expression):
            if let infix = expression.as(InfixOperatorExprSyntax.self), infix.operator.trimmedSource == "!=",
               infix.rightOperand.is(NilLiteralExprSyntax.self) {
                let text = infix.leftOperand.trimmedSource
                name = text.hasPrefix("self.") ? String(text.dropFirst(5)) : text
            }
        default: break
        }
        guard let name, let property = type.properties[name], property.body == nil,
              property.typeAnnotation?.trimmedSource.hasSuffix("?") == true
        else { return nil }
        return name
    }

    /// The parameters of the type's initialiser that take a closure, in order, with whether they have a default:
    /// those of its explicit `init`s (each in turn), or of its memberwise one.
    static func closureParameters(of type: TypeDeclaration) -> [(name: String, hasDefault: Bool)] {
        let initializers = type.parts.flatMap { part in
            part.as(StructDeclSyntax.self)?.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
                ?? part.as(ExtensionDeclSyntax.self)?.memberBlock.members.compactMap { $0.decl.as(InitializerDeclSyntax.self) } ?? []
        }
        if !initializers.isEmpty {
            // Several initialisers may order their closures differently: the survey keeps the first one's order only
            // when they agree.
            let orders = initializers.map { initializer in
                initializer.signature.parameterClause.parameters.compactMap { parameter -> (name: String, hasDefault: Bool)? in
                    let typeText = parameter.type.trimmedSource
                    let takesClosure = typeText.contains("->")
                        || parameter.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedSource == "ViewBuilder" }
                    guard takesClosure, parameter.firstName.text != "_" else { return nil }
                    return (parameter.firstName.text, parameter.defaultValue != nil)
                }
            }
            let names = orders.map { $0.map(\.name) }
            guard names.allSatisfy({ $0 == names[0] }) else { return [] }
            return orders[0]
        }
        guard let members = type.declaration.as(StructDeclSyntax.self)?.memberBlock.members else { return [] }
        var result: [(name: String, hasDefault: Bool)] = []
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self), !variable.modifiers.contains(where: { $0.name.text == "static" })
            else { continue }
            for binding in variable.bindings where binding.accessorBlock == nil {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                      let typeText = binding.typeAnnotation?.type.trimmedSource, typeText.contains("->")
                else { continue }
                let isVar = variable.bindingSpecifier.text == "var"
                if !isVar, binding.initializer != nil { continue }
                result.append((name, isVar && (binding.initializer != nil || typeText.hasSuffix("?"))))
            }
        }
        return result
    }
}

extension ModuleIndex {
    /// What a use of a view type gives it, as the survey keeps it: `Wrapper/closure/given`, where `closure` is the
    /// label of the closure that holds the content (`_` for the unlabelled one) and `given` the labels of the other
    /// arguments passed (`+` between them, a `nil` literal not counted), with `*` when several closures trail.
    public static func givenContentUse(of enclosure: Enclosure) -> String? {
        let view = enclosure.view
        guard enclosure.modifier == nil, enclosure.isInClosure, view.isTypeCall, let call = view.call else { return nil }
        var given: [String] = call.arguments.compactMap { argument in
            guard let label = argument.label?.text, !argument.expression.is(NilLiteralExprSyntax.self) else { return nil }
            return label
        }
        given += call.additionalTrailingClosures.map(\.label.text)
        let several = !call.additionalTrailingClosures.isEmpty
        return view.writtenName + "/" + (enclosure.argumentLabel ?? "_") + "/" + given.joined(separator: "+") + (several ? "*" : "")
    }

    /// The controls, each with the role in it (`label`, `items`), that the view type of a use
    /// (`givenContentUse(of:)`) puts that content in, one per place its declaration shows it under the arguments the
    /// use passes; empty when one place is inside no control, or the survey cannot tell which property the closure
    /// fills.
    public func controlPlacings(givenContentUse use: String) -> [(control: String, role: String)] {
        let parts = use.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { return [] }
        let type = parts[0], closureLabel = parts[1]
        let several = parts[2].hasSuffix("*")
        var given = Set((several ? String(parts[2].dropLast()) : parts[2]).split(separator: "+").map(String.init))
        // The unlabelled closure fills the first closure parameter not given by label; one trailing closure alone
        // skips a parameter with a default for a later one without (Swift's forward scan).
        var unlabelled: String?
        if let order = closureOrder(of: type) {
            let open = order.filter { !given.contains($0.name) }
            if let first = open.first {
                unlabelled = first.name
                if !several, first.hasDefault, let required = open.dropFirst().first(where: { !$0.hasDefault }) {
                    unlabelled = required.name
                }
            }
        }
        if let unlabelled { given.insert(unlabelled) }
        guard let property = closureLabel == "_" ? unlabelled : closureLabel else { return [] }
        let prefix = type + "." + property + "="
        var found: [(control: String, role: String)] = []
        for entry in givenContentPlacements where entry.hasPrefix(prefix) {
            var place = entry.dropFirst(prefix.count)
            if let mark = place.firstIndex(where: { $0 == "?" || $0 == "!" }) {
                let name = String(place[place.index(after: mark)...])
                // A place shown only under the other answer is not shown at this use.
                if given.contains(name) != (place[mark] == "?") { continue }
                place = place[..<mark]
            }
            let pieces = place.split(separator: ".").map(String.init)
            guard pieces.count == 2 else { return [] }
            found.append((pieces[0], pieces[1]))
        }
        return found
    }

    /// Whether the use puts its content in the label of a control, wherever it shows it (`controlPlacings`).
    public func placesInControlLabel(givenContentUse use: String) -> Bool {
        let placings = controlPlacings(givenContentUse: use)
        return !placings.isEmpty && placings.allSatisfy { $0.role == "label" && labelledControlNames.contains($0.control) }
    }

    /// Whether the use puts its content in a `Menu` or `Picker` (its items or its label), wherever it shows it.
    public func placesInMenu(givenContentUse use: String) -> Bool {
        let placings = controlPlacings(givenContentUse: use)
        return !placings.isEmpty && placings.allSatisfy { ["Menu", "Picker"].contains($0.control) && $0.role != "other" }
    }

    /// The order of the closure parameters of `type`'s initialiser, or `nil` when the survey did not record one or
    /// its files disagree.
    private func closureOrder(of type: String) -> [(name: String, hasDefault: Bool)]? {
        let prefix = type + "#"
        var byPosition: [Int: String] = [:]
        for entry in givenContentPlacements where entry.hasPrefix(prefix) {
            let rest = entry.dropFirst(prefix.count)
            guard let equals = rest.firstIndex(of: "="), let position = Int(rest[..<equals]) else { continue }
            let value = String(rest[rest.index(after: equals)...])
            if let known = byPosition[position], known != value { return nil }
            byPosition[position] = value
        }
        guard !byPosition.isEmpty else { return nil }
        return byPosition.keys.sorted().map { position in
            let value = byPosition[position]!
            return value.hasSuffix("+") ? (String(value.dropLast()), true) : (value, false)
        }
    }
}
