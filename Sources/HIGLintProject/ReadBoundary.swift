import Foundation

/// The folder a process may read files in: `higlint mcp --root DIR` serves an agent that must see nothing
/// outside its root, not a configuration file linked out of it, not the projects in the folders around it.
///
/// Every reader of files (sources, configuration, projects, workspaces, image sets) asks `allows(_:)` before it
/// opens one. A path is judged by where it really is: its symbolic links resolved, and for a path that does not
/// exist, those of its deepest existing folder, so that a path outside gets the same refusal whether it exists
/// or not. Unconfined (the default, and `lint`, `fix` and the language server), every path is allowed.
///
/// One boundary per process: the MCP server serves one root.
public enum ReadBoundary {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var confinedRoot: String?
    nonisolated(unsafe) private static var allowedFiles: Set<String> = []

    /// Confines every later read to `folder` (its real path), and the files in `allowing` that the person who
    /// started the process named (`--config`); `nil` lifts the confinement.
    public static func confine(to folder: String?, allowing files: [String] = []) {
        let root = folder.map(resolved)
        let allowed = Set(files.map(resolved))
        lock.withLock {
            confinedRoot = root
            allowedFiles = allowed
        }
    }

    /// The real path of the folder reads are confined to, `nil` when they are not.
    public static var root: String? { lock.withLock { confinedRoot } }

    /// Whether `path` may be read: always when unconfined, else when it resolves inside the root.
    public static func allows(_ path: String) -> Bool {
        guard let (root, allowed) = lock.withLock({ confinedRoot.map { ($0, allowedFiles) } }) else { return true }
        let real = resolved(path)
        return isInside(real, root) || allowed.contains(real)
    }

    /// Whether `path`, already resolved, is `root` or lies below it.
    public static func isInside(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// Why a read was refused, in the same words whether the file exists or not.
    public static func refusal(_ path: String) -> String {
        "refused: \(path) is outside the server's root \(root ?? "/") (where it really is, links resolved); nothing outside the root is read"
    }

    /// `path` with every symbolic link resolved; of a path that does not exist, its deepest existing folder is
    /// resolved and the rest appended (`..` taken back from it), as the kernel would walk it.
    public static func resolved(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
        if let real = realPath(absolute) { return real }
        let parent = (absolute as NSString).deletingLastPathComponent
        let name = (absolute as NSString).lastPathComponent
        guard parent != absolute, !parent.isEmpty else { return absolute }
        let base = resolved(parent)
        switch name {
        case "", ".": return base
        case "..": return (base as NSString).deletingLastPathComponent
        default: return base == "/" ? "/" + name : base + "/" + name
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }
}
