import Foundation

/// The result cache around the survey (phase 4) and the check (phase 5): for a file whose key matches it answers
/// with what an earlier run stored, and otherwise it stores what the phase computes. The phases know nothing of it.
///
/// A warm run looks a file's findings up while the survey holds its bytes, under the last run's module facts
/// (`survey`); `begin(module:)` keeps those guesses when this run's facts turn out the same, and the check
/// answers from them without another read.
final class CachedPhases: @unchecked Sendable {
    private let engine: LintEngine
    private let cache: ResultCache
    private let session: CacheSession
    private let contexts = KeyContexts()
    private let symbolList: String
    private let previousModule: String?
    /// Findings looked up during the survey, by file index, and their key.
    private let guesses: ConcurrentResults<(key: String, findings: FileFindings)>
    private var moduleDescription = ""
    private var guessesHold = false

    init(engine: LintEngine, cache: ResultCache, paths: [String], fileCount: Int) {
        self.engine = engine
        self.cache = cache
        session = cache.session(for: paths)
        // Survey records made without the module index must not answer a run that needs it.
        symbolList = engine.moduleSymbols.sorted().joined(separator: ",") + (engine.usesModuleIndex ? " index" : "")
        previousModule = session.previousModuleDescription
        guesses = ConcurrentResults(count: fileCount)
    }

    /// The survey of one file: what the cache holds for its bytes, else what `compute` finds (then stored).
    func survey(index: Int, file: ConfiguredFile, raw: UnsafeRawBufferPointer,
                compute: (UnsafeBufferPointer<UInt8>) -> SurveyRecord) -> SurveyPart {
        let content = ContentHash(raw)
        let plan = engine.plans.plan(for: engine, configuration: file.configuration)
        // Whether comments are checked decides whether a file with only a `higlint:` comment is passed over.
        let comments = plan.suppressionRules.isEmpty ? "" : "comments"
        let context = contexts.context(.survey, for: plan) { cache.context([plan.configurationDescription, symbolList, comments]) }
        let key = cache.surveyKey(content: content, context: context)
        let record: SurveyRecord
        if let stored = session.surveyRecord(forKey: key) {
            record = stored
        } else {
            record = compute(raw.bindMemory(to: UInt8.self))
            session.store(record, forKey: key)
        }
        if !record.passedOver, let previousModule {
            let guessContext = contexts.context(.guessedResults, for: plan) { resultsContext(plan, moduleDescription: previousModule) }
            let resultKey = cache.key(path: file.path, facts: file.facts, content: content, context: guessContext)
            if let stored = session.peekFindings(forKey: resultKey) { guesses[index] = (resultKey, stored) }
        }
        return SurveyPart(facts: record.facts, file: SurveyedFile(content: content, passedOver: record.passedOver),
                          creations: record.creations)
    }

    /// Called between the survey and the check with this run's module facts.
    func begin(module: ModuleFacts, files: [SurveyedFile?]) {
        moduleDescription = module.cacheDescription
        // The findings the survey looked up with the last run's module facts hold when this run's are the same.
        guessesHold = previousModule == moduleDescription
        if guessesHold { session.markUsed(guesses.values.compactMap { $0?.key }) }
        session.remember(moduleDescription: moduleDescription)
    }

    /// The check of one Swift file: the findings stored for the bytes the survey read (`content`), else the file
    /// read and checked afresh and its findings stored. Files that cannot be checked are not stored, so their
    /// error is reported again on every run.
    func check(_ file: ConfiguredFile, surveyedAt index: Int, content: ContentHash?,
               compute: (Data) -> Result<FileFindings, FileError>) -> Result<FileFindings, FileError> {
        if guessesHold, let guessed = guesses[index] { return .success(guessed.findings) }
        let plan = engine.plans.plan(for: engine, configuration: file.configuration)
        let context = contexts.context(.results, for: plan) { resultsContext(plan, moduleDescription: moduleDescription) }
        if let content, let stored = session.findings(forKey: cache.key(path: file.path, facts: file.facts, content: content,
                                                                        context: context)) {
            return .success(stored)
        }
        return SourceReader.read(file.path).flatMap { data in
            let result = compute(data)
            if case .success(let findings) = result {
                let key = data.withUnsafeBytes { cache.key(path: file.path, facts: file.facts, content: ContentHash($0), context: context) }
                session.store(findings, forKey: key)
            }
            return result
        }
    }

    /// The check of one image set, keyed by its `Contents.json` bytes.
    func check(imageSet file: ConfiguredFile, imageUses: ImageUses?,
               compute: (ImageSet) -> [Diagnostic]) -> Result<[Diagnostic], FileError> {
        ImageSet.readContents(folder: file.path).flatMap { data in
            let plan = engine.plans.plan(for: engine, configuration: file.configuration)
            let context = contexts.context(.assets, for: plan) {
                cache.context([plan.configurationDescription] + engine.assetRules.map { type(of: $0).description.id })
            }
            // The bitmaps' sizes count too: a rule reads their pixel sizes (`ImagePixels`).
            // And what the code does with the image (`ImageUses`): a use added or gone changes the findings.
            let uses = imageUses?.description(ofImageNamed: ImageSet.codeNames(ofFolder: file.path)) ?? "uses unknown"
            let keyed = data + Self.fileSizes(inFolder: file.path) + Data(("\n" + uses).utf8)
            let key = keyed.withUnsafeBytes {
                cache.key(path: file.path, facts: file.facts, content: ContentHash($0), context: context, kind: "a")
            }
            if let stored = session.diagnostics(forKey: key) { return .success(stored) }
            return ImageSet.decode(data, folder: file.path).flatMap { $0.withReadableFiles() }.map { imageSet in
                let diagnostics = compute(imageSet)
                session.store(diagnostics, forKey: key)
                return diagnostics
            }
        }
    }

    func save() { session.save() }

    /// The name and byte size of each file of an image set but its `Contents.json`, as bytes for a cache key.
    static func fileSizes(inFolder folder: String) -> Data {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0 != "Contents.json" }.sorted()
        let entries = names.map { name -> String in
            let size = (try? FileManager.default.attributesOfItem(atPath: (folder as NSString).appendingPathComponent(name)))?[.size]
            return "\(name)=\((size as? NSNumber)?.intValue ?? -1)"
        }
        return Data(("\n" + entries.joined(separator: "\n")).utf8)
    }

    /// What the key of a Swift file's findings holds besides the file.
    private func resultsContext(_ plan: FilePlan, moduleDescription: String) -> ResultCache.KeyContext {
        cache.context([plan.configurationDescription, moduleDescription] + engine.ruleIDs)
    }
}
