import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds what to check under the paths given on the command line: Swift files and asset-catalog image sets.
public enum FileCollector {
    /// Folders that hold build products, dependencies or tooling, never an app's own source.
    static let skippedFolders: Set<String> = [".build", ".git", "DerivedData", "Pods", "Carthage", ".swiftpm", "node_modules"]

    /// Asset-catalog folders that hold their own files and never an image set: nothing in them is read.
    static let catalogLeaves: Set<String> = ["colorset", "appiconset", "symbolset", "dataset"]

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
        var folders: [(path: String, insideCatalog: Bool)] = []
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
                    folders.append((path, insideCatalog))
                }
            } else if URL(fileURLWithPath: path).lastPathComponent == "Contents.json",
                      URL(fileURLWithPath: path).deletingLastPathComponent().pathExtension == "imageset" {
                collection.imageSets.append(String(path.dropLast("/Contents.json".count)))
            } else {
                collection.swiftFiles.append(path)
            }
        }
        walk(folders, into: &collection)
        collection.swiftFiles = sortedUnique(collection.swiftFiles)
        collection.imageSets = sortedUnique(collection.imageSets)
        return collection
    }

    private static func sortedUnique(_ paths: [String]) -> [String] {
        var seen: Set<String> = []
        return paths.filter { seen.insert($0).inserted }.sorted()
    }

    /// A folder by device and inode: the same folder however it is reached (a symlink loop, a path given twice).
    fileprivate struct FolderIdentity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// Walks the folder trees under `roots`, one depth at a time, listing the folders of each depth on every core:
    /// a warm run does little else than walk and read, and a large app has thousands of folders.
    ///
    /// Listing runs in parallel, but what is kept is decided in order (depth, then the order of the folders above,
    /// then names), so a folder reached by several routes (a symlink, a path given twice, a symlink loop) is walked
    /// once, under the same route on every run: the shortest, then the first by name.
    private static func walk(_ roots: [(path: String, insideCatalog: Bool)], into collection: inout Collection) {
        var visited: Set<FolderIdentity> = []
        var level = roots
        while !level.isEmpty {
            let listings = ConcurrentResults<Listing>(count: level.count)
            let folders = level
            ParallelRunner.forEach(count: folders.count) { index in
                listings[index] = list(directory: folders[index].path, insideCatalog: folders[index].insideCatalog)
            }
            level = []
            for listing in listings.values.compactMap({ $0 }) {
                if let identity = listing.identity, !visited.insert(identity).inserted { continue }
                collection.swiftFiles += listing.collection.swiftFiles
                collection.imageSets += listing.collection.imageSets
                collection.errors += listing.collection.errors
                level += listing.folders
            }
        }
    }

    /// What one folder holds: the folders to walk next, and the files and image sets in it.
    fileprivate struct Listing {
        var identity: FolderIdentity?
        var folders: [(path: String, insideCatalog: Bool)] = []
        var collection = Collection()
    }

    private static func list(directory: String, insideCatalog: Bool) -> Listing {
        var listing = Listing()
        func failure() -> Listing {
            listing.collection.errors.append(FileError(path: directory, reason: "cannot read the folder (\(SourceReader.errorText(errno)))"))
            return listing
        }
        // One lookup of the path: the folder is opened, then asked who it is and what it holds through the descriptor.
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return failure() }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            defer { close(descriptor) }
            return failure()
        }
        listing.identity = FolderIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        guard let stream = fdopendir(descriptor) else {
            defer { close(descriptor) }
            return failure()
        }
        // readdir says what most entries are, so only links (and file systems that do not say) cost a stat.
        var entries: [(name: String, type: Int32)] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name == "." || name == ".." { continue }
            entries.append((name, Int32(entry.pointee.d_type)))
        }
        closedir(stream)
        for (name, type) in entries.sorted(by: { $0.name < $1.name }) {
            let path = join(directory, name)
            var isDirectory: Bool
            switch type {
            case Int32(DT_DIR): isDirectory = true
            case Int32(DT_REG): isDirectory = false
            default:
                var target = stat()
                guard stat(path, &target) == 0 else { continue }   // dangling link
                isDirectory = target.st_mode & S_IFMT == S_IFDIR
            }
            if isDirectory {
                if name.hasPrefix(".") || skippedFolders.contains(name) { continue }
                if insideCatalog && name.hasSuffix(".imageset") {
                    listing.collection.imageSets.append(path)
                    continue
                }
                if insideCatalog, let dot = name.lastIndex(of: "."), catalogLeaves.contains(String(name[name.index(after: dot)...])) {
                    continue
                }
                listing.folders.append((path, insideCatalog || name.hasSuffix(".xcassets")))
            } else if name.hasSuffix(".swift") {
                listing.collection.swiftFiles.append(path)
            }
        }
        return listing
    }

    static func join(_ directory: String, _ name: String) -> String {
        if directory == "." { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
