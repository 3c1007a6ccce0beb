import HIGLintCore
import HIGLintRules

/// A usage error: exit status 2 with a message.
struct UsageError: Error {
    var message: String
}

/// One option of a command, declared once: the parser applies it and the help prints it, so they cannot drift.
struct Option<Options>: Sendable {
    /// The names it is spelled with, the long one first: `["--output", "-o"]`.
    var names: [String]
    /// What its value is called in the help (`FILE`), or `nil` for a switch.
    var value: String?
    var help: String
    var apply: @Sendable (inout Options, String) throws(UsageError) -> Void

    /// An option that takes a value.
    init(_ names: [String], value: String, help: String, apply: @escaping @Sendable (inout Options, String) throws(UsageError) -> Void) {
        self.names = names
        self.value = value
        self.help = help
        self.apply = apply
    }

    /// A switch.
    init(_ names: [String], help: String, set: @escaping @Sendable (inout Options) -> Void) {
        self.names = names
        self.value = nil
        self.help = help
        self.apply = { options, _ in set(&options) }
    }
}

/// A subcommand: its usage, what it does, and its options; `help` is generated from them.
struct CommandSpec<Options>: Sendable {
    var name: String
    var usage: String
    var summary: String
    var options: [Option<Options>]
    /// Paragraphs printed after the options (exit status, details).
    var notes: String = ""

    /// Applies `arguments` to `options`; words that are not options are paths. `-h`/`--help` returns `false`, for
    /// the caller to print this command's help.
    func parse(_ arguments: ArraySlice<String>, into options: inout Options,
               path: (inout Options, String) -> Void) throws(UsageError) -> Bool {
        var arguments = arguments
        while let argument = arguments.popFirst() {
            if argument == "--help" || argument == "-h" { return false }
            if let option = option(named: argument) {
                var value = ""
                if option.value != nil {
                    guard let next = arguments.popFirst(), !next.hasPrefix("--") else {
                        throw UsageError(message: "\(argument) needs a value")
                    }
                    value = next
                }
                try option.apply(&options, value)
            } else if argument.hasPrefix("-"), argument != "-" {
                let suffix = name == "lint" ? "" : " for `\(name)`"
                let known = self.options.flatMap(\.names).filter { $0.hasPrefix("--") }
                let habit = habits.first { argument == $0.option || argument.hasPrefix($0.option + "=") }?.hint
                let hint = habit ?? Spelling.closest(to: argument, in: known).map { "did you mean '\($0)'? " } ?? ""
                throw UsageError(message: "unknown option '\(argument)'\(suffix); \(hint)see `higlint \(name == "lint" ? "" : name + " ")--help`")
            } else {
                path(&options, argument)
            }
        }
        return true
    }

    private func option(named name: String) -> Option<Options>? {
        self.options.first { $0.names.contains(name) }
    }

    var help: String {
        var text = "OVERVIEW: \(summary)\n\nUSAGE: \(usage)\n\nOPTIONS:\n" + Self.table(options)
        text += "  -h, --help" + String(repeating: " ", count: max(1, Self.column - 12)) + "Show this help.\n"
        if !notes.isEmpty { text += "\n" + notes }
        return text
    }

    /// Where the help of each option starts.
    static var column: Int { 27 }

    /// The options as the help lists them: names and value, then the help, wrapped lines indented.
    static func table(_ options: [Option<Options>]) -> String {
        options.map { option in
            let names = option.names.sorted { $0.count < $1.count }
            var left = "  " + names.joined(separator: ", ")
            if let value = option.value { left += " " + value }
            let padding = left.count + 1 < column ? String(repeating: " ", count: column - left.count) : "\n" + String(repeating: " ", count: column)
            let help = option.help.replacingOccurrences(of: "\n", with: "\n" + String(repeating: " ", count: column))
            return left + padding + help + "\n"
        }.joined()
    }
}

/// Options of other linters (SwiftLint's, mostly) that HIGLint spells another way, with what to write instead:
/// their closest spelling here would be a guess, and a wrong one.
let habits: [(option: String, hint: String)] = [
    ("--fix", "did you mean `higlint fix`? "),
    ("--autocorrect", "did you mean `higlint fix`? "),
    ("--path", "pass paths as arguments (`higlint lint PATH ...`); "),
]

/// Rule ids from a comma list, each checked; `option` names the list in messages.
func parseRules(_ text: String, for option: String) throws(UsageError) -> [String] {
    let ids = text.split(separator: ",").map(String.init)
    // `--only ''` (an unset variable in a script) would otherwise run every rule.
    guard !ids.isEmpty else { throw UsageError(message: "\(option) needs at least one rule id, not '\(text)'; `higlint rules` lists them") }
    for id in ids where rule(withID: id) == nil {
        throw unknownRule(id)
    }
    return ids
}

/// The error for a rule id that does not exist, with the closest one when it looks like a typo.
func unknownRule(_ id: String) -> UsageError {
    let hint = Spelling.closest(to: id, in: allRules.map { $0.description.id }).map { "did you mean '\($0)'? " } ?? ""
    return UsageError(message: "unknown rule '\(id)'; \(hint)`higlint rules` lists them")
}

/// "1 error", "2 errors".
func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
}
