import Foundation
import HIGLintSwiftUI

/// What the projects around a file say about it.
public struct FileFacts: Sendable, Equatable {
    /// The platforms of the targets that build the file; `nil` when no project claims it.
    public var platforms: Platforms?
    /// The lowest deployment target of each platform over those targets, where every one of them names it.
    public var deploymentTargets: [String: String] = [:]
    /// Why the file is passed over by default; `nil` when it ships.
    public var passOverReason: PassOverReason?
    /// `Project/Target` of each target that builds the file.
    public var targets: [String] = []
    /// Every target that builds the file is a widget extension: an app extension with `Widget` or `Widgets` among
    /// the words of its name. Widgets are rendered as snapshots, at sizes the system sets.
    public var isWidgetExtension = false
    /// Every target that builds the file for iOS runs on iPhone alone (`TargetFacts.isPhoneOnly`).
    public var isPhoneOnly = false

    public var ships: Bool { passOverReason == nil }

    public init(platforms: Platforms? = nil, deploymentTargets: [String: String] = [:], passOverReason: PassOverReason? = nil, targets: [String] = []) {
        self.platforms = platforms
        self.deploymentTargets = deploymentTargets
        self.passOverReason = passOverReason
        self.targets = targets
    }
}

/// The projects read for one run, and the facts they give each file.
///
/// Read once per run (`read(for:)`); `facts(forFile:)` then costs a dictionary
/// look-up per folder above the file.
public struct ProjectFacts: Sendable {
    public private(set) var projects: [ProjectDescription] = []
    /// Project files that could not be read, or only in part. Never a reason to stop.
    public private(set) var warnings: [ProjectWarning] = []

    private var members: [String: [(project: Int, target: Int)]] = [:]
    private var folderRules: [String: [(project: Int, rule: FolderMembership)]] = [:]
    private var previewFolders: Set<String> = []
    private var claimingFolders: Set<String> = []
    private var manifests: Set<String> = []
    /// Folders of projects whose targets could not be read, with the platforms their apps are built for.
    private var unreadProjectPlatforms: [String: Platforms] = [:]

    public init() {}

    /// Reads every project that can claim files under `paths`.
    /// - Parameter screenshotTargetNames: words that, besides Screenshot, Snapshot, Trailer and Preview,
    ///   mark a target that only makes screenshots (matched against the camel-case words of its name).
    /// - Parameter reading: how each project file is read; the engine gives each a large stack and a time limit.
    public static func read(for paths: [String], screenshotTargetNames: [String] = [], reading: ProjectReading = .direct) -> ProjectFacts {
        var facts = ProjectFacts()
        let words = TargetNaming.defaultScreenshotWords + screenshotTargetNames
        var pending = ProjectDiscovery.find(for: paths.map(standardized))
        var seen = Set(pending)
        // The projects found, then those the workspaces among them list.
        while !pending.isEmpty {
            let batch = pending
            pending = []
            let outcomes = ReadOutcomes(count: batch.count)
            let givenUp = reading.forEach(batch.count) { index in
                outcomes[index] = readProject(batch[index], screenshotWords: words)
            }
            for (index, found) in batch.enumerated() {
                guard !givenUp.contains(index) else {
                    let limit = reading.timeLimit.map { " \(Int($0.rounded(.up))) s" } ?? ""
                    facts.warnings.append(ProjectWarning(path: found.path, message: "reading it took longer than\(limit), the time limit of a file; its folder is linted by folder conventions"))
                    continue
                }
                guard let outcome = outcomes[index] else { continue }
                facts.warnings += outcome.warnings
                if let project = outcome.project { facts.add(project, screenshotWords: words) }
                for listed in outcome.listedProjects where seen.insert(.xcodeProject(listed)).inserted {
                    pending.append(.xcodeProject(listed))
                }
            }
        }
        // One line per thing not read: CocoaPods' many configuration files are one missing `Pods` folder.
        var said: Set<String> = []
        facts.warnings = facts.warnings.filter { said.insert($0.path + "\u{0}" + $0.message).inserted }
        return facts
    }

    private struct ReadOutcome: Sendable {
        var project: ProjectDescription?
        var warnings: [ProjectWarning] = []
        /// The projects a workspace lists.
        var listedProjects: [String] = []
    }

    /// Outcomes written by index from the threads `ProjectReading` runs: one given up may still write late.
    private final class ReadOutcomes: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [ReadOutcome?]

        init(count: Int) { storage = Array(repeating: nil, count: count) }

        subscript(index: Int) -> ReadOutcome? {
            get { lock.withLock { storage[index] } }
            set { lock.withLock { storage[index] = newValue } }
        }
    }

    private static func readProject(_ found: ProjectDiscovery.Found, screenshotWords words: [String]) -> ReadOutcome {
        switch found {
        case .workspace(let path):
            guard let listed = ProjectDiscovery.projects(inWorkspace: path) else {
                return ReadOutcome(warnings: [.unreadable(path + "/contents.xcworkspacedata", what: "this workspace's contents",
                                                          consequence: "the projects it lists are found by folder")])
            }
            return ReadOutcome(listedProjects: listed)
        case .xcodeProject(let path):
            let (project, warnings) = XcodeProjectReader.read(path, screenshotWords: words)
            return ReadOutcome(project: project, warnings: warnings)
        case .package(let path), .tuist(let path), .xcodegen(let path):
            guard ReadBoundary.allows(path) else {
                return ReadOutcome(warnings: [ProjectWarning(path: path, message: ReadBoundary.refusal(path))])
            }
            guard let source = try? String(contentsOfFile: path, encoding: .utf8) else {
                return ReadOutcome(warnings: [.unreadable(path, what: "this file", consequence: "its folder is linted by folder conventions")])
            }
            let (project, warnings): (ProjectDescription?, [ProjectWarning])
            switch found {
            case .package: (project, warnings) = PackageManifestReader.read(path, source: source)
            case .tuist:
                // Any `Project.swift` that does not describe a Tuist project is somebody's source file.
                guard source.contains("ProjectDescription") else { return ReadOutcome() }
                (project, warnings) = TuistProjectReader.read(path, source: source)
            default:
                guard source.contains("targets:") else { return ReadOutcome() }
                (project, warnings) = XcodeGenProjectReader.read(path, source: source)
            }
            return ReadOutcome(project: project, warnings: warnings)
        }
    }

    /// A project read elsewhere (tests, other readers); target names are matched against `screenshotWords`.
    mutating func add(_ project: ProjectDescription, screenshotWords: [String]) {
        var project = project
        for index in project.targets.indices where project.targets[index].passOverReason == nil {
            project.targets[index].passOverReason = TargetNaming.passOverReason(
                name: project.targets[index].name, product: project.targets[index].product, screenshotWords: screenshotWords)
        }
        let projectIndex = projects.count
        projects.append(project)
        for (path, targets) in project.members {
            members[path, default: []] += targets.map { (projectIndex, $0) }
        }
        for (path, rules) in project.folderRules {
            folderRules[path, default: []] += rules.map { (projectIndex, $0) }
        }
        previewFolders.formUnion(project.previewFolders)
        if project.claimsEveryFile { claimingFolders.insert(project.folder) }
        if project.kind == .package || project.kind == .tuist { manifests.insert(project.path) }
        if let platforms = project.unreadAppPlatforms { unreadProjectPlatforms[project.folder] = platforms }
    }

    /// The folders of the projects whose targets build the file (absolute or relative to the current folder): a
    /// run over all of them sees every file of the file's module.
    public func projectFolders(forFile file: String) -> [String] {
        let path = Self.standardized(file)
        guard !manifests.contains(path) else { return [] }
        var folders: [String] = []
        for (project, _) in lookUp(path).targets where !folders.contains(projects[project].folder) {
            folders.append(projects[project].folder)
        }
        return folders
    }

    /// Whether the file is built only by local Swift packages of an app the run holds: each package sits in a
    /// subfolder (not at a repository's root, where a package is published for others), and a project of the run
    /// that is not a package (the app's Xcode, Tuist or XcodeGen project) references it, or references a package
    /// that references it. Such a package's `public` types are the app's own: nothing outside the run creates them.
    /// A package beside an app that the app does not reference is its own module (RULES.md, *The folder does not
    /// change the answer*).
    public func isInAppLocalPackage(_ file: String, runRoots: [String]) -> Bool {
        let packages = lookUp(Self.standardized(file)).targets.map { projects[$0.project] }
        guard !packages.isEmpty, packages.allSatisfy({ $0.kind == .package }) else { return false }
        func inside(_ path: String) -> Bool { runRoots.contains { path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") } }
        let referenced = appReferencedPackageFolders(inside: inside)
        guard !referenced.isEmpty else { return false }
        return packages.allSatisfy { package in
            inside(package.folder) && referenced.contains(package.folder)
                && !FileManager.default.fileExists(atPath: package.folder + "/.git") && !runRoots.contains(package.folder)
        }
    }

    /// The folders of the packages the run's app projects reference, directly or through packages they reference.
    /// Tuist's own `Tuist/Package.swift` speaks for the project beside it.
    private func appReferencedPackageFolders(inside: (String) -> Bool) -> Set<String> {
        let apps = projects.filter { $0.kind != .package && inside($0.folder) }
        guard !apps.isEmpty else { return [] }
        let tuistFolders = Set(apps.filter { $0.kind == .tuist }.map(\.folder))
        var referenced = apps.reduce(into: Set<String>()) { $0.formUnion($1.referencedPackageFolders) }
        for package in projects where package.kind == .package
            && tuistFolders.contains((package.folder as NSString).deletingLastPathComponent)
            && (package.folder as NSString).lastPathComponent == "Tuist" {
            referenced.formUnion(package.referencedPackageFolders)
        }
        var grew = true
        while grew {
            grew = false
            for package in projects where package.kind == .package && referenced.contains(package.folder) {
                let before = referenced.count
                referenced.formUnion(package.referencedPackageFolders)
                grew = grew || referenced.count != before
            }
        }
        return referenced
    }

    /// The platforms of the apps and app extensions that the run's non-package projects build: where the code of
    /// an app's local package can run, whatever platforms the package's manifest leaves at SwiftPM's defaults.
    /// `nil` when the run holds no such project.
    public func appPlatforms(runRoots: [String]) -> Platforms? {
        func inside(_ path: String) -> Bool { runRoots.contains { path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") } }
        let apps = projects.filter { $0.kind != .package && inside($0.folder) }
        let targets = apps.flatMap(\.targets).filter { $0.ships && ($0.product == .app || $0.product == .appExtension) }
        let unread = apps.compactMap(\.unreadAppPlatforms)
        guard !targets.isEmpty || !unread.isEmpty else { return nil }
        return (targets.map(\.platforms) + unread).reduce(into: Platforms()) { $0.formUnion($1) }
    }

    /// The platforms of the nearest project around `path` whose targets could not be read, if any.
    private func unreadProjectPlatforms(around path: String) -> Platforms? {
        guard !unreadProjectPlatforms.isEmpty else { return nil }
        var folder = Substring(path)
        while let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")), slash != folder.startIndex {
            folder = folder[..<slash]
            if let platforms = unreadProjectPlatforms[String(folder)] { return platforms }
        }
        return nil
    }

    /// The targets that build the file at the standardized `path`, and what its folders say.
    private func lookUp(_ path: String) -> (targets: [(project: Int, target: Int)], isPreviewContent: Bool, insideClaimingProject: Bool) {
        var targets: [(project: Int, target: Int)] = []
        var isPreviewContent = false
        var insideClaimingProject = false
        var folder = Substring(path)
        while !folder.isEmpty {
            let key = String(folder)
            if let claimed = members[key] { targets += claimed }
            if let rules = folderRules[key] {
                let relative = String(path.dropFirst(key.count + (key.hasSuffix("/") ? 0 : 1)))
                for (project, rule) in rules where rule.contains(relativePath: relative) { targets.append((project, rule.target)) }
            }
            if previewFolders.contains(key) || key.hasSuffix("/Preview Content") { isPreviewContent = true }
            if claimingFolders.contains(key) { insideClaimingProject = true }
            guard let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")), slash != folder.startIndex else { break }
            folder = folder[..<slash]
        }
        return (targets, isPreviewContent, insideClaimingProject)
    }

    /// The facts for one file (absolute or relative to the current folder).
    /// - Parameter beingWritten: the file is code being written (an editor's buffer, standard input, an agent's
    ///   code): one that no target builds yet is judged as shipping code of the project around it, on the
    ///   platforms of that project's shipping targets (RULES.md, *Facts fail open*).
    public func facts(forFile file: String, beingWritten: Bool) -> FileFacts {
        var facts = facts(forFile: file)
        guard beingWritten, facts.passOverReason == .notBuilt else { return facts }
        let path = Self.standardized(file)
        let around = projects.filter { $0.claimsEveryFile && path.hasPrefix($0.folder.hasSuffix("/") ? $0.folder : $0.folder + "/") }
        let shipping = around.flatMap(\.targets).filter(\.ships)
        facts.passOverReason = nil
        facts.platforms = shipping.isEmpty ? nil : shipping.reduce(into: Platforms()) { $0.formUnion($1.platforms) }
        for (platformName, platform) in platformNames {
            let building = shipping.filter { $0.platforms.contains(platform) }
            let versions = building.map { $0.deploymentTargets[platformName] }
            guard !building.isEmpty, !versions.contains(nil) else { continue }
            facts.deploymentTargets[platformName] = versions.compactMap { $0 }.reduce(nil) { Version.lower($0, $1) }
        }
        return facts
    }

    public func facts(forFile file: String) -> FileFacts {
        let path = Self.standardized(file)
        if manifests.contains(path) { return FileFacts(passOverReason: .manifests) }
        let (targets, isPreviewContent, insideClaimingProject) = lookUp(path)
        guard !targets.isEmpty else {
            var facts = FileFacts(passOverReason: isPreviewContent ? .previewContent : insideClaimingProject ? .notBuilt : nil)
            if facts.passOverReason == nil, Self.isTestByConvention(path) { facts.passOverReason = .tests }
            facts.platforms = unreadProjectPlatforms(around: path)
            return facts
        }
        var facts = FileFacts(platforms: [])
        var seen: Set<String> = []
        var reasons: [PassOverReason] = []
        var versions: [String: [String?]] = [:]
        for (projectIndex, targetIndex) in targets {
            let project = projects[projectIndex], target = project.targets[targetIndex]
            let name = Self.projectName(project) + "/" + target.name
            guard seen.insert(name).inserted else { continue }
            facts.targets.append(name)
            facts.platforms!.formUnion(target.platforms)
            if let reason = target.passOverReason { reasons.append(reason) }
            for (platformName, platform) in platformNames where target.platforms.contains(platform) {
                versions[platformName, default: []].append(target.deploymentTargets[platformName])
            }
        }
        // A file is test code only when every target that builds it is a test target; where a project's targets
        // could not all be read, an unread one may build it too (RULES.md, *Facts fail open*).
        let onlyTests = targets.allSatisfy { projects[$0.project].targets[$0.target].passOverReason == .tests }
        let shipping = targets.contains { projects[$0.project].targets[$0.target].ships }
            || (onlyTests && !Self.isTestByConvention(path) && targets.contains { projects[$0.project].hasUnreadTargets })
        facts.isWidgetExtension = targets.allSatisfy { projects[$0.project].targets[$0.target].isWidgetExtension }
        let iOSTargets = targets.map { projects[$0.project].targets[$0.target] }.filter { $0.platforms.contains(.iOS) }
        facts.isPhoneOnly = !iOSTargets.isEmpty && iOSTargets.allSatisfy(\.isPhoneOnly)
        facts.passOverReason = isPreviewContent ? .previewContent : shipping ? nil : reasons.min()
        // A platform's minimum is known only when every target building for it says.
        for (platform, list) in versions where !list.contains(nil) {
            facts.deploymentTargets[platform] = list.compactMap { $0 }.reduce(nil) { Version.lower($0, $1) }
        }
        return facts
    }

    /// Whether `folder` is a repository's root or holds a project file (a manifest, an `.xcodeproj`, a spec): the
    /// edge of the folder module of the files below it that no project claims.
    public static func holdsProjectOrRepository(_ folder: String) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return true }
        return names.contains { $0 == ".git" || ProjectDiscovery.projectFile(named: $0, in: folder) != nil }
    }

    /// `Tests/`, `UITests/` and `…Tests/` folders and `…Tests.swift` files.
    static func isTestByConvention(_ path: String) -> Bool {
        let components = path.split(separator: "/")
        if let name = components.last, name.hasSuffix("Tests.swift") { return true }
        return components.dropLast().contains { $0.hasSuffix("Tests") || $0 == "Tests" }
    }

    static func projectName(_ project: ProjectDescription) -> String {
        let name = (project.path as NSString).lastPathComponent
        switch project.kind {
        case .xcode: return (name as NSString).deletingPathExtension
        default: return ((project.folder as NSString).lastPathComponent)
        }
    }

    public static func standardized(_ path: String) -> String {
        // Most paths are already absolute and clean, or clean below the current folder (`./App/View.swift`, from a
        // run over `.`); NSString's standardizing, which resolves symbolic links one component at a time, costs far
        // more than a look-up, and a run asks for every file several times.
        if path.hasPrefix("/"), isClean(path) { return path }
        if !path.hasPrefix("/") {
            var relative = Substring(path)
            while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
            let joined = FileManager.default.currentDirectoryPath + "/" + relative
            if !relative.isEmpty, isClean(joined) { return joined }
        }
        let absolute = path.hasPrefix("/") ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
        return (absolute as NSString).standardizingPath
    }

    private static func isClean(_ path: String) -> Bool {
        !path.contains("/.") && !path.contains("//") && !path.hasSuffix("/")
    }
}

/// How `ProjectFacts.read` runs the reading of project files.
///
/// Manifests are Swift, and SwiftParser takes exponential time on some nested brackets and builds trees too deep
/// for a small stack; project files can be crafted to make any reader work hard. HIGLint's engine therefore reads
/// each project file as it checks each source file: on a thread with a large stack, given up after the time limit
/// of a file (`ProjectReading.bounded` in HIGLintCore). Without the engine, each is read on the calling thread.
public struct ProjectReading: Sendable {
    /// Calls `body` for every index in `0..<count`, waits, and returns the indices it gave up waiting for.
    public var forEach: @Sendable (_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> Set<Int>
    /// The seconds after which `forEach` gives up an index, as warnings say; `nil`: no limit.
    public var timeLimit: Double?

    public init(timeLimit: Double?, forEach: @escaping @Sendable (_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> Set<Int>) {
        self.timeLimit = timeLimit
        self.forEach = forEach
    }

    /// Each file read on the calling thread, with no time limit.
    public static let direct = ProjectReading(timeLimit: nil) { count, body in
        for index in 0..<count { body(index) }
        return []
    }
}
