import SwiftSyntax

/// What the views around an image do for its accessibility label.
public enum ImageSurroundings {
    /// Something labels it, hides it, makes it part of a labelled element, or it is in the label of a control the
    /// caller leaves to another check.
    case labelled
    case unlabelled
    /// Inside an `.accessibilityElement(children: .ignore)` container with no label: a label on the image would
    /// never be read; the container (this modifier) needs one.
    case ignoringContainer(Modifier)

    public var isLabelled: Bool {
        if case .labelled = self { return true }
        return false
    }
}

extension SwiftUIFile {
    /// Modifiers whose content is not shown as information.
    static let decorationModifiers: Set<String> = ["mask", "clipShape", "border", "tabItem", "listRowBackground"]
    /// Whether content in this modifier argument is a transient preview of the view, not information on screen:
    /// what a context menu or a drag lifts (`.contextMenu { … } preview: { … }`, `.draggable(item) { … }`,
    /// `.onDrag({ … }, preview: { … })`).
    static func isLiftPreview(modifier: String, argumentLabel: String?) -> Bool {
        switch modifier {
        case "draggable": true
        case "contextMenu", "onDrag": argumentLabel == "preview"
        default: false
        }
    }

    /// Whether `node` is in a closure of `self.init(title:icon:)` in an `extension Label` convenience initialiser:
    /// the icon of a `Label` like any other.
    public func isInLabelInitializer(_ node: some SyntaxProtocol) -> Bool {
        guard enclosingType(of: node)?.name == "Label" else { return false }
        var current = node.parent
        while let parent = current {
            if let call = parent.as(FunctionCallExprSyntax.self),
               ["self.init", "Self.init", ".init"].contains(call.calledExpression.trimmedSource) {
                return true
            }
            if parent.is(InitializerDeclSyntax.self) || parent.is(MemberBlockItemSyntax.self) { return false }
            current = parent.parent
        }
        return false
    }

    /// The endings of names that say a view is a control: `LuminarePicker`, `SegmentedControl`, `CheckToggle`.
    static let controlNameSuffixes = ["Picker", "Control", "Toggle", "Button"]

    /// Whether a type's name ends like a control's and is more than SwiftUI's own `Picker`, `Toggle`, `Button`.
    public static func isNamedLikeControl(_ name: String) -> Bool {
        controlNameSuffixes.contains { name.hasSuffix($0) && name != $0 }
    }

    /// A control of another package (`LuminarePicker(elements:selection:) { option in … }`): named like a control,
    /// and declared neither in this file nor in the module. It draws each cell its closure builds as a button's
    /// label, out of sight; a module's own control is code whose cells rules can follow. A module's control file
    /// the survey does not parse (one that mentions no control, `ForEach` in a list, label or chart) reads as
    /// another package's.
    func isOtherPackagesControl(_ view: SwiftUIView) -> Bool {
        view.isTypeCall && Self.isNamedLikeControl(view.writtenName) && types[view.writtenName] == nil
            && !module.controlViews.contains(view.writtenName)
    }

    /// Whether these views show a `Text` or `Label` written here, looking through stacks and groups: a custom
    /// view or a helper, whose text cannot be seen, does not count (a cell that is one `IconCell(…)` may show
    /// only the icon).
    static func showWrittenText(_ views: [SwiftUIView]) -> Bool {
        views.contains { view in
            if ["Text", "Label"].contains(view.name) { return view.argument(nil)?.expression.isEmptyStringLiteral != true }
            return transparentContainers.contains(view.name) && showWrittenText(view.childViews(roles: [.content]))
        }
    }

    /// What the views around an image (`enclosures`, innermost first) do for its label: a `Label`, a control
    /// whose label also has text or an accessibility label, a cell of another package's control or the content a
    /// view type of the module puts in a control's label (`ModuleIndex.placesInControlLabel(givenContentUse:)`, under the
    /// arguments this use passes) whose closure also shows text, a hidden or labelled merged container label it;
    /// a control for which `leavesControl` holds is the caller's to leave (a rule whose neighbour reports the control
    /// itself); an unlabelled container ignoring its children swallows it.
    public func imageSurroundings(_ enclosures: [Enclosure], leavesControl: (SwiftUIView) -> Bool) -> ImageSurroundings {
        for enclosure in enclosures {
            let view = enclosure.view
            if case .modifier(let name) = enclosure.role,
               Self.decorationModifiers.contains(name) || Self.isLiftPreview(modifier: name, argumentLabel: enclosure.modifierArgumentLabel) {
                return .labelled
            }
            if view.name == "Label" { return .labelled }
            if labelledControlNames.contains(view.name), enclosure.isControlLabel {
                // A button style of the module that draws a title of its own labels the button as text beside the
                // image would.
                if view.hasAccessibilityLabel || view.controlTitle != nil || view.controlLabelViews.contains(where: \.showsTextOrLabel)
                    || hasTitleDrawingStyle(view) {
                    return .labelled
                }
                if leavesControl(view) { return .labelled }
            }
            if isOtherPackagesControl(view), enclosure.role == .content || enclosure.role == .label,
               Self.showWrittenText(view.childViews(roles: [enclosure.role])) {
                return .labelled
            }
            if let use = ModuleIndex.givenContentUse(of: enclosure), module.placesInControlLabel(givenContentUse: use),
               Self.showWrittenText(view.closures.filter { $0.label == enclosure.argumentLabel }
                   .flatMap { ViewBuilderContent.views(in: $0.closure.statements) }) {
                return .labelled
            }
            if view.isAccessibilityHidden { return .labelled }
            if view.mergesAccessibilityChildren && view.hasAccessibilityLabel { return .labelled }
            if let element = view.unlabelledIgnoringElement { return .ignoringContainer(element) }
        }
        return .unlabelled
    }
}

extension SwiftUIFile {
    /// What labels `view` for VoiceOver: the view itself, the views around it in its declaration, and, when nothing
    /// there does, the uses of the helper or view type it is written in (`labellingWhereUsed(ofDeclarationHolding:)`).
    public func labelling(of view: SwiftUIView, leavesControl: (SwiftUIView) -> Bool) -> ImageSurroundings {
        var visited: Set<SyntaxIdentifier> = []
        return labelling(of: view, depth: Self.useDepth, visited: &visited, leavesControl: leavesControl)
    }

    /// What labels code that nothing labels in its own declaration, judged where that declaration is used, and
    /// again where the declarations holding those uses are used (a few levels: `var icon` used in `var header`,
    /// used in `body`, whose type is used inside a hidden backdrop).
    ///
    /// - The `body` of a view type: labelled when the module labels or hides the type where it is used
    ///   (`ModuleIndex.labelledViews`), or when it is used in this file and every use is labelled; a type with no
    ///   visible use is not.
    /// - A helper (`var hero: some View`, `func row()`, an enum's `var image: Image`): labelled when every use that
    ///   shows it is; the first unlabelled use says how. The image's own helper with no visible use says nothing;
    ///   one further up is unlabelled.
    public func labellingWhereUsed(ofDeclarationHolding node: some SyntaxProtocol,
                                   leavesControl: (SwiftUIView) -> Bool) -> ImageSurroundings {
        var visited: Set<SyntaxIdentifier> = []
        return labellingWhereUsed(Syntax(node), depth: Self.useDepth, visited: &visited, leavesControl: leavesControl)
    }

    /// How many uses away the label of a view is looked for.
    private static let useDepth = 4

    private func labelling(of view: SwiftUIView, depth: Int, visited: inout Set<SyntaxIdentifier>,
                           leavesControl: (SwiftUIView) -> Bool) -> ImageSurroundings {
        if view.hasAccessibilityLabel || view.isAccessibilityHidden { return .labelled }
        if let element = view.unlabelledIgnoringElement { return .ignoringContainer(element) }
        let around = imageSurroundings(enclosingViews(of: view.root), leavesControl: leavesControl)
        guard case .unlabelled = around, depth > 0 else { return around }
        return labellingWhereUsed(Syntax(view.root), depth: depth, visited: &visited, leavesControl: leavesControl)
    }

    private func labellingWhereUsed(_ node: Syntax, depth: Int, visited: inout Set<SyntaxIdentifier>,
                                    leavesControl: (SwiftUIView) -> Bool) -> ImageSurroundings {
        guard let context = declarationContext(of: node) else { return .unlabelled }
        // A declaration met again (through two uses, or a recursive view) was judged labelled, or is being judged.
        guard visited.insert(context.declaration.id).inserted else { return .labelled }
        if context.isBody {
            if let type = context.type, isLabelledWhereUsed(type.name) { return .labelled }
            let uses = viewUses(of: context)
            guard !uses.isEmpty else { return .unlabelled }
            for use in uses where !labelling(of: use, depth: depth - 1, visited: &visited, leavesControl: leavesControl).isLabelled { return .unlabelled }
            return .labelled
        }
        let uses = references(to: context.name).filter { use in
            !use.isInPreview && declarationContext(of: use)?.declaration.id != context.declaration.id
                && !runsOnNoDeployedVersion(use)
        }
        var shown = false
        for use in uses {
            guard let view = viewAtUse(use), view.isShownAsContent else { continue }
            shown = true
            let around = labelling(of: view, depth: depth - 1, visited: &visited, leavesControl: leavesControl)
            if !around.isLabelled { return around }
        }
        // Unseen uses of the image's own helper say nothing; a helper met on the way up (a `public var rowView`
        // used by other files) leaves the use below it as unlabelled as it looks.
        return shown || depth == Self.useDepth ? .labelled : .unlabelled
    }
}

extension SwiftUIFile {
    /// Whether the view type holding `node` hands the image it loads to its callers' content closure: it stores a
    /// closure that takes an `AsyncImagePhase` or an `Image` (`let content: (AsyncImagePhase) -> Content`), as a
    /// caching `AsyncImage` wrapper does. What is shown, and its label, is written where the wrapper is used.
    public func handsImageToCallersContent(_ node: some SyntaxProtocol) -> Bool {
        guard let type = enclosingType(of: node), type.isView else { return false }
        return type.properties.values.contains { property in
            guard !property.isStatic, property.body == nil, let annotation = property.typeAnnotation else { return false }
            return annotation.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == "->" })
                && FunctionTypeFinder.takesImage(annotation)
        }
    }
}

/// Finds, in a property's type, a function type with an `AsyncImagePhase` or `Image` parameter.
private enum FunctionTypeFinder {
    static func takesImage(_ type: TypeSyntax) -> Bool {
        if let function = type.as(FunctionTypeSyntax.self) {
            return function.parameters.contains { ["AsyncImagePhase", "Image", "SwiftUI.Image"].contains($0.type.trimmedSource) }
        }
        return type.children(viewMode: .sourceAccurate).contains { child in
            child.as(TypeSyntax.self).map(takesImage) ?? child.children(viewMode: .sourceAccurate).contains { grandchild in
                grandchild.as(TypeSyntax.self).map(takesImage) ?? false
            }
        }
    }
}

