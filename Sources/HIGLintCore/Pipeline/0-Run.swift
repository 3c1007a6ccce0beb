import Foundation
import HIGLintProject
import SwiftSyntax

// A run of HIGLint is a pipeline of named phases, one file each in this folder, in the order they run:
//
//   1 collect files            `FileCollector`: the Swift files and image sets under the given paths
//   2 resolve configuration    `ConfigurationPhase`: each file's configuration, or the mistakes that stop the run
//   3 read project facts       `ProjectFactsPhase`: platforms, deployment targets and what ships, from the projects
//   4 survey the module        `SurveyPhase`: one read of every file for the facts that cross files
//   5 check files in parallel  `CheckPhase`: parse, walk once, dispatch to the rules, suppress, locate
//   6 results                  `LintResult.collect`: findings and errors in report order
//
// The result cache (`CachedPhases`) wraps phases 4 and 5: it answers for a file whose key matches, and stores
// what they compute otherwise; the phases know nothing of it. Every way of running HIGLint goes through the same
// phases: `lint(paths:)` runs them all; `prepare(paths:)` stops after the survey, so that `fix`, standard input
// and the servers check single buffers against the same module (`PreparedRun.lint(source:path:)`).

/// Phases 1 to 4 of a run: the files to check, each with its configuration, and what the survey learned from them.
/// Single buffers checked against it (`lint(source:path:)`) see the same module facts as `lint(paths:)` would.
public struct PreparedRun: Sendable {
    public let engine: LintEngine
    public let files: ConfiguredFiles
    /// Paths that could not be collected (missing, unreadable folders).
    public let collectionErrors: [FileError]
    public let survey: Survey
    /// What phase 3 read from the projects around the paths, and the files it passed over.
    public let projects: ProjectFactsPhase.Outcome
    /// Each run file, with its configuration and facts, by path: `fix` and the servers look one up for every buffer
    /// they check.
    private let filesByPath: [String: ConfiguredFile]
    /// The projects around buffers outside the run's files, read once per folder rather than once per buffer.
    let projectsAround: ProjectFactsMemo
    /// The module's facts without each buffer's own file, worked out once per file (`module(excluding:)`).
    let othersMemo = ModuleFactsMemo()

    init(engine: LintEngine, files: ConfiguredFiles, collectionErrors: [FileError], survey: Survey,
         projects: ProjectFactsPhase.Outcome, projectsAround: ProjectFactsMemo = ProjectFactsMemo()) {
        self.engine = engine
        self.files = files
        self.collectionErrors = collectionErrors
        self.survey = survey
        self.projects = projects
        self.projectsAround = projectsAround
        filesByPath = Dictionary(files.swiftFiles.map { ($0.path, $0) }) { first, _ in first }
    }

    /// Mistakes in configuration files: when there are any, nothing may be checked.
    public var configurationErrors: [ConfigurationError] { files.errors }

    /// Lints `source` as the file at `path`, with that file's configuration and facts and this run's module facts, in which
    /// `source` stands for the file's own part (what it declares and mentions); a file the configuration leaves
    /// out, and a buffer larger than its `maxFileSize` (`passOverReason(byteCount:path:)`), has no findings.
    /// `tree`, when given, must be the parse of exactly `source`.
    public func lint(source: String, path: String, tree: SourceFileSyntax? = nil) throws(ConfigurationError) -> [Diagnostic] {
        guard let file = try file(at: path) else { return [] }
        var text = source
        return text.withUTF8 {
            engine.check(buffer: $0, path: path, configuration: file.configuration, facts: file.facts, module: module(excluding: path),
                         addsBuffer: true, tree: tree).diagnostics
        }
    }

    /// Lints source bytes as the file at `path`, as `lint(source:path:)` does; bytes that are not UTF-8 text
    /// are an error. `tree`, when given, must be the parse of exactly `data` (the servers reparse an edited buffer
    /// incrementally); the findings are those of a fresh parse.
    public func lint(data: Data, path: String, tree: SourceFileSyntax? = nil) -> Result<[Diagnostic], FileError> {
        let file: ConfiguredFile?
        do throws(ConfigurationError) {
            file = try self.file(at: path)
        } catch {
            return .failure(FileError(path: error.path, reason: error.description))
        }
        guard let file else { return .success([]) }
        return engine.check(data: data, path: path, configuration: file.configuration, facts: file.facts, module: module(excluding: path),
                            addsBuffer: true, tree: tree).map(\.diagnostics)
    }

    /// Why a buffer of `byteCount` bytes standing for the file at `path` gets no findings without being parsed (it
    /// is larger than the file's `maxFileSize`); `nil` when `lint(source:path:)` would check it. The servers ask
    /// before they parse a buffer, and say why it has no findings.
    public func passOverReason(byteCount: Int, path: String) -> String? {
        guard let file = try? file(at: path) else { return nil }
        return file.configuration.sizePassOverReason(byteCount: byteCount)
    }

    /// The findings of the run's image sets, which have no fixes: judged, as `lint(paths:)` judges them, by how the
    /// surveyed code uses each set.
    public func lintImageSets() -> LintResult {
        let outcomes = CheckPhase(engine: engine).run(ConfiguredFiles(imageSets: files.imageSets),
                                                      survey: Survey(module: survey.module, files: []), cache: nil)
        return LintResult.collect(outcomes, errors: [])
    }

    /// The file at `path` with its configuration and facts: a run file's, or a buffer's; `nil` when the configuration
    /// leaves it out.
    private func file(at path: String) throws(ConfigurationError) -> ConfiguredFile? {
        if let known = filesByPath[path] { return known }
        guard let configured = try engine.source.configuration(forFile: path) else { return nil }
        let file = ConfiguredFile(path: path, configuration: configured)
        // A buffer outside the run's files (standard input, an editor's new file, an agent's code) gets the facts
        // of the projects around its path, and is judged even when no target builds it yet: it is being written.
        let directory = (path as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: directory.isEmpty ? "." : directory) else { return file }
        let phase = ProjectFactsPhase.apply(projectsAround.facts(for: directory.isEmpty ? "." : directory, timeLimit: engine.fileTimeLimit),
                                            to: ConfiguredFiles(swiftFiles: [file]), beingWritten: true)
        return phase.files.swiftFiles.first
    }
}

extension LintEngine {
    /// Lints every Swift file and asset-catalog image set under `paths`, in parallel.
    ///
    /// Configuration is resolved for every file first: a mistake in any configuration file stops the run before
    /// anything is checked, since findings under a half-read configuration would mislead.
    public func lint(paths: [String]) -> LintResult {
        let (collection, projects) = placedFiles(under: paths)
        guard projects.files.errors.isEmpty else {
            return LintResult(diagnostics: [], errors: collection.errors, filesChecked: 0, configurationErrors: projects.files.errors)
        }
        let files = projects.files
        let cached = cache.map { CachedPhases(engine: self, cache: $0, paths: paths, fileCount: files.swiftFiles.count) }
        let survey = SurveyPhase(engine: self).run(files.swiftFiles, passedOver: projects.passedOverSwiftFiles,
                                                   stringCatalogs: collection.stringCatalogs, cache: cached)
        cached?.begin(module: survey.module, files: survey.files)
        let outcomes = CheckPhase(engine: self).run(files, survey: survey, cache: cached)
        cached?.save()
        var result = LintResult.collect(outcomes, errors: collection.errors)
        result.passedOver = projects.passedOver
        result.projectWarnings = projects.warnings.map(\.description)
        return result
    }

    /// Phases 1 to 4 for `paths`, without the cache: what `fix` and the servers check buffers against.
    /// With `keepsFileParts` (the servers), each file's part of the module facts is kept: a buffer is then checked
    /// with its own part in place of its file's, and a saved file can be surveyed again alone (`resurveying`).
    public func prepare(paths: [String], keepsFileParts: Bool = false) -> PreparedRun {
        let (collection, projects) = placedFiles(under: paths)
        let files = projects.files
        let survey = files.errors.isEmpty
            ? SurveyPhase(engine: self).run(files.swiftFiles, passedOver: projects.passedOverSwiftFiles,
                                            stringCatalogs: collection.stringCatalogs, cache: nil,
                                            keepsParts: keepsFileParts)
            : Survey()
        return PreparedRun(engine: self, files: files, collectionErrors: collection.errors, survey: survey, projects: projects)
    }

    /// Phases 1 to 3, which every run shares: the files under `paths`, each with its configuration and project
    /// facts. Projects are not read when configuration has mistakes (nothing will be checked) or for no paths.
    private func placedFiles(under paths: [String]) -> (FileCollector.Collection, ProjectFactsPhase.Outcome) {
        let collection = FileCollector.files(under: paths)
        let configured = ConfigurationPhase.resolve(collection, source: source, readsImageSets: !assetRules.isEmpty)
        guard configured.errors.isEmpty, !paths.isEmpty else { return (collection, ProjectFactsPhase.Outcome(files: configured)) }
        return (collection, ProjectFactsPhase.read(for: paths, files: configured, timeLimit: fileTimeLimit).1)
    }
}
