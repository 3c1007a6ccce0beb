import Foundation
import HIGLintSwiftUI
import SwiftParser
import SwiftSyntax

/// The result of linting a set of paths.
public struct LintResult: Sendable {
    public var diagnostics: [Diagnostic]
    /// Files that could not be checked, and why.
    public var errors: [FileError]
    public var filesChecked: Int
    /// Mistakes in configuration files; when there are any, no file was checked.
    public var configurationErrors: [ConfigurationError]

    public init(diagnostics: [Diagnostic], errors: [FileError], filesChecked: Int, configurationErrors: [ConfigurationError] = []) {
        self.diagnostics = diagnostics
        self.errors = errors
        self.filesChecked = filesChecked
        self.configurationErrors = configurationErrors
    }
}

/// Reads, parses and checks Swift files, one parse and one walk per file, and the image sets
/// of asset catalogs, one decode per image set; all of them in parallel.
public struct LintEngine: Sendable {
    public let rules: [any Rule]
    public let assetRules: [any AssetRule]
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
    /// The ids of `rules`, part of every cache key.
    let ruleIDs: [String]

    /// Runs the enabled ones of `ruleTypes` with `configuration`.
    public init(ruleTypes: [any LintRule.Type], configuration: Configuration = Configuration()) {
        self.init(ruleTypes: ruleTypes.filter { configuration.isEnabled($0.description) }, source: configuration,
                  configuration: configuration)
    }

    /// Runs `ruleTypes` with each file's configuration from `source` (which decides which of them are enabled).
    public init(ruleTypes: [any LintRule.Type], source: any ConfigurationSource, configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.source = source
        self.rules = ruleTypes.compactMap { $0 as? any Rule.Type }.map { $0.init() }
        self.ruleIDs = rules.map { type(of: $0).description.id }
        self.assetRules = ruleTypes.compactMap { $0 as? any AssetRule.Type }.map { $0.init() }
    }

    // MARK: Whole runs

    /// Lints every Swift file and asset-catalog image set under `paths`, in parallel.
    ///
    /// Configuration is resolved for every file first: a mistake in any configuration file stops the run before
    /// anything is checked, since findings under a half-read configuration would mislead.
    public func lint(paths: [String]) -> LintResult {
        let collection = FileCollector.files(under: paths)
        // Image sets are only read when an asset rule runs, so a broken catalog does not fail a run that ignores it.
        let imageSets = assetRules.isEmpty ? [] : collection.imageSets
        var swiftFiles: [(path: String, configuration: Configuration)] = []
        var assetFiles: [(path: String, configuration: Configuration)] = []
        var configurationErrors: [ConfigurationError] = []
        func resolve(_ path: String, configurationPath: String, into list: inout [(path: String, configuration: Configuration)]) {
            do throws(ConfigurationError) {
                if let configuration = try source.configuration(forFile: configurationPath) { list.append((path, configuration)) }
            } catch where !configurationErrors.contains(error) {
                configurationErrors.append(error)
            } catch {}
        }
        for path in collection.swiftFiles { resolve(path, configurationPath: path, into: &swiftFiles) }
        for folder in imageSets { resolve(folder, configurationPath: folder + "/Contents.json", into: &assetFiles) }
        guard configurationErrors.isEmpty else {
            return LintResult(diagnostics: [], errors: collection.errors, filesChecked: 0, configurationErrors: configurationErrors)
        }
        let session = cache?.session(for: paths)
        let contexts = KeyContexts()
        let survey = survey(of: swiftFiles, session: session, contexts: contexts)
        let module = survey.module
        let moduleDescription = module.cacheDescription
        // The findings the survey looked up with the last run's module facts hold when this run's are the same.
        let guessesHold = session != nil && session?.previousModuleDescription == moduleDescription
        if let session {
            if guessesHold { session.markUsed(survey.files.compactMap { $0?.guessed?.key }) }
            session.remember(moduleDescription: moduleDescription)
        }
        let count = swiftFiles.count + assetFiles.count
        let outcomes = ConcurrentResults<Result<[Diagnostic], FileError>>(count: count)
        let (swift, assets) = (swiftFiles, assetFiles)
        let limit = fileTimeLimit
        @Sendable func path(_ index: Int) -> String { index < swift.count ? swift[index].path : assets[index - swift.count].path }
        ParallelRunner.forEach(count: count, workers: workers, timeLimit: limit, onTimeout: { index in
            outcomes.setIfEmpty(index, .failure(FileError(path: path(index), reason: Self.timeoutReason(limit ?? 0))))
        }) { index in
            if index < swift.count {
                let file = survey.files[index]
                if file?.passedOver == true {
                    outcomes.setIfEmpty(index, .success([]))
                } else if guessesHold, let guessed = file?.guessed {
                    outcomes.setIfEmpty(index, .success(guessed.diagnostics))
                } else if let session, let cache {
                    outcomes.setIfEmpty(index, lintFile(atPath: swift[index].path, configuration: swift[index].configuration,
                                                        module: module, moduleDescription: moduleDescription,
                                                        surveyed: file?.content, cache: cache, session: session,
                                                        contexts: contexts))
                } else {
                    outcomes.setIfEmpty(index, lintFile(atPath: swift[index].path, configuration: swift[index].configuration,
                                                        module: module))
                }
            } else {
                let asset = assets[index - swift.count]
                if let session, let cache {
                    outcomes.setIfEmpty(index, lintImageSet(atPath: asset.path, configuration: asset.configuration, cache: cache,
                                                            session: session, contexts: contexts))
                } else {
                    outcomes.setIfEmpty(index, ImageSet.load(folder: asset.path).map { lint(imageSet: $0, configuration: asset.configuration) })
                }
            }
        }
        session?.save()
        var diagnostics: [Diagnostic] = []
        var errors = collection.errors
        var checked = 0
        for outcome in outcomes.values {
            switch outcome {
            case .success(let found):
                diagnostics += found
                checked += 1
            case .failure(let error): errors.append(error)
            case nil: break
            }
        }
        diagnostics.sort(by: Diagnostic.reportOrder)
        errors.sort { $0.path < $1.path }
        return LintResult(diagnostics: diagnostics, errors: errors, filesChecked: checked)
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

    /// Reads and checks the image set in `folder` (an `.imageset`).
    public func lintImageSet(atPath folder: String) -> Result<[Diagnostic], FileError> {
        configuration(forFile: folder + "/Contents.json").flatMap { configuration in
            guard let configuration else { return .success([]) }
            return ImageSet.load(folder: folder).map { lint(imageSet: $0, configuration: configuration) }
        }
    }

    /// Checks `Contents.json` bytes as if they were the file at `path` (`…/Name.imageset/Contents.json`).
    public func lint(imageSetContents data: Data, path: String) -> Result<[Diagnostic], FileError> {
        let folder = path.hasSuffix("/Contents.json") ? String(path.dropLast("/Contents.json".count)) : path
        return configuration(forFile: path).flatMap { configuration in
            guard let configuration else { return .success([]) }
            return ImageSet.decode(data, folder: folder).map { lint(imageSet: $0, configuration: configuration) }
        }
    }

    /// Runs the asset rules over a decoded image set.
    public func lint(imageSet: ImageSet) -> [Diagnostic] {
        lint(imageSet: imageSet, configuration: configuration)
    }

    private func lint(imageSet: ImageSet, configuration: Configuration) -> [Diagnostic] {
        let sink = DiagnosticSink(severityFor: configuration.severity(of:))
        for rule in assetRules where configuration.isEnabled(type(of: rule).description) {
            let context = AssetContext(configuration: configuration, description: type(of: rule).description, sink: sink)
            rule.check(imageSet, in: context)
        }
        return sink.findings.map {
            Diagnostic(rule: $0.rule.id, section: $0.rule.section, severity: configuration.severity(of: $0.rule),
                       path: imageSet.contentsPath, line: 1, column: 1, offset: 0, message: $0.message, fix: $0.fix)
        }.sorted(by: Diagnostic.reportOrder)
    }

    // MARK: Swift files

    /// The names the rules asked about (`Rule.moduleSymbols`).
    var moduleSymbols: Set<String> {
        rules.reduce(into: []) { $0.formUnion(type(of: $1).moduleSymbols) }
    }

    /// What the survey learns from one file.
    struct SurveyedFile {
        /// The bytes read, as a cache key (with a cache): findings of the same bytes need no second read.
        var content: ContentHash?
        var passedOver: Bool
        /// The findings stored for these bytes under the last run's module facts, and their key.
        var guessed: (key: String, diagnostics: [Diagnostic])?
    }

    /// One read of every file before any is linted: what they say about the names the rules asked about (a file
    /// that cannot be read says nothing), and which of them the prefilter passes over, so that those are neither
    /// read again nor looked up in the cache. Without names to ask about there is no survey, and each file is
    /// prefiltered when it is linted, unless there is a cache. With a cache, what a file's bytes say is looked up
    /// rather than scanned.
    func survey(of files: [(path: String, configuration: Configuration)], session: CacheSession? = nil,
                contexts: KeyContexts = KeyContexts()) -> (module: ModuleFacts, files: [SurveyedFile?]) {
        let symbols = moduleSymbols
        // With a cache the survey runs anyway: the bytes it reads are the keys of the findings.
        guard !symbols.isEmpty || session != nil else { return (ModuleFacts(), Array(repeating: nil, count: files.count)) }
        let symbolList = symbols.sorted().joined(separator: ",")
        let previousModule = session?.previousModuleDescription
        let perFile = ConcurrentResults<(facts: ModuleFacts, file: SurveyedFile)>(count: files.count)
        ParallelRunner.forEach(count: files.count, workers: workers) { index in
            let (path, configuration) = files[index]
            guard case .success(let data) = SourceReader.read(path) else { return }
            perFile[index] = data.withUnsafeBytes { raw in
                guard let session, let cache else {
                    let bytes = raw.bindMemory(to: UInt8.self)
                    return (ModuleFacts.scan(bytes, for: symbols),
                            SurveyedFile(content: nil, passedOver: isPassedOver(bytes, configuration: configuration)))
                }
                let content = ContentHash(raw)
                let plan = plans.plan(for: rules, configuration: configuration)
                let context = contexts.context(.survey, for: plan) { cache.context([plan.configurationDescription, symbolList]) }
                let key = cache.surveyKey(content: content, context: context)
                var record: CacheSession.SurveyRecord
                if let stored = session.surveyRecord(forKey: key) {
                    record = stored
                } else {
                    let bytes = raw.bindMemory(to: UInt8.self)
                    record = CacheSession.SurveyRecord(passedOver: isPassedOver(bytes, configuration: configuration),
                                                       facts: ModuleFacts.scan(bytes, for: symbols))
                    session.store(record, forKey: key)
                }
                var file = SurveyedFile(content: content, passedOver: record.passedOver)
                // A warm run looks findings up now, while the file is at hand, with the last run's module facts;
                // `lint(paths:)` keeps them if this run's facts turn out the same.
                if !record.passedOver, let previousModule {
                    let guessContext = contexts.context(.guessedResults, for: plan) {
                        resultsContext(plan, moduleDescription: previousModule, cache: cache)
                    }
                    let resultKey = cache.key(path: path, content: content, context: guessContext)
                    if let stored = session.peekDiagnostics(forKey: resultKey) { file.guessed = (resultKey, stored) }
                }
                return (record.facts, file)
            }
        }
        let results = perFile.values
        return (results.reduce(into: ModuleFacts()) { $0.formUnion($1?.facts ?? ModuleFacts()) }, results.map { $0?.file })
    }

    /// Whether linting `bytes` would find nothing without parsing them: the prefilter passes them over, or no
    /// rule is enabled. Text that is not UTF-8 is never passed over, since linting it reports that.
    private func isPassedOver(_ bytes: UnsafeBufferPointer<UInt8>, configuration: Configuration) -> Bool {
        let plan = plans.plan(for: rules, configuration: configuration)
        if !plan.rules.isEmpty {
            guard usesPrefilter, let prefilter = plan.prefilter, !prefilter.mayTrigger(bytes) else { return false }
        }
        return !bytes.contains(0) && String(validating: bytes, as: UTF8.self) != nil
    }

    /// Lints one file through the cache: the findings stored for the bytes the survey read (`surveyed`), else the
    /// file read and linted afresh and its findings stored. Files that cannot be checked are not stored, so their
    /// error is reported again on every run.
    private func lintFile(atPath path: String, configuration: Configuration, module: ModuleFacts, moduleDescription: String,
                          surveyed: ContentHash?, cache: ResultCache, session: CacheSession, contexts: KeyContexts)
        -> Result<[Diagnostic], FileError> {
        let plan = plans.plan(for: rules, configuration: configuration)
        let context = contexts.context(.results, for: plan) { resultsContext(plan, moduleDescription: moduleDescription, cache: cache) }
        if let surveyed, let stored = session.diagnostics(forKey: cache.key(path: path, content: surveyed, context: context)) {
            return .success(stored)
        }
        return SourceReader.read(path).flatMap { data in
            let result = lint(data: data, path: path, configuration: configuration, module: module)
            if case .success(let diagnostics) = result {
                let key = data.withUnsafeBytes { cache.key(path: path, content: ContentHash($0), context: context) }
                session.store(diagnostics, forKey: key)
            }
            return result
        }
    }

    /// What the key of a Swift file's findings holds besides the file.
    private func resultsContext(_ plan: FilePlan, moduleDescription: String, cache: ResultCache) -> ResultCache.KeyContext {
        cache.context([plan.configurationDescription, moduleDescription] + ruleIDs)
    }

    /// Checks one image set through the cache, keyed by its `Contents.json` bytes.
    private func lintImageSet(atPath folder: String, configuration: Configuration, cache: ResultCache, session: CacheSession,
                              contexts: KeyContexts) -> Result<[Diagnostic], FileError> {
        ImageSet.readContents(folder: folder).flatMap { data in
            let plan = plans.plan(for: rules, configuration: configuration)
            let context = contexts.context(.assets, for: plan) {
                cache.context([plan.configurationDescription] + assetRules.map { type(of: $0).description.id })
            }
            let key = data.withUnsafeBytes { cache.key(path: folder, content: ContentHash($0), context: context, kind: "a") }
            if let stored = session.diagnostics(forKey: key) { return .success(stored) }
            return ImageSet.decode(data, folder: folder).map { imageSet in
                let diagnostics = lint(imageSet: imageSet, configuration: configuration)
                session.store(diagnostics, forKey: key)
                return diagnostics
            }
        }
    }

    /// Reads and lints one file; `module` describes the files linted with it (by default, this file alone).
    /// A file that configuration leaves out has no findings.
    public func lintFile(atPath path: String, module: ModuleFacts? = nil) -> Result<[Diagnostic], FileError> {
        configuration(forFile: path).flatMap { configuration in
            guard let configuration else { return .success([]) }
            return lintFile(atPath: path, configuration: configuration, module: module)
        }
    }

    private func lintFile(atPath path: String, configuration: Configuration, module: ModuleFacts?) -> Result<[Diagnostic], FileError> {
        SourceReader.read(path).flatMap { lint(data: $0, path: path, configuration: configuration, module: module) }
    }

    /// Lints source bytes as if they were the file at `path`, with that file's configuration.
    public func lint(data: Data, path: String, module: ModuleFacts? = nil) -> Result<[Diagnostic], FileError> {
        configuration(forFile: path).flatMap { configuration in
            guard let configuration else { return .success([]) }
            return lint(data: data, path: path, configuration: configuration, module: module)
        }
    }

    func lint(data: Data, path: String, configuration: Configuration, module: ModuleFacts?) -> Result<[Diagnostic], FileError> {
        let bytes = [UInt8](data)
        // NUL is valid UTF-8 but never in source text: a file holding one is binary or corrupted.
        guard !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil else {
            if SourceReader.startsWithUTF16ByteOrderMark(bytes) {
                return .failure(FileError(path: path, reason: "UTF-16 text; not checked (save the file as UTF-8)"))
            }
            if bytes.contains(0) {
                return .failure(FileError(path: path, reason: "not a text file (it contains NUL bytes); not checked"))
            }
            return .failure(FileError(path: path, reason: "not valid UTF-8; not checked (save the file as UTF-8)"))
        }
        return .success(bytes.withUnsafeBufferPointer { lint(buffer: $0, path: path, configuration: configuration, module: module) })
    }

    /// Lints source text as if it were the file at `path`, with that file's configuration from `source`;
    /// a file the configuration leaves out has no findings.
    public func lintConfigured(source text: String, path: String) throws(ConfigurationError) -> [Diagnostic] {
        guard let configuration = try source.configuration(forFile: path) else { return [] }
        var text = text
        return text.withUTF8 { lint(buffer: $0, path: path, configuration: configuration, module: nil) }
    }

    /// Lints source text as if it were the file at `path`.
    public func lint(source: String, path: String = "<stdin>") -> [Diagnostic] {
        var source = source
        return source.withUTF8 { lint(buffer: $0, path: path, configuration: configuration, module: nil) }
    }

    // MARK: One file

    private func lint(buffer: UnsafeBufferPointer<UInt8>, path: String, configuration: Configuration, module: ModuleFacts?) -> [Diagnostic] {
        let plan = plans.plan(for: rules, configuration: configuration)
        guard !plan.rules.isEmpty else { return [] }
        if usesPrefilter, let prefilter = plan.prefilter, !prefilter.mayTrigger(buffer) { return [] }
        let tree = Parser.parse(source: buffer)
        let file = SwiftUIFile(tree: tree, components: configuration.components)
        let sink = DiagnosticSink(severityFor: configuration.severity(of:))
        let module = module ?? ModuleFacts.scan(buffer, for: moduleSymbols)
        let dispatcher = RuleDispatcher(plan: plan, file: file, configuration: configuration, module: module, sink: sink,
                                        occurrences: usesPrefilter ? plan.occurrences?.offsets(in: buffer) : nil)
        dispatcher.walk(tree)
        guard !sink.findings.isEmpty else { return [] }

        let converter = SourceLocationConverter(fileName: path, tree: tree)
        let suppressions = SuppressionMap(tree: tree, source: buffer, converter: { converter })
        var diagnostics: [Diagnostic] = []
        for finding in sink.findings {
            let location = converter.location(for: AbsolutePosition(utf8Offset: finding.offset))
            guard !suppressions.isSuppressed(rule: finding.rule.id, line: location.line) else { continue }
            var lineStart = finding.offset - (location.column - 1)
            // A UTF-8 byte order mark is no character a person sees on the first line.
            if lineStart == 0, finding.offset >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { lineStart = 3 }
            let prefix = UnsafeBufferPointer(rebasing: buffer[lineStart..<finding.offset])
            let column = String(decoding: prefix, as: UTF8.self).count + 1
            var lineEnd = finding.offset
            while lineEnd < buffer.count, buffer[lineEnd] != UInt8(ascii: "\n"), buffer[lineEnd] != UInt8(ascii: "\r") { lineEnd += 1 }
            let lineText = String(decoding: UnsafeBufferPointer(rebasing: buffer[lineStart..<lineEnd]), as: UTF8.self)
            diagnostics.append(Diagnostic(
                rule: finding.rule.id, section: finding.rule.section, severity: configuration.severity(of: finding.rule),
                path: path, line: location.line, column: column, offset: finding.offset,
                message: finding.message, fix: finding.fix, lineText: lineText))
        }
        return diagnostics.sorted(by: Diagnostic.reportOrder)
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

/// What a set of enabled rules needs, worked out once per configuration rather than per file: the rules, the
/// prefilter, and which rules each node kind and name goes to.
final class FilePlan: Sendable {
    /// The rules of one node kind, as indexes into `rules`.
    struct KindTable: Sendable {
        /// Rules that see every node of the kind.
        var unnamed: [Int] = []
        /// Rules by the node names they asked for (`Rule.visitedNames`).
        var named: [String: [Int]] = [:]
        var suffixed: [(suffix: String, rule: Int)] = []
        var isEmpty: Bool { unnamed.isEmpty && named.isEmpty && suffixed.isEmpty }
    }

    let rules: [any Rule]
    let descriptions: [RuleDescription]
    let prefilter: Prefilter?
    /// `Configuration.cacheDescription`, said once for all the files it covers.
    let configurationDescription: String
    /// `nil` when some rule sees nodes of any name: then every node is walked.
    let occurrences: NameOccurrences?
    let components: [String: String]
    let calls: KindTable
    let members: KindTable
    let references: KindTable
    let functions: KindTable
    /// Rules asking for other kinds, which are few and not named.
    let otherKinds: [SyntaxKind: [Int]]

    init(rules: [any Rule], configuration: Configuration) {
        let components = configuration.components
        self.rules = rules
        descriptions = rules.map { type(of: $0).description }
        prefilter = Prefilter(rules: rules.map { type(of: $0) }, components: components)
        configurationDescription = configuration.cacheDescription
        self.components = components
        var tables: [SyntaxKind: KindTable] = [:]
        var others: [SyntaxKind: [Int]] = [:]
        for (index, rule) in rules.enumerated() {
            let type = type(of: rule)
            for kind in type.visitedKinds {
                guard Self.namedKinds.contains(kind) else {
                    others[kind, default: []].append(index)
                    continue
                }
                guard let names = type.visitedNames else {
                    tables[kind, default: KindTable()].unnamed.append(index)
                    continue
                }
                for name in names { tables[kind, default: KindTable()].named[name, default: []].append(index) }
                for suffix in type.visitedNameSuffixes { tables[kind, default: KindTable()].suffixed.append((suffix, index)) }
            }
        }
        calls = tables[.functionCallExpr] ?? KindTable()
        members = tables[.memberAccessExpr] ?? KindTable()
        references = tables[.declReferenceExpr] ?? KindTable()
        functions = tables[.functionDecl] ?? KindTable()
        otherKinds = others
        let named = [calls, members, references, functions]
        if others.isEmpty, named.allSatisfy(\.unnamed.isEmpty) {
            // A component's call goes to the rules of its primitive, so its name is looked for too.
            occurrences = NameOccurrences(names: named.reduce(into: Set(components.keys)) { $0.formUnion($1.named.keys) },
                                          suffixes: Set(named.flatMap { $0.suffixed.map(\.suffix) }))
        } else {
            occurrences = nil
        }
    }

    static let namedKinds: Set<SyntaxKind> = [.functionCallExpr, .memberAccessExpr, .declReferenceExpr, .functionDecl]

    /// The rules for nodes named `name`: the unnamed ones, those that asked for the name or for the primitive a
    /// configured component stands for, and those whose suffix either ends with; each once, in registry order.
    func rules(named name: String, in table: KindTable) -> [Int] {
        let names = [name] + (components[name].map { [$0] } ?? [])
        var matched = Set<Int>()
        for name in names {
            matched.formUnion(table.named[name] ?? [])
            for entry in table.suffixed where name.hasSuffix(entry.suffix) { matched.insert(entry.rule) }
        }
        guard !matched.isEmpty else { return table.unnamed }
        return (table.unnamed + matched).sorted()
    }
}

/// Plans by configuration, shared by every file and thread of an engine. A run has one configuration or a
/// few (one per `.higlint.json`), so they are told apart by comparing them, which is cheaper than any key.
final class FilePlans: @unchecked Sendable {
    private let lock = NSLock()
    private var plans: [(configuration: Configuration, plan: FilePlan)] = []

    func plan(for rules: [any Rule], configuration: Configuration) -> FilePlan {
        if let known = lock.withLock({ plans.first { $0.configuration == configuration }?.plan }) { return known }
        let plan = FilePlan(rules: rules.filter { configuration.isEnabled(type(of: $0).description) }, configuration: configuration)
        lock.withLock { plans.append((configuration, plan)) }
        return plan
    }
}

/// The single walk of a file: every node goes to the rules that asked for its kind and name.
final class RuleDispatcher: SyntaxAnyVisitor {
    private let plan: FilePlan
    private let contexts: [RuleContext]
    /// The rules of each name met so far in this file, by node kind.
    private var resolvedCalls: [String: [Int]] = [:]
    private var resolvedMembers: [String: [Int]] = [:]
    private var resolvedReferences: [String: [Int]] = [:]
    private var resolvedFunctions: [String: [Int]] = [:]

    /// Where the names rules start from occur in the file (`NameOccurrences`), or `nil` to walk every node.
    private let occurrences: [Int]?
    /// The first of `occurrences` at or after the node visited last: nodes come in pre-order, so their starts
    /// never decrease.
    private var nextOccurrence = 0

    init(plan: FilePlan, file: SwiftUIFile, configuration: Configuration, module: ModuleFacts, sink: DiagnosticSink,
         occurrences: [Int]? = nil) {
        self.plan = plan
        self.occurrences = occurrences
        contexts = plan.descriptions.map {
            RuleContext(file: file, configuration: configuration, module: module, description: $0, sink: sink)
        }
        super.init(viewMode: .sourceAccurate)
    }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if let occurrences {
            // A node holding no occurrence of a name holds no node any rule is given.
            let start = node.position.utf8Offset
            while nextOccurrence < occurrences.count, occurrences[nextOccurrence] < start { nextOccurrence += 1 }
            guard nextOccurrence < occurrences.count, occurrences[nextOccurrence] < node.endPosition.utf8Offset else {
                return .skipChildren
            }
        }
        switch node.kind {
        case .functionCallExpr:
            if !plan.calls.isEmpty, let call = node.as(FunctionCallExprSyntax.self) {
                dispatch(node, name: Self.calleeName(call.calledExpression), table: plan.calls, resolved: &resolvedCalls)
            }
        case .memberAccessExpr:
            if !plan.members.isEmpty, let member = node.as(MemberAccessExprSyntax.self) {
                dispatch(node, name: member.declName.baseName.text, table: plan.members, resolved: &resolvedMembers)
            }
        case .declReferenceExpr:
            if !plan.references.isEmpty, let reference = node.as(DeclReferenceExprSyntax.self) {
                dispatch(node, name: reference.baseName.text, table: plan.references, resolved: &resolvedReferences)
            }
        case .functionDecl:
            if !plan.functions.isEmpty, let function = node.as(FunctionDeclSyntax.self) {
                dispatch(node, name: function.name.text, table: plan.functions, resolved: &resolvedFunctions)
            }
        case .ifConfigClause:
            // Code under `#if false` is never compiled, so no rule speaks about it.
            if let clause = node.as(IfConfigClauseSyntax.self), clause.isNeverCompiled { return .skipChildren }
            fallthrough
        default:
            if !plan.otherKinds.isEmpty, let rules = plan.otherKinds[node.kind] {
                for rule in rules { plan.rules[rule].visit(node, in: contexts[rule]) }
            }
        }
        return .visitChildren
    }

    private func dispatch(_ node: Syntax, name: String?, table: FilePlan.KindTable, resolved: inout [String: [Int]]) {
        let rules: [Int]
        if let name {
            if let known = resolved[name] {
                rules = known
            } else {
                rules = plan.rules(named: name, in: table)
                resolved[name] = rules
            }
        } else {
            rules = table.unnamed
        }
        for rule in rules { plan.rules[rule].visit(node, in: contexts[rule]) }
    }

    /// The last name of what a call calls: `Image` in `Image(…)`, `SwiftUI.Image(…)` and `Image<T>(…)`,
    /// `system` in `.system(size:)`; `nil` for calls of closures and subscripts.
    static func calleeName(_ callee: ExprSyntax) -> String? {
        if let reference = callee.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = callee.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        if let specialized = callee.as(GenericSpecializationExprSyntax.self) { return calleeName(specialized.expression) }
        return nil
    }
}

/// Results written by index from concurrent workers.
final class ConcurrentResults<Value>: @unchecked Sendable {
    private var storage: [Value?]
    private let lock = NSLock()

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    subscript(index: Int) -> Value? {
        get { lock.withLock { storage[index] } }
        set { lock.withLock { storage[index] = newValue } }
    }

    /// Stores `value` unless the index already has one: of a timeout and a late result, the first stays.
    func setIfEmpty(_ index: Int, _ value: Value) {
        lock.withLock { if storage[index] == nil { storage[index] = value } }
    }

    var values: [Value?] { lock.withLock { storage } }
}
