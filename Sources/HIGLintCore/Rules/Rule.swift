import HIGLintSwiftUI
import SwiftSyntax

/// An example in a rule's documentation and tests.
///
/// In triggering examples, `↓` marks each position where the rule must report.
public struct RuleExample: Sendable, ExpressibleByStringLiteral {
    public var code: String
    /// Configuration the example needs (a platform, an option).
    public var configuration: Configuration
    /// Whether the test harness may wrap the example in a comment or string and prefix multibyte text.
    /// Off for examples whose meaning needs the whole file (a `#if` around everything).
    public var allowsWrapping: Bool
    /// The file name the example is linted as.
    public var path: String
    /// Other files of the same module, for facts that cross files (a view type declared elsewhere, the `List` a
    /// row is used in): linted with the example, never reported on.
    public var moduleFiles: [String]
    /// Files of the app that are not Swift (a `Localizable.xcstrings`), by path relative to the example's folder.
    public var resources: [String: String]
    /// The Tuist `Project.swift` that builds the example and its module's files, for what only a project says (an
    /// app for iPhone alone, `BuildFacts`); `nil`: no project builds them.
    public var project: String?

    public init(_ code: String, configuration: Configuration = Configuration(), allowsWrapping: Bool = true,
                path: String = "Example.swift", moduleFiles: [String] = [], resources: [String: String] = [:],
                project: String? = nil) {
        self.code = code
        self.configuration = configuration
        self.allowsWrapping = allowsWrapping
        self.path = path
        self.moduleFiles = moduleFiles
        self.resources = resources
        self.project = project
    }

    public init(stringLiteral value: String) { self.init(value) }
}

/// The type of a rule option, so that configuration files are checked before any rule reads them.
public enum OptionKind: String, Sendable {
    /// A list of strings that extends the rule's default list.
    case words
    /// A switch.
    case flag
    case number
    case text

    /// How configuration errors name the expected value.
    public var expectation: String {
        switch self {
        case .words: "a list of strings"
        case .flag: "true or false"
        case .number: "a number"
        case .text: "a string"
        }
    }
}

/// What a rule is, said once: `higlint rules`, `higlint explain`, the docs and the tests all read it.
public struct RuleDescription: Sendable {
    /// The public identifier: `fixed-font-size`.
    public var id: String
    /// A human name: "Fixed font size".
    public var name: String
    public var section: RuleSection
    public var defaultSeverity: Severity
    /// One line: what the rule finds.
    public var summary: String
    /// Why, tied to the HIG text.
    public var rationale: String
    /// The platforms the guidance holds on; code compiled only for others is not checked.
    public var platforms: Platforms
    public var triggeringExamples: [RuleExample]
    public var nonTriggeringExamples: [RuleExample]
    /// Pairs of code before and after the fix; `↓` in the before code marks the finding.
    public var corrections: [(before: RuleExample, after: String)]
    /// Options the rule reads from configuration, with their meaning; those of its word lists included.
    public var options: [String: String]
    /// The words the rule matches or exempts by, each with the options that extend and shrink it.
    public var wordLists: [WordList]
    /// The type of each option; an option not listed here is a word list, as most are.
    public var optionKinds: [String: OptionKind]
    /// The APIs newer than SwiftUI's first release that the rule's fixes can write: a fix is offered only where the
    /// code's deployment target and availability checks have each one it writes (`RuleContext.report`).
    public var fixNeeds: [SwiftUIAPI]
    /// The APIs the finding's advice needs (`ShareLink` for `custom-share-sheet`): where the code's deployment
    /// target or availability checks lack one, there is no remedy and the rule stays silent (`RuleContext.report`).
    public var remedyNeeds: [SwiftUIAPI]

    public init(id: String, name: String, section: RuleSection, defaultSeverity: Severity = .warning,
                summary: String, rationale: String, platforms: Platforms = .all,
                triggeringExamples: [RuleExample], nonTriggeringExamples: [RuleExample],
                corrections: [(before: RuleExample, after: String)] = [], options: [String: String] = [:],
                optionKinds: [String: OptionKind] = [:], wordLists: [WordList] = [], fixNeeds: [SwiftUIAPI] = [],
                remedyNeeds: [SwiftUIAPI] = []) {
        self.id = id
        self.name = name
        self.section = section
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.rationale = rationale
        self.platforms = platforms
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
        self.corrections = corrections
        self.options = wordLists.reduce(into: options) { options, list in options.merge(list.options) { mine, _ in mine } }
        self.optionKinds = optionKinds
        self.wordLists = wordLists
        self.fixNeeds = fixNeeds
        self.remedyNeeds = remedyNeeds
    }

    /// The type configuration must give option `name`, or `nil` when the rule has no such option.
    public func kind(ofOption name: String) -> OptionKind? {
        guard options[name] != nil else { return nil }
        return optionKinds[name] ?? .words
    }

    /// The options that are not those of a word list: switches, numbers, and older word options.
    public var otherOptions: [String: String] {
        let listed = Set(wordLists.flatMap { [$0.extendingOption, $0.shrinkingOption] })
        return options.filter { !listed.contains($0.key) }
    }

    public var isFixable: Bool { !corrections.isEmpty }
    public var guidelineURL: String? { section.guidelineURL }
}

/// Anything HIGLint can run and explain: a check of Swift source (`Rule`) or of
/// asset catalogs (`AssetRule`). The registry, `higlint rules`/`explain` and the
/// example tests only need this much.
public protocol LintRule: Sendable {
    static var description: RuleDescription { get }
    init()
}

extension LintRule {
    public var id: String { Self.description.id }
}

/// A check of SwiftUI source.
///
/// The engine walks each file once and calls every enabled rule for the nodes of the kinds it lists in
/// `visitedKinds` whose names are among its `visitedNames`, so rules never re-walk the tree themselves;
/// they ask the shared `SwiftUIFile` model instead.
public protocol Rule: LintRule {
    /// The syntax node kinds `visit` wants to see.
    static var visitedKinds: Set<SyntaxKind> { get }
    /// The names of the nodes `visit` can act on, or `nil` for every node of `visitedKinds`. A node's name
    /// (`RuleDispatcher.name(of:)`) is, for a call, the last name of what it calls (`Image` in `Image(…)`,
    /// `SwiftUI.Image(…)` and `Image<T>(…)`, `system` in `.system(size:)`); for a member access, its member;
    /// for a reference, its name; for a function declaration, its name. A call to a configured component
    /// (`AvatarImage` standing for `Image`) goes to the rules of both names. Most nodes a rule would see are
    /// calls of other views and modifiers: asking for names spares each rule the look at every one of them.
    /// The set must hold every name `visit` can report on, since nodes of other names never reach it.
    static var visitedNames: Set<String>? { get }
    /// Endings of names that `visit` acts on too (`WebView` for `ArticleWebView(…)`).
    static var visitedNameSuffixes: Set<String> { get }
    /// Names whose use or declaration elsewhere in the linted files the rule asks about (`RuleContext.module`).
    static var moduleSymbols: Set<String> { get }
    /// Whether the rule asks the module index (`ModuleIndex`, through `RuleContext.file.module`): then the survey
    /// parses the files that can add to it.
    static var usesModuleIndex: Bool { get }
    /// Identifiers at least one of which a file must contain (as a whole identifier, in code, a comment or a
    /// string) for the rule to find anything in it, or `nil` when there are none. A file that holds none of the
    /// enabled rules' words is not parsed (`Prefilter`), so each must be a necessary condition of every finding:
    /// the view or modifier name `visit` starts from. By default, `visitedNames`.
    static var triggerWords: Set<String>? { get }
    /// Endings of identifiers that count as trigger words too (`WebView` for `ArticleWebView`); by default
    /// `visitedNameSuffixes`.
    static var triggerSuffixes: Set<String> { get }
    func visit(_ node: Syntax, in context: RuleContext)
}

extension Rule {
    public static var visitedNames: Set<String>? { nil }
    public static var visitedNameSuffixes: Set<String> { [] }
    public static var moduleSymbols: Set<String> { [] }
    public static var usesModuleIndex: Bool { false }
    /// The names a rule starts from are words a file must hold for it to find anything, unless it says otherwise.
    public static var triggerWords: Set<String>? { visitedNames }
    public static var triggerSuffixes: Set<String> { visitedNameSuffixes }
}

/// What a rule sees while checking one file, and where it reports.
///
/// A class: it is passed to every visit, and copying a struct of this many references (the description's
/// examples, the configuration's tables) cost a retain and a release each, per node, per rule.
public final class RuleContext {
    public let file: SwiftUIFile
    /// What the user configured.
    public let configuration: Configuration
    /// What the file is built as: its platforms and deployment targets (configured, else the project's), whether a
    /// widget extension or an app for iPhone alone builds it, and what the run holds of its projects.
    public let facts: BuildFacts
    /// What the other files linted in this run mention and declare, among the rule's `moduleSymbols`.
    public let module: ModuleFacts
    public let description: RuleDescription
    let sink: DiagnosticSink

    init(file: SwiftUIFile, configuration: Configuration, facts: BuildFacts, module: ModuleFacts, description: RuleDescription,
         sink: DiagnosticSink) {
        self.file = file
        self.configuration = configuration
        self.facts = facts
        self.module = module
        self.description = description
        self.sink = sink
    }

    /// The configured value of one of this rule's options.
    public func option<Value>(_ name: String, default value: Value) -> Value {
        configuration.option(name, rule: description.id) ?? value
    }

    /// A word list option: the default plus what configuration adds.
    public func words(_ name: String, default words: [String]) -> [String] {
        words + (configuration.option(name, rule: description.id) ?? [String]())
    }

    /// A declared word list as configured: its defaults, less what configuration removes, plus what it adds.
    public func words(_ list: WordList) -> [String] {
        assert(description.wordLists.contains { $0.name == list.name }, "\(description.id) reads a word list it does not declare")
        return list.entries(in: configuration, rule: description.id)
    }

    /// Whether code at `node` is compiled for a platform the rule applies to, and reaches a screen: code in a
    /// `#Preview` or a `PreviewProvider` does not, nor code only debug builds hold or a branch on a constant that
    /// is false, unless configuration checks non-shipping code. The platforms are those of the `#if` clauses
    /// around it, of its file, and of the places the module creates its type (`ModuleReach`); a type that only
    /// previews or non-shipping targets create does not ship, and one only `ImageRenderer` draws is pixels in an
    /// image, where only chart rules still judge what it shows.
    public func applies(at node: some SyntaxProtocol) -> Bool {
        let platforms = platforms(at: node)
        guard !platforms.isEmpty else { return false }
        guard !configuration.checksNonShippingCode else { return true }
        let reach = file.reach(of: node)
        return !node.isInPreview && !node.isInDebugOnlyCode && reach?.ships != false
            && (reach?.onScreen != false || description.section == .charts)
            && !runsOnNoDeployedVersion(node, platforms: platforms) && !file.isInBranchThatNeverRuns(node)
    }

    /// Whether the code at `node` runs only on OS versions below every deployment target it is built for
    /// (`SwiftUIFile.runsOnNoDeployedVersion`), on the platforms the rule judges it on. Unknown deployment targets say
    /// nothing.
    private func runsOnNoDeployedVersion(_ node: some SyntaxProtocol, platforms: Platforms) -> Bool {
        file.runsOnNoDeployedVersion(node, platforms: platforms)
    }

    /// The platforms the rule judges `node` on: the file's (`BuildFacts.platforms`), the `#if` clauses and imports
    /// around it, where the module creates its type and uses it, and the rule's own.
    public func platforms(at node: some SyntaxProtocol) -> Platforms {
        facts.platforms.intersection(file.platforms(of: node)).intersection(description.platforms)
            .intersection(file.reach(of: node)?.platforms ?? .all).intersection(file.platformsWhereUsed(node) ?? .all)
    }

    /// Whether `node` is widget content: code of a widget extension target, a `Widget`, or a view only widgets
    /// create (`SwiftUIFile.isWidgetContent`).
    public func isWidgetContent(_ node: some SyntaxProtocol) -> Bool {
        facts.isWidgetExtensionCode || file.isWidgetContent(node)
    }

    /// Reports a finding at the start of `node` (ignoring its leading trivia), with `fix` when every API it writes
    /// exists wherever the code at `node` runs; elsewhere the finding stands without a fix. `writing` names those
    /// APIs when a fix writes fewer than the rule's `fixNeeds`, which it does by default.
    /// Where the advice itself needs an API the code cannot use (`remedyNeeds`), nothing is reported.
    public func report(at node: some SyntaxProtocol, message: String, fix: Fix? = nil, writing: [SwiftUIAPI]? = nil) {
        guard canUse(description.remedyNeeds, at: node) else { return }
        let apis = writing ?? description.fixNeeds
        assert(Set(apis).isSubset(of: description.fixNeeds), "\(description.id) writes an API its description does not declare")
        let fix = fix.flatMap { canUse(apis, at: node) ? $0 : nil }
        sink.report(rule: description, offset: node.positionAfterSkippingLeadingTrivia.utf8Offset, message: message, fix: fix)
    }

    /// Whether each of `apis` exists on every OS version that code at `node` can run on, for each platform it is
    /// built for: the deployment target (configured, or from project facts) and the availability checks around it
    /// bound those versions.
    public func canUse(_ apis: [SwiftUIAPI], at node: some SyntaxProtocol) -> Bool {
        guard !apis.isEmpty else { return true }
        let platforms = facts.platforms.intersection(file.platforms(of: node)).intersection(description.platforms)
        return apis.allSatisfy { node.canUse($0, on: platforms, minimumVersion: facts.deploymentMajorVersion(on:)) }
    }
}

/// Collects one file's findings; dedupes so a rule reports once per construct.
final class DiagnosticSink {
    /// What a finding needs of its rule, not the whole `RuleDescription` (its examples and texts, hundreds of bytes
    /// inline): a one-line file can hold tens of thousands of findings.
    struct Finding {
        var rule: String
        var section: RuleSection
        var severity: Severity
        var offset: Int
        var message: String
        var fix: Fix?
    }

    private(set) var findings: [Finding] = []
    /// The rule and offset of each finding so far: a key that shares the rule's id, rather than a new string per
    /// finding, since a one-line file can hold tens of thousands of findings.
    private var seen: Set<Seen> = []
    private struct Seen: Hashable { var rule: String, offset: Int }
    let severityFor: (RuleDescription) -> Severity

    init(severityFor: @escaping (RuleDescription) -> Severity) {
        self.severityFor = severityFor
    }

    func report(rule: RuleDescription, offset: Int, message: String, fix: Fix?) {
        guard seen.insert(Seen(rule: rule.id, offset: offset)).inserted else { return }
        findings.append(Finding(rule: rule.id, section: rule.section, severity: severityFor(rule), offset: offset,
                                message: message, fix: fix))
    }
}
