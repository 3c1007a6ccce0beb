import Foundation

/// What the survey learned from the files of a run: the facts that cross files, and per file what the check needs.
public struct Survey: Sendable {
    /// What the files mention and declare, among the names the rules asked about (`Rule.moduleSymbols`).
    public var module = ModuleFacts()
    /// Per surveyed file, in order; `nil` for a file that was not read (unreadable, or no survey was needed).
    var files: [SurveyedFile?] = []
    /// Each file's part of `module`, in order, when the survey was asked to keep them (`prepare(paths:)`): a saved
    /// file replaces its own part, and an edited buffer is checked against the parts of the others.
    var parts: [ModuleFacts]?

    public init() {}

    init(module: ModuleFacts, files: [SurveyedFile?], parts: [ModuleFacts]? = nil) {
        self.module = module
        self.files = files
        self.parts = parts
    }

    func file(at index: Int) -> SurveyedFile? { files.indices.contains(index) ? files[index] : nil }
}

/// What the survey learns from one file.
struct SurveyedFile: Sendable {
    /// The bytes read, as a cache key (with a cache): findings of the same bytes need no second read.
    var content: ContentHash?
    /// The prefilter found nothing any enabled rule starts from: the check need not read it again.
    var passedOver: Bool
}

/// What one file's bytes say, for the survey: whether the check may pass it over, and its module facts.
typealias SurveyRecord = CacheSession.SurveyRecord

/// Phase 4: one read of every file before any is checked: what they say about the names the rules asked about (a
/// file that cannot be read says nothing), and which of them the prefilter passes over, so that those are neither
/// read again nor looked up in the cache. Without names to ask about and without a cache there is no survey, and
/// each file is prefiltered when it is checked.
struct SurveyPhase {
    let engine: LintEngine

    func run(_ files: [ConfiguredFile], cache: CachedPhases?, keepsParts: Bool = false) -> Survey {
        let symbols = engine.moduleSymbols
        let indexing = engine.usesModuleIndex
        // With a cache the survey runs anyway: the bytes it reads are the keys of the findings.
        guard !symbols.isEmpty || cache != nil || indexing else { return Survey(module: ModuleFacts(), files: Array(repeating: nil, count: files.count)) }
        let perFile = ConcurrentResults<(facts: ModuleFacts, file: SurveyedFile)>(count: files.count)
        ParallelRunner.forEach(count: files.count, workers: engine.workers) { index in
            let file = files[index]
            guard case .success(let data) = SourceReader.read(file.path) else { return }
            perFile[index] = data.withUnsafeBytes { raw in
                if let cache {
                    return cache.survey(index: index, file: file, raw: raw) {
                        record(of: $0, configuration: file.configuration, symbols: symbols, indexing: indexing)
                    }
                }
                let found = record(of: raw.bindMemory(to: UInt8.self), configuration: file.configuration, symbols: symbols,
                                   indexing: indexing)
                return (found.facts, SurveyedFile(content: nil, passedOver: found.passedOver))
            }
        }
        let results = perFile.values
        return Survey(module: results.reduce(into: ModuleFacts()) { $0.formUnion($1?.facts ?? ModuleFacts()) },
                      files: results.map { $0?.file }, parts: keepsParts ? results.map { $0?.facts ?? ModuleFacts() } : nil)
    }

    /// The survey again for the file at `index` alone (it was saved), the others' parts kept.
    func run(_ survey: Survey, updating index: Int, of files: [ConfiguredFile]) -> Survey? {
        guard var parts = survey.parts, parts.indices.contains(index), survey.files.indices.contains(index) else { return nil }
        let file = files[index]
        var updated = survey
        switch SourceReader.read(file.path) {
        case .success(let data):
            let found = data.withUnsafeBytes { raw in
                record(of: raw.bindMemory(to: UInt8.self), configuration: file.configuration, symbols: engine.moduleSymbols,
                       indexing: engine.usesModuleIndex)
            }
            parts[index] = found.facts
            updated.files[index] = SurveyedFile(content: nil, passedOver: found.passedOver)
        case .failure:
            parts[index] = ModuleFacts()
            updated.files[index] = nil
        }
        updated.parts = parts
        updated.module = parts.reduce(into: ModuleFacts()) { $0.formUnion($1) }
        return updated
    }

    /// With `indexing`, a file that can add to the module index is parsed for its part (`ModuleFacts.survey`).
    func record(of bytes: UnsafeBufferPointer<UInt8>, configuration: Configuration, symbols: Set<String>, indexing: Bool) -> SurveyRecord {
        SurveyRecord(passedOver: engine.isPassedOver(bytes, configuration: configuration),
                     facts: ModuleFacts.survey(bytes, for: symbols, indexing: indexing, components: configuration.components))
    }
}
