import Foundation
import HIGLintSwiftUI
import SwiftParser
import SwiftSyntax

/// What the survey learned from the files of a run: the facts that cross files, and per file what the check needs.
public struct Survey: Sendable {
    /// What the files mention and declare, among the names the rules asked about (`Rule.moduleSymbols`), the module
    /// index, and where the module creates its types (`ModuleReach`).
    public var module = ModuleFacts()
    /// Per surveyed file, in order; `nil` for a file that was not read (unreadable, or no survey was needed).
    var files: [SurveyedFile?] = []
    /// Each file's part of `module`, in order, when the survey was asked to keep them (`prepare(paths:)`): a saved
    /// file replaces its own part, and an edited buffer is checked against the parts of the others.
    var parts: [ModuleFacts]?
    /// What `module.index.reach` was made from, kept with `parts`: each file's creations, in order, then those of
    /// the files that do not ship.
    var reachFiles: [ModuleReach.FileCreations]?
    /// Each file's creations, in order, kept with `parts`: the second passes of a saved file's survey ask which
    /// files declare or create the types they want.
    var creations: [CreationScan]?

    public init() {}

    init(module: ModuleFacts, files: [SurveyedFile?], parts: [ModuleFacts]? = nil, reachFiles: [ModuleReach.FileCreations]? = nil,
         creations: [CreationScan]? = nil) {
        self.module = module
        self.files = files
        self.parts = parts
        self.reachFiles = reachFiles
        self.creations = creations
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

    func run(_ files: [ConfiguredFile], passedOver: [ConfiguredFile] = [], stringCatalogs: [String] = [], cache: CachedPhases?,
             keepsParts: Bool = false) -> Survey {
        var survey = surveyingFiles(files, passedOver: passedOver, cache: cache, keepsParts: keepsParts)
        survey.module.localizedStrings = LocalizedStrings(readingCatalogs: stringCatalogs)
        return survey
    }

    private func surveyingFiles(_ files: [ConfiguredFile], passedOver: [ConfiguredFile], cache: CachedPhases?, keepsParts: Bool) -> Survey {
        let symbols = engine.moduleSymbols
        let indexing = engine.usesModuleIndex
        let reaching = files.count + passedOver.count > 1
        // With a cache the survey runs anyway: the bytes it reads are the keys of the findings. Asset rules judge
        // image sets by how the code uses them (`ImageUses`).
        guard !symbols.isEmpty || cache != nil || indexing || reaching || !engine.assetRules.isEmpty else {
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
        var results = perFile.values
        if indexing { addSecondPasses(to: &results, files: files) }
        var module = results.reduce(into: ModuleFacts()) { $0.formUnion($1?.facts ?? ModuleFacts()) }
        var reachFiles: [ModuleReach.FileCreations] = []
        if reaching {
            // In file order, then the files that do not ship: a saved file replaces its own entry.
            let folderModuleHasEntry = Self.folderModuleHasEntry(files: files, results: results)
            reachFiles = zip(files, results).map { file, part in
                ModuleReach.FileCreations(scan: part?.creations ?? CreationScan(), context: Self.context(of: file),
                                          moduleIsWhole: file.facts.runCoversProject,
                                          deadCodeIsKnown: Self.deadCodeIsKnown(file, folderModuleHasEntry: folderModuleHasEntry),
                                          publicIsInternal: file.facts.isInAppLocalPackage)
            }
            reachFiles += zip(passedOver, notShipping.values).compactMap { file, scan in
                scan.map { ModuleReach.FileCreations(scan: $0, context: Reach(platforms: file.facts.platforms, ships: false)) }
            }
            module.index.reach = ModuleReach(files: reachFiles)
        }
        return Survey(module: module, files: results.map { $0?.file },
                      parts: keepsParts ? results.map { $0?.facts ?? ModuleFacts() } : nil,
                      reachFiles: keepsParts && reaching ? reachFiles : nil,
                      creations: keepsParts ? results.map { $0?.creations ?? CreationScan() } : nil)
    }

    /// The passes that parse again the files the first pass showed to matter: the same for a whole survey and for
    /// a saved file's (`within` the files that may have changed what they add), so that every command has the
    /// same module facts.
    private func addSecondPasses(to results: inout [SurveyPart?], files: [ConfiguredFile], within: Set<Int>? = nil) {
        addUsesOfChartViews(to: &results, files: files, within: within)
        addScreensOfSwipeDestinations(to: &results, files: files, within: within)
        addMembersOfShareItemTypes(to: &results, files: files, within: within)
    }

    /// The names the second passes look for (the screens swipes open, `swipeScreens`, among them): a saved file that
    /// brings new ones makes the files that declare or create them parse again.
    private static func secondPassNames(_ results: [SurveyPart?]) -> Set<String> {
        results.reduce(into: swipeScreens(results)) { names, part in
            guard let index = part?.facts.index else { return }
            names.formUnion(index.chartViews)
            names.formUnion(index.titleDrawingStyles)
            names.formUnion(index.controlWrapperViews)
            names.formUnion(index.shareItemTypes)
        }
    }

    /// Whether the files no project claims, reached through the run's folders (a folder of an app's sources with
    /// no project beside them), hold an entry point (`@main`): then the run covers their module from where it
    /// starts, and a view nothing there creates is dead code (RULES.md, *Reaches a screen*). Without one, they
    /// are part of a module whose entry points lie elsewhere.
    private static func folderModuleHasEntry(files: [ConfiguredFile], results: [SurveyPart?]) -> Bool {
        zip(files, results).contains { file, part in
            inFolderModule(file) && (part?.creations.declared.contains { $0.role == .entry } ?? false)
        }
    }

    private static func inFolderModule(_ file: ConfiguredFile) -> Bool {
        file.facts.runCoversProject && !file.facts.runCoversClaimingProject
    }

    static func deadCodeIsKnown(_ file: ConfiguredFile, folderModuleHasEntry: Bool) -> Bool {
        file.facts.runCoversClaimingProject || (folderModuleHasEntry && inFolderModule(file))
    }

    /// A chart view's title is often given where another file uses it (`DetailCard(title: "Humidity") {
    /// HumidityChart() }`), in a file with none of the words that make the survey parse it. Once the first pass
    /// knows the module's chart views, the files that create one are parsed for how they use them; there are few.
    /// So is a button style that draws a title: the views in the labels of buttons it styles are labelled by it, and
    /// a link wrapper (`ArticleLink { CardView() }`): the views given to it are in a control's label.
    private func addUsesOfChartViews(to results: inout [SurveyPart?], files: [ConfiguredFile], within: Set<Int>?) {
        let wanted = results.reduce(into: Set<String>()) {
            $0.formUnion($1?.facts.index.chartViews ?? [])
            $0.formUnion($1?.facts.index.titleDrawingStyles ?? [])
            $0.formUnion($1?.facts.index.controlWrapperViews ?? [])
        }
        guard !wanted.isEmpty else { return }
        // A file with a part of the index already was parsed for it, uses and all.
        let creating = results.indices.filter { index in
            guard within?.contains(index) ?? true, let part = results[index], part.facts.index.isEmpty else { return false }
            return part.creations.sites.contains { wanted.contains($0.created) }
        }
        addIndexParts(to: &results, at: creating, files: files) { file, configuration in
            ModuleIndex(contributionOf: SwiftUIFile(tree: file, components: configuration.components))
        }
    }

    /// The screens swiped rows open, and the types whose members a `ShareLink` shares (`Links.appStore`), are often
    /// declared in files of their own, with none of the words that make the survey parse a file. Once the first pass
    /// knows them, the files that declare one are parsed for what those screens offer (`ModuleIndex.screenActions`)
    /// and which of those members hold text or a URL (`textOrURLMembers`); there are few.
    /// A swiped `NavigationLink(value:)` row's screen is where another file's `.navigationDestination(for:)` sends its
    /// value's type (`ModuleIndex.valueDestinations`, `swipeValueTypes`), known once every file's part is in.
    private func addScreensOfSwipeDestinations(to results: inout [SurveyPart?], files: [ConfiguredFile], within: Set<Int>?) {
        let screens = Self.swipeScreens(results)
        addFactsOfDeclaredTypes(screens, to: &results, files: files, within: within) { $0.addScreenActions(of: $1, in: $2) }
    }

    private static func swipeScreens(_ results: [SurveyPart?]) -> Set<String> {
        var joined = ModuleIndex()
        for part in results {
            guard let index = part?.facts.index else { continue }
            joined.swipeDestinations.formUnion(index.swipeDestinations)
            joined.valueDestinations.formUnion(index.valueDestinations)
            joined.swipeValueTypes.formUnion(index.swipeValueTypes)
        }
        return joined.swipeDestinations.union(joined.swipeValueTypes.compactMap(joined.valueDestination(for:)))
    }

    private func addMembersOfShareItemTypes(to results: inout [SurveyPart?], files: [ConfiguredFile], within: Set<Int>?) {
        let types = results.reduce(into: Set<String>()) { $0.formUnion($1?.facts.index.shareItemTypes ?? []) }
        addFactsOfDeclaredTypes(types, to: &results, files: files, within: within) { $0.addTextOrURLMembers(of: $1, in: $2) }
    }

    /// Parses the files that declare a type the first pass collected in `wanted`, adding what `add` finds of them.
    private func addFactsOfDeclaredTypes(_ types: Set<String>, to results: inout [SurveyPart?],
                                         files: [ConfiguredFile], within: Set<Int>?,
                                         add: @escaping @Sendable (inout ModuleIndex, Set<String>, SwiftUIFile) -> Void) {
        guard !types.isEmpty else { return }
        let declaring = results.indices.filter { index in
            (within?.contains(index) ?? true) && results[index]?.creations.declared.contains { types.contains($0.name) } == true
        }
        addIndexParts(to: &results, at: declaring, files: files) { file, configuration in
            var index = ModuleIndex()
            add(&index, types, SwiftUIFile(tree: file, components: configuration.components))
            return index
        }
    }

    /// The files at `indices` parsed again, in parallel, each adding what `part` finds in its tree to its part of the
    /// index: the second passes, for facts the first pass learned which files hold.
    private func addIndexParts(to results: inout [SurveyPart?], at indices: [Int], files: [ConfiguredFile],
                               part: @escaping @Sendable (SourceFileSyntax, Configuration) -> ModuleIndex) {
        let found = ConcurrentResults<ModuleIndex>(count: indices.count)
        ParallelRunner.forEach(count: indices.count, workers: engine.workers) { position in
            let file = files[indices[position]]
            guard case .success(let data) = SourceReader.read(file.path) else { return }
            found[position] = data.withUnsafeBytes { part(Parser.parse(source: $0.bindMemory(to: UInt8.self)), file.configuration) }
        }
        for (position, index) in indices.enumerated() {
            if let added = found.values[position] { results[index]?.facts.index.formUnion(added) }
        }
    }

    /// Where a shipping file's code runs: its platforms, and whether it is widget content.
    static func context(of file: ConfiguredFile) -> Reach {
        Reach(platforms: file.facts.platforms, outsideWidgets: !file.facts.isWidgetExtensionCode)
    }

    /// The survey again for the file at `index` alone (it was saved), the others' parts kept.
    func run(_ survey: Survey, updating index: Int, of files: [ConfiguredFile]) -> Survey? {
        guard var parts = survey.parts, parts.indices.contains(index), survey.files.indices.contains(index) else { return nil }
        let file = files[index]
        var updated = survey
        var creations = CreationScan()
        switch SourceReader.read(file.path) {
        case .success(let data):
            let found = data.withUnsafeBytes { raw in
                record(of: raw.bindMemory(to: UInt8.self), configuration: file.configuration, symbols: engine.moduleSymbols,
                       indexing: engine.usesModuleIndex)
            }
            parts[index] = found.facts
            creations = found.creations
            updated.files[index] = SurveyedFile(content: nil, passedOver: found.passedOver)
        case .failure:
            parts[index] = ModuleFacts()
            updated.files[index] = nil
        }
        if engine.usesModuleIndex, var scans = survey.creations, scans.indices.contains(index) {
            scans[index] = creations
            parts = addingSecondPasses(to: parts, creations: scans, files: files, saved: index, before: survey.parts ?? [])
            updated.creations = scans
        }
        updated.parts = parts
        updated.module = parts.reduce(into: ModuleFacts()) { $0.formUnion($1) }
        updated.module.localizedStrings = survey.module.localizedStrings
        if var reachFiles = survey.reachFiles, reachFiles.indices.contains(index) {
            reachFiles[index].scan = creations
            // The saved file may have gained or lost the entry point of a folder's module: the same facts as a
            // whole survey, for every file of it.
            let hasEntry = zip(files, reachFiles).contains { file, reach in
                Self.inFolderModule(file) && reach.scan.declared.contains { $0.role == .entry }
            }
            for (position, file) in files.enumerated() where position < reachFiles.count
                && (position == index || Self.inFolderModule(file)) {
                reachFiles[position] = ModuleReach.FileCreations(
                    scan: reachFiles[position].scan, context: Self.context(of: file), moduleIsWhole: file.facts.runCoversProject,
                    deadCodeIsKnown: Self.deadCodeIsKnown(file, folderModuleHasEntry: hasEntry),
                    publicIsInternal: file.facts.isInAppLocalPackage)
            }
            updated.reachFiles = reachFiles
            updated.module.index.reach = ModuleReach(files: reachFiles)
        }
        return updated
    }

    /// The second passes of a saved file's survey: the saved file parsed again for what every file wants of it, and
    /// the files that declare or create what it newly wants, as a whole survey would (their parts keep what the
    /// others wanted of them before).
    private func addingSecondPasses(to parts: [ModuleFacts], creations: [CreationScan], files: [ConfiguredFile], saved: Int,
                                    before: [ModuleFacts]) -> [ModuleFacts] {
        let placeholder = SurveyedFile(content: nil, passedOver: false)
        var results: [SurveyPart?] = zip(parts, creations).map { SurveyPart(facts: $0, file: placeholder, creations: $1) }
        let known = Self.secondPassNames(zip(before, creations).map { SurveyPart(facts: $0, file: placeholder, creations: $1) })
        let wantedNow = Self.secondPassNames(results).subtracting(known)
        var within: Set<Int> = [saved]
        if !wantedNow.isEmpty {
            for (position, scan) in creations.enumerated()
            where scan.declared.contains(where: { wantedNow.contains($0.name) }) || scan.sites.contains(where: { wantedNow.contains($0.created) }) {
                within.insert(position)
            }
        }
        addSecondPasses(to: &results, files: files, within: within)
        return results.map { $0?.facts ?? ModuleFacts() }
    }

    /// With `indexing`, a file that can add to the module index is parsed for its part (`ModuleFacts.survey`).
    /// A file larger than `maxFileSize` (phase 2 drops those; this one grew since, or was saved larger) says nothing.
    func record(of bytes: UnsafeBufferPointer<UInt8>, configuration: Configuration, symbols: Set<String>, indexing: Bool) -> SurveyRecord {
        guard configuration.sizePassOverReason(byteCount: bytes.count) == nil else {
            return SurveyRecord(passedOver: true, facts: ModuleFacts(), creations: CreationScan())
        }
        let creations = CreationScan(bytes)
        // A view named like a control (`SegmentPicker`) is a fact of the index only its declaring file gives, and
        // that file may mention none of the words that make the survey parse it.
        let declaresControl = creations.declared.contains { $0.isView && SwiftUIFile.isNamedLikeControl($0.name) }
        return SurveyRecord(passedOver: engine.isPassedOver(bytes, configuration: configuration),
                            facts: ModuleFacts.survey(bytes, for: symbols, indexing: indexing, components: configuration.components,
                                                      declaresControl: declaresControl),
                            creations: creations)
    }
}
