import Foundation
import HIGLintProject
import HIGLintSwiftUI

/// How many files a run passed over, by reason: code that does not ship, and files larger than `maxFileSize`.
public struct PassedOver: Sendable, Equatable {
    public var counts: [PassOverReason: Int] = [:]

    public init(counts: [PassOverReason: Int] = [:]) { self.counts = counts }

    public var total: Int { counts.values.reduce(0, +) }

    /// `12 files passed over (8 test code, 4 preview content)`; empty when none was.
    public var summary: String {
        guard total > 0 else { return "" }
        let reasons = counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key.rawValue)" }
        return "\(total == 1 ? "1 file" : "\(total) files") passed over (\(reasons.joined(separator: ", ")))"
    }
}

/// Phase 3: what the projects around the files say, folded into each file's configuration.
///
/// A file's platforms and deployment targets come, first to last, from its `#if` conditions (the rules read
/// those), its configuration, the project that builds it, and else every platform. Configured values win per
/// key: a configured `platforms` is kept whole, a configured deployment target per platform. Files that do not
/// ship are dropped and counted, unless their configuration checks non-shipping code; the files phase 2 found
/// too large are counted with them, whatever it checks. The facts become part of each file's configuration,
/// which the result cache already keys on.
public enum ProjectFactsPhase {
    public struct Outcome: Sendable {
        public var files: ConfiguredFiles
        public var passedOver = PassedOver()
        public var warnings: [ProjectWarning] = []
        /// The Swift files passed over, with their facts: the survey reads what they create (a view that only a
        /// test or screenshot target creates does not ship either).
        public var passedOverSwiftFiles: [ConfiguredFile] = []
    }

    /// `timeLimit`: the seconds each project file may take to read, as a source file may to check (`nil`: no limit).
    public static func read(for paths: [String], files: ConfiguredFiles, timeLimit: TimeInterval? = nil) -> (ProjectFacts, Outcome) {
        let words = Set(files.swiftFiles.flatMap(\.configuration.screenshotTargets)).sorted()
        let facts = ProjectFacts.read(for: paths, screenshotTargetNames: words, reading: .bounded(by: timeLimit))
        return (facts, apply(facts, to: files, runPaths: paths))
    }

    /// `runPaths`: what the run lints; a file whose projects all lie inside them is marked `runCoversProject`.
    /// `beingWritten`: the files are buffers (an editor's, standard input, an agent's code), judged even before a
    /// target builds them.
    public static func apply(_ facts: ProjectFacts, to files: ConfiguredFiles, runPaths: [String] = [],
                             beingWritten: Bool = false) -> Outcome {
        let roots = runPaths.map { ProjectFacts.standardized($0) }
        let appPlatforms = facts.appPlatforms(runRoots: roots)
        // Files too large to read were dropped by phase 2; they are counted here with the rest.
        var passedOver = PassedOver(counts: files.tooLarge > 0 ? [.tooLarge: files.tooLarge] : [:])
        var passedOverSwiftFiles: [ConfiguredFile] = []
        func placed(_ list: [ConfiguredFile], factsPath: (String) -> String, isSwift: Bool) -> [ConfiguredFile] {
            list.compactMap { file in
                let fileFacts = facts.facts(forFile: factsPath(file.path), beingWritten: beingWritten)
                var placedFile = ConfiguredFile(path: file.path, configuration: configuration(file.configuration, with: fileFacts))
                // The projects that build the file lie inside the run's folders; a file no project claims was
                // reached through a folder of the run, not named alone.
                func inside(_ path: String) -> Bool { roots.contains { path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") } }
                let projectFolders = roots.isEmpty ? [] : facts.projectFolders(forFile: factsPath(file.path))
                placedFile.configuration.runCoversProject = projectFolders.isEmpty
                    ? roots.contains { root in ProjectFacts.standardized(file.path).hasPrefix(root.hasSuffix("/") ? root : root + "/") }
                    : projectFolders.allSatisfy(inside)
                placedFile.configuration.runCoversClaimingProject = !projectFolders.isEmpty && placedFile.configuration.runCoversProject
                placedFile.configuration.isInAppLocalPackage = placedFile.configuration.runCoversClaimingProject
                    && facts.isInAppLocalPackage(factsPath(file.path), runRoots: roots)
                // An app's package runs only where the app does: a Mac app's package is no iOS code, whatever
                // platforms its manifest leaves at SwiftPM's defaults.
                if placedFile.configuration.isInAppLocalPackage, !file.configuration.platformsAreConfigured, let appPlatforms {
                    let narrowed = placedFile.configuration.platforms.intersection(appPlatforms)
                    if !narrowed.isEmpty { placedFile.configuration.platforms = narrowed }
                }
                if let reason = fileFacts.passOverReason, !file.configuration.checksNonShippingCode {
                    passedOver.counts[reason, default: 0] += 1
                    if isSwift { passedOverSwiftFiles.append(placedFile) }
                    return nil
                }
                return placedFile
            }
        }
        let kept = ConfiguredFiles(swiftFiles: placed(files.swiftFiles, factsPath: { $0 }, isSwift: true),
                                   imageSets: placed(files.imageSets, factsPath: { $0 + "/Contents.json" }, isSwift: false),
                                   errors: files.errors, tooLarge: files.tooLarge)
        return Outcome(files: kept, passedOver: passedOver, warnings: facts.warnings, passedOverSwiftFiles: passedOverSwiftFiles)
    }

    /// `configuration` with the project's facts where it says nothing itself.
    public static func configuration(_ configuration: Configuration, with facts: FileFacts) -> Configuration {
        var result = configuration
        if !configuration.platformsAreConfigured, let platforms = facts.platforms { result.platforms = platforms }
        // Where no project builds the file, nothing is known of its targets: what the run was given stands.
        if !facts.targets.isEmpty {
            result.isWidgetExtensionCode = facts.isWidgetExtension
            result.isPhoneOnlyOnIOS = facts.isPhoneOnly
        }
        for (platform, version) in facts.deploymentTargets where result.deploymentTarget[platform] == nil {
            result.deploymentTarget[platform] = version
        }
        return result
    }
}

extension ProjectReading {
    /// Project files read as source files are checked (`ParallelRunner`): each on a thread with a large stack, given
    /// up after `timeLimit` seconds (`nil`: no limit). The thread of a file given up runs on until the process ends.
    public static func bounded(by timeLimit: TimeInterval?) -> ProjectReading {
        ProjectReading(timeLimit: timeLimit) { count, body in
            let givenUp = ConcurrentResults<Bool>(count: count)
            ParallelRunner.forEach(count: count, timeLimit: timeLimit, onTimeout: { givenUp[$0] = true }, body)
            return Set(givenUp.values.indices.filter { givenUp[$0] == true })
        }
    }
}
