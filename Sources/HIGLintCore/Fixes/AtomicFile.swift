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
/// stays on one file system), which takes the original's owner, extended
/// attributes (and so its ACLs) and permission bits, is flushed to disk, and is
/// then renamed over the original. A reader sees the old file or the new one,
/// never half of each. A symbolic link is followed, so the link stays a link and
/// its target changes.
///
/// What a rename cannot keep, it does not pretend to: a file with several hard
/// links, one another process still has open for writing, or whose owner or
/// attributes cannot be copied is left as it was, with the reason.
public enum AtomicFile {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The file's bytes, size or modification time are no longer the ones the new contents were computed from.
        case changedOnDisk
        /// The file cannot be written (no write permission on it).
        case readOnly
        /// The file has other names (hard links), which a rename would leave holding the old text.
        case hardLinked(links: Int)
        /// Another process has the file open for writing: renaming over it would lose what it writes next.
        case openForWriting
        /// The copy could not be given the original's owner or an extended attribute.
        case cannotKeep(String)
        /// Anything else the system refused, with its reason.
        case system(String)

        public var description: String {
            switch self {
            case .changedOnDisk: "the file changed on disk since it was read; not changed"
            case .readOnly: "the file is read-only; not changed"
            case .hardLinked(let links):
                "the file has \(links) hard links, and writing a corrected copy would split them; not changed"
            case .openForWriting: "another process has the file open for writing; not changed"
            case .cannotKeep(let what): "cannot keep \(what) on a corrected copy; not changed"
            case .system(let reason): "cannot write the file (\(reason)); not changed"
            }
        }

        /// The reason alone, for messages that say themselves what was not written.
        public var reason: String {
            switch self {
            case .system(let reason): reason
            case .readOnly: "permission denied"
            default: description
            }
        }

        /// Whether the file was left alone on purpose (someone else's change, or something a rename would lose),
        /// rather than because writing failed.
        public var isSkip: Bool {
            switch self {
            case .changedOnDisk, .hardLinked, .openForWriting, .cannotKeep: true
            case .readOnly, .system: false
            }
        }
    }

    /// Writes `contents` over the file at `path` if it still holds exactly `expected` and, when `status` is given,
    /// still has that identity, size and modification time (those of the read that produced `expected`).
    ///
    /// `path` is resolved with `realpath(3)`, as the kernel resolves it when the file is read: a `..` after a
    /// symbolic link leads where reading it led, not where the text of the path suggests.
    public static func replace(_ path: String, expecting expected: Data, status: FileStatus? = nil,
                               with contents: Data) throws(Failure) {
        guard let target = FileCollector.realPath(path) else { throw .system(errorText()) }
        let original = FileName.withFileSystemPath(target) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard original >= 0 else { throw .system(errorText()) }
        defer { close(original) }
        var info = stat()
        guard fstat(original, &info) == 0 else { throw .system(errorText()) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .system("not a regular file") }
        // Renaming needs only the folder to be writable; the file's own permission is the owner's intent.
        // No write bit at all means read-only even for a superuser, whom `access` always lets write.
        guard info.st_mode & 0o222 != 0 else { throw .readOnly }
        guard FileName.withFileSystemPath(target, { access($0, W_OK) }) == 0 else {
            if errno == EACCES || errno == EROFS || errno == EPERM { throw .readOnly }
            throw .system(errorText())
        }
        guard info.st_nlink <= 1 else { throw .hardLinked(links: Int(info.st_nlink)) }
        if let status, status != FileStatus(info) { throw .changedOnDisk }
        guard case .success(let current) = SourceReader.read(target), current == expected else { throw .changedOnDisk }
        if isOpenForWriting(original) { throw .openForWriting }

        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let (temporary, descriptor) = try createTemporary(in: folder.isEmpty ? "." : folder, beside: name,
                                                          mode: info.st_mode & 0o777)
        var failure: Failure?
        if let code = writeFully(descriptor, contents) { failure = .system(String(cString: strerror(code))) }
        // The owner first: changing it clears the set-user-ID and set-group-ID bits, which `fchmod` then restores.
        // Someone who may write another user's file but not give it away ends up owning the copy, as an editor's
        // save would; but a set-user-ID or set-group-ID file must not change hands, so that one is left alone.
        if failure == nil, info.st_uid != geteuid() || info.st_gid != getegid(),
           fchown(descriptor, info.st_uid, info.st_gid) != 0, info.st_mode & (S_ISUID | S_ISGID) != 0 {
            failure = .cannotKeep("the owner of a set-user-ID or set-group-ID file (\(errorText()))")
        }
        if failure == nil { failure = copyExtendedAttributes(from: original, to: descriptor) }
        // `open` applies the umask; set the original's bits exactly.
        if failure == nil, fchmod(descriptor, info.st_mode & 0o7777) != 0 { failure = .system(errorText()) }
        if failure == nil, fsync(descriptor) != 0 { failure = .system(errorText()) }
        close(descriptor)
        if failure == nil {
            // The last moment to notice another writer; the window left is the rename itself.
            var now = stat()
            if FileName.withFileSystemPath(target, { stat($0, &now) }) != 0 || FileStatus(now) != FileStatus(info)
                || (try? SourceReader.read(target).get()) != expected {
                failure = .changedOnDisk
            } else if isOpenForWriting(original) {
                failure = .openForWriting
            }
        }
        if failure == nil, renameFile(temporary, to: target) != 0 { failure = .system(errorText()) }
        if let failure {
            FileName.withFileSystemPath(temporary) { _ = unlink($0) }
            throw failure
        }
    }

    /// Writes `contents` to `path` (a new file, or over one), all at once: a temporary file beside it, flushed,
    /// then renamed. For what HIGLint writes of its own (reports, baselines, stamps); failures say why in words,
    /// such as "it is a folder".
    public static func write(_ contents: Data, to path: String) throws(Failure) {
        var info = stat()
        if FileName.withFileSystemPath(path, { stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFDIR { throw .system("it is a folder") }
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let (temporary, descriptor) = try createTemporary(in: folder.isEmpty ? "." : folder, beside: name, mode: 0o666)
        var failure: Failure?
        if let code = writeFully(descriptor, contents) { failure = .system(String(cString: strerror(code))) }
        if failure == nil, fsync(descriptor) != 0 { failure = .system(errorText()) }
        close(descriptor)
        if failure == nil, renameFile(temporary, to: path) != 0 { failure = .system(errorText()) }
        if let failure {
            FileName.withFileSystemPath(temporary) { _ = unlink($0) }
            throw failure
        }
    }

    /// A new hidden file beside `name`, whose name is never longer than `name` (so a file whose name is near the
    /// system's limit can still be replaced) and never ends in `.swift` (so a run killed before the rename leaves
    /// nothing that looks like source): `.` and as much of `name` as fits, `~`, and six random letters or digits.
    public static func temporaryName(beside name: String) -> String {
        let length = name.utf8.count
        let randomCount = min(6, max(1, length - 2))
        var prefix = Substring(name)
        while prefix.utf8.count > length - 2 - randomCount { prefix = prefix.dropLast() }
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        let random = String((0..<randomCount).map { _ in alphabet.randomElement()! })
        return "." + prefix + "~" + random
    }

    private static func createTemporary(in folder: String, beside name: String, mode: mode_t) throws(Failure) -> (String, Int32) {
        for _ in 0..<32 {
            let path = folder + "/" + temporaryName(beside: name)
            let descriptor = FileName.withFileSystemPath(path) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
            if descriptor >= 0 { return (path, descriptor) }
            guard errno == EEXIST else { throw .system(errorText()) }
        }
        throw .system("no free temporary name beside the file")
    }

    private static func renameFile(_ source: String, to target: String) -> Int32 {
        FileName.withFileSystemPath(source) { source in FileName.withFileSystemPath(target) { rename(source, $0) } }
    }

    /// Whether another process holds the file open for writing. Linux refuses a read lease on such a file
    /// (`EAGAIN`); a lease taken is given back at once. Where leases are not allowed (another user's file
    /// without the capability, a file system without them), nothing can be told and the answer is no.
    private static func isOpenForWriting(_ descriptor: Int32) -> Bool {
        #if os(Linux)
        let setLease: Int32 = 1024   // F_SETLEASE, which Glibc's Swift module does not export
        guard fcntl(descriptor, setLease, Int32(F_RDLCK)) != 0 else {
            _ = fcntl(descriptor, setLease, Int32(F_UNLCK))
            return false
        }
        return errno == EAGAIN
        #else
        return false
        #endif
    }

    /// Copies every extended attribute (on Linux, ACLs are ones too), or says which could not be copied.
    private static func copyExtendedAttributes(from source: Int32, to destination: Int32) -> Failure? {
        let names: [String]
        switch ExtendedAttributes.names(source) {
        case .success(let list): names = list
        case .failure(let failure): return failure.code == ENOTSUP ? nil : .system(String(cString: strerror(failure.code)))
        }
        for name in names {
            guard case .success(let value) = ExtendedAttributes.value(source, name),
                  ExtendedAttributes.set(destination, name, value) == nil else {
                return .cannotKeep("the extended attribute '\(name)' (\(errorText()))")
            }
        }
        return nil
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}

/// Writes all of `contents` to `descriptor`, or returns the `errno` of the write that failed.
func writeFully(_ descriptor: Int32, _ contents: Data) -> Int32? {
    contents.withUnsafeBytes { writeFully(descriptor, $0) }
}

/// Writes every byte of `buffer` to `descriptor`, retrying interrupted and partial writes, or returns the `errno` of
/// the write that failed. `FileHandle.write` stops the process instead, on a full disk or a closed pipe.
public func writeFully(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32? {
    var written = 0
    while written < buffer.count {
        let result = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
        if result < 0 {
            if errno == EINTR { continue }
            return errno
        }
        written += result
    }
    return nil
}
