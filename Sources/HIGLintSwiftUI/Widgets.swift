import SwiftSyntax

extension SwiftUIFile {
    /// Whether `node` is widget code: inside a type conforming to `Widget`, or in a view type that
    /// the file, or the module (`ModuleReach`), creates only from widget code (the entry view a
    /// `WidgetConfiguration` shows, and the views that view is built from). Widgets are rendered as snapshots: no Dynamic Type at their
    /// sizes, no text selection.
    public func isWidgetContent(_ node: some SyntaxProtocol) -> Bool {
        if reach(of: node)?.outsideWidgets == false { return true }
        guard let type = enclosingType(of: node) else { return false }
        return widgetContentTypeNames.contains(type.name)
    }

    /// The widget types and the types used only from them, computed once per file.
    var widgetContentTypeNames: Set<String> {
        if let cachedWidgetTypeNames { return cachedWidgetTypeNames }
        var names = Set(types.values.filter { $0.conforms(to: "Widget") }.map(\.name))
        if !names.isEmpty {
            // Grow the set until no type is left whose every use sits in widget code.
            var changed = true
            while changed {
                changed = false
                for name in types.keys where !name.isEmpty && !names.contains(name) {
                    let uses = references(to: name).filter { !$0.isInPreview }
                    let usedOnlyByWidgets = !uses.isEmpty && uses.allSatisfy { use in
                        enclosingType(of: use).map { names.contains($0.name) } ?? false
                    }
                    if usedOnlyByWidgets {
                        names.insert(name)
                        changed = true
                    }
                }
            }
        }
        cachedWidgetTypeNames = names
        return names
    }
}
