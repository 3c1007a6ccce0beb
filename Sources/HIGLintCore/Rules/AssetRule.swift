/// A check of asset catalogs rather than Swift source.
///
/// The engine collects the `.imageset` folders inside `.xcassets` catalogs under
/// the linted paths, decodes each `Contents.json` once, and hands it to every
/// enabled asset rule, in parallel with the Swift files. Findings have the same
/// shape as those of Swift rules and point at the `Contents.json` (line 1).
///
/// An asset rule's examples are `Contents.json` texts with `↓` at the very start
/// when the rule fires; their `path` names the image set (`Hero.imageset/Contents.json`).
public protocol AssetRule: LintRule {
    func check(_ imageSet: ImageSet, in context: AssetContext)
}

/// What an asset rule sees while checking one image set, and where it reports.
public struct AssetContext {
    public let configuration: Configuration
    /// What the image set is built as: the platforms of the targets that build its catalog, unless configured.
    public let facts: BuildFacts
    public let description: RuleDescription
    /// How the run's Swift code names and draws asset images; `nil` when the run holds no Swift code, so that
    /// nothing is known about how the image set is used.
    public let imageUses: ImageUses?
    let sink: DiagnosticSink

    /// The configured value of one of this rule's options.
    public func option<Value>(_ name: String, default value: Value) -> Value {
        configuration.option(name, rule: description.id) ?? value
    }

    /// Reports a finding about the whole image set, at the start of its `Contents.json`.
    public func report(message: String) {
        sink.report(rule: description, offset: 0, message: message, fix: nil)
    }
}
