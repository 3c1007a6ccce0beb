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
    public static func read(for paths: [String], screenshotTargetNames: [String] = []) -> ProjectFacts {
        var facts = ProjectFacts()
        let words = TargetNaming.defaultScreenshotWords + screenshotTargetNames
        let absolute = paths.map(standardized)
        var readProjects: Set<String> = []
        var queue = ProjectDiscovery.find(for: absolute)
        var next = 0
        while next < queue.count {
            let found = queue[next]
            next += 1
            switch found {
            case .workspace(let path):
                guard let listed = ProjectDiscovery.projects(inWorkspace: path) else {
                    facts.warnings.append(ProjectWarning(path: path, message: "could not read this workspace's contents.xcworkspacedata"))
                    continue
                }
                for project in listed where !queue.contains(.xcodeProject(project)) { queue.append(.xcodeProject(project)) }
            case .xcodeProject(let path):
                guard readProjects.insert(path).inserted else { continue }
                let (project, warnings) = XcodeProjectReader.read(path, screenshotWords: words)
                facts.warnings += warnings
                if let project { facts.add(project, screenshotWords: words) }
            case .package(let path), .tuist(let path), .xcodegen(let path):
                guard readProjects.insert(path).inserted else { continue }
                guard ReadBoundary.allows(path) else {
                    facts.warnings.append(ProjectWarning(path: path, message: ReadBoundary.refusal(path)))
                    continue
                }
                guard let source = try? String(contentsOfFile: path, encoding: .utf8) else {
                    facts.warnings.append(ProjectWarning(path: path, message: "could not read this file; its folder is linted by folder conventions"))
                    continue
                }
                let (project, warnings): (ProjectDescription?, [ProjectWarning])
                switch found {
                case .package: (project, warnings) = PackageManifestReader.read(path, source: source)
                case .tuist:
                    // Any `Project.swift` that does not describe a Tuist project is somebody's source file.
                    guard source.contains("ProjectDescription") else { continue }
                    (project, warnings) = TuistProjectReader.read(path, source: source)
                default:
                    guard source.contains("targets:") else { continue }
                    (project, warnings) = XcodeGenProjectReader.read(path, source: source)
                }
                facts.warnings += warnings
                if let project { facts.add(project, screenshotWords: words) }
            }
        }
        return facts
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

    /// The facts for one file (absolute or relative to the current folder).
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

    /// Whether the file is built only by local Swift packages of an app's repository, which the run holds with
    /// the app: each package sits in a subfolder (not at a repository's root, where a package is published for
    /// others), and a project that is not a package (the app's Xcode, Tuist or XcodeGen project) lies inside the
    /// run's folders too. Such a package's `public` types are the app's own: nothing outside the run creates them.
    public func isInAppLocalPackage(_ file: String, runRoots: [String]) -> Bool {
        let packages = lookUp(Self.standardized(file)).targets.map { projects[$0.project] }
        guard !packages.isEmpty, packages.allSatisfy({ $0.kind == .package }) else { return false }
        func inside(_ path: String) -> Bool { runRoots.contains { path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") } }
        let appProjects = projects.filter { $0.kind != .package && inside($0.folder) }
        guard !appProjects.isEmpty else { return false }
        return packages.allSatisfy { package in
            inside(package.folder) && !FileManager.default.fileExists(atPath: package.folder + "/.git")
                && !runRoots.contains(package.folder)
        }
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
        let shipping = targets.contains { projects[$0.project].targets[$0.target].ships }
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
