/// A list of words a rule matches or exempts by, declared beside the rule so that a reader of the docs can see where
/// the rule stops (RULES.md, "Exemptions are declared"). `higlint explain` and `Documentation/Rules.md` show each
/// list with its defaults and the two options that change it; configuration extends it with `name` and shrinks it
/// with `name` + `Removed`; the rule's examples show a case on each side of it.
public struct WordList: Sendable {
    /// What the list does to a finding.
    public enum Effect: String, Sendable {
        /// A match is what the rule reports (destructive titles, copyable names).
        case matches
        /// A match keeps the rule silent (titles of actions that end without loss).
        case exempts
    }

    /// The list's name, which is also the option that extends it: `destructiveWords`.
    public var name: String
    public var effect: Effect
    /// What an entry means and where the rule looks for it, in one sentence.
    public var meaning: String
    public var defaults: [String]

    public init(_ name: String, _ effect: Effect, meaning: String, defaults: [String]) {
        self.name = name
        self.effect = effect
        self.meaning = meaning
        self.defaults = defaults
    }

    /// The option that adds entries to the defaults.
    public var extendingOption: String { name }
    /// The option that takes entries out of the defaults.
    public var shrinkingOption: String { name + "Removed" }

    /// The options the list adds to its rule's, with their meaning (configuration is checked against them).
    var options: [String: String] {
        [extendingOption: "Entries added to the list `\(name)` (\(effect == .matches ? "reported" : "exempt")).",
         shrinkingOption: "Default entries taken out of the list `\(name)`."]
    }

    /// The list as configured: the defaults less the entries removed (compared without case), plus those added.
    public func entries(in configuration: Configuration, rule: String) -> [String] {
        let removed = Set((configuration.option(shrinkingOption, rule: rule) ?? [String]()).map { $0.lowercased() })
        let added: [String] = configuration.option(extendingOption, rule: rule) ?? []
        return defaults.filter { !removed.contains($0.lowercased()) } + added
    }
}
