import Foundation

/// Finds the Swift files under the paths given on the command line.
public enum FileCollector {
    /// Folders that hold build products, dependencies or tooling, never an app's own source.
    static let skippedFolders: Set<String> = [".build", ".git", "DerivedData", "Pods", "Carthage", ".swiftpm", "node_modules"]

    /// The `.swift` files under `paths` (files given directly are taken as they are), sorted, and the paths that could not be read.
    public static func swiftFiles(under paths: [String]) -> (files: [String], errors: [FileError]) {
        var files: [String] = []
        var errors: [FileError] = []
        var visitedDirectories: Set<String> = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                errors.append(FileError(path: path, reason: "no such file or directory"))
                continue
            }
            if isDirectory.boolValue {
                walk(directory: path, display: path, into: &files, errors: &errors, visited: &visitedDirectories)
            } else {
                files.append(path)
            }
        }
        var seen: Set<String> = []
        files = files.filter { seen.insert($0).inserted }
        return (files.sorted(), errors)
    }

    private static func walk(directory: String, display: String, into files: inout [String], errors: inout [FileError],
                             visited: inout Set<String>) {
        let resolved = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        guard visited.insert(resolved).inserted else { return }   // a symlink loop or a second route in
        let entries: [String]
        do {
            entries = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            errors.append(FileError(path: display, reason: "cannot read the folder (\(LintEngine.describe(error)))"))
            return
        }
        for name in entries.sorted() {
            let path = join(directory, name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }   // dangling link
            if isDirectory.boolValue {
                if name.hasPrefix(".") || skippedFolders.contains(name) { continue }
                walk(directory: path, display: path, into: &files, errors: &errors, visited: &visited)
            } else if name.hasSuffix(".swift") {
                files.append(path)
            }
        }
    }

    static func join(_ directory: String, _ name: String) -> String {
        if directory == "." { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
