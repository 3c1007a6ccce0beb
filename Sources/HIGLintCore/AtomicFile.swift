import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file's contents all at once, or not at all.
///
/// The new contents go to a temporary file in the same folder (so the rename
/// stays on one file system), which takes the original's permission bits, is
/// flushed to disk, and is then renamed over the original. A reader sees the
/// old file or the new one, never half of each. A symbolic link is followed, so
/// the link stays a link and its target changes.
public enum AtomicFile {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The file's bytes are no longer the ones the new contents were computed from.
        case changedOnDisk
        /// The file cannot be written (no write permission on it).
        case readOnly
        /// Anything else the system refused, with its reason.
        case system(String)

        public var description: String {
            switch self {
            case .changedOnDisk: "the file changed on disk since it was read; not changed"
            case .readOnly: "the file is read-only; not changed"
            case .system(let reason): "cannot write the file (\(reason)); not changed"
            }
        }
    }

    /// Writes `contents` over the file at `path` if it still holds exactly `expected`.
    public static func replace(_ path: String, expecting expected: Data, with contents: Data) throws(Failure) {
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var info = stat()
        guard stat(target, &info) == 0 else { throw .system(errorText()) }
        // Renaming needs only the folder to be writable; the file's own permission is the owner's intent.
        // No write bit at all means read-only even for a superuser, whom `access` always lets write.
        guard info.st_mode & 0o222 != 0 else { throw .readOnly }
        guard access(target, W_OK) == 0 else {
            if errno == EACCES || errno == EROFS || errno == EPERM { throw .readOnly }
            throw .system(errorText())
        }
        guard let current = FileManager.default.contents(atPath: target), current == expected else { throw .changedOnDisk }

        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let temporary = (folder.isEmpty ? "." : folder) + "/.\(name).higlint-\(UUID().uuidString).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, info.st_mode & 0o7777)
        guard descriptor >= 0 else { throw .system(errorText()) }
        var failure: Failure?
        contents.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let result = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    failure = .system(errorText())
                    return
                }
                written += result
            }
        }
        // `open` applies the umask; set the original's bits exactly.
        if failure == nil, fchmod(descriptor, info.st_mode & 0o7777) != 0 { failure = .system(errorText()) }
        // Keep the owner too where the system allows it (a superuser fixing someone else's file); else the writer owns it.
        if failure == nil, info.st_uid != geteuid() || info.st_gid != getegid() { _ = fchown(descriptor, info.st_uid, info.st_gid) }
        if failure == nil, fsync(descriptor) != 0 { failure = .system(errorText()) }
        close(descriptor)
        if failure == nil {
            // The last moment to notice another writer; the window left is the rename itself.
            if FileManager.default.contents(atPath: target) != expected { failure = .changedOnDisk }
        }
        if failure == nil, rename(temporary, target) != 0 { failure = .system(errorText()) }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
