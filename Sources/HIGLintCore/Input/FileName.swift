import Foundation

/// File names as HIGLint keeps them: Swift strings, which hold only valid Unicode, for names that are any bytes.
///
/// Linux allows any byte but `/` and NUL in a name, so a name may not be valid UTF-8 (`bad\xFF.swift`, written by
/// an old tool or another locale). Decoding it the usual way replaces those bytes with U+FFFD, and the file is then
/// looked for under a name it does not have. Here such a name is written with each byte that is not part of valid
/// UTF-8 as `%XX`, and its `%` as `%25` (`bad%FF.swift`), and the escaped name is remembered, so that every call
/// that hands a path to the system (`withFileSystemPath`) gives back the name's own bytes. Names that are valid
/// UTF-8 are kept as they are, `%` included.
///
/// What it does not do: a valid name spelled exactly as another, invalid, name is escaped (`bad%FF.swift` beside
/// `bad\xFF.swift`) is taken for that one; and names that reach HIGLint other than through the command line, a
/// folder listing or `realpath` (a configuration file, an editor's URI) are not escaped.
public enum FileName {
    /// The escaped names met so far, with their bytes.
    private static let escaped = Registry()

    private final class Registry: @unchecked Sendable {
        private let lock = NSLock()
        private var names: [String: [UInt8]] = [:]

        func insert(_ name: String, _ bytes: [UInt8]) {
            lock.lock()
            defer { lock.unlock() }
            names[name] = bytes
        }

        /// The bytes of each name of `path`: those of an escaped name met so far, else its UTF-8.
        func bytes(of path: String) -> [UInt8] {
            lock.lock()
            defer { lock.unlock() }
            guard !names.isEmpty else { return Array(path.utf8) }
            var bytes: [UInt8] = []
            for (index, name) in path.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: "/")) }
                bytes += name.utf8.contains(UInt8(ascii: "%")) ? names[String(name)] ?? Array(name.utf8) : Array(name.utf8)
            }
            return bytes
        }
    }

    /// One name (no `/`) as a string: itself when it is valid UTF-8, else escaped and remembered.
    public static func string<Bytes: Collection<UInt8>>(name bytes: Bytes) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        let bytes = Array(bytes)
        var text = ""
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                text += "%25"
                index += 1
            } else if let length = validSequenceLength(bytes, at: index) {
                text += String(decoding: bytes[index..<index + length], as: UTF8.self)
                index += length
            } else {
                text += "%" + String(bytes[index], radix: 16, uppercase: true).leftPadded(to: 2)
                index += 1
            }
        }
        escaped.insert(text, bytes)
        return text
    }

    /// A path from the system (a `realpath` result, an argument) as a string, each of its names as `string(name:)`.
    public static func string<Bytes: Collection<UInt8>>(path bytes: Bytes) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            .map { string(name: $0) }.joined(separator: "/")
    }

    /// A NUL-terminated path from the system as a string.
    public static func string(cString: UnsafePointer<CChar>) -> String {
        string(path: UnsafeBufferPointer(start: cString, count: strlen(cString)).lazy.map { UInt8(bitPattern: $0) })
    }

    /// The bytes the system knows `path` by: the names `string(name:)` escaped given back as they were.
    public static func fileSystemBytes(_ path: String) -> [UInt8] {
        // Only a path with a `%` can hold an escaped name; the others need no lookup.
        guard path.utf8.contains(UInt8(ascii: "%")) else { return Array(path.utf8) }
        return escaped.bytes(of: path)
    }

    /// Calls `body` with `path` as the system knows it, for `open`, `stat` and the like.
    public static func withFileSystemPath<Result>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        guard path.utf8.contains(UInt8(ascii: "%")) else { return try path.withCString(body) }
        let bytes = fileSystemBytes(path).map { CChar(bitPattern: $0) } + [0]
        return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The length of the valid UTF-8 sequence at `index`, or `nil` when the byte there starts none (RFC 3629).
    static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int? {
        let first = bytes[index]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch first {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; second = 0xA0...0xBF
        case 0xED: length = 3; second = 0x80...0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0: length = 4; second = 0x90...0xBF
        case 0xF4: length = 4; second = 0x80...0x8F
        case 0xF1...0xF3: length = 4
        default: return nil
        }
        guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return nil }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return nil }
        return length
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
