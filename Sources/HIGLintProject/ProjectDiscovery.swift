import Foundation

/// Finds the project files that can claim the linted paths: those inside the
/// paths, those in the folders above them, and the projects a workspace lists.
enum ProjectDiscovery {
    enum Found: Hashable, Sendable {
        case xcodeProject(String), workspace(String), package(String), tuist(String), xcodegen(String)

        var path: String {
            switch self {
            case .xcodeProject(let path), .workspace(let path), .package(let path), .tuist(let path), .xcodegen(let path): path
            }
        }
    }

    /// Folders never searched: build output, dependencies checked out by tools, and bundles.
    static let skippedFolders: Set<String> = [".build", "DerivedData", "node_modules", "Carthage", ".git", ".swiftpm"]
    static let bundleExtensions: Set<String> = ["xcassets", "xcodeproj", "xcworkspace", "app", "bundle", "framework", "xcframework", "lproj", "playground", "docc"]

    static func find(for paths: [String]) -> [Found] {
        var found: [Found] = []
        var seen: Set<Found> = []
        var listedFolders: Set<String> = []
        func add(_ item: Found) { if seen.insert(item).inserted { found.append(item) } }
        for path in paths {
            var isDirectory: ObjCBool = false
            guard ReadBoundary.allows(path), FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue { walk(path, into: add) }
            var folder = (path as NSString).deletingLastPathComponent
            // Upwards to the repository's root: projects above it do not own it. Nor above the folder reads are
            // confined to (`ReadBoundary`).
            var reachedRoot = isDirectory.boolValue && isRepositoryRoot(path)
            while !folder.isEmpty, !reachedRoot, ReadBoundary.allows(folder) {
                if listedFolders.insert(folder).inserted, !sharedFolders.contains(folder) { examine(folder, into: add) }
                reachedRoot = isRepositoryRoot(folder)
                guard folder != "/" else { break }
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
        return found
    }

    /// Folders many unrelated things share: a project file lying there owns none of them.
    static let sharedFolders: Set<String> = {
        var folders: Set<String> = ["/", "/tmp", "/private/tmp", "/var/tmp"]
        var temporary = NSTemporaryDirectory()
        while temporary.count > 1, temporary.hasSuffix("/") { temporary.removeLast() }
        folders.insert(temporary)
        return folders
    }()

    private static func isRepositoryRoot(_ folder: String) -> Bool {
        FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent(".git"))
    }

    /// Every project file in `folder` and the folders below it. Symbolic links to folders are not followed:
    /// a link back up would never end, and a linked folder belongs to the project where it really is.
    private static func walk(_ folder: String, into add: (Found) -> Void) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        examine(folder, names: names, into: add)
        for name in names where !name.hasPrefix(".") && !skippedFolders.contains(name) && !name.hasSuffix(".swift") {
            if let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), bundleExtensions.contains(String(name[name.index(after: dot)...])) { continue }
            let path = folder == "/" ? "/" + name : folder + "/" + name
            // A link is not walked: one to `/` or to another project would take the walk out of the tree, and a
            // link loop would never end (issue 15, item 1). The folder a link inside the tree points at is walked
            // under its own name.
            var entry = stat()
            if lstat(path, &entry) == 0, entry.st_mode & S_IFMT == S_IFDIR {
                walk(path, into: add)
            }
        }
    }

    /// The project files directly in one folder.
    private static func examine(_ folder: String, into add: (Found) -> Void) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        examine(folder, names: names, into: add)
    }

    private static func examine(_ folder: String, names: [String], into add: (Found) -> Void) {
        for name in names.sorted() {
            if let found = projectFile(named: name, in: folder) { add(found) }
        }
    }

    /// The project file an entry of `folder` named `name` is, if it is one.
    static func projectFile(named name: String, in folder: String) -> Found? {
        let path = folder == "/" ? "/" + name : folder + "/" + name
        switch name {
        case "Package.swift": return .package(path)
        case "Project.swift": return .tuist(path)
        case "project.yml", "project.yaml": return .xcodegen(path)
        case _ where name.hasSuffix(".xcodeproj"): return .xcodeProject(path)
        case _ where name.hasSuffix(".xcworkspace"): return .workspace(path)
        default: return nil
        }
    }

    /// The projects a workspace's `contents.xcworkspacedata` lists, with its groups' folders.
    static func projects(inWorkspace workspace: String) -> [String]? {
        let dataPath = (workspace as NSString).appendingPathComponent("contents.xcworkspacedata")
        guard ReadBoundary.allows(dataPath), let text = try? String(contentsOfFile: dataPath, encoding: .utf8) else { return nil }
        let base = (workspace as NSString).deletingLastPathComponent
        var groups: [String] = [base]
        var result: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let element = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            if element.hasPrefix("/Group") { if groups.count > 1 { groups.removeLast() }; continue }
            guard element.hasPrefix("Group") || element.hasPrefix("FileRef"),
                  let location = attribute("location", in: element) else { continue }
            let resolved = resolve(location, in: groups.last!, workspaceFolder: base)
            if element.hasPrefix("Group") {
                if !element.hasSuffix("/") { groups.append(resolved ?? groups.last!) }
            } else if let resolved, resolved.hasSuffix(".xcodeproj") {
                result.append(resolved)
            }
        }
        return result
    }

    private static func attribute(_ name: String, in element: Substring) -> String? {
        guard let range = element.range(of: name + " = \"") ?? element.range(of: name + "=\"") else { return nil }
        let rest = element[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    /// `group:`, `container:`, `absolute:` and `self:` locations.
    private static func resolve(_ location: String, in group: String, workspaceFolder: String) -> String? {
        guard let colon = location.firstIndex(of: ":") else { return nil }
        let kind = location[..<colon], path = String(location[location.index(after: colon)...])
        switch kind {
        case "group": return XcodeProjectReader.join(group, path)
        case "container": return XcodeProjectReader.join(workspaceFolder, path)
        case "absolute": return (path as NSString).standardizingPath
        default: return nil
        }
    }
}
