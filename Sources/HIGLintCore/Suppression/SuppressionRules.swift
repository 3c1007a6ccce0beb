/// A check of the `// higlint:` comments themselves. The engine runs it after a file's rules, since what a comment
/// silences is only known then (`SuppressionMap.problems`); its findings are findings like any rule's, so the
/// cache, baselines, reporters and editors treat them alike. Only comments that start with `higlint:` are checked:
/// a comment that mentions it in prose is no directive anyone meant to write.
public protocol SuppressionRule: LintRule {}

/// SwiftLint reports both cases of `superfluous_disable_command` and `invalid_swiftlint_command`; HIGLint keeps a
/// comment that silences nothing apart from one that cannot work, so that either can be turned off alone.
public struct InvalidSuppression: SuppressionRule {
    public init() {}

    public static let description = RuleDescription(
        id: "invalid-suppression", name: "Invalid suppression comment", section: .suppression,
        summary: "A `// higlint:` comment must use a known command and name rules by their exact ids, separated by spaces.",
        rationale: """
            A suppression comment that names no rule HIGLint knows silences nothing, and nothing else says so: a rule \
            id in snake_case or with capitals (SwiftLint's spelling), a comma-separated list, a misspelled command, \
            a `HIGLint:` prefix in capitals. \
            The finding is at the word that cannot work and says what was probably meant. Only comments that start \
            with `higlint:` (or `HIGLint:` and a command) are checked, not prose that mentions it.
            """,
        triggeringExamples: [
            RuleExample("// higlint:disable:next ↓fixed_font_size\nText(order.title).font(.system(size: 17))", allowsWrapping: false),
            RuleExample("// higlint:disable ↓Fixed-Font-Size", allowsWrapping: false),
            RuleExample("// higlint:disable ↓fixed-font-size, image-missing-accessibility-label", allowsWrapping: false),
            RuleExample("↓// higlint:disabel fixed-font-size", allowsWrapping: false),
            RuleExample("Text(order.title).font(.system(size: 17)) ↓// higlint:disable:this", allowsWrapping: false),
            RuleExample("↓// HIGLint:disable:next fixed-font-size\nText(order.title).font(.system(size: 17))", allowsWrapping: false),
        ],
        nonTriggeringExamples: [
            RuleExample("// higlint:disable:next fixed-font-size image-missing-accessibility-label - sized on purpose\n"
                        + "Text(order.title).font(.system(size: 17))", allowsWrapping: false),
            RuleExample("// higlint:disable all", allowsWrapping: false),
            RuleExample("/* higlint:enable fixed-font-size */", allowsWrapping: false),
            RuleExample("// This view keeps higlint: comments out of its body.", allowsWrapping: false),
            RuleExample("// HIGLint: checks this view against the HIG.", allowsWrapping: false),
        ])
}

/// Judged only where the comment could have silenced something: every rule it names was enabled and ran on the
/// file (not one disabled by configuration, nor left out by `--only`), and for `all`, every rule HIGLint has.
/// `enable` comments, and comments that name one of these two rules, are never judged.
public struct UnusedSuppression: SuppressionRule {
    public init() {}

    static let enabledRules = Configuration().with(onlyRules: ["unused-suppression", "fixed-font-size"])

    public static let description = RuleDescription(
        id: "unused-suppression", name: "Unused suppression comment", section: .suppression,
        summary: "A suppression comment that silences no finding should be removed.",
        rationale: """
            A comment left behind after the code it excused was fixed, or placed on the wrong line, hides the next \
            real finding there without anyone deciding so. Like SwiftLint's `superfluous_disable_command`, each rule \
            a comment names must silence a finding in its range; `all` must silence at least one of any rule. A \
            comment is judged only when every rule it names was enabled and ran on the file: never for a rule that \
            configuration turns off or `--only` leaves out, nor `all` when any rule is; never an `enable` comment, \
            nor one that names this rule.
            """,
        triggeringExamples: [
            RuleExample("// higlint:disable:next ↓fixed-font-size\nText(order.title).font(.body)",
                        configuration: enabledRules, allowsWrapping: false),
            RuleExample("// higlint:disable:next fixed-font-size ↓image-missing-accessibility-label\n"
                        + "Text(order.title).font(.system(size: 17))",
                        configuration: Configuration().with(onlyRules: ["unused-suppression", "fixed-font-size",
                                                                         "image-missing-accessibility-label"]),
                        allowsWrapping: false),
        ],
        nonTriggeringExamples: [
            RuleExample("// higlint:disable:next fixed-font-size\nText(order.title).font(.system(size: 17))",
                        configuration: enabledRules, allowsWrapping: false),
            // `fixed-font-size` is not enabled in this run (`--only unused-suppression`), so nothing is judged.
            RuleExample("// higlint:disable:next fixed-font-size\nText(order.title).font(.body)", allowsWrapping: false),
            RuleExample("// higlint:disable fixed-font-size\nText(order.title).font(.system(size: 17))\n// higlint:enable fixed-font-size",
                        configuration: enabledRules, allowsWrapping: false),
        ])
}

extension Configuration {
    /// A copy in which only `ids` run, as with `--only`.
    public func with(onlyRules ids: Set<String>) -> Configuration {
        var copy = self
        copy.onlyRules = ids
        return copy
    }
}

extension SuppressionMap {
    /// A finding about a comment: one that cannot work (`InvalidSuppression`) or silenced nothing (`UnusedSuppression`).
    struct Problem {
        var isInvalid: Bool
        var offset: Int
        var message: String
        /// The directive it is about; `nil` for a comment that is none.
        var directive: Int?
    }

    /// The ids of the rules that check comments: a comment that names one is never judged unused.
    static let commentRuleIDs: Set<String> = [InvalidSuppression.description.id, UnusedSuppression.description.id]

    /// What is wrong with the file's checked comments, once `suppress` was asked about every finding of the rules
    /// that ran. `known` holds every rule id, enabled or not, in catalog order; `isJudged` says whether a comment
    /// naming an id (or `all`) could have silenced something in this run.
    func problems(known: [String], isJudged: (String) -> Bool) -> [Problem] {
        var found = malformed.map { Problem(isInvalid: true, offset: $0.offset, message: $0.message) }
        let knownSet = Set(known)
        for (index, directive) in directives.enumerated() where directive.isChecked {
            for rule in directive.rules {
                if let message = Self.invalidID(rule.id, known: known, knownSet: knownSet) {
                    found.append(Problem(isInvalid: true, offset: rule.offset, message: message, directive: index))
                }
            }
            // Rule ids, that is: words that name no rule are `invalid-suppression`'s, and do not hold back the rest.
            let named = directive.rules.filter { $0.id == "all" || knownSet.contains($0.id) }
            guard directive.command != .enable, !named.contains(where: { Self.commentRuleIDs.contains($0.id) }),
                  named.allSatisfy({ isJudged($0.id) }) else { continue }
            for rule in named where !uses.contains(Use(directive: index, id: rule.id)) {
                found.append(Problem(isInvalid: false, offset: rule.offset, message: SuppressionMessage.unused(rule.id), directive: index))
            }
        }
        return found
    }

    /// Why `word` names no rule, or `nil` when it does: a comma list, SwiftLint's spelling of an id, a typo.
    static func invalidID(_ word: String, known: [String], knownSet: Set<String>) -> String? {
        guard word != "all", !knownSet.contains(word) else { return nil }
        let canonical = String(word.lowercased().map { $0 == "_" ? "-" : $0 })
        if word.contains(",") {
            return SuppressionMessage.commaList(word, written: canonical.split(separator: ",").joined(separator: " "))
        }
        if knownSet.contains(canonical) { return SuppressionMessage.misspelledID(word, canonical: canonical) }
        return SuppressionMessage.unknownID(word, suggestion: Spelling.closest(to: canonical, in: known))
    }
}

/// What is wrong with a `// higlint:` comment, as findings' messages say it.
enum SuppressionMessage {
    static func unknownCommand(_ word: String, suggestion: String?) -> String {
        "'higlint:\(word)' is not a suppression command, so this comment silences nothing; "
            + (suggestion.map { "did you mean 'higlint:\($0)'?" }
                ?? "use disable, enable, disable:next, disable:this or disable:previous.")
    }

    static func capitalised(_ written: String, command: String) -> String {
        "Suppression comments start with a lowercase `higlint:`, so '\(written)' silences nothing; did you mean `higlint:\(command)`?"
    }

    static func noRule(_ command: String) -> String {
        "'higlint:\(command)' names no rule, so it silences nothing; name rule ids after it, or 'all' for every rule."
    }

    static func commaList(_ word: String, written: String) -> String {
        "Separate rule ids with spaces, not commas: '\(word)' is no rule id, so nothing is silenced for it; write '\(written)'."
    }

    static func misspelledID(_ word: String, canonical: String) -> String {
        "Rule ids are lowercase with hyphens: '\(word)' is no rule id, so nothing is silenced for it; write '\(canonical)'."
    }

    static func unknownID(_ word: String, suggestion: String?) -> String {
        "No rule is called '\(word)', so nothing is silenced for it; "
            + (suggestion.map { "did you mean '\($0)'?" } ?? "`higlint rules` lists the rule ids.")
    }

    static func unused(_ id: String) -> String {
        id == "all"
            ? "This comment silences no finding of any rule; remove it."
            : "This comment silences no '\(id)' finding here; remove '\(id)' from it, or the comment."
    }
}
