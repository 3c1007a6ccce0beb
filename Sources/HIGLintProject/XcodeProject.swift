import Foundation
import HIGLintSwiftUI

/// Reads an `.xcodeproj`'s `project.pbxproj` (OpenStep property list) into targets and their files.
///
/// Files belong to a target through its sources and resources build phases
/// (file references found through the group tree) and through Xcode 16's
/// file-system-synchronized folders, whose exception sets flip membership of
/// the files they list: out of a target that owns the folder, into one that
/// does not. Aggregate and legacy targets build no files and are left out.
struct XcodeProjectReader {
    let projectPath: String
    /// The folder holding the `.xcodeproj`: `SRCROOT`.
    let folder: String
    var objects: [String: [String: Any]] = [:]
    var warnings: [ProjectWarning] = []
    private var parents: [String: String] = [:]
    private var pathCache: [String: String?] = [:]
    /// Each `.xcconfig` is read once, however many configurations name or include it.
    private var configurationFiles: [String: [(key: String, value: String)]] = [:]
    private var configurationReader = XCConfigReader()

    init(projectPath: String) {
        self.projectPath = projectPath
        self.folder = (projectPath as NSString).deletingLastPathComponent
    }

    static func read(_ projectPath: String, screenshotWords: [String]) -> (ProjectDescription?, [ProjectWarning]) {
        var reader = XcodeProjectReader(projectPath: projectPath)
        let description = reader.read(screenshotWords: screenshotWords)
        return (description, reader.warnings)
    }

    private mutating func read(screenshotWords: [String]) -> ProjectDescription? {
        let file = (projectPath as NSString).appendingPathComponent("project.pbxproj")
        guard ReadBoundary.allows(file) else {
            warnings.append(ProjectWarning(path: file, message: ReadBoundary.refusal(file)))
            return nil
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            warnings.append(.unreadable(file, what: "this Xcode project", consequence: "its folder is linted by folder conventions"))
            return nil
        }
        guard let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
              let objects = plist["objects"] as? [String: [String: Any]],
              let rootID = plist["rootObject"] as? String, let root = objects[rootID] else {
            warnings.append(ProjectWarning(path: file, message: "this Xcode project is not a property list with objects and a root object; its folder is linted by folder conventions"))
            return nil
        }
        self.objects = objects
        recordParents()
        var project = ProjectDescription(kind: .xcode, path: projectPath, folder: folder)
        project.claimsEveryFile = true
        project.referencedPackageFolders = localPackageFolders()
        let projectSettings = settings(ofList: root["buildConfigurationList"], over: [:])
        let synchronizedOwners = synchronizedGroupOwners(targetIDs: strings(root["targets"]))
        for targetID in strings(root["targets"]) {
            guard let target = objects[targetID], target["isa"] as? String == "PBXNativeTarget" else { continue }
            let name = target["name"] as? String ?? "?"
            let index = project.targets.count
            let builtins = ["SRCROOT": folder, "PROJECT_DIR": folder, "SOURCE_ROOT": folder, "TARGET_NAME": name, "PROJECT_NAME": ((projectPath as NSString).lastPathComponent as NSString).deletingPathExtension]
            var facts = TargetFacts(name: name, product: ProductKind(xcodeProductType: target["productType"] as? String ?? ""))
            var platforms: Platforms = []
            var deploymentTargets: [String: String] = [:]
            var phoneOnly: Bool?
            for (_, settings) in settings(ofList: target["buildConfigurationList"], over: projectSettings) {
                let configurationPlatforms = settings.platforms(builtins: builtins) ?? .all
                platforms.formUnion(configurationPlatforms)
                phoneOnly = (phoneOnly ?? true) && settings.isPhoneOnly(builtins: builtins)
                for (platform, version) in settings.deploymentTargets(for: configurationPlatforms, builtins: builtins) {
                    deploymentTargets[platform] = Version.lower(deploymentTargets[platform], version)
                }
                for assetPath in Self.pathList(settings.value("DEVELOPMENT_ASSET_PATHS", builtins: builtins) ?? "") {
                    let assets = Self.join(folder, assetPath)
                    // A path that holds the project itself (`..`, `$(SRCROOT)`) would make the app's own code preview
                    // content; it cannot say what is preview-only, so it says nothing (RULES.md, *Facts fail open*).
                    guard folder != assets, !folder.hasPrefix(assets.hasSuffix("/") ? assets : assets + "/") else {
                        let warning = ProjectWarning(path: (projectPath as NSString).appendingPathComponent("project.pbxproj"),
                                                     message: "DEVELOPMENT_ASSET_PATHS of target '\(name)' names \(assetPath), which holds the project itself; it is not taken as preview content")
                        if !warnings.contains(warning) { warnings.append(warning) }
                        continue
                    }
                    project.previewFolders.insert(assets)
                }
            }
            facts.platforms = platforms.isEmpty ? .all : platforms
            facts.deploymentTargets = deploymentTargets
            facts.isPhoneOnly = phoneOnly ?? false
            facts.passOverReason = TargetNaming.passOverReason(name: name, product: facts.product, screenshotWords: screenshotWords)
            project.targets.append(facts)
            for phaseID in strings(target["buildPhases"]) {
                guard let phase = objects[phaseID], ["PBXSourcesBuildPhase", "PBXResourcesBuildPhase"].contains(phase["isa"] as? String ?? "") else { continue }
                for buildFileID in strings(phase["files"]) {
                    guard let reference = objects[buildFileID]?["fileRef"] as? String, let path = path(of: reference) else { continue }
                    project.members[path, default: []].append(index)
                }
            }
            for (groupID, owners) in synchronizedOwners {
                guard let path = path(of: groupID) else { continue }
                let ownsGroup = strings(target["fileSystemSynchronizedGroups"]).contains(groupID)
                let exceptions = owners[targetID]
                guard ownsGroup || exceptions != nil else { continue }
                project.folderRules[path, default: []].append(
                    FolderMembership(target: index, includesByDefault: ownsGroup, exceptions: exceptions ?? []))
            }
        }
        return project
    }

    /// The local packages the project references: Xcode 15's `XCLocalSwiftPackageReference`, and, before it, a
    /// package's folder added to the project as a folder reference.
    private mutating func localPackageFolders() -> Set<String> {
        var folders: Set<String> = []
        for (id, object) in objects {
            switch object["isa"] as? String {
            case "XCLocalSwiftPackageReference":
                if let relative = object["relativePath"] as? String { folders.insert(Self.join(folder, relative)) }
            case "PBXFileReference" where ["folder", "wrapper"].contains(object["lastKnownFileType"] as? String ?? ""):
                if let path = path(of: id) { folders.insert(path) }
            default: break
            }
        }
        return folders
    }

    /// For each synchronized folder: by target, the files its exception sets list for that target. A folder
    /// that no target lists can still give files to targets through exception sets.
    private func synchronizedGroupOwners(targetIDs: [String]) -> [String: [String: Set<String>]] {
        var result: [String: [String: Set<String>]] = [:]
        for targetID in targetIDs {
            for groupID in strings(objects[targetID]?["fileSystemSynchronizedGroups"]) { result[groupID, default: [:]][targetID] = [] }
        }
        for (groupID, group) in objects where group["isa"] as? String == "PBXFileSystemSynchronizedRootGroup" {
            for setID in strings(group["exceptions"]) {
                guard let set = objects[setID], set["isa"] as? String == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                      let owner = set["target"] as? String else { continue }
                result[groupID, default: [:]][owner, default: []].formUnion(strings(set["membershipExceptions"]))
            }
        }
        return result
    }

    /// The settings of each configuration in a configuration list, stacked over `lower` (by configuration name).
    private mutating func settings(ofList listID: Any?, over lower: [String: BuildSettings]) -> [String: BuildSettings] {
        guard let listID = listID as? String, let list = objects[listID] else { return lower }
        var result: [String: BuildSettings] = [:]
        for configurationID in strings(list["buildConfigurations"]) {
            guard let configuration = objects[configurationID] else { continue }
            let name = configuration["name"] as? String ?? "?"
            var settings = lower[name] ?? lower.values.first ?? BuildSettings()
            if let base = baseConfigurationPath(of: configuration) {
                if configurationFiles[base] == nil {
                    configurationFiles[base] = configurationReader.assignments(ofFile: base)
                    warnings += configurationReader.warnings
                    configurationReader.warnings = []
                }
                settings = settings.applying(configurationFiles[base]!)
            }
            settings = settings.applying(BuildSettings.assignments(of: configuration["buildSettings"] as? [String: Any] ?? [:]))
            result[name] = settings
        }
        return result
    }

    private mutating func baseConfigurationPath(of configuration: [String: Any]) -> String? {
        if let reference = configuration["baseConfigurationReference"] as? String { return path(of: reference) }
        // Xcode 16: an `.xcconfig` inside a synchronized folder is named by the folder and a relative path.
        if let anchor = configuration["baseConfigurationReferenceAnchor"] as? String,
           let relative = configuration["baseConfigurationReferenceRelativePath"] as? String,
           let folder = path(of: anchor) {
            return Self.join(folder, relative)
        }
        return nil
    }

    // MARK: Paths

    /// Each object's group, from the groups' `children`. A group that is its own ancestor (a damaged or crafted
    /// project: `A` holds `B`, `B` holds `A`) would make the walk up to the main group endless: each such cycle is
    /// cut once, at its group with the lowest id (so the cut is the same in every run), which then counts as a
    /// top-level group, and named in a warning.
    private mutating func recordParents() {
        // Sorted, so that an object several groups list gets the same group in every run.
        for id in objects.keys.sorted() {
            for child in strings(objects[id]?["children"]) { parents[child] = id }
        }
        var settled: Set<String> = []
        for start in parents.keys.sorted() where !settled.contains(start) {
            var chain: [String] = []
            var onChain: Set<String> = []
            var current: String? = start
            while let id = current, !settled.contains(id) {
                guard onChain.insert(id).inserted else {
                    let cycle = Array(chain[chain.firstIndex(of: id)!...])
                    let cut = cycle.min()!
                    parents[cut] = nil
                    // As Xcode's path bar shows groups: each holds the next.
                    let position = cycle.firstIndex(of: cut)!
                    let names = ([cut] + (cycle[(position + 1)...] + cycle[..<position]).reversed() + [cut]).map(displayName)
                    warnings.append(ProjectWarning(path: (projectPath as NSString).appendingPathComponent("project.pbxproj"),
                        message: "group '\(displayName(cut))' contains itself (\(names.joined(separator: " › "))); the cycle is cut there"))
                    break
                }
                chain.append(id)
                current = parents[id]
            }
            settled.formUnion(chain)
        }
    }

    private func displayName(_ id: String) -> String {
        objects[id]?["name"] as? String ?? objects[id]?["path"] as? String ?? id
    }

    /// The standardized path of a file reference or group; `nil` for build products and SDK files.
    mutating func path(of id: String) -> String? {
        // Up to the first object whose path is known or needs no group, then down again: groups can nest
        // deeper than a thread's stack would allow recursion (`recordParents` cut every cycle).
        var chain: [String] = []
        var current = id
        while pathCache[current] == nil, objects[current] != nil {
            chain.append(current)
            guard (objects[current]?["sourceTree"] as? String ?? "<group>") == "<group>", let parent = parents[current] else { break }
            current = parent
        }
        for member in chain.reversed() {
            pathCache[member] = ownPath(of: member)
        }
        return pathCache[id] ?? nil
    }

    /// The path of an object whose group's path is already known.
    private func ownPath(of id: String) -> String? {
        guard let object = objects[id] else { return nil }
        let own = object["path"] as? String
        switch object["sourceTree"] as? String ?? "<group>" {
        case "<group>":
            guard let parent = parents[id] else {
                // The main group: the project's folder, moved by `projectDirPath` when set.
                return Self.join(folder, own ?? "")
            }
            return (pathCache[parent] ?? nil).map { parentPath in own.map { Self.join(parentPath, $0) } ?? parentPath }
        case "SOURCE_ROOT": return Self.join(folder, own ?? "")
        case "<absolute>": return own.map { ($0 as NSString).standardizingPath }
        default: return nil
        }
    }

    static func join(_ folder: String, _ relative: String) -> String {
        guard !relative.isEmpty else { return folder }
        let joined = relative.hasPrefix("/") ? relative : folder == "/" ? "/" + relative : folder + "/" + relative
        // NSString's standardizing is slow; most paths need none of it.
        guard joined.contains("/.") || joined.contains("//") || joined.hasSuffix("/") || joined.hasPrefix("~") else { return joined }
        return (joined as NSString).standardizingPath
    }

    /// A space-separated list of paths, with `"quoted paths"` holding spaces.
    static func pathList(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        var quoted = false
        for character in text {
            if character == "\"" { quoted.toggle() }
            else if character == " " && !quoted { if !current.isEmpty { result.append(current); current = "" } }
            else { current.append(character) }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    private func strings(_ value: Any?) -> [String] {
        (value as? [Any])?.compactMap { $0 as? String } ?? []
    }
}

/// Targets whose names say they only make screenshots, snapshots, trailers or previews, and test targets.
enum TargetNaming {
    static let defaultScreenshotWords = ["Screenshot", "Screenshots", "Snapshot", "Snapshots", "Trailer", "Trailers", "Preview", "Previews"]

    static func passOverReason(name: String, product: ProductKind, screenshotWords: [String]) -> PassOverReason? {
        if product.isTest { return .tests }
        let words = Set(camelCaseWords(name).map { $0.lowercased() })
        if screenshotWords.contains(where: { words.contains($0.lowercased()) }) { return .screenshots }
        return nil
    }

    /// `AppScreenshotsUITests` → App, Screenshots, UI, Tests; also split at `-`, `_`, spaces and digits.
    static func camelCaseWords(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            guard character.isLetter else {
                if !current.isEmpty { words.append(current); current = "" }
                continue
            }
            let startsWord = character.isUppercase && !current.isEmpty
                && (!(current.last?.isUppercase ?? false) || (index + 1 < characters.count && characters[index + 1].isLowercase))
            if startsWord { words.append(current); current = "" }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
