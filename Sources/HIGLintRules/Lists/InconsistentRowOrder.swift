import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// Static `HStack` rows of one `List` or `Section` that put the leading image and the primary text in
/// different orders.
///
/// Only rows written in place are compared (an `HStack`, or the `HStack` that is the whole label of a
/// `NavigationLink` or `Button` row); rows from a `ForEach` or a custom row view are not. An image after
/// the last text is a trailing accessory and does not count; a `VStack` of texts counts as text.
struct InconsistentRowOrder: Rule {
    static let description = RuleDescription(
        id: "inconsistent-row-order",
        name: "Inconsistent row order",
        section: .lists,
        defaultSeverity: .note,
        summary: "Rows of one list should put the leading image and the primary text in the same order.",
        rationale: """
            The HIG describes a row as leading image, primary text, secondary text, trailing accessory, \
            in that order and the same on every row, so the eye can run down one column of icons and \
            one column of titles. A row that puts its image after its title breaks both columns.
            """,
        triggeringExamples: [
            """
            List {
                HStack { Image(systemName: "shippingbox"); Text("Orders") }
                HStack { Image(systemName: "heart"); Text("Wishlist") }
                ↓HStack { Text("Returns"); Image(systemName: "arrow.uturn.left"); Text("2 open") }
            }
            """,
            """
            Section("Account") {
                NavigationLink(value: Route.profile) {
                    HStack {
                        Image(systemName: "person.crop.circle")
                        VStack(alignment: .leading) { Text("Profile"); Text(user.email).font(.caption) }
                    }
                }
                NavigationLink(value: Route.payment) {
                    ↓HStack {
                        VStack(alignment: .leading) { Text("Payment"); Text(card.summary).font(.caption) }
                        Image(systemName: "creditcard")
                        Text(card.expiry)
                    }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            // A trailing accessory after the last text is ignored.
            """
            List {
                HStack { Image(systemName: "shippingbox"); Text("Orders") }
                HStack { Image(systemName: "heart"); Text("Wishlist"); Spacer(); Image(systemName: "chevron.right") }
                HStack { Text("Version"); Spacer(); Image(systemName: "checkmark.seal") }
            }
            """,
            """
            Section {
                HStack { Image(systemName: "bell"); Text("Notifications") }
                ForEach(extras) { extra in HStack { Text(extra.name); Image(systemName: extra.symbol); Text(extra.detail) } }
            }
            """,
            // Rows of different sections are compared within their section.
            """
            List {
                Section { HStack { Image(systemName: "bell"); Text("Alerts") } }
                Section { HStack { Text("Theme"); Image(systemName: "paintpalette"); Text("Dark") } }
            }
            """,
        ])

    static let message = "This row puts its image and its primary text in a different order from the first row; keep the leading image before the text on every row."

    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = ["List", "Section"]

    private enum Order { case imageFirst, textFirst }

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let call = node.as(FunctionCallExprSyntax.self), let container = context.file.view(at: call),
              ["List", "Section"].contains(container.name), !context.file.declaresType(container.name),
              context.applies(at: call)
        else { return }
        let rows = container.childViews(roles: [.content]).compactMap(layout(of:))
        var reference: Order?
        for row in rows {
            guard let order = order(of: row) else { continue }
            guard let first = reference else { reference = order; continue }
            if order != first { context.report(at: row.nameToken, message: Self.message) }
        }
    }

    /// The `HStack` that lays out a static row.
    private func layout(of row: SwiftUIView) -> SwiftUIView? {
        if row.name == "HStack" { return row }
        if ["NavigationLink", "Button"].contains(row.name), row.controlLabelViews.count == 1,
           let label = row.controlLabelViews.first, label.name == "HStack" {
            return label
        }
        return nil
    }

    /// Whether the image comes before the first text, or after it but before the last text.
    private func order(of row: SwiftUIView) -> Order? {
        let items = row.childViews(roles: [.content])
        guard let firstText = items.firstIndex(where: isText), let lastText = items.lastIndex(where: isText),
              let image = items[..<lastText].firstIndex(where: isImage)
        else { return nil }
        return image < firstText ? .imageFirst : .textFirst
    }

    private func isText(_ view: SwiftUIView) -> Bool {
        if view.name == "Text" { return true }
        return ["VStack", "HStack"].contains(view.name) && view.childViews(roles: [.content]).contains { $0.name == "Text" }
    }

    private func isImage(_ view: SwiftUIView) -> Bool {
        ["Image", "AsyncImage"].contains(view.name) && view.isTypeCall
    }
}
