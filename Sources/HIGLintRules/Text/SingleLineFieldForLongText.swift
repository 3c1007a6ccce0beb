import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A `TextField` bound to long text (`notes`, `bio`, `message`…) that stays one line.
///
/// Judged by the bound property's last camelCase word only: a field bound to
/// `draft.text` or `input` is not recognised, and one bound to `$message` in a chat
/// composer is, on purpose (a message is long text). Only `axis: .vertical` makes the field grow: a field given
/// `axis: .horizontal` (inline, or through a constant of the file) is reported, and the fix turns it vertical; an axis
/// decided at run time (a ternary, a parameter) is left alone.
struct SingleLineFieldForLongText: Rule {
    static let description = RuleDescription(
        id: "single-line-field-for-long-text",
        name: "Single-line field for long text",
        section: .text,
        summary: "A TextField for long text (notes, a bio, a message) should grow vertically.",
        rationale: """
            Long editable text belongs in a `TextEditor` or a multi-line `TextField`, not a single-line \
            field that scrolls sideways and hides what the person wrote. `axis: .vertical` lets the field \
            grow with its content.
            """,
        triggeringExamples: [
            #"↓TextField("Notes", text: $order.notes)"#,
            #"↓TextField("Bio", text: $profile.userBio, prompt: Text("About you"))"#,
            """
            Form {
                ↓TextField("Delivery note", text: $deliveryNote)
                    .textFieldStyle(.roundedBorder)
            }
            """,
            // Only a vertical axis lets the field grow.
            #"↓TextField("Notes", text: $order.notes, axis: .horizontal)"#,
            RuleExample(#"↓TextField("Instructions", text: $delivery.instructions)"#,
                        configuration: Configuration().with(option: "longTextNames", .strings(["instructions"]),
                                                            for: "single-line-field-for-long-text")),
        ],
        nonTriggeringExamples: [
            #"TextField("Notes", text: $order.notes, axis: .vertical)"#,
            #"TextField("Message", text: $draft.message, axis: isExpanded ? .vertical : .horizontal)"#,
            #"TextField("Name", text: $customer.name)"#,
            #"TextEditor(text: $order.notes)"#,
            #"TextField("Notes count", value: $notesCount, format: .number)"#,
            #"SecureField("Message", text: $message)"#,
            // `longTextNames` counts the last camelCase word only: a query about messages is short.
            #"TextField("Search messages", text: $messageSearchQuery)"#,
            RuleExample(#"TextField("Message", text: $message)"#,
                        configuration: Configuration().with(option: "longTextNamesRemoved", .strings(["message"]),
                                                            for: "single-line-field-for-long-text")),
        ],
        corrections: [
            (#"↓TextField("Notes", text: $order.notes)"#, #"TextField("Notes", text: $order.notes, axis: .vertical)"#),
            (#"↓TextField("Bio", text: $bio, prompt: Text("About you"))"#,
             #"TextField("Bio", text: $bio, prompt: Text("About you"), axis: .vertical)"#),
            (#"↓TextField("Notes", text: $order.notes, axis: .horizontal)"#, #"TextField("Notes", text: $order.notes, axis: .vertical)"#),
        ],
        wordLists: [longTextNames],
        fixNeeds: [.textFieldAxis], remedyNeeds: [.textFieldAxis])

    static let longTextNames = WordList(
        "longTextNames", .matches,
        meaning: "Last camelCase words of the property a `TextField` edits (`text:`) that say it holds long text: `deliveryNote` ends in `note`.",
        defaults: ["notes", "note", "description", "bio", "comment", "comments", "message", "body", "details",
                   "summary", "review", "feedback", "about"])
    static let message = "This TextField edits long text on one line; add `axis: .vertical` (or use TextEditor) so it grows with its content."

    static let visitedKinds: Set<SyntaxKind> = [.functionCallExpr]
    static let visitedNames: Set<String>? = ["TextField"]

    func visit(_ node: Syntax, in context: RuleContext) {
        guard let call = node.as(FunctionCallExprSyntax.self), let view = context.file.view(at: call),
              view.name == "TextField", !growsVertically(view, in: context.file),
              let binding = view.argument("text")?.expression, let property = binding.referencePath?.last,
              context.applies(at: call)
        else { return }
        let names = context.words(Self.longTextNames)
        guard let last = camelCaseWords(property).last?.lowercased(), names.contains(where: { $0.lowercased() == last }) else { return }
        context.report(at: view.nameToken, message: Self.message, fix: fix(for: call))
    }

    /// Whether the field is given a vertical axis, or one this file cannot read (decided at run time): only an axis known
    /// to be horizontal, or none, keeps the field on one line.
    private func growsVertically(_ view: SwiftUIView, in file: SwiftUIFile) -> Bool {
        guard let written = view.argument("axis")?.expression else { return false }
        let axis = file.madeValue(of: written) ?? written
        guard let member = axis.as(MemberAccessExprSyntax.self),
              member.base == nil || member.base?.trimmedSource == "Axis" || member.base?.trimmedSource == "SwiftUI.Axis"
        else { return true }
        return member.declName.baseName.text != "horizontal"
    }

    /// `axis:` follows `text:` and `prompt:`; the old `onEditingChanged:`/`onCommit:` initialisers have no `axis:`.
    /// A written `axis: .horizontal` becomes `.vertical`.
    private func fix(for call: FunctionCallExprSyntax) -> Fix? {
        if let axis = call.argument("axis")?.expression {
            guard axis.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "horizontal" else { return nil }
            return Fix(title: "Use `axis: .vertical`", edits: [FixBuilder.replace(axis, with: ".vertical")])
        }
        let labels = Set(call.argumentLabels.compactMap { $0 })
        guard labels.isSubset(of: ["text", "prompt"]) else { return nil }
        guard let edit = FixBuilder.addArgument("axis: .vertical", to: call, after: call.hasArgument("prompt") ? "prompt" : "text")
        else { return nil }
        return Fix(title: "Add `axis: .vertical`", edits: [edit])
    }
}
