import SwiftSyntax

/// What the views around an image do for its accessibility label.
public enum ImageSurroundings {
    /// Something labels it, hides it, makes it part of a labelled element, or leaves it to the icon rule.
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
    /// The controls whose image-only label `icon-only-control-without-label` reports.
    static let iconRuleControls: Set<String> = ["Button", "Menu", "Toggle", "NavigationLink", "Link"]

    /// What the views around an image (`enclosures`, innermost first) do for its label: a `Label`, a control
    /// whose label also has text or an accessibility label, a hidden or labelled merged container label it;
    /// a control whose whole label is images is the icon rule's; an unlabelled container ignoring its children
    /// swallows it.
    public func imageSurroundings(_ enclosures: [Enclosure]) -> ImageSurroundings {
        for enclosure in enclosures {
            let view = enclosure.view
            if case .modifier(let name) = enclosure.role, Self.decorationModifiers.contains(name) { return .labelled }
            if view.name == "Label" { return .labelled }
            if labelledControlNames.contains(view.name), enclosure.role == .label || enclosure.role == .argument("label") {
                if view.hasAccessibilityLabel || view.controlTitle != nil || view.controlLabelViews.contains(where: \.showsTextOrLabel) {
                    return .labelled
                }
                if Self.iconRuleControls.contains(view.name), view.controlLabelViews.areAllImages { return .labelled }
            }
            if view.isAccessibilityHidden { return .labelled }
            if view.mergesAccessibilityChildren && view.hasAccessibilityLabel { return .labelled }
            if let element = view.unlabelledIgnoringElement { return .ignoringContainer(element) }
        }
        return .unlabelled
    }
}
