import Foundation

/// Finds what to check under the paths given on the command line: Swift files and asset-catalog image sets.
public enum FileCollector {
    /// Folders that hold build products, dependencies or tooling, never an app's own source.
    static let skippedFolders: Set<String> = [".build", ".git", "DerivedData", "Pods", "Carthage", ".swiftpm", "node_modules"]

    /// What a run checks: Swift files and the image sets of asset catalogs.
    public struct Collection: Sendable {
        public var swiftFiles: [String] = []
        /// `.imageset` folders inside `.xcassets` catalogs.
        public var imageSets: [String] = []
        public var errors: [FileError] = []
    }

    /// The `.swift` files under `paths` (files given directly are taken as they are), sorted, and the paths that could not be read.
    public static func swiftFiles(under paths: [String]) -> (files: [String], errors: [FileError]) {
        let collection = files(under: paths)
        return (collection.swiftFiles, collection.errors)
    }

    /// The Swift files and asset-catalog image sets under `paths`, each sorted, and the paths that could not be read.
    ///
    /// A path given directly is taken as it is: a file as Swift source, except an image set's
    /// `Contents.json`; a folder ending in `.imageset` as an image set.
    public static func files(under paths: [String]) -> Collection {
        var collection = Collection()
        var visitedDirectories: Set<String> = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                collection.errors.append(FileError(path: path, reason: "no such file or directory"))
                continue
            }
            let insideCatalog = path.split(separator: "/").contains { $0.hasSuffix(".xcassets") }
            if isDirectory.boolValue {
                if path.hasSuffix(".imageset") || path.hasSuffix(".imageset/") {
                    collection.imageSets.append(path)
                } else {
                    walk(directory: path, insideCatalog: insideCatalog, into: &collection, visited: &visitedDirectories)
                }
            } else if URL(fileURLWithPath: path).lastPathComponent == "Contents.json",
                      URL(fileURLWithPath: path).deletingLastPathComponent().pathExtension == "imageset" {
                collection.imageSets.append(String(path.dropLast("/Contents.json".count)))
            } else {
                collection.swiftFiles.append(path)
            }
        }
        collection.swiftFiles = sortedUnique(collection.swiftFiles)
        collection.imageSets = sortedUnique(collection.imageSets)
        return collection
    }

    private static func sortedUnique(_ paths: [String]) -> [String] {
        var seen: Set<String> = []
        return paths.filter { seen.insert($0).inserted }.sorted()
    }

    private static func walk(directory: String, insideCatalog: Bool, into collection: inout Collection, visited: inout Set<String>) {
        let resolved = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        guard visited.insert(resolved).inserted else { return }   // a symlink loop or a second route in
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            collection.errors.append(FileError(path: directory, reason: "cannot read the folder (\(LintEngine.describe(error)))"))
            return
        }
        for name in entries.sorted() {
            let path = join(directory, name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }   // dangling link
            if isDirectory.boolValue {
                if name.hasPrefix(".") || skippedFolders.contains(name) { continue }
                if insideCatalog && name.hasSuffix(".imageset") {
                    collection.imageSets.append(path)
                    continue
                }
                walk(directory: path, insideCatalog: insideCatalog || name.hasSuffix(".xcassets"), into: &collection, visited: &visited)
            } else if name.hasSuffix(".swift") {
                collection.swiftFiles.append(path)
            }
        }
    }

    static func join(_ directory: String, _ name: String) -> String {
        if directory == "." { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
