import Foundation
import HIGLintSwiftUI

/// What the survey learned from the files of a run: the facts that cross files, and per file what the check needs.
public struct Survey: Sendable {
    /// What the files mention and declare, among the names the rules asked about (`Rule.moduleSymbols`), the module
    /// index, and where the module creates its types (`ModuleReach`).
    public var module = ModuleFacts()
    /// Per surveyed file, in order; `nil` for a file that was not read (unreadable, or no survey was needed).
    var files: [SurveyedFile?] = []

    public init() {}

    init(module: ModuleFacts, files: [SurveyedFile?]) {
        self.module = module
        self.files = files
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

/// One file's answer to the survey.
struct SurveyPart: Sendable {
    var facts: ModuleFacts
    var file: SurveyedFile
    var creations: CreationScan
}

/// What one file's bytes say, for the survey: whether the check may pass it over, its module facts and creations.
typealias SurveyRecord = CacheSession.SurveyRecord

/// Phase 4: one read of every file before any is checked: what they say about the names the rules asked about (a
/// file that cannot be read says nothing), where they create the module's types, and which of them the prefilter
/// passes over, so that those are neither read again nor looked up in the cache. Files that do not ship (`passedOver`
/// by phase 3) are read for their creations alone: a view only a test or screenshot target creates does not ship
/// either. A run of one file has no survey unless the rules ask about names or a cache keys on its bytes, and
/// each file is then prefiltered when it is checked.
struct SurveyPhase {
    let engine: LintEngine

    func run(_ files: [ConfiguredFile], passedOver: [ConfiguredFile] = [], cache: CachedPhases?) -> Survey {
        let symbols = engine.moduleSymbols
        let indexing = engine.usesModuleIndex
        let reaching = files.count + passedOver.count > 1
        // With a cache the survey runs anyway: the bytes it reads are the keys of the findings.
        guard !symbols.isEmpty || cache != nil || indexing || reaching else {
            return Survey(module: ModuleFacts(), files: Array(repeating: nil, count: files.count))
        }
        let perFile = ConcurrentResults<SurveyPart>(count: files.count)
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
                return SurveyPart(facts: found.facts, file: SurveyedFile(content: nil, passedOver: found.passedOver),
                                  creations: found.creations)
            }
        }
        let notShipping = ConcurrentResults<CreationScan>(count: passedOver.count)
        ParallelRunner.forEach(count: reaching ? passedOver.count : 0, workers: engine.workers) { index in
            guard case .success(let data) = SourceReader.read(passedOver[index].path) else { return }
            notShipping[index] = data.withUnsafeBytes { CreationScan($0.bindMemory(to: UInt8.self)) }
        }
        let results = perFile.values
        var module = results.reduce(into: ModuleFacts()) { $0.formUnion($1?.facts ?? ModuleFacts()) }
        if reaching {
            let shipping = zip(files, results).compactMap { file, part in
                part.map {
                    ModuleReach.FileCreations(scan: $0.creations, context: Reach(platforms: file.configuration.platforms,
                                                                                 outsideWidgets: !file.configuration.isWidgetExtensionCode))
                }
            }
            let others = zip(passedOver, notShipping.values).compactMap { file, scan in
                scan.map { ModuleReach.FileCreations(scan: $0, context: Reach(platforms: file.configuration.platforms, ships: false)) }
            }
            module.index.reach = ModuleReach(files: shipping + others)
        }
        return Survey(module: module, files: results.map { $0?.file })
    }

    /// With `indexing`, a file that can add to the module index is parsed for its part (`ModuleFacts.survey`).
    func record(of bytes: UnsafeBufferPointer<UInt8>, configuration: Configuration, symbols: Set<String>, indexing: Bool) -> SurveyRecord {
        SurveyRecord(passedOver: engine.isPassedOver(bytes, configuration: configuration),
                     facts: ModuleFacts.survey(bytes, for: symbols, indexing: indexing, components: configuration.components),
                     creations: CreationScan(bytes))
    }
}
