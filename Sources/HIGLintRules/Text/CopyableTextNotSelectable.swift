import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A `Text` showing a value people copy (an order number, a tracking code, an address) that cannot be selected.
///
/// Judged by the names in the `Text`'s argument: the last component of a reference
/// (`order.trackingNumber`), or the last two joined (`order.number` → `orderNumber`).
/// A `Text` in a control's label, a menu, a toolbar or an alert is left alone: it
/// cannot be selected there anyway. So is one whose row a tap acts on (`.onTapGesture`
/// on it or a view around it: tap to copy, insert or choose), one beside a copy button,
/// and a sentence that only mentions the value (`"We sent a code to \(email)."`). Values passed through a formatter call
/// (`format(order.id)`) are not seen. Widgets are skipped: their text cannot be selected. So is code
/// built only for tvOS or watchOS, where `textSelection` does not exist (neither the advice nor the fix).
/// Where Swift needs a `Text` (`Text + Text`, what a function declared `-> Text` returns) the finding
/// has no fix: `.textSelection` returns `some View`; select the enclosing view instead.
struct CopyableTextNotSelectable: Rule {
    static let description = RuleDescription(
        id: "copyable-text-not-selectable",
        name: "Copyable text not selectable",
        section: .text,
        summary: "Text that shows a value people copy should be selectable.",
        rationale: """
            People copy order numbers, tracking codes, confirmation codes and addresses into other apps. \
            Read-only text is not selectable by default; `.textSelection(.enabled)` lets them copy it \
            instead of retyping it. A caption from the app's strings (`L10n…`, `String(localized:)`) names a \
            value rather than showing it, and text with a `.contextMenu` already has a long-press menu of its own. \
            Where an app shows an email mostly as who someone is (an account's subtitle, a member row), take \
            `email` out with `copyableNamesRemoved`.
            """,
        platforms: [.iOS, .macOS, .visionOS],
        triggeringExamples: [
            #"↓Text(order.trackingNumber)"#,
            #"↓Text("Order \(order.orderNumber)")"#,
            #"↓Text("Tracking number: \(shipment.trackingNumber)")"#,
            // `copyableNames`: an email and an address are values people copy (catalog defaults).
            #"↓Text(contact.email)"#,
            #"↓Text(customer.shippingAddress)"#,
            // `localizedNamespaces` holds type names: a property named `localAddress` is a value, not UI copy.
            #"↓Text(store.localAddress)"#,
            RuleExample(#"↓Text(product.sku)"#,
                        configuration: Configuration().with(option: "copyableNames", .strings(["sku"]), for: "copyable-text-not-selectable")),
            // A button beside the value that does something else is no copy path.
            """
            HStack {
                ↓Text(device.ipAddress)
                Button("Forget", role: .destructive) { forget(device) }
            }
            """,
            """
            VStack(alignment: .leading) {
                ↓Text(customer.phoneNumber)
                    .font(.subheadline)
                ↓Text(order.number)
            }
            """,
        ],
        nonTriggeringExamples: [
            // `copyableNamesRemoved` takes a default out where an app shows emails as who someone is.
            RuleExample(#"Text(member.email)"#,
                        configuration: Configuration().with(option: "copyableNamesRemoved", .strings(["email"]), for: "copyable-text-not-selectable")),
            #"Text(product.sku)"#,
            // `localizedNamespaces`: a caption from the app's strings names the value.
            #"Text(LocalText.genericEmail).font(.caption)"#,
            #"Text(L10n.Checkout.address)"#,
            #"Text(account.email).contextMenu { Button("Copy Address") { UIPasteboard.general.string = account.email } }"#,
            RuleExample("""
                #if os(tvOS) || os(watchOS)
                Text(order.trackingNumber)
                #endif
                """, allowsWrapping: false),
            RuleExample(#"Text(order.trackingNumber)"#, configuration: Configuration().with(platforms: [.tvOS, .watchOS])),
            #"Text(order.trackingNumber).textSelection(.enabled)"#,
            """
            VStack {
                Text(customer.email)
                Text(customer.shippingAddress)
            }
            .textSelection(.enabled)
            """,
            #"Text("Email")"#,
            #"Text(customer.isEmailVerified ? "Verified" : "Unverified")"#,
            #"Text(order.status)"#,
            #"Button { copy() } label: { Text(order.trackingNumber) }"#,
            #"Text(order.emailError)"#,
            // A sentence that mentions the value is prose, not a value display.
            #"Text("We sent your parcel to \(order.shippingAddress). It arrives on Monday.")"#,
            // A tap on the row already acts on the value.
            #"HStack { Image(systemName: "shippingbox"); Text(shipment.trackingNumber) }.onTapGesture { copyToPasteboard(shipment.trackingNumber) }"#,
            """
            HStack {
                Text(device.ipAddress)
                Button { UIPasteboard.general.string = device.ipAddress } label: { Image(systemName: "doc.on.doc") }
            }
            """,
            """
            struct OrderWidget: Widget {
                var body: some WidgetConfiguration {
                    StaticConfiguration(kind: "order", provider: Provider()) { entry in OrderEntryView(entry: entry) }
                }
            }
            struct OrderEntryView: View {
                var body: some View { OrderNumberLine(entry: entry) }
            }
            struct OrderNumberLine: View {
                var body: some View { Text(entry.orderNumber) }
            }
            """,
        ],
        corrections: [
            (#"↓Text(order.trackingNumber)"#, #"Text(order.trackingNumber).textSelection(.enabled)"#),
            ("""
             ↓Text(order.trackingNumber)
                 .font(.body.monospaced())
             """, """
             Text(order.trackingNumber)
                 .font(.body.monospaced())
                 .textSelection(.enabled)
             """),
        ],
        wordLists: [copyableNames, localizedNamespaces],
        fixNeeds: [.textSelection], remedyNeeds: [.textSelection])

    static let copyableNames = WordList(
        "copyableNames", .matches,
        meaning: """
            Names of values people copy: a `Text` whose argument or interpolation is a reference whose name ends with \
            one of them, word for word at camelCase boundaries (`shippingAddress`, `order.number` read as \
            `orderNumber`), is reported.
            """,
        defaults: ["orderNumber", "orderID", "trackingNumber", "trackingCode", "confirmationCode", "invoiceNumber",
                   "referenceNumber", "serialNumber", "licenseKey", "iban", "email", "phoneNumber", "address"])
    static let localizedNamespaces = WordList(
        "localizedNamespaces", .exempts,
        meaning: """
            Type names, or words of them, that hold the app's UI strings (SwiftGen's `L10n`, R.swift's `R`, \
            `LocalText`): a `Text` whose argument starts with such a type shows a caption that names the value, \
            not the value. A property (`localAddress`) is not a type, whatever its words.
            """,
        defaults: ["L10n", "R", "Localized", "Local", "Strings", "Localizable"])
    static let message = "This Text shows a value people copy; add `.textSelection(.enabled)` so they can select it."
    /// Closures whose text cannot be selected, or is not reading content.
    static let nonReadingModifiers: Set<String> = ["contextMenu", "swipeActions", "toolbar", "alert", "confirmationDialog",
                                                   "navigationTitle", "tabItem", "badge", "help", "background", "overlay"]

    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = ["Text"]

    /// UI copy from the app's strings (`L10n.Settings.email`, `LocalText.genericEmail`, `String(localized:)`) is a
    /// caption naming the value, not the value people copy. `namespaces` is the list `localizedNamespaces`: a whole
    /// type name, or a camelCase word of one; only a name that starts with a capital is a type.
    static func isLocalizedCopy(_ argument: ExprSyntax, namespaces: [String]) -> Bool {
        guard let first = argument.firstToken(viewMode: .sourceAccurate)?.text else { return false }
        if ["NSLocalizedString", "LocalizedStringKey", "LocalizedStringResource"].contains(first) { return true }
        if first == "String", argument.as(FunctionCallExprSyntax.self)?.arguments.first?.label?.text == "localized" { return true }
        guard first.first?.isUppercase == true else { return false }
        let namespaces = Set(namespaces.map { $0.lowercased() })
        return namespaces.contains(first.lowercased()) || camelCaseWords(first).contains { namespaces.contains($0.lowercased()) }
    }

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let call = node.as(FunctionCallExprSyntax.self), let view = context.file.view(at: call),
              view.name == "Text", let argument = call.arguments.first?.expression,
              showsCopyableValue(argument, names: context.words(Self.copyableNames)),
              !Self.isLocalizedCopy(argument, namespaces: context.words(Self.localizedNamespaces)), !isProse(argument), !view.hasModifier("textSelection"),
              !view.hasModifier("contextMenu"), !view.hasModifier("onTapGesture"),
              context.applies(at: call), !context.isWidgetContent(call)
        else { return }
        for enclosure in context.file.enclosingViews(of: call) {
            // A long-press menu already offers its own actions (Copy Address); a selection would fight it.
            if enclosure.view.hasModifier("textSelection") || enclosure.view.hasModifier("contextMenu") { return }
            // A tap on the row acts on it (copies, inserts, chooses): the value is served, and not by selection.
            if enclosure.view.hasModifier("onTapGesture") { return }
            if enclosure.role == .content, transparentContainers.contains(enclosure.view.name) || enclosure.view.name == "LabeledContent",
               enclosure.view.childViews(roles: [.content]).contains(where: isCopyButton) {
                return
            }
            if case .modifier(let name) = enclosure.role, Self.nonReadingModifiers.contains(name) { return }
            if [.label, .action, .menuItems, .argument("label")].contains(enclosure.role) { return }
            if ["Picker", "Menu", "TextField"].contains(enclosure.view.name) { return }
        }
        // Where a `Text` is required (`Text + Text`, a function returning `Text`), the modifier would not compile.
        let fix = view.mustStayText ? nil : Fix(title: "Add `.textSelection(.enabled)`",
                                                edits: [FixBuilder.appendModifier(".textSelection(.enabled)", to: view)])
        context.report(at: view.nameToken, message: Self.message, fix: fix)
    }

    /// A button beside the value that copies it: its action writes the pasteboard or its title or symbol says copy.
    private func isCopyButton(_ view: SwiftUIView) -> Bool {
        guard view.name == "Button", let call = view.call else { return false }
        return call.tokens(viewMode: .sourceAccurate).contains { token in
            let text = token.text.lowercased()
            return text.contains("pasteboard") || text.contains("copy") || text.contains("doc.on.doc") || text.contains("doc.on.clipboard")
        }
    }

    /// A string literal whose own words make a sentence around the value (four words or more): the value is
    /// mentioned in prose, which nobody selects to copy a part of.
    private func isProse(_ argument: ExprSyntax) -> Bool {
        guard let literal = argument.as(StringLiteralExprSyntax.self) else { return false }
        let words = literal.segments.compactMap { $0.as(StringSegmentSyntax.self)?.content.text }.joined(separator: " ")
            .split { !$0.isLetter }
        return words.count >= 4
    }

    private func showsCopyableValue(_ argument: ExprSyntax, names: [String]) -> Bool {
        var candidates: [ExprSyntax] = []
        if let literal = argument.as(StringLiteralExprSyntax.self) {
            candidates = literal.segments.compactMap { $0.as(ExpressionSegmentSyntax.self)?.expressions.first?.expression }
        } else {
            candidates = [argument]
        }
        return candidates.contains { candidate in
            guard let path = candidate.referencePath, let last = path.last else { return false }
            var identifiers = [last]
            if path.count >= 2 { identifiers.append(path[path.count - 2] + last.prefix(1).uppercased() + last.dropFirst()) }
            return identifiers.contains { identifier in names.contains { HIGLintSwiftUI.identifier(identifier, endsWithWordsOf: $0) } }
        }
    }
}
