import Foundation

/// A file to check, the configuration that applies to it, and what it is built as (`BuildFacts`).
public struct ConfiguredFile: Sendable {
    public var path: String
    public var configuration: Configuration
    /// What the projects around the file and the run say of it, set by phase 3 (`ProjectFactsPhase`); before that,
    /// what its configuration alone says.
    public var facts: BuildFacts

    public init(path: String, configuration: Configuration, facts: BuildFacts? = nil) {
        self.path = path
        self.configuration = configuration
        self.facts = facts ?? BuildFacts(configuration: configuration)
    }

    /// This file with `settings` applied over its configuration, and its facts worked out again under them.
    public func applying(_ settings: (inout Configuration) -> Void) -> ConfiguredFile {
        var configuration = configuration
        settings(&configuration)
        return ConfiguredFile(path: path, configuration: configuration, facts: facts.configured(by: configuration))
    }
}

/// The outcome of resolving configuration: the files configuration keeps, each with its own configuration, and
/// the mistakes found in configuration files on the way.
public struct ConfiguredFiles: Sendable {
    public var swiftFiles: [ConfiguredFile] = []
    /// Image-set folders; their configuration is that of their `Contents.json`.
    public var imageSets: [ConfiguredFile] = []
    public var errors: [ConfigurationError] = []

    public init(swiftFiles: [ConfiguredFile] = [], imageSets: [ConfiguredFile] = [], errors: [ConfigurationError] = []) {
        self.swiftFiles = swiftFiles
        self.imageSets = imageSets
        self.errors = errors
    }
}

/// Phase 2: each collected file's configuration (one for all, or the `.higlint.json` files above it). Files that
/// configuration leaves out are dropped here, so no later phase reads them.
public enum ConfigurationPhase {
    /// `readsImageSets` is false when no asset rule runs, so a broken catalog does not fail a run that ignores it.
    public static func resolve(_ collection: FileCollector.Collection, source: any ConfigurationSource,
                               readsImageSets: Bool) -> ConfiguredFiles {
        var errors: [ConfigurationError] = []
        var swiftFiles: [ConfiguredFile] = []
        var imageSets: [ConfiguredFile] = []
        func resolve(_ path: String, configurationPath: String, into list: inout [ConfiguredFile]) {
            do throws(ConfigurationError) {
                if let configuration = try source.configuration(forFile: configurationPath) {
                    list.append(ConfiguredFile(path: path, configuration: configuration))
                }
            } catch where !errors.contains(error) {
                errors.append(error)
            } catch {}
        }
        for path in collection.swiftFiles { resolve(path, configurationPath: path, into: &swiftFiles) }
        if readsImageSets {
            for folder in collection.imageSets { resolve(folder, configurationPath: folder + "/Contents.json", into: &imageSets) }
        }
        return ConfiguredFiles(swiftFiles: swiftFiles, imageSets: imageSets, errors: errors)
    }
}
