import Foundation
import HIGLintSwiftUI
import SwiftParser
import SwiftSyntax

/// Reads, parses and checks Swift files, one parse and one walk per file, and the image sets
/// of asset catalogs, one decode per image set; all of them in parallel.
public struct LintEngine: Sendable {
    public let rules: [any Rule]
    public let assetRules: [any AssetRule]
    /// The checks of `// higlint:` comments, run after each file's rules.
    public let suppressionRules: [any SuppressionRule]
    /// The configuration of files the source has no other word on (`lint(source:)`).
    public let configuration: Configuration
    /// Each file's configuration (one for all, or `.higlint.json` files found per folder).
    public let source: any ConfigurationSource
    /// Threads that check files at once.
    public var workers = ProcessInfo.processInfo.activeProcessorCount
    /// Whether files that hold none of the enabled rules' trigger words are passed over unparsed (`Prefilter`), and
    /// the parts of files that hold none of the names rules start from are not walked (`NameOccurrences`).
    public var usesPrefilter = true
    /// Findings of earlier runs, used and filled by `lint(paths:)`.
    public var cache: ResultCache?
    /// Seconds one file may take in `lint(paths:)` before it is reported as not checked and the run goes on
    /// without it (`nil`: no limit). SwiftParser takes exponential time on some nested brackets.
    public var fileTimeLimit: TimeInterval?
    /// Rule tables and prefilters by configuration, built on first use.
    let plans = FilePlans()
    /// Every rule this engine was given, enabled or not: what `// higlint:` comments may name.
    let catalog: RuleCatalog
    /// The ids of the rules it runs and knows, part of every cache key.
    let ruleIDs: [String]

    /// Runs the enabled ones of `ruleTypes` with `configuration`; comments may name any of them.
    public init(ruleTypes: [any LintRule.Type], configuration: Configuration = Configuration()) {
        self.init(ruleTypes: ruleTypes.filter { configuration.isEnabled($0.description) }, source: configuration,
                  configuration: configuration, catalog: RuleCatalog(ruleTypes))
    }

    /// Runs `ruleTypes` with each file's configuration from `source` (which decides which of them are enabled).
    public init(ruleTypes: [any LintRule.Type], source: any ConfigurationSource, configuration: Configuration = Configuration()) {
        self.init(ruleTypes: ruleTypes, source: source, configuration: configuration, catalog: RuleCatalog(ruleTypes))
    }

    init(ruleTypes: [any LintRule.Type], source: any ConfigurationSource, configuration: Configuration, catalog: RuleCatalog) {
        self.configuration = configuration
        self.source = source
        self.catalog = catalog
        self.rules = ruleTypes.compactMap { $0 as? any Rule.Type }.map { $0.init() }
        self.assetRules = ruleTypes.compactMap { $0 as? any AssetRule.Type }.map { $0.init() }
        self.suppressionRules = ruleTypes.compactMap { $0 as? any SuppressionRule.Type }.map { $0.init() }
        self.ruleIDs = rules.map { type(of: $0).description.id } + suppressionRules.map { type(of: $0).description.id }
            + ["known:"] + catalog.ids
    }

    /// The rule types this engine runs, for a copy of it with other settings.
    var ruleTypes: [any LintRule.Type] {
        rules.map { type(of: $0) as any LintRule.Type } + assetRules.map { type(of: $0) } + suppressionRules.map { type(of: $0) }
    }

    /// The configuration of `path`, `nil` when configuration leaves the file out.
    private func configuration(forFile path: String) -> Result<Configuration?, FileError> {
        do throws(ConfigurationError) {
            return .success(try source.configuration(forFile: path))
        } catch {
            return .failure(FileError(path: error.path, reason: error.description))
        }
    }

    // MARK: Asset catalogs

    /// Checks `Contents.json` bytes as if they were the file at `path` (`…/Name.imageset/Contents.json`).
    public func lint(imageSetContents data: Data, path: String) -> Result<[Diagnostic], FileError> {
        let folder = path.hasSuffix("/Contents.json") ? String(path.dropLast("/Contents.json".count)) : path
        return configuration(forFile: path).flatMap { configuration in
            guard let configuration else { return .success([]) }
            return ImageSet.decode(data, folder: folder).map {
                check(imageSet: $0, configuration: configuration, facts: BuildFacts(configuration: configuration))
            }
        }
    }

    /// Runs the asset rules over a decoded image set.
    public func lint(imageSet: ImageSet) -> [Diagnostic] {
        check(imageSet: imageSet, configuration: configuration, facts: BuildFacts(configuration: configuration))
    }

    // MARK: Swift files

    /// The names the rules asked about (`Rule.moduleSymbols`).
    var moduleSymbols: Set<String> {
        rules.reduce(into: []) { $0.formUnion(type(of: $1).moduleSymbols) }
    }

    /// Whether a rule asks the module index, so that the survey builds it.
    var usesModuleIndex: Bool { rules.contains { type(of: $0).usesModuleIndex } }

    /// Whether linting `bytes` would find nothing without parsing them (`FilePlan.passesOver`). Text that is not UTF-8 is never passed over, since linting it reports that.
    func isPassedOver(_ bytes: UnsafeBufferPointer<UInt8>, configuration: Configuration) -> Bool {
        guard plans.plan(for: self, configuration: configuration).passesOver(bytes, prefiltering: usesPrefilter) else { return false }
        return !bytes.contains(0) && String(validating: bytes, as: UTF8.self) != nil
    }

    /// Why a buffer of `byteCount` bytes standing for the file at `path` is passed over unparsed (it is larger than
    /// the file's `maxFileSize`), in words for a person; `nil` when it would be checked. Callers that parse before
    /// they lint (the servers) or that must say why a buffer has no findings (standard input) ask first.
    public func passOverReason(byteCount: Int, path: String) -> String? {
        guard case .success(let configuration?) = configuration(forFile: path) else { return nil }
        return configuration.sizePassOverReason(byteCount: byteCount)
    }

    /// Lints source bytes as if they were the file at `path`, with that file's configuration and no project around it
    /// (`PreparedRun.lint(data:path:)` reads the projects).
    public func lint(data: Data, path: String, module: ModuleFacts? = nil) -> Result<[Diagnostic], FileError> {
        configuration(forFile: path).flatMap { configuration in
            guard let configuration else { return .success([]) }
            return check(data: data, path: path, configuration: configuration, facts: BuildFacts(configuration: configuration),
                         module: module).map(\.diagnostics)
        }
    }

    /// Lints source text as if it were the file at `path`, with the engine's configuration and no project around it.
    public func lint(source: String, path: String = "<stdin>") -> [Diagnostic] {
        var source = source
        return source.withUTF8 {
            check(buffer: $0, path: path, configuration: configuration, facts: BuildFacts(configuration: configuration), module: nil)
        }.diagnostics
    }

    static func timeoutReason(_ seconds: TimeInterval) -> String {
        "not checked: checking it took longer than \(Int(seconds.rounded(.up))) s, the limit --file-timeout sets"
    }

    static func describe(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let message = strerror(Int32(underlying.code)) {
            return String(cString: message)
        }
        if nsError.domain == NSCocoaErrorDomain {
            switch nsError.code {
            case NSFileReadNoSuchFileError: return "no such file"
            case NSFileReadNoPermissionError: return "permission denied"
            default: break
            }
        }
        return nsError.localizedDescription
    }
}

/// The ids of every rule an engine was given, enabled or not, in catalog order.
struct RuleCatalog: Sendable {
    let ids: [String]
    /// How many check Swift source: a comment naming `all` is judged only when that many ran on the file.
    let swiftRuleCount: Int

    init(_ types: [any LintRule.Type]) {
        ids = types.map { $0.description.id }
        swiftRuleCount = types.filter { $0 is any Rule.Type }.count
    }
}
