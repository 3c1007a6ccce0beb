import HIGLintSwiftUI

/// A value of a rule option: the word lists and switches the catalog calls configurable.
public enum OptionValue: Hashable, Sendable {
    case bool(Bool)
    case number(Double)
    case string(String)
    case strings([String])

    var anyValue: Any {
        switch self {
        case .bool(let value): value
        case .number(let value): value
        case .string(let value): value
        case .strings(let value): value
        }
    }
}

/// Per-rule settings: whether it runs, at what severity, with what options.
public struct RuleSettings: Hashable, Sendable {
    /// `nil` keeps the rule's default severity.
    public var severity: Severity?
    public var enabled: Bool
    public var options: [String: OptionValue]

    public init(severity: Severity? = nil, enabled: Bool = true, options: [String: OptionValue] = [:]) {
        self.severity = severity
        self.enabled = enabled
        self.options = options
    }
}

/// What the user configured for a lint run (`.higlint.json`, `--config`, `--only`…), passed by the engine to every
/// rule. What the projects around a file and the run say of it is no setting: it travels beside the configuration,
/// in the file's `BuildFacts`.
public struct Configuration: Sendable, Equatable {
    /// The platforms configured for the files, `nil` when configuration does not say: then the project that builds a
    /// file says (`BuildFacts.platforms`), and else every platform.
    public var platforms: Platforms?
    /// Check code that does not ship (tests, previews, screenshot targets, files no target builds) too.
    public var checksNonShippingCode = false
    /// Words that, besides Screenshot, Snapshot, Trailer and Preview, name targets that only make screenshots.
    public var screenshotTargets: [String] = []
    /// Domains the app owns; web views may load them.
    public var ownedDomains: [String]?
    /// Minimum OS versions by platform name (`"iOS": "17.0"`), as configured; the project gives the others
    /// (`BuildFacts.deploymentTargets`).
    public var deploymentTarget: [String: String] = [:]
    /// Custom view types mapped to the SwiftUI primitive they wrap (`"AvatarImage": "Image"`).
    public var components: [String: String] = [:]
    /// Settings by rule id.
    public var rules: [String: RuleSettings] = [:]
    /// When set, only these rules run.
    public var onlyRules: Set<String>?
    /// Swift files and buffers larger than this many bytes are passed over unparsed: SwiftSyntax's walked tree of a
    /// file costs 45 to 165 times the file, so this bounds what one file can cost (`maxFileSize` in `.higlint.json`).
    public var maxFileSize = Configuration.defaultMaxFileSize

    /// 2 MB as a file manager counts it: 2,000,000 bytes.
    public static let defaultMaxFileSize = 2_000_000

    public init() {}

    /// Why a file or buffer of `byteCount` bytes is passed over unparsed, in words for a person; `nil` when it is
    /// checked.
    public func sizePassOverReason(byteCount: Int) -> String? {
        byteCount > maxFileSize ? "it has \(byteCount) bytes, larger than maxFileSize (\(maxFileSize) bytes)" : nil
    }

    /// The configured value of a rule option, when it has the expected type.
    public func option<Value>(_ name: String, rule: String) -> Value? {
        guard let value = rules[rule]?.options[name] else { return nil }
        if Value.self == Int.self, case .number(let number) = value { return Int(number) as? Value }
        return value.anyValue as? Value
    }

    public func isEnabled(_ rule: RuleDescription) -> Bool {
        if let onlyRules, !onlyRules.contains(rule.id) { return false }
        return rules[rule.id]?.enabled ?? true
    }

    public func severity(of rule: RuleDescription) -> Severity {
        rules[rule.id]?.severity ?? rule.defaultSeverity
    }

    /// A copy with one rule option set (tests and examples use this).
    public func with(option name: String, _ value: OptionValue, for rule: String) -> Configuration {
        var copy = self
        copy.rules[rule, default: RuleSettings()].options[name] = value
        return copy
    }

    /// A copy with these minimum OS versions by platform name (`["iOS": "16.0"]`).
    public func with(deploymentTarget: [String: String]) -> Configuration {
        var copy = self
        copy.deploymentTarget = deploymentTarget
        return copy
    }

    /// A copy configured for these platforms.
    public func with(platforms: Platforms) -> Configuration {
        var copy = self
        copy.platforms = platforms
        return copy
    }
}
