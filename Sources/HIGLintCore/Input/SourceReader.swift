import Foundation
import HIGLintProject
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the files HIGLint checks, refusing what is not a regular file.
///
/// `Data(contentsOf:)` blocks forever on a FIFO named `X.swift` (opening one for reading waits for a
/// writer) and happily reads a character device without end, so a run could hang on what a repository
/// holds. The file is opened without blocking, checked to be a regular file through the open
/// descriptor (so a path swapped between the check and the read cannot fool it), and read in full.
public enum SourceReader {
    /// Larger files are not read: no hand-written or generated Swift source comes near it, and reading
    /// a huge binary named `.swift` would only exhaust memory.
    public static let maximumSize = 64 << 20

    /// The bytes of the regular file at `path`, or why it cannot be read, in words for a person.
    public static func read(_ path: String) -> Result<Data, FileError> {
        readWithStatus(path).map(\.data)
    }

    /// The bytes of the regular file at `path` and its status as it was opened, so a writer can tell later
    /// whether anyone changed the file since.
    public static func readWithStatus(_ path: String) -> Result<(data: Data, status: FileStatus), FileError> {
        func failure(_ reason: String) -> Result<(data: Data, status: FileStatus), FileError> {
            .failure(FileError(path: path, reason: "cannot read the file (\(reason))"))
        }
        guard ReadBoundary.allows(path) else { return .failure(FileError(path: path, reason: ReadBoundary.refusal(path))) }
        let descriptor = FileName.withFileSystemPath(path) { open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else {
            // A socket cannot be opened at all ("No such device or address"): say what it is instead.
            let code = errno
            var info = stat()
            if code == ENXIO, FileName.withFileSystemPath(path, { stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFSOCK {
                return failure("it is a socket, not a regular file")
            }
            return failure(errorText(code))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return failure(errorText(errno)) }
        if let kind = notRegularFile(info) { return failure(kind) }
        guard Int(info.st_size) <= maximumSize else {
            return failure("it is larger than \(maximumSize >> 20) MiB")
        }
        // Read into one buffer of the size fstat gave (a byte more, to see the end without a second call), grown
        // only for a file that grows meanwhile: every file of a run is read this way, and a zeroed 64 KiB chunk per
        // file cost more than the read.
        var capacity = Int(info.st_size) + 1
        guard var buffer = malloc(capacity) else { return failure("out of memory") }
        var count = 0
        while true {
            if count == capacity {
                guard count <= maximumSize else {
                    free(buffer)
                    return failure("it is larger than \(maximumSize >> 20) MiB")
                }
                capacity *= 2
                guard let grown = realloc(buffer, capacity) else {
                    free(buffer)
                    return failure("out of memory")
                }
                buffer = grown
            }
            let result = readBytes(descriptor, buffer + count, capacity - count)
            if result < 0 {
                if errno == EINTR { continue }
                let reason = errorText(errno)
                free(buffer)
                return failure(reason)
            }
            if result == 0 { break }
            count += result
        }
        // The file grew while it was read.
        guard count <= maximumSize else {
            free(buffer)
            return failure("it is larger than \(maximumSize >> 20) MiB")
        }
        let data = Data(bytesNoCopy: buffer, count: count, deallocator: .free)
        return .success((data, FileStatus(info)))
    }

    /// The size in bytes of the regular file at `path` (links followed), without opening it; `nil` for anything
    /// else (a missing file, a folder, a named pipe, a file outside `ReadBoundary`), which reading it will name.
    public static func size(of path: String) -> Int? {
        guard ReadBoundary.allows(path) else { return nil }
        var info = stat()
        guard FileName.withFileSystemPath(path, { stat($0, &info) }) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// What the file at `path` is when it exists and is no regular file (a named pipe, which blocks whoever opens it
    /// for reading, a socket, a device, a folder), in words for a person; `nil` for a regular or missing file.
    /// Links are followed, as a read follows them.
    public static func notRegularFile(at path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return notRegularFile(info)
    }

    private static func notRegularFile(_ info: stat) -> String? {
        switch info.st_mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "it is a folder"
        case S_IFIFO: "it is a named pipe, not a regular file"
        case S_IFSOCK: "it is a socket, not a regular file"
        default: "it is a device, not a regular file"
        }
    }

    /// At most `count` bytes from the start of the regular file at `path`, read as `read` reads (never blocking
    /// on a named pipe); files of any size.
    public static func readPrefix(_ path: String, count: Int) -> Result<Data, FileError> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(FileError(path: path, reason: "cannot read the file (\(errorText(errno)))")) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(FileError(path: path, reason: "cannot read the file (\(errorText(errno)))")) }
        if let kind = notRegularFile(info) { return .failure(FileError(path: path, reason: "cannot read the file (\(kind))")) }
        var data = Data(count: count)
        var filled = 0
        let failed: Int32? = data.withUnsafeMutableBytes { buffer in
            while filled < count {
                let result = readBytes(descriptor, buffer.baseAddress! + filled, count - filled)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if result == 0 { break }
                filled += result
            }
            return nil
        }
        if let failed { return .failure(FileError(path: path, reason: "cannot read the file (\(errorText(failed)))")) }
        return .success(data.prefix(filled))
    }

    /// Whether `bytes` open with a UTF-16 byte order mark (either byte order), as files saved by some Windows editors do.
    public static func startsWithUTF16ByteOrderMark(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && ((bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF))
    }

    static func errorText(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case EACCES, EPERM: "permission denied"
        default: String(cString: strerror(code))
        }
    }
}

/// What a writer compares to tell whether a file changed since it was read: the file's identity, size and
/// modification time.
public struct FileStatus: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var modifiedSeconds: Int64
    public var modifiedNanoseconds: Int64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modifiedSeconds = Int64(info.st_mtimespec.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtimespec.tv_nsec)
        #else
        modifiedSeconds = Int64(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
        #endif
    }
}

/// `read(2)`, under a name `SourceReader.read` does not hide.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
