import SwiftSyntax

/// The controls whose label people activate: their label is what VoiceOver reads.
public let labelledControlNames: Set<String> = ["Button", "Menu", "Toggle", "NavigationLink", "Link", "ShareLink", "Picker"]

/// Containers that only arrange their children.
public let transparentContainers: Set<String> = ["HStack", "VStack", "ZStack", "Group", "LazyHStack", "LazyVStack"]

extension SwiftUIView {
    /// `.accessibilityLabel(…)` or the older `.accessibility(label:)` on this view, or an image made with its
    /// label (`Image(cgImage, scale: 1, label: Text("QR code"))`, `Image("map", bundle: nil, label: …)`).
    public var hasAccessibilityLabel: Bool {
        if isImage, call?.hasArgument("label") == true { return true }
        return modifiers.contains { $0.name == "accessibilityLabel" || ($0.name == "accessibility" && $0.hasArgument("label")) }
    }

    /// `.accessibilityHidden(true)` or `.accessibility(hidden: true)` on this view.
    public var isAccessibilityHidden: Bool {
        modifiers.contains {
            ($0.name == "accessibilityHidden" && $0.firstArgument?.booleanLiteral != false)
                || ($0.name == "accessibility" && $0.argument("hidden")?.expression.booleanLiteral == true)
        }
    }

    /// `.accessibilityElement(children: .ignore)` or `.combine`: the children are read as one element.
    public var mergesAccessibilityChildren: Bool {
        modifiers.contains {
            $0.name == "accessibilityElement"
                && ($0.call?.arguments.isEmpty == true
                    || [".ignore", ".combine"].contains($0.argument("children")?.expression.trimmedSource ?? ""))
        }
    }

    /// The `.accessibilityElement(children: .ignore)` (or `.accessibilityElement()`, whose default is `.ignore`)
    /// that makes this view one element reading none of its children, when it has no label of its own.
    public var unlabelledIgnoringElement: Modifier? {
        guard !hasAccessibilityLabel else { return nil }
        return modifiers.first {
            $0.name == "accessibilityElement"
                && ($0.call?.arguments.isEmpty == true || $0.argument("children")?.expression.trimmedSource == ".ignore")
        }
    }

    /// An image that shows something: `Image("name")`, `Image(_:bundle:)`, `Image(uiImage:)`, `Image(nsImage:)`,
    /// `Image(cgImage:…)`, `AsyncImage`; `Image(systemName:)` only when `includeSymbols`. `Image(decorative:)`
    /// and `Image(_:bundle:label:)` (labelled) are not.
    public func isMeaningfulImage(includeSymbols: Bool) -> Bool {
        guard isTypeCall, let call else { return false }
        if name == "AsyncImage" { return true }
        guard name == "Image", !call.hasArgument("label"), let first = call.arguments.first else { return false }
        switch first.label?.text {
        case nil, "uiImage", "nsImage", "cgImage": return true
        case "systemName": return includeSymbols
        default: return false   // `decorative:`, `size:renderer:` and others
        }
    }

    /// Whether the image is a view in a view builder, not a value passed to another call, nor one a task or an
    /// action computes (`Task.detached { return Image(nsImage: icon) }`), which is shown, if at all, where the value
    /// is stored.
    public var isShownAsContent: Bool {
        guard let parent = chainEnd.parent, !isComputedByTaskOrAction else { return false }
        if parent.is(CodeBlockItemSyntax.self) || parent.is(ReturnStmtSyntax.self) { return true }
        if parent.is(TernaryExprSyntax.self) || parent.is(UnresolvedTernaryExprSyntax.self) { return true }
        if parent.is(ExprListSyntax.self), parent.parent?.as(SequenceExprSyntax.self)?.elements.contains(where: { $0.is(UnresolvedTernaryExprSyntax.self) }) == true {
            return true
        }
        return false
    }

    /// Whether the view is an `Image`, in any of its initialisers.
    public var isImage: Bool { name == "Image" && isTypeCall }

    /// Whether everything this view shows is images: an `Image`, a `Text(Image(…))`,
    /// an icon-only `Label`, or a stack or control whose content is only such views.
    ///
    /// A view whose content cannot be seen (a custom type, a helper) is not image-only.
    public var isImageOnly: Bool {
        if isImage { return true }
        // `Label("", systemImage:)`: an empty title is no text.
        if name == "Label", argument(nil)?.expression.isEmptyStringLiteral == true { return true }
        // `.labelStyle(.iconOnly)` shows only the icons of the labels below it.
        if modifiers.contains(where: { $0.name == "labelStyle" && $0.firstArgumentIs(".iconOnly") }) { return true }
        // A `LabelStyle`'s `configuration.icon`, and `name.map(Image.init(systemName:))`.
        if writtenName == "configuration", let first = modifiers.first, first.name == "icon", first.call == nil { return true }
        if call == nil, let first = modifiers.first, first.name == "map",
           first.firstArgument?.tokens(viewMode: .sourceAccurate).contains(where: { $0.text == "Image" }) == true {
            return true
        }
        if name == "Text", let only = call?.arguments.first, call?.arguments.count == 1,
           let inner = only.expression.as(FunctionCallExprSyntax.self), SwiftUIView(call: inner)?.isImage == true {
            return true
        }
        if labelledControlNames.contains(name) {
            guard controlTitle == nil else { return false }
            return controlLabelViews.areAllImages
        }
        if transparentContainers.contains(name) {
            return childViews(roles: [.content]).areAllImages
        }
        return false
    }

    /// A control's title given as an argument: `Button("Save")`, `Toggle(title, isOn:)`, `Menu("More", systemImage:)`.
    /// An empty title (`Button("", action:)`) is no title.
    public var controlTitle: ExprSyntax? {
        guard let call, let first = call.arguments.first else { return nil }
        var title: ExprSyntax?
        if first.label == nil, !first.expression.is(ClosureExprSyntax.self) {
            // `ShareLink(item:)` has no unlabelled title; `Picker("Sort", selection:)` does.
            if name == "ShareLink" { return nil }
            title = first.expression
        } else {
            title = (call.argument("titleKey") ?? call.argument("title"))?.expression
        }
        return title?.isEmptyStringLiteral == true ? nil : title
    }

    /// The views of a control's label closure (`Button { } label: { … }`, `NavigationLink(destination:) { … }`).
    public var controlLabelViews: [SwiftUIView] {
        var views = childViews(roles: [.label])
        if let label = argument("label")?.expression, !label.is(ClosureExprSyntax.self) {
            views += ViewBuilderContent.views(in: label)
        }
        return views
    }

    /// Whether this view or anything it shows has text or an accessibility label: a `Text`, a `Label`,
    /// a control title, or an `.accessibilityLabel` anywhere in it. Views whose content cannot be
    /// seen (custom types, helpers) count as having text.
    public var showsTextOrLabel: Bool {
        if hasAccessibilityLabel { return true }
        if ["Text", "Label"].contains(name), argument(nil)?.expression.isEmptyStringLiteral == true { return false }
        if ["Text", "Label", "TextField", "LabeledContent"].contains(name) { return true }
        if isImage { return overlaysText }
        if labelledControlNames.contains(name) {
            if controlTitle != nil { return true }
            return controlLabelViews.contains(where: \.showsTextOrLabel)
        }
        if transparentContainers.contains(name) || ["Circle", "Rectangle", "Spacer", "Divider", "RoundedRectangle", "Capsule"].contains(name) {
            return childViews(roles: [.content]).contains(where: \.showsTextOrLabel)
        }
        return true
    }
}

/// Calls and modifiers whose closures run work, not build views: what they return or assign is a value.
let taskAndActionCallees: Set<String> = [
    "Task", "detached", "task", "onAppear", "onDisappear", "onChange", "onReceive", "onSubmit", "refreshable", "async",
    "asyncAfter", "run", "sink", "withCheckedContinuation", "withCheckedThrowingContinuation", "withTaskGroup",
]

extension SwiftUIView {
    /// Whether the view is written in a closure that a task or an action runs (before any declaration around it).
    var isComputedByTaskOrAction: Bool {
        var node = Syntax(root).parent
        while let current = node {
            if current.is(FunctionDeclSyntax.self) || current.is(AccessorBlockSyntax.self) || current.is(MemberBlockSyntax.self) { return false }
            if let closure = current.as(ClosureExprSyntax.self) {
                let call = closure.parent?.as(FunctionCallExprSyntax.self)
                    ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
                if let name = call?.calledExpression.lastToken(viewMode: .sourceAccurate)?.text, taskAndActionCallees.contains(name) {
                    return true
                }
            }
            node = current.parent
        }
        return false
    }

    /// Whether this view draws no text at all: an image, or a shape or colour with nothing but images and shapes
    /// over or under it (a placeholder's tinted rectangle with a symbol on it). A font on it sizes no text.
    public var drawsNoText: Bool {
        if isImageOnly { return true }
        guard textlessDecorations.contains(name) else { return false }
        return modifiers.filter { $0.name == "overlay" || $0.name == "background" }.allSatisfy { layer in
            layer.contentViews.allSatisfy(\.drawsNoText)
        }
    }

    /// Whether text is drawn over this view (`.overlay { Text(title) }`, an image card's caption): read with it, as
    /// part of the same control label. Only a `Text` or `Label` with a title counts: a gradient or a shape over an
    /// image says nothing.
    var overlaysText: Bool {
        modifiers(named: "overlay").contains { overlay in
            let views = overlay.contentViews
            return (views + views.flatMap { $0.descendantViews() }).contains { view in
                ["Text", "Label"].contains(view.name) && view.argument(nil)?.expression.isEmptyStringLiteral != true
            }
        }
    }
}

extension SyntaxProtocol {
    /// Whether a member named `name` is accessed anywhere inside this node (`.accessibilityLabel` in a closure).
    public func containsMemberAccess(named name: String) -> Bool {
        var previousWasPeriod = false
        for token in tokens(viewMode: .sourceAccurate) {
            if previousWasPeriod, token.text == name { return true }
            previousWasPeriod = token.tokenKind == .period
        }
        return false
    }

    /// Whether this code is in a preview (`#Preview { … }` or a `PreviewProvider`), where nothing ships.
    public var isInPreview: Bool {
        var node = parent
        while let current = node {
            if let macro = current.as(MacroExpansionExprSyntax.self), macro.macroName.text == "Preview" { return true }
            if let macro = current.as(MacroExpansionDeclSyntax.self), macro.macroName.text == "Preview" { return true }
            if let type = current.as(StructDeclSyntax.self),
               type.inheritanceClause?.inheritedTypes.contains(where: { $0.type.trimmedSource == "PreviewProvider" }) == true {
                return true
            }
            node = current.parent
        }
        return false
    }
}

extension Array where Element == SwiftUIView {
    /// Whether these sibling views show images and nothing else; `EmptyView` and `Spacer` show nothing.
    public var areAllImages: Bool {
        let shown = filter { !["EmptyView", "Spacer"].contains($0.name) }
        return !shown.isEmpty && shown.allSatisfy(\.isImageOnly)
    }
}
