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
        /// String catalogs (`.xcstrings`) and `.strings` tables in `.lproj` folders: the text of localization keys.
        public var stringCatalogs: [String] = []
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
        let roots = paths.compactMap(realPath)
        var folders: [(path: String, insideCatalog: Bool)] = []
        for path in paths {
            var info = stat()
            guard FileName.withFileSystemPath(path, { stat($0, &info) }) == 0 else {
                collection.errors.append(FileError(path: path, reason: "no such file or directory"))
                continue
            }
            let insideCatalog = path.split(separator: "/").contains { $0.hasSuffix(".xcassets") }
            if info.st_mode & S_IFMT == S_IFDIR {
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
        walk(folders, roots: roots, into: &collection)
        collection.swiftFiles = sortedUnique(collection.swiftFiles)
        collection.imageSets = sortedUnique(collection.imageSets)
        collection.stringCatalogs = sortedUnique(collection.stringCatalogs)
        return collection
    }

    /// The path with every symbolic link, `.` and `..` resolved as the kernel resolves them when it opens the
    /// path (a `..` after a link leaves the link's target, not the link's folder), or `nil` when it does not exist.
    ///
    /// Reading and writing a file both go through this, so a fix writes exactly the file it read. Names that are
    /// not valid UTF-8 come back escaped (`FileName`).
    public static func realPath(_ path: String) -> String? {
        guard let resolved = FileName.withFileSystemPath(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return FileName.string(cString: resolved)
    }

    /// Whether the real path `path` is one of the real paths `roots` or inside one of them.
    public static func isInside(_ path: String, roots: [String]) -> Bool {
        roots.contains { root in
            path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
        }
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

    /// Walks the folder trees under `folders`, one depth at a time, listing the folders of each depth on every core:
    /// a warm run does little else than walk and read, and a large app has thousands of folders.
    ///
    /// Listing runs in parallel, but what is kept is decided in order (depth, then the order of the folders above,
    /// then names), so a folder reached by several routes (a symlink, a path given twice, a symlink loop) is walked
    /// once, under the same route on every run: the shortest, then the first by name.
    ///
    /// A symbolic link to a folder is followed only when the folder's real path is inside one of `roots` (the real
    /// paths given), so a link to another project or to `/` does not take the walk out of the tree. A link to a
    /// Swift file that the walk also reaches by its own name is left out, so the file is checked once.
    private static func walk(_ folders: [(path: String, insideCatalog: Bool)], roots: [String], into collection: inout Collection) {
        var visited: Set<FolderIdentity> = []
        var level = folders
        var realFiles: Set<String> = []
        var linkedFiles: [(path: String, target: String)] = []
        while !level.isEmpty {
            let listings = ConcurrentResults<Listing>(count: level.count)
            let folders = level
            ParallelRunner.forEach(count: folders.count) { index in
                listings[index] = list(directory: folders[index].path, insideCatalog: folders[index].insideCatalog, roots: roots)
            }
            level = []
            for listing in listings.values.compactMap({ $0 }) {
                if let identity = listing.identity, !visited.insert(identity).inserted { continue }
                collection.swiftFiles += listing.collection.swiftFiles
                collection.imageSets += listing.collection.imageSets
                collection.stringCatalogs += listing.collection.stringCatalogs
                collection.errors += listing.collection.errors
                realFiles.formUnion(listing.realFiles)
                linkedFiles += listing.linkedFiles
                level += listing.folders
            }
        }
        for linked in linkedFiles where !realFiles.insert(linked.target).inserted {
            collection.swiftFiles.removeAll { $0 == linked.path }
        }
    }

    /// What one folder holds: the folders to walk next, and the files and image sets in it.
    fileprivate struct Listing {
        var identity: FolderIdentity?
        var folders: [(path: String, insideCatalog: Bool)] = []
        var collection = Collection()
        /// The real paths of the Swift files here that are not links.
        var realFiles: [String] = []
        /// The Swift files here that are links, with the real path of what they point at.
        var linkedFiles: [(path: String, target: String)] = []
    }

    private static func list(directory: String, insideCatalog: Bool, roots: [String]) -> Listing {
        var listing = Listing()
        func failure() -> Listing {
            listing.collection.errors.append(FileError(path: directory, reason: "cannot read the folder (\(SourceReader.errorText(errno)))"))
            return listing
        }
        // One lookup of the path: the folder is opened, then asked who it is and what it holds through the descriptor.
        let descriptor = FileName.withFileSystemPath(directory) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
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
            // A name that is not valid UTF-8 is escaped, not decoded with U+FFFD into a name no file has.
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                $0.withMemoryRebound(to: UInt8.self, capacity: Int(NAME_MAX) + 1) { name in
                    FileName.string(name: UnsafeBufferPointer(start: name, count: strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))))
                }
            }
            if name == "." || name == ".." { continue }
            entries.append((name, Int32(entry.pointee.d_type)))
        }
        closedir(stream)
        let realDirectory = realPath(directory)
        for (name, type) in entries.sorted(by: { $0.name < $1.name }) {
            let path = join(directory, name)
            var isDirectory: Bool
            var linkTarget: String?
            switch type {
            case Int32(DT_DIR): isDirectory = true
            case Int32(DT_REG): isDirectory = false
            default:
                var target = stat()
                guard FileName.withFileSystemPath(path, { stat($0, &target) }) == 0 else { continue }   // dangling link
                isDirectory = target.st_mode & S_IFMT == S_IFDIR
                var entry = stat()
                if FileName.withFileSystemPath(path, { lstat($0, &entry) }) == 0, entry.st_mode & S_IFMT == S_IFLNK {
                    linkTarget = realPath(path)
                    if isDirectory, !isInside(linkTarget ?? "", roots: roots) { continue }
                }
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
                if let linkTarget {
                    listing.linkedFiles.append((path, linkTarget))
                } else if let realDirectory {
                    listing.realFiles.append(join(realDirectory, name))
                }
            } else if name.hasSuffix(".xcstrings") || (name.hasSuffix(".strings") && directory.hasSuffix(".lproj")) {
                listing.collection.stringCatalogs.append(path)
            }
        }
        return listing
    }

    static func join(_ directory: String, _ name: String) -> String {
        if directory == "." { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
