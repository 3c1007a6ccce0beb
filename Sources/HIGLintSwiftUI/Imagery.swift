import SwiftSyntax

/// What a group of views (a control's label, a view's `body`) shows people, as far as VoiceOver is concerned.
public enum Imagery: Equatable {
    /// Images and nothing a screen reader can read: shapes, colours, progress indicators may sit beside them.
    case onlyImages
    /// Some text, a title, or an accessibility label.
    case readable
    /// Something whose content cannot be seen (a helper or view type the module does not show, a value of
    /// unknown origin): rules stay silent.
    case unknown
}

/// Views that draw no text and no image: they neither label a control nor make it an icon.
let textlessDecorations: Set<String> = [
    "Circle", "Rectangle", "RoundedRectangle", "Capsule", "Ellipse", "UnevenRoundedRectangle", "ContainerRelativeShape",
    "Color", "ProgressView", "Spacer", "EmptyView", "Divider",
]

/// Accessors of generated asset code that give a SwiftUI `Image`: SwiftGen's `Asset.Icons.cancel.swiftUIImage`.
/// Configuration adds others as components named with a leading dot (`".iconImage": "Image"`).
public let generatedImageAccessors: Set<String> = ["swiftUIImage"]

extension SwiftUIFile {
    /// What `views` show, looking through stacks, `if`/`switch` branches, helpers and values of this file, and the
    /// view types of the module (`module`). `.onlyImages` needs at least one image.
    public func imagery(of views: [SwiftUIView]) -> Imagery { imagery(of: views, depth: 0) }

    /// Whether `views` show images and nothing readable: the `body` of an icon view.
    public func showsOnlyUnlabelledImages(_ views: [SwiftUIView]) -> Bool { imagery(of: views) == .onlyImages }

    private func imagery(of views: [SwiftUIView], depth: Int) -> Imagery {
        var sawImage = false
        for view in views {
            switch imagery(of: view, depth: depth) {
            case .readable: return .readable
            case .unknown: return .unknown
            case .onlyImages: sawImage = true
            case nil: continue
            }
        }
        return sawImage ? .onlyImages : .unknown
    }

    /// One view's imagery; `nil` for a decoration that shows neither.
    private func imagery(of view: SwiftUIView, depth: Int) -> Imagery? {
        if view.hasAccessibilityLabel { return .readable }
        // Views found inside a closure are built without components: name them here.
        if view.isTypeCall, let primitive = components[view.writtenName], primitive != view.name {
            if primitive == "Image" { return .onlyImages }
            if ["Text", "Label"].contains(primitive) { return .readable }
        }
        // `""` is no title: `Label("", systemImage:)` shows only its icon, `Text("")` nothing.
        if ["Text", "Label"].contains(view.name), view.call?.arguments.first?.expression.isEmptyStringLiteral == true {
            return view.name == "Label" ? .onlyImages : nil
        }
        if ["Text", "Label", "TextField", "LabeledContent"].contains(view.name) {
            return view.isImageOnly && view.name == "Text" ? .onlyImages : .readable
        }
        if isImage(view) { return .onlyImages }
        if view.call != nil, textlessDecorations.contains(view.name) {
            // `ProgressView("Loading")` has a title.
            return view.name == "ProgressView" && view.controlTitle != nil ? .readable : nil
        }
        if view.call == nil, let base = view.root.as(MemberAccessExprSyntax.self)?.base, base.trimmedSource == "Color" { return nil }
        if labelledControlNames.contains(view.name) {
            if view.controlTitle != nil { return .readable }
            return imagery(of: view.controlLabelViews, depth: depth)
        }
        if transparentContainers.contains(view.name) { return imagery(of: view.childViews(roles: [.content]), depth: depth) }
        guard depth < 2 else { return .unknown }
        // A value of this file: `let icon = Image(…)`, `var icon: some View { Image(…) }`, `makeIcon()`.
        if view.call == nil, let value = madeValue(of: view.root),
           let root = ViewBuilderContent.chainRoot(of: value), let made = SwiftUIView(root: root, components: components) {
            return imagery(of: made, depth: depth + 1)
        }
        let helpers = helperViews(for: view)
        if !helpers.isEmpty { return imagery(of: helpers, depth: depth + 1) }
        if !view.isTypeCall, module.imageMembers.contains(view.writtenName) { return .onlyImages }
        if view.call == nil, ModuleIndex.isImageType(property(view.writtenName, in: enclosingType(of: view.root))?.typeAnnotation) {
            return .onlyImages
        }
        return .unknown
    }

    /// Whether the view is an image: any `Image(…)` (`Image(systemSymbol:)` included), a view type that configuration or
    /// the module says renders only an image, or a generated asset accessor (`Asset.cancel.swiftUIImage`, `R.image.cancel`).
    public func isImage(_ view: SwiftUIView) -> Bool {
        if view.isImage || view.isTypeCall && components[view.writtenName] == "Image" { return true }
        return isGeneratedImage(view)
    }

    /// `Asset.Images.cancel.swiftUIImage` (SwiftGen), `R.image.cancel` (R.swift), and accessors configuration names.
    public func isGeneratedImage(_ view: SwiftUIView) -> Bool {
        guard view.call == nil || view.call?.calledExpression.is(MemberAccessExprSyntax.self) == true,
              let member = view.root.as(MemberAccessExprSyntax.self) ?? view.call?.calledExpression.as(MemberAccessExprSyntax.self),
              let base = member.base
        else { return false }
        if base.trimmedSource == "R", member.declName.baseName.text == "image" { return true }
        return view.modifiers.contains { modifier in
            modifier.call == nil
                && (generatedImageAccessors.contains(modifier.name) || components["." + modifier.name] == "Image")
        }
    }
}

extension SwiftUIFile {
    /// Whether a button or label style of the module that draws a title of its own (`ModuleIndex.titleDrawingStyles`)
    /// applies to `view`: `.buttonStyle(CaptionedStyle())` on it or on a view around it.
    public func hasTitleDrawingStyle(_ view: SwiftUIView) -> Bool {
        guard !module.titleDrawingStyles.isEmpty else { return false }
        let styled = [view] + enclosingViews(of: view.root).map(\.view)
        return styled.contains { candidate in
            candidate.modifiers.contains { modifier in
                guard ["buttonStyle", "labelStyle"].contains(modifier.name), let style = modifier.firstArgument else { return false }
                let name = style.as(FunctionCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                    ?? style.as(DeclReferenceExprSyntax.self)?.baseName.text
                return name.map(module.titleDrawingStyles.contains) ?? false
            }
        }
    }
}

extension ExprSyntax {
    /// `""`.
    var isEmptyStringLiteral: Bool {
        guard let literal = self.as(StringLiteralExprSyntax.self) else { return false }
        return literal.segments.allSatisfy { $0.as(StringSegmentSyntax.self)?.content.text.isEmpty == true }
    }
}
