import Foundation

/// Configuration applied over every file's own, the way `--only` and `--disable` are on the command line.
struct SettingsOverlay: ConfigurationSource {
    let base: any ConfigurationSource
    let settings: @Sendable (inout Configuration) -> Void

    func configuration(forFile path: String) throws(ConfigurationError) -> Configuration? {
        guard var configuration = try base.configuration(forFile: path) else { return nil }
        settings(&configuration)
        return configuration
    }
}

extension PreparedRun {
    /// This run with `settings` applied over each file's configuration, and each file's facts worked out again under
    /// them, keeping its survey: a buffer checked with settings of its own (MCP's `lint_code`) still sees the
    /// module's facts.
    public func applying(_ settings: @escaping @Sendable (inout Configuration) -> Void) -> PreparedRun {
        var files = files
        files.swiftFiles = files.swiftFiles.map { $0.applying(settings) }
        var overlaid = LintEngine(ruleTypes: engine.ruleTypes, source: SettingsOverlay(base: engine.source, settings: settings),
                                  configuration: engine.configuration, catalog: engine.catalog)
        overlaid.usesPrefilter = engine.usesPrefilter
        return PreparedRun(engine: overlaid, files: files, collectionErrors: collectionErrors, survey: survey, projects: projects,
                           projectsAround: projectsAround)
    }
}
