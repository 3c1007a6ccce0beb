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

/// What a file is built as and what the run holds of it: facts that no one configures, worked out per file by phase 3
/// from the file's configuration, the projects around it and the run's paths, and carried beside the configuration
/// to the survey (`SurveyPhase`), the result cache's keys and the rules (`RuleContext.facts`).
///
/// A file's platforms and deployment targets come, first to last, from its `#if` conditions (the rules read those),
/// its configuration, the project that builds it, and else every platform. Configured values win per key: a
/// configured `platforms` is kept whole, a configured deployment target per platform.
///
/// `init(configuration:project:…)` is the one builder: `lint`, `fix`, the servers, standard input and the rule
/// examples all get their facts from it, through phase 3 (`ProjectFactsPhase.apply`), or, for a buffer linted
/// without a run (`LintEngine.lint(source:)`), with no project.
public struct BuildFacts: Sendable, Equatable {
    /// The platforms the file is built for: configured, else those of the targets that build it, else all.
    /// `#if os(…)` narrows this further (`RuleContext.platforms(at:)`).
    public private(set) var platforms: Platforms = .all
    /// Minimum OS versions by platform name (`"iOS": "17.0"`): the configured ones, and the project's for the others.
    public private(set) var deploymentTargets: [String: String] = [:]
    /// The file is built only by widget extensions: widget content, shown as snapshots at sizes the system sets.
    public private(set) var isWidgetExtensionCode = false
    /// On iOS, every target that builds the file runs on iPhone alone: screens are a phone's width.
    public private(set) var isPhoneOnlyOnIOS = false
    /// The run covers the whole project that builds the file, or reached the file, which no project claims, through
    /// a folder: a view only previews create there is created by nothing else.
    public private(set) var runCoversProject = false
    /// The file is built by projects that the run covers whole: a view type nothing in the run creates is then
    /// created nowhere (`ModuleReach`). Loose folders have no such knowledge: their top views may be anyone's.
    public private(set) var runCoversClaimingProject = false
    /// The file is built only by a local package of an app the run holds (`ProjectFacts.isInAppLocalPackage`): its
    /// `public` types are created, if at all, by the linted files.
    public private(set) var isInAppLocalPackage = false
    /// What the facts were worked out from besides configuration, so that they can be worked out again under other
    /// settings (`configured(by:)`): what the projects say of the file, and the platforms of the run's apps.
    private var project = FileFacts()
    private var appPlatforms: Platforms?

    /// The facts of a file with `configuration`, given what the projects around it say (`project`; by default,
    /// nothing: no project builds it) and what the run holds of them. `appPlatforms`: the platforms of the apps the
    /// run holds, which an app's local package runs on alone.
    public init(configuration: Configuration, project: FileFacts = FileFacts(), runCoversProject: Bool = false,
                runCoversClaimingProject: Bool = false, isInAppLocalPackage: Bool = false, appPlatforms: Platforms? = nil) {
        self.project = project
        self.appPlatforms = appPlatforms
        self.runCoversProject = runCoversProject
        self.runCoversClaimingProject = runCoversClaimingProject
        self.isInAppLocalPackage = isInAppLocalPackage
        if let configured = configuration.platforms {
            platforms = configured
        } else {
            platforms = project.platforms ?? .all
            // An app's package runs only where the app does: a Mac app's package is no iOS code, whatever platforms
            // its manifest leaves at SwiftPM's defaults.
            if isInAppLocalPackage, let appPlatforms, !platforms.intersection(appPlatforms).isEmpty {
                platforms = platforms.intersection(appPlatforms)
            }
        }
        deploymentTargets = project.deploymentTargets.merging(configuration.deploymentTarget) { _, configured in configured }
        // Where no project builds the file, nothing is known of its targets.
        if !project.targets.isEmpty {
            isWidgetExtensionCode = project.isWidgetExtension
            isPhoneOnlyOnIOS = project.isPhoneOnly
        }
    }

    /// The same file's facts under other settings (an agent's `platforms` and configuration, MCP's `lint_code`).
    public func configured(by configuration: Configuration) -> BuildFacts {
        BuildFacts(configuration: configuration, project: project, runCoversProject: runCoversProject,
                   runCoversClaimingProject: runCoversClaimingProject, isInAppLocalPackage: isInAppLocalPackage,
                   appPlatforms: appPlatforms)
    }

    /// The major version of `platform` the deployment targets name (the lowest, when several names mean it: `iOS`
    /// and `macCatalyst`), or `nil` when neither configuration nor the project says.
    public func deploymentMajorVersion(on platform: Platforms) -> Int? {
        deploymentTargets.compactMap { name, version -> Int? in
            guard Platforms(name: name) == platform else { return nil }
            return Int(version.split(separator: ".").first ?? "")
        }.min()
    }

    /// Every fact the rules can read, in a fixed order, for the result cache's keys: equal facts give equal text.
    var cacheDescription: String {
        (["platforms=\(platforms.rawValue)", "widgets=\(isWidgetExtensionCode)", "phone=\(isPhoneOnlyOnIOS)",
          "whole=\(runCoversProject),\(runCoversClaimingProject),\(isInAppLocalPackage)"]
            + deploymentTargets.sorted { $0.key < $1.key }.map { "target \($0.key)=\($0.value)" }).joined(separator: "\n")
    }
}

/// Phase 3: what the projects around the files say, worked out into each file's facts (`BuildFacts`).
///
/// Files that do not ship are dropped and counted, unless their configuration checks non-shipping code; the files
/// phase 2 found too large are counted with them, whatever it checks.
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
                let path = factsPath(file.path)
                let fileFacts = facts.facts(forFile: path, beingWritten: beingWritten)
                // The projects that build the file lie inside the run's folders; a file no project claims was
                // reached through a folder of the run, not named alone.
                func inside(_ path: String) -> Bool { roots.contains { path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") } }
                let projectFolders = roots.isEmpty ? [] : facts.projectFolders(forFile: path)
                let coversProject = projectFolders.isEmpty
                    ? roots.contains { root in ProjectFacts.standardized(file.path).hasPrefix(root.hasSuffix("/") ? root : root + "/") }
                    : projectFolders.allSatisfy(inside)
                let coversClaimingProject = !projectFolders.isEmpty && coversProject
                let placedFile = ConfiguredFile(path: file.path, configuration: file.configuration, facts: BuildFacts(
                    configuration: file.configuration, project: fileFacts, runCoversProject: coversProject,
                    runCoversClaimingProject: coversClaimingProject,
                    isInAppLocalPackage: coversClaimingProject && facts.isInAppLocalPackage(path, runRoots: roots),
                    appPlatforms: appPlatforms))
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
