import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Findings per file from earlier runs, so that a re-run over unchanged files reads bytes instead of parsing.
///
/// An entry is keyed by everything a file's findings depend on: its path and bytes, its configuration, what the
/// other files linted with it say about the rules' `moduleSymbols`, and the tool (`toolVersion`, which the CLI
/// makes change with every build). Each entry is its own file, written to a temporary name and renamed into
/// place, so concurrent runs share the folder safely: a reader sees a whole entry or none. An entry that does
/// not start with the format line, holds another key (a hash collision, a foreign file) or does not decode is
/// a miss, and is overwritten by the fresh result; the cache is never trusted over the source.
public final class ResultCache: Sendable {
    /// The folder of entries (format version included, so an incompatible future layout lives beside it).
    public let directory: String
    public let toolVersion: String
    static let formatLine = "higlint-result-cache 1"

    public init(directory: String, toolVersion: String) {
        self.directory = (directory as NSString).appendingPathComponent("v1")
        self.toolVersion = toolVersion
    }

    /// `$XDG_CACHE_HOME/higlint`, else `~/.cache/higlint`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/higlint" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.cache/higlint"
    }

    /// The key of one file's findings.
    public func key(path: String, source: UnsafeRawBufferPointer, configuration: Configuration, module: ModuleFacts,
                    rules: [String]) -> String {
        key(path: path, source: source, context: context(configurationDescription: configuration.cacheDescription,
                                                         moduleDescription: module.cacheDescription, rules: rules))
    }

    /// What a key holds besides the file: the same for every file of a run with one configuration.
    struct KeyContext {
        fileprivate var hash: Hash64
    }

    func context(configurationDescription: String, moduleDescription: String, rules: [String]) -> KeyContext {
        var hash = Hash64()
        for part in [toolVersion, configurationDescription, moduleDescription] + rules { hash.add(part) }
        return KeyContext(hash: hash)
    }

    func key(path: String, source: UnsafeRawBufferPointer, context: KeyContext) -> String {
        var content = Hash64()
        content.add(source)
        var whole = context.hash
        whole.add(path)
        return "c\(content.hex) n\(source.count) k\(whole.hex)"
    }

    /// The findings stored for `key`, or `nil` for a miss: absent, another key's entry, or damaged (the body's
    /// length and checksum, on the third line, do not match it).
    ///
    /// Entry layout: the format line, the key, `<body length> <body FNV-1a>`, then the body: the findings as JSON.
    public func load(key: String) -> [Diagnostic]? {
        guard case .success(let data) = SourceReader.read(entryPath(key)) else { return nil }
        let header = Data((Self.formatLine + "\n" + key + "\n").utf8)
        guard data.count > header.count, data.prefix(header.count) == header,
              let newline = data[header.count...].firstIndex(of: UInt8(ascii: "\n"))
        else { return nil }
        let body = data[(newline + 1)...]
        guard data[header.count..<newline].elementsEqual(Self.checksumLine(body).utf8) else { return nil }
        if body.elementsEqual("[]".utf8) { return [] }
        return try? JSONDecoder().decode([Diagnostic].self, from: body)
    }

    /// Stores `diagnostics` under `key`; a cache that cannot be written is no error, only slower next time.
    public func store(_ diagnostics: [Diagnostic], key: String) {
        let body: Data
        if diagnostics.isEmpty {
            body = Data("[]".utf8)
        } else {
            guard let encoded = try? JSONEncoder().encode(diagnostics) else { return }
            body = encoded
        }
        var data = Data((Self.formatLine + "\n" + key + "\n" + Self.checksumLine(body) + "\n").utf8)
        data.append(body)
        let path = entryPath(key)
        let folder = (path as NSString).deletingLastPathComponent
        if !writeAndRename(data, to: path) {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            _ = writeAndRename(data, to: path)
        }
    }

    private static func checksumLine(_ body: Data) -> String {
        var hash = Hash64()
        body.withUnsafeBytes { hash.add($0) }
        return "\(body.count) \(hash.hex)"
    }

    /// Two hex digits of folder, so no folder holds more than a few hundred entries.
    func entryPath(_ key: String) -> String {
        var hash = Hash64()
        hash.add(key)
        let name = hash.hex
        return "\(directory)/\(name.prefix(2))/\(name.dropFirst(2))"
    }

    private func writeAndRename(_ data: Data, to path: String) -> Bool {
        let temporary = "\(path).\(getpid()).\(UUID().uuidString).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else { return false }
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let result = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += result
            }
            return true
        }
        close(descriptor)
        guard written, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}

/// 64-bit FNV-1a: stable across runs and platforms, and fast enough to hash every source file on each run.
struct Hash64 {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var value = self.value
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        self.value = value
    }

    /// Adds `text` and a separator, so that ("ab", "c") and ("a", "bc") differ.
    mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { add(UnsafeRawBufferPointer($0)) }
        value = (value ^ 0xff) &* 0x0000_0100_0000_01b3
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

extension Configuration {
    /// Every setting, in a fixed order: equal configurations give equal text.
    var cacheDescription: String {
        var parts = ["platforms=\(platforms.rawValue)", "owned=\(ownedDomains.map { $0.joined(separator: ",") } ?? "-")"]
        parts += deploymentTarget.sorted { $0.key < $1.key }.map { "target \($0.key)=\($0.value)" }
        parts += components.sorted { $0.key < $1.key }.map { "component \($0.key)=\($0.value)" }
        for (id, settings) in rules.sorted(by: { $0.key < $1.key }) {
            parts.append("rule \(id) enabled=\(settings.enabled) severity=\(settings.severity?.rawValue ?? "-")")
            parts += settings.options.sorted { $0.key < $1.key }.map { "option \(id).\($0.key)=\(String(reflecting: $0.value))" }
        }
        parts.append("only=\(onlyRules.map { $0.sorted().joined(separator: ",") } ?? "-")")
        return parts.joined(separator: "\n")
    }
}

extension ModuleFacts {
    var cacheDescription: String {
        "mentioned=\(mentioned.sorted().joined(separator: ",")) declared=\(declaredTypes.sorted().joined(separator: ","))"
            + " functions=\(declaredFunctions.sorted().joined(separator: ","))"
    }
}

extension LintEngine {
    /// `lint(data:…)` through the cache: a hit returns the stored findings, a miss lints and stores them.
    /// Files that cannot be checked are not stored, so their error is reported again on every run.
    /// `moduleDescription` is `module.cacheDescription`, said once per run.
    func lint(data: Data, path: String, configuration: Configuration, module: ModuleFacts, moduleDescription: String,
              cache: ResultCache) -> Result<[Diagnostic], FileError> {
        let plan = plans.plan(for: rules, configuration: configuration)
        let context = cache.context(configurationDescription: plan.configurationDescription,
                                    moduleDescription: moduleDescription, rules: ruleIDs)
        let key = data.withUnsafeBytes { cache.key(path: path, source: $0, context: context) }
        if let stored = cache.load(key: key) { return .success(stored) }
        let result = lint(data: data, path: path, configuration: configuration, module: module)
        if case .success(let diagnostics) = result { cache.store(diagnostics, key: key) }
        return result
    }
}
