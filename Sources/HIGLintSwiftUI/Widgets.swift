import SwiftSyntax

extension SwiftUIFile {
    /// Whether `node` is widget code: inside a type conforming to `Widget`, or in a view type that
    /// the file uses only from widget types (the entry view a `WidgetConfiguration` shows).
    /// Widgets are rendered as snapshots: no Dynamic Type at their sizes, no text selection.
    public func isWidgetContent(_ node: some SyntaxProtocol) -> Bool {
        guard !widgetTypeNames.isEmpty, let type = enclosingType(of: node) else { return false }
        if widgetTypeNames.contains(type.name) { return true }
        let uses = references(to: type.name).filter { !$0.isInPreview }
        return !uses.isEmpty && uses.allSatisfy { use in enclosingType(of: use).map { widgetTypeNames.contains($0.name) } ?? false }
    }

    /// Names of the types in this file that conform to `Widget`, computed once.
    var widgetTypeNames: Set<String> {
        if let cachedWidgetTypeNames { return cachedWidgetTypeNames }
        let names = Set(types.values.filter { $0.conforms(to: "Widget") }.map(\.name))
        cachedWidgetTypeNames = names
        return names
    }
}
