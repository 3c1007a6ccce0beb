import Foundation
import HIGLintProject

// What a prepared run keeps for the buffers the servers check again and again: editors check a buffer on every
// keystroke and agents a file on every change, so what depends only on the workspace is worked out once per
// survey, and a saved file updates its own part of the survey instead of starting it over.

extension PreparedRun {
    /// The module's facts without the part of the file at `path` (all of them for a file outside the run, or
    /// when the survey kept no parts): an edited buffer is checked against these with its own part, so that what
    /// it no longer declares or uses is not taken from the file on disk.
    func module(excluding path: String) -> ModuleFacts {
        othersMemo.facts(excluding: path) {
            guard let parts = survey.parts, let index = files.swiftFiles.firstIndex(where: { $0.path == path }),
                  parts.indices.contains(index) else { return survey.module }
            var others = parts.indices.reduce(into: ModuleFacts()) { facts, other in
                if other != index { facts.formUnion(parts[other]) }
            }
            // Where the module creates its types is a fact of the files on disk: it changes when a file is saved.
            others.index.reach = survey.module.index.reach
            others.localizedStrings = survey.module.localizedStrings
            return others
        }
    }

    /// This run with the file at `path` surveyed again (it was saved) and the others' parts kept; `nil` when the
    /// path is none of the run's files (a new file needs its configuration and projects: the whole survey).
    public func resurveying(_ path: String) -> PreparedRun? {
        guard let index = files.swiftFiles.firstIndex(where: { $0.path == path }),
              let updated = SurveyPhase(engine: engine).run(survey, updating: index, of: files.swiftFiles) else { return nil }
        return PreparedRun(engine: engine, files: files, collectionErrors: collectionErrors, survey: updated, projects: projects,
                           projectsAround: projectsAround)
    }
}

/// `PreparedRun.module(excluding:)` by path.
final class ModuleFactsMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var facts: [String: ModuleFacts] = [:]

    func facts(excluding path: String, compute: () -> ModuleFacts) -> ModuleFacts {
        if let known = lock.withLock({ facts[path] }) { return known }
        let computed = compute()
        lock.withLock { facts[path] = computed }
        return computed
    }
}

/// Project facts by folder, for the buffers a prepared run checks outside its files (an unsaved file, an agent's
/// code): an editor or agent checks the same file many times, and reading the projects around it (Xcode projects,
/// package manifests) costs tens of milliseconds.
final class ProjectFactsMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var facts: [String: ProjectFacts] = [:]

    func facts(for directory: String, timeLimit: TimeInterval?) -> ProjectFacts {
        if let known = lock.withLock({ facts[directory] }) { return known }
        let read = ProjectFacts.read(for: [directory], reading: .bounded(by: timeLimit))
        lock.withLock { facts[directory] = read }
        return read
    }
}
