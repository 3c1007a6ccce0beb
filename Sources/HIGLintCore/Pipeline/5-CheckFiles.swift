import Foundation
import HIGLintSwiftUI
import SwiftParser
import SwiftSyntax

/// Phase 5: every file checked in parallel, each within the run's time limit: Swift files against the survey's
/// module facts, image sets by the asset rules.
struct CheckPhase {
    let engine: LintEngine

    /// One outcome per Swift file and then per image set, in the order of `files`; `nil` for none.
    func run(_ files: ConfiguredFiles, survey: Survey, cache: CachedPhases?) -> [Result<FileFindings, FileError>?] {
        let (swift, assets) = (files.swiftFiles, files.imageSets)
        let count = swift.count + assets.count
        let outcomes = ConcurrentResults<Result<FileFindings, FileError>>(count: count)
        let limit = engine.fileTimeLimit
        @Sendable func path(_ index: Int) -> String { index < swift.count ? swift[index].path : assets[index - swift.count].path }
        ParallelRunner.forEach(count: count, workers: engine.workers, timeLimit: limit, onTimeout: { index in
            outcomes.setIfEmpty(index, .failure(FileError(path: path(index), reason: LintEngine.timeoutReason(limit ?? 0))))
        }) { index in
            if index < swift.count {
                outcomes.setIfEmpty(index, check(swift[index], surveyed: survey.file(at: index), index: index, module: survey.module,
                                                 cache: cache))
            } else {
                outcomes.setIfEmpty(index, check(imageSet: assets[index - swift.count], module: survey.module, cache: cache)
                    .map { FileFindings(diagnostics: $0) })
            }
        }
        return outcomes.values
    }

    private func check(_ file: ConfiguredFile, surveyed: SurveyedFile?, index: Int, module: ModuleFacts,
                       cache: CachedPhases?) -> Result<FileFindings, FileError> {
        if surveyed?.passedOver == true { return .success(FileFindings(diagnostics: [])) }
        let check = { (data: Data) in
            engine.check(data: data, path: file.path, configuration: file.configuration, facts: file.facts, module: module)
        }
        if let cache { return cache.check(file, surveyedAt: index, content: surveyed?.content, compute: check) }
        return SourceReader.read(file.path).flatMap(check)
    }

    private func check(imageSet file: ConfiguredFile, module: ModuleFacts, cache: CachedPhases?) -> Result<[Diagnostic], FileError> {
        let uses = module.imageUses.isKnown ? module.imageUses : nil
        let check = { (imageSet: ImageSet) in
            engine.check(imageSet: imageSet, configuration: file.configuration, facts: file.facts, imageUses: uses)
        }
        if let cache { return cache.check(imageSet: file, imageUses: uses, compute: check) }
        return ImageSet.load(folder: file.path).map(check)
    }
}

extension LintEngine {
    /// Checks source bytes as the file at `path`, with its configuration and what it is built as (`facts`); bytes
    /// that are not UTF-8 text are an error, not findings.
    /// `module` describes the files linted with it (`nil`: this file alone); with `addsBuffer`, it is taken to
    /// include what the buffer itself says, as when an edited buffer is checked against an earlier survey.
    func check(data: Data, path: String, configuration: Configuration, facts: BuildFacts, module: ModuleFacts?,
               addsBuffer: Bool = false, tree: SourceFileSyntax? = nil) -> Result<FileFindings, FileError> {
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
        return .success(bytes.withUnsafeBufferPointer {
            check(buffer: $0, path: path, configuration: configuration, facts: facts, module: module, addsBuffer: addsBuffer, tree: tree)
        })
    }

    /// The check of one buffer: parse, one walk that dispatches nodes to the rules, suppressions, positions; a
    /// buffer larger than `maxFileSize` has no findings and is not parsed.
    /// `tree`, when given, is the parse of exactly these bytes made by the caller (an editor's buffer reparsed
    /// incrementally after an edit); it is used instead of parsing them again.
    func check(buffer: UnsafeBufferPointer<UInt8>, path: String, configuration: Configuration, facts: BuildFacts,
               module: ModuleFacts?, addsBuffer: Bool = false, tree parsed: SourceFileSyntax? = nil) -> FileFindings {
        // Every way of checking a buffer ends here: one over `maxFileSize` (a file that grew after phase 2 measured
        // it, standard input, an editor's or an agent's buffer) is passed over without a parse.
        guard configuration.sizePassOverReason(byteCount: buffer.count) == nil else { return FileFindings(diagnostics: []) }
        let plan = plans.plan(for: self, configuration: configuration)
        if plan.passesOver(buffer, prefiltering: usesPrefilter) { return FileFindings(diagnostics: []) }
        let tree = parsed ?? Parser.parse(source: buffer)
        let sink = DiagnosticSink(severityFor: configuration.severity(of:))
        if !plan.rules.isEmpty, configuration.checksNonShippingCode || !GeneratedSource.isGenerated(tree, path: path) {
            let alone = { ModuleFacts.alone(buffer, tree: tree, symbols: moduleSymbols, indexing: usesModuleIndex,
                                            components: configuration.components) }
            var moduleFacts = module ?? alone()
            if module != nil, addsBuffer { moduleFacts.formUnion(alone()) }
            let file = SwiftUIFile(tree: tree, components: configuration.components, module: moduleFacts.index)
            file.deployment = Deployment(platforms: facts.platforms, majorVersion: facts.deploymentMajorVersion(on:))
            let dispatcher = RuleDispatcher(plan: plan, file: file, configuration: configuration, facts: facts, module: moduleFacts,
                                            sink: sink, occurrences: usesPrefilter ? plan.occurrences?.offsets(in: buffer) : nil)
            dispatcher.walk(tree)
        }
        let checksComments = !plan.suppressionRules.isEmpty && SuppressionMap.mentionsDirective(buffer)
        guard !sink.findings.isEmpty || checksComments else { return FileFindings(diagnostics: []) }

        let converter = SourceLocationConverter(fileName: path, tree: tree)
        var suppressions = SuppressionMap(tree: tree, source: buffer, converter: { converter })
        var kept: [(finding: DiagnosticSink.Finding, line: Int, column: Int)] = []
        var suppressed = 0
        func keep(_ finding: DiagnosticSink.Finding, unless isSilenced: (_ line: Int) -> Bool) {
            let location = converter.location(for: AbsolutePosition(utf8Offset: finding.offset))
            if isSilenced(location.line) { suppressed += 1 } else { kept.append((finding, location.line, location.column)) }
        }
        for finding in sink.findings { keep(finding) { suppressions.suppress(rule: finding.rule, line: $0) } }
        // Comments are judged once every finding of the rules has been matched to what silenced it.
        if checksComments {
            for (finding, directive) in commentFindings(suppressions, plan: plan, configuration: configuration) {
                keep(finding) { suppressions.isSuppressed(rule: finding.rule, line: $0, ignoring: directive) }
            }
        }

        var diagnostics: [Diagnostic] = []
        var lines = LineTexts(buffer: buffer)
        // In file order, so columns on one line are counted on from the finding before.
        for (finding, line, byteColumn) in kept.sorted(by: { $0.finding.offset < $1.finding.offset }) {
            var lineStart = finding.offset - (byteColumn - 1)
            // A UTF-8 byte order mark is no character a person sees on the first line.
            if lineStart == 0, finding.offset >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { lineStart = 3 }
            let (column, lineText) = lines.column(of: finding.offset, lineStart: lineStart)
            diagnostics.append(Diagnostic(
                rule: finding.rule, section: finding.section, severity: finding.severity,
                path: path, line: line, column: column, offset: finding.offset,
                message: finding.message, fix: finding.fix, lineText: lineText))
        }
        return FileFindings(diagnostics: diagnostics.sorted(by: Diagnostic.reportOrder), suppressed: suppressed)
    }

    /// The findings of the enabled `SuppressionRule`s about the file's `// higlint:` comments, each with the
    /// directive it is about.
    private func commentFindings(_ suppressions: SuppressionMap, plan: FilePlan,
                                 configuration: Configuration) -> [(DiagnosticSink.Finding, Int?)] {
        let enabled = Dictionary(plan.suppressionRules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let problems = suppressions.problems(known: catalog.ids) { id in id == "all" ? plan.runsEveryRule : plan.ruleIDs.contains(id) }
        return problems.compactMap { problem in
            let id = problem.isInvalid ? InvalidSuppression.description.id : UnusedSuppression.description.id
            return enabled[id].map { rule in
                (DiagnosticSink.Finding(rule: rule.id, section: rule.section, severity: configuration.severity(of: rule),
                                        offset: problem.offset, message: problem.message), problem.directive)
            }
        }
    }

    /// Runs the asset rules over a decoded image set.
    func check(imageSet: ImageSet, configuration: Configuration, facts: BuildFacts, imageUses: ImageUses? = nil) -> [Diagnostic] {
        let sink = DiagnosticSink(severityFor: configuration.severity(of:))
        for rule in assetRules where configuration.isEnabled(type(of: rule).description) {
            let context = AssetContext(configuration: configuration, facts: facts, description: type(of: rule).description,
                                       imageUses: imageUses, sink: sink)
            rule.check(imageSet, in: context)
        }
        return sink.findings.map {
            Diagnostic(rule: $0.rule, section: $0.section, severity: $0.severity,
                       path: imageSet.contentsPath, line: 1, column: 1, offset: 0, message: $0.message, fix: $0.fix)
        }.sorted(by: Diagnostic.reportOrder)
    }
}
