import HIGLintCore
import HIGLintSwiftUI
import SwiftSyntax

/// A `.swipeActions { … }` modifier found by the engine, with the row it is on and the buttons it offers.
/// Shared by the swipe rules so they agree on what a swipe action is.
struct SwipeActionsModifier {
    /// The modifier `init?` accepts: a file without it has no swipe actions.
    static let triggerWords: Set<String> = ["swipeActions"]

    let row: SwiftUIView
    let modifier: Modifier
    let content: ClosureExprSyntax

    /// SwiftUI's `.swipeActions(edge:allowsFullSwipe:content:)`, known by its argument labels: only `edge:`,
    /// `allowsFullSwipe:` and the content closure. A call with other labels (an app's own `swipeActions(actionsArray:)`)
    /// is not SwiftUI's, and neither is one that a `swipeActions` function the file declares would take (its labels
    /// name every argument written, and it takes a closure when the call passes one): RULES.md, *SwiftUI names, not
    /// look-alikes*.
    init?(_ node: Syntax, in context: RuleContext) {
        guard let member = node.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "swipeActions",
              let row = context.file.view(modifiedBy: member),
              let modifier = row.modifier(at: member), let call = modifier.call,
              call.arguments.allSatisfy({ Self.swiftUILabels.contains($0.label?.text ?? "_") }),
              let content = call.closure("content") ?? call.trailingClosure,
              !Self.appsOwnFunctionTakes(call, in: context.file)
        else { return nil }
        self.row = row
        self.modifier = modifier
        self.content = content
    }

    /// The labels of SwiftUI's `.swipeActions`.
    static let swiftUILabels: Set<String> = ["edge", "allowsFullSwipe", "content"]

    /// Whether a `swipeActions` function this file declares takes the call: every label written is one of its
    /// parameters', and it has a closure parameter for a trailing closure.
    private static func appsOwnFunctionTakes(_ call: FunctionCallExprSyntax, in file: SwiftUIFile) -> Bool {
        guard file.declaresFunction("swipeActions") else { return false }
        let labels = Set(call.arguments.compactMap { $0.label?.text })
        return file.types.values.flatMap { $0.functions["swipeActions"] ?? [] }.contains { function in
            let parameters = function.signature.parameterClause.parameters
            let names = Set(parameters.map(\.firstName.text))
            let takesClosure = parameters.contains { $0.type.trimmedSource.contains("->") }
            return labels.isSubset(of: names) && (call.trailingClosure == nil || takesClosure)
        }
    }

    /// The views written first in the content: the button a full swipe runs.
    var firstView: SwiftUIView? { ViewBuilderContent.views(in: content.statements).first }
}

/// The words and symbols that mean an action destroys something, declared for both swipe rules.
enum Destruction {
    static let words = WordList(
        "destructiveWords", .matches,
        meaning: """
            Words of a swipe button's title that mean it destroys something: any word of visible text (a string \
            literal, a `Text`'s or `Label`'s title) or of an identifier split at camelCase (`deleteTitle`), and a word \
            of five letters or more also as the start of a longer one (`Deleted`); of a localization key \
            (`.trashRestoreLabel`, `L10n.Swipe.delete`, `"swipe.action.delete"`) the words of the text the app's \
            `.xcstrings` or development-language `.strings` give it, and, where no catalog of the run holds the key, \
            only its last word, past words that name the string's role (Label, Title, Text, Button, Action): \
            `.trashRestoreLabel` is a Restore action, `.labelsRemoveFilter` a Filter one.
            """,
        defaults: ["delete", "remove", "trash", "discard", "erase"])
    static let symbols = WordList(
        "destructiveSymbols", .matches,
        meaning: """
            SF Symbols of a swipe button that mean it destroys something, with their variants (`trash.fill`, \
            `minus.circle.fill`) but not their `slash` ones.
            """,
        defaults: ["trash", "trash.fill", "trash.circle", "xmark.bin", "minus.circle"])

    /// Whether a button's title or symbol means destruction: `Delete`, `"action.remove"`, `trash.fill`, `minus.circle.fill`.
    static func isMeant(by button: ActionButton, words: [String], symbols: [String], strings: LocalizedStrings) -> Bool {
        let words = words.map { $0.lowercased() }
        if countedWords(of: button, strings: strings).contains(where: { word in words.contains { word == $0 || word.hasPrefix($0) && $0.count >= 5 } }) {
            return true
        }
        return button.symbols.contains { symbol in
            symbols.contains { symbol == $0 || (symbol.hasPrefix($0 + ".") && !symbol.contains("slash")) }
        }
    }

    /// The words of a button's titles that say what it does: every word of visible text and identifiers; for a
    /// localization key, the words of the text the app's string catalogs give it, or, when no catalog of the run
    /// holds the key, its last meaningful word (RULES.md, "Exemptions are declared").
    static func countedWords(of button: ActionButton, strings: LocalizedStrings) -> [String] {
        let keys = Set(button.localizationKeys)
        return button.titles.flatMap { title -> [String] in
            let words = Self.words(in: title)
            guard keys.contains(title) else { return words }
            if let texts = strings.texts(forKey: title) { return texts.sorted().flatMap(Self.words(in:)) }
            return words.last { !keyRoleWords.contains($0) }.map { [$0] } ?? []
        }
    }

    /// Last words of a localization key that name the string's place in the interface, not the action.
    static let keyRoleWords: Set<String> = ["label", "labels", "title", "titles", "text", "button", "action", "key",
                                            "string", "caption", "hint", "accessibility", "swipe"]

    /// `"account.action.deleteAll"` → `["account", "action", "delete", "all"]`.
    static func words(in title: String) -> [String] {
        title.split(whereSeparator: { !$0.isLetter }).flatMap { camelCaseWords(String($0)) }.map { $0.lowercased() }
    }
}
