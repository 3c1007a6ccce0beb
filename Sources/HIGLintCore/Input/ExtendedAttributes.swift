import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's extended attributes, through its descriptor, so `AtomicFile` can give them to the copy it renames over
/// the original (on Linux, ACLs and file capabilities are extended attributes too).
///
/// Glibc's Swift module does not export `<sys/xattr.h>`, so on Linux the C functions are looked up at run time.
public enum ExtendedAttributes {
    /// A call that failed, with its `errno`.
    public struct Failure: Error, Equatable {
        public var code: Int32
    }

    /// The attributes' names, or the failure (`ENOTSUP` where the file system has none).
    public static func names(_ descriptor: Int32) -> Result<[String], Failure> {
        let size = functions.list(descriptor, nil, 0)
        guard size >= 0 else { return .failure(Failure(code: errno)) }
        guard size > 0 else { return .success([]) }
        var buffer = [CChar](repeating: 0, count: size)
        let count = functions.list(descriptor, &buffer, size)
        guard count >= 0 else { return .failure(Failure(code: errno)) }
        return .success(buffer[..<count].split(separator: 0).map { String(decoding: $0.map { UInt8(bitPattern: $0) }, as: UTF8.self) })
    }

    /// The value of attribute `name`, or the `errno` of the failure.
    public static func value(_ descriptor: Int32, _ name: String) -> Result<[UInt8], Failure> {
        let size = functions.get(descriptor, name, nil, 0)
        guard size >= 0 else { return .failure(Failure(code: errno)) }
        var value = [UInt8](repeating: 0, count: size)
        let count = value.withUnsafeMutableBytes { functions.get(descriptor, name, $0.baseAddress, size) }
        guard count >= 0 else { return .failure(Failure(code: errno)) }
        return .success(Array(value.prefix(count)))
    }

    /// Sets attribute `name` to `value`; the `errno` of the failure, or `nil`.
    public static func set(_ descriptor: Int32, _ name: String, _ value: [UInt8]) -> Int32? {
        value.withUnsafeBytes { functions.set(descriptor, name, $0.baseAddress, value.count) } == 0 ? nil : errno
    }

    private struct Functions: Sendable {
        var list: @Sendable (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int
        var get: @Sendable (Int32, String, UnsafeMutableRawPointer?, Int) -> Int
        var set: @Sendable (Int32, String, UnsafeRawPointer?, Int) -> Int32
    }

    #if canImport(Darwin)
    private static let functions = Functions(
        list: { flistxattr($0, $1, $2, 0) },
        get: { fgetxattr($0, $1, $2, $3, 0, 0) },
        set: { fsetxattr($0, $1, $2, $3, 0, 0) })
    #else
    private typealias List = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int
    private typealias Get = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    private typealias Set = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32

    /// Without the C library's functions (a libc that lacks them), every file has no attributes.
    private static let functions: Functions = {
        let library = dlopen(nil, RTLD_NOW)
        guard let list = dlsym(library, "flistxattr"), let get = dlsym(library, "fgetxattr"),
              let set = dlsym(library, "fsetxattr") else {
            return Functions(list: { _, _, _ in errno = ENOTSUP; return -1 }, get: { _, _, _, _ in errno = ENOTSUP; return -1 },
                             set: { _, _, _, _ in errno = ENOTSUP; return -1 })
        }
        let listing = unsafeBitCast(list, to: List.self)
        let getting = unsafeBitCast(get, to: Get.self)
        let setting = unsafeBitCast(set, to: Set.self)
        return Functions(list: { listing($0, $1, $2) }, get: { getting($0, $1, $2, $3) }, set: { setting($0, $1, $2, $3, 0) })
    }()
    #endif
}
