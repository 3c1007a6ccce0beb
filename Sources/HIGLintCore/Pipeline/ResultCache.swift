import Foundation
import HIGLintSwiftUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Findings per file from earlier runs, so that a re-run over unchanged files reads bytes instead of parsing.
///
/// Each file's findings are kept under a key of everything they depend on: the file's bytes (a 64-bit hash and
/// the length), its path, its configuration and what it is built as (`BuildFacts`), what the other files linted with
/// it say about the rules' `moduleSymbols`, and the tool (`toolVersion`, which the CLI makes change with every build). So are the facts
/// the first read of a run gathers from each file (`LintEngine.survey`), keyed by its bytes and configuration,
/// and the findings of each asset-catalog image set, keyed by its `Contents.json`.
///
/// A run over the same paths keeps all of them in one index file, read once at the start and, when anything
/// changed, written once at the end to a temporary name and renamed into place: a warm run opens one cache file
/// rather than one per source file. Concurrent runs share the folder safely: a reader sees a whole index or none,
/// and when two runs write, the later one's index stands (the other's new entries are only lost work). An index
/// that does not start with the format line, was written by another build, or whose body does not match the
/// length and checksum in its header is ignored and replaced; an entry that does not decode is a miss. The cache
/// is never trusted over the source.
public final class ResultCache: Sendable {
    /// The folder of indexes (format version included, so an incompatible future layout lives beside it).
    public let directory: String
    public let toolVersion: String
    /// The rule ids of this build: an entry naming another rule is a miss (`nil`: not checked).
    public let knownRules: Set<String>?
    static let formatLine = "higlint-result-cache 2"

    public init(directory: String, toolVersion: String, knownRules: Set<String>? = nil) {
        self.directory = (directory as NSString).appendingPathComponent("v2")
        self.toolVersion = toolVersion
        self.knownRules = knownRules
    }

    /// The findings of one stored entry, as a run reads them back: `nil` unless they decode exactly and every one
    /// could have come from a run of a build with `knownRules`. For the fuzz target and tests.
    public static func decodeEntry(_ bytes: UnsafeRawBufferPointer, knownRules: Set<String>?) -> [Diagnostic]? {
        DiagnosticCodec.decodeChecked(bytes, knownRules: knownRules)
    }

    /// The bytes an entry holding `diagnostics` is stored as.
    public static func encodeEntry(_ diagnostics: [Diagnostic]) -> [UInt8] {
        DiagnosticCodec.encode(diagnostics)
    }

    /// `$XDG_CACHE_HOME/higlint`, else `~/.cache/higlint`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/higlint" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.cache/higlint"
    }

    /// The index of runs over `paths`, named by the paths as given, made absolute.
    public func indexPath(for paths: [String]) -> String {
        let current = FileManager.default.currentDirectoryPath
        var hash = Hash64()
        for path in paths.map({ $0.hasPrefix("/") ? $0 : current + "/" + $0 }).map({ ($0 as NSString).standardizingPath }).sorted() {
            hash.add(path)
        }
        return "\(directory)/\(hash.hex)"
    }

    /// Reads the index of `paths` for one run.
    public func session(for paths: [String]) -> CacheSession {
        CacheSession(path: indexPath(for: paths), toolVersion: toolVersion, knownRules: knownRules)
    }

    // MARK: Keys

    /// What a key holds besides the file: the same for every file of a run with one configuration.
    struct KeyContext {
        fileprivate var hash: Hash64
    }

    func context(_ parts: [String]) -> KeyContext {
        var hash = Hash64()
        hash.add(toolVersion)
        for part in parts { hash.add(part) }
        return KeyContext(hash: hash)
    }

    /// The key of one Swift file's findings; `facts`, by default those of `configuration` alone (no project).
    public func key(path: String, source: UnsafeRawBufferPointer, configuration: Configuration, facts: BuildFacts? = nil,
                    module: ModuleFacts, rules: [String]) -> String {
        key(path: path, facts: facts ?? BuildFacts(configuration: configuration), content: ContentHash(source),
            context: context([configuration.cacheDescription, module.cacheDescription] + rules))
    }

    /// The key of one file's findings: its path and facts, on top of what the key context holds.
    func key(path: String, facts: BuildFacts, content: ContentHash, context: KeyContext, kind: Character = "c") -> String {
        var whole = context.hash
        whole.add(path)
        whole.add(facts.cacheDescription)
        return "\(kind)\(content.hex) k\(whole.hex)"
    }

    /// The key of what the survey learns from a file's bytes under one configuration.
    func surveyKey(content: ContentHash, context: KeyContext) -> String {
        "s\(content.hex) k\(context.hash.hex)"
    }
}

/// The parts of keys that are the same for every file of one configuration, worked out once per run.
final class KeyContexts: @unchecked Sendable {
    enum Purpose { case survey, results, guessedResults, assets }

    private let lock = NSLock()
    private var contexts: [ObjectIdentifier: [Purpose: ResultCache.KeyContext]] = [:]

    func context(_ purpose: Purpose, for plan: FilePlan, _ make: () -> ResultCache.KeyContext) -> ResultCache.KeyContext {
        if let known = lock.withLock({ contexts[ObjectIdentifier(plan)]?[purpose] }) { return known }
        let context = make()
        lock.withLock { contexts[ObjectIdentifier(plan), default: [:]][purpose] = context }
        return context
    }
}

/// The cache as one run sees it: the index read at its start, what the run looked up or found, and the index it
/// leaves (`save()`). Shared by the run's threads.
public final class CacheSession: @unchecked Sendable {
    /// The facts `LintEngine.survey` gathers from one file.
    struct SurveyRecord {
        var passedOver: Bool
        var facts: ModuleFacts
        /// Where the file creates the types it calls: the file's part of `ModuleReach`.
        var creations = CreationScan()
    }

    public let path: String
    private let toolVersion: String
    private let knownRules: Set<String>?
    private let lock = NSLock()
    /// The index read at the start, and where each entry's value lies in it: decoded when a file asks for it.
    private var storedData = Data()
    private var stored: [String: Range<Int>] = [:]
    /// Entries this run used or made: what `save()` writes.
    private var kept: [String: [UInt8]] = [:]
    private var changed = false

    init(path: String, toolVersion: String, knownRules: Set<String>? = nil) {
        self.path = path
        self.toolVersion = toolVersion
        self.knownRules = knownRules
        if case .success(let data) = SourceReader.read(path) {
            storedData = data
            stored = Self.entries(of: data, toolVersion: toolVersion)
        }
    }

    /// The findings stored under `key`, or `nil` for a miss (absent, or an entry that does not decode).
    public func diagnostics(forKey key: String) -> [Diagnostic]? {
        guard let value = entry(key) else { return nil }
        return value.withUnsafeBytes { DiagnosticCodec.decodeChecked($0, knownRules: knownRules) }
    }

    /// A file's findings and suppressed count stored under `key`, or `nil` for a miss.
    func findings(forKey key: String) -> FileFindings? {
        guard let value = entry(key) else { return nil }
        return value.withUnsafeBytes { DiagnosticCodec.decodeFindingsChecked($0, knownRules: knownRules) }
    }

    /// `findings(forKey:)` for a guess: the entry is not kept unless `markUsed` says the guess held.
    func peekFindings(forKey key: String) -> FileFindings? {
        guard let value = entry(key, keeping: false) else { return nil }
        return value.withUnsafeBytes { DiagnosticCodec.decodeFindingsChecked($0, knownRules: knownRules) }
    }

    /// Keeps the entries of these keys, read by `peekFindings`, in the index `save()` writes.
    func markUsed(_ keys: [String]) {
        for key in keys { _ = entry(key) }
    }

    /// What the files of the last run over these paths said to the rules (`ModuleFacts.cacheDescription`): when
    /// this run's files say the same, their findings can be looked up while they are first read.
    static let moduleKey = "m"
    var previousModuleDescription: String? {
        entry(Self.moduleKey, keeping: false).flatMap { String(validating: $0, as: UTF8.self) }
    }

    func remember(moduleDescription: String) {
        keep(Array(moduleDescription.utf8), forKey: Self.moduleKey)
    }

    /// Keeps `diagnostics` under `key`, to be written by `save()`.
    public func store(_ diagnostics: [Diagnostic], forKey key: String) {
        keep(DiagnosticCodec.encode(diagnostics), forKey: key)
    }

    /// Keeps a file's findings and suppressed count under `key`, to be written by `save()`.
    func store(_ findings: FileFindings, forKey key: String) {
        keep(DiagnosticCodec.encode(findings.diagnostics, suppressed: findings.suppressed), forKey: key)
    }

    func surveyRecord(forKey key: String) -> SurveyRecord? {
        guard let value = entry(key), let text = String(validating: value, as: UTF8.self) else { return nil }
        // `p|-`, then the names mentioned, declared as types, declared as functions, each comma-separated.
        // Split as bytes: splitting a `String` breaks it into characters first, and a warm run reads every record.
        let fields = text.utf8.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).map { Substring($0) }
        // Then the file's part of the module index (`ModuleIndex.encoded`), and its creations (`CreationScan.encoded`).
        // Last, the asset images it names (`ImageUses.encoded`).
        guard fields.count == 7, fields[0] == "p" || fields[0] == "-", let index = ModuleIndex(encoded: fields[4]),
              let creations = CreationScan(encoded: fields[5]), let imageUses = ImageUses(encoded: fields[6]) else { return nil }
        func names(_ field: Substring) -> [String] { field.utf8.split(separator: UInt8(ascii: ",")).map { String(Substring($0)) } }
        return SurveyRecord(passedOver: fields[0] == "p",
                            facts: ModuleFacts(mentioned: names(fields[1]), declaredTypes: names(fields[2]),
                                               declaredFunctions: names(fields[3]), index: index, imageUses: imageUses),
                            creations: creations)
    }

    func store(_ record: SurveyRecord, forKey key: String) {
        let facts = record.facts
        let text = [record.passedOver ? "p" : "-", facts.mentioned.sorted().joined(separator: ","),
                    facts.declaredTypes.sorted().joined(separator: ","), facts.declaredFunctions.sorted().joined(separator: ","),
                    facts.index.encoded, record.creations.encoded, facts.imageUses.encoded]
        keep(Array(text.joined(separator: " ").utf8), forKey: key)
    }

    /// The keys of the entries the index holds now (this run's, once saved): for tests and inspection.
    public var keys: [String] { lock.withLock { Array(Set(stored.keys).union(kept.keys)).sorted() } }

    /// Writes the entries this run used or made as the new index, when that differs from the one it read; a cache
    /// that cannot be written is no error, only slower next time.
    public func save() {
        let (entries, needed) = lock.withLock { (kept, changed || kept.count != stored.count) }
        guard needed else { return }
        var body: [UInt8] = []
        for key in entries.keys.sorted() {
            let value = entries[key]!
            body += Array("\(key)\t\(value.count)\t".utf8) + value + [UInt8(ascii: "\n")]
        }
        let bodyData = Data(body)
        var data = Data((ResultCache.formatLine + "\n" + toolVersion + "\n" + Self.checksumLine(bodyData) + "\n").utf8)
        data.append(bodyData)
        let folder = (path as NSString).deletingLastPathComponent
        if !writeAndRename(data, to: path) {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            _ = writeAndRename(data, to: path)
        }
    }

    private func entry(_ key: String, keeping: Bool = true) -> [UInt8]? {
        lock.withLock {
            if let known = kept[key] { return known }
            guard let range = stored[key] else { return nil }
            let value = storedData.withUnsafeBytes { Array($0[range]) }
            if keeping { kept[key] = value }
            return value
        }
    }

    private func keep(_ value: [UInt8], forKey key: String) {
        lock.withLock {
            guard kept[key] != value else { return }
            let isStored = stored[key].map { range in storedData.withUnsafeBytes { $0[range].elementsEqual(value) } } ?? false
            kept[key] = value
            if !isStored { changed = true }
        }
    }

    /// The entries of an index file: none unless its header, build and checksum all match.
    ///
    /// Layout: the format line, the tool version, `<body length> <body hash>`, then the body: per entry its key, a
    /// tab, the value's byte length, a tab, the value (`DiagnosticCodec`, or a survey record) and a line break.
    private static func entries(of data: Data, toolVersion: String) -> [String: Range<Int>] {
        let header = Data((ResultCache.formatLine + "\n" + toolVersion + "\n").utf8)
        guard data.count > header.count, data.prefix(header.count) == header,
              let newline = data[header.count...].firstIndex(of: UInt8(ascii: "\n"))
        else { return [:] }
        let body = data[(newline + 1)...]
        guard data[header.count..<newline].elementsEqual(checksumLine(body).utf8) else { return [:] }
        return data.withUnsafeBytes { bytes -> [String: Range<Int>] in
            var entries: [String: Range<Int>] = [:]
            var index = newline + 1 - data.startIndex
            func field() -> Range<Int>? {
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "\t") { index += 1 }
                guard index < bytes.count else { return nil }
                index += 1
                return start..<(index - 1)
            }
            while index < bytes.count {
                guard let key = field(), let lengthField = field(),
                      let length = Int(String(decoding: bytes[lengthField], as: UTF8.self)), length >= 0,
                      length < bytes.count - index, bytes[index + length] == UInt8(ascii: "\n")
                else { return [:] }
                entries[String(decoding: bytes[key], as: UTF8.self)] = index..<(index + length)
                index += length + 1
            }
            return entries
        }
    }

    private static func checksumLine(_ body: Data) -> String {
        let hash = body.withUnsafeBytes { ContentHash($0) }
        return "\(body.count) \(hash.hex)"
    }

    private func writeAndRename(_ data: Data, to path: String) -> Bool {
        let temporary = "\(path).\(getpid()).\(UUID().uuidString).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        let written = writeFully(descriptor, data) == nil
        close(descriptor)
        guard written, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}

/// 64-bit FNV-1a: stable across runs and platforms, for the short texts keys are made of.
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

    var hex: String { hexDigits(value) }
}

/// A file's bytes as a key: a 64-bit hash and the length. Every source file is hashed on every run, so the hash
/// takes 32 bytes per step in four independent lanes (the structure of xxHash64, whose constants it uses; it need
/// not equal xxHash64's values, only be stable across runs and platforms: words are read little-endian).
struct ContentHash: Equatable {
    let value: UInt64
    let count: Int

    private static let primes: (UInt64, UInt64, UInt64, UInt64, UInt64) = (
        0x9E37_79B1_85EB_CA87, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0x85EB_CA77_C2B2_AE63, 0x27D4_EB2F_1656_67C5)

    init(_ bytes: UnsafeRawBufferPointer) {
        let (p1, p2, p3, p4, p5) = Self.primes
        @inline(__always) func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        @inline(__always) func round(_ lane: UInt64, _ input: UInt64) -> UInt64 {
            let mixed = lane &+ input &* p2
            return ((mixed << 31) | (mixed >> 33)) &* p1
        }
        var index = 0
        var hash: UInt64
        if bytes.count >= 32 {
            var lanes = (p1 &+ p2, p2, UInt64(0), 0 &- p1)
            while index + 32 <= bytes.count {
                lanes.0 = round(lanes.0, word(index))
                lanes.1 = round(lanes.1, word(index + 8))
                lanes.2 = round(lanes.2, word(index + 16))
                lanes.3 = round(lanes.3, word(index + 24))
                index += 32
            }
            hash = ((lanes.0 << 1) | (lanes.0 >> 63)) &+ ((lanes.1 << 7) | (lanes.1 >> 57))
                &+ ((lanes.2 << 12) | (lanes.2 >> 52)) &+ ((lanes.3 << 18) | (lanes.3 >> 46))
            for lane in [lanes.0, lanes.1, lanes.2, lanes.3] { hash = (hash ^ round(0, lane)) &* p1 &+ p4 }
        } else {
            hash = p5
        }
        hash = hash &+ UInt64(bytes.count)
        while index + 8 <= bytes.count {
            hash ^= round(0, word(index))
            hash = ((hash << 27) | (hash >> 37)) &* p1 &+ p4
            index += 8
        }
        while index < bytes.count {
            hash ^= UInt64(bytes[index]) &* p5
            hash = ((hash << 11) | (hash >> 53)) &* p1
            index += 1
        }
        hash ^= hash >> 33
        hash = hash &* p2
        hash ^= hash >> 29
        hash = hash &* p3
        hash ^= hash >> 32
        value = hash
        count = bytes.count
    }

    var hex: String { "\(hexDigits(value)) n\(count)" }
}

private func hexDigits(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
}

extension Configuration {
    /// Every setting, in a fixed order: equal configurations give equal text. What a file is built as is keyed apart
    /// (`BuildFacts.cacheDescription`), per file.
    var cacheDescription: String {
        var parts = ["platforms=\(platforms.map { "\($0.rawValue)" } ?? "-")", "nonShipping=\(checksNonShippingCode)",
                     "owned=\(ownedDomains.map { $0.joined(separator: ",") } ?? "-")"]
        parts += deploymentTarget.sorted { $0.key < $1.key }.map { "target \($0.key)=\($0.value)" }
        parts += components.sorted { $0.key < $1.key }.map { "component \($0.key)=\($0.value)" }
        for (id, settings) in rules.sorted(by: { $0.key < $1.key }) {
            parts.append("rule \(id) enabled=\(settings.enabled) severity=\(settings.severity?.rawValue ?? "-")")
            parts += settings.options.sorted { $0.key < $1.key }.map { "option \(id).\($0.key)=\(String(reflecting: $0.value))" }
        }
        parts.append("only=\(onlyRules.map { $0.sorted().joined(separator: ",") } ?? "-")")
        // A file that grew past it between phase 2 and its read is passed over, and cached so.
        parts.append("maxFileSize=\(maxFileSize)")
        return parts.joined(separator: "\n")
    }
}

extension ModuleFacts {
    var cacheDescription: String {
        "mentioned=\(mentioned.sorted().joined(separator: ",")) declared=\(declaredTypes.sorted().joined(separator: ","))"
            + " functions=\(declaredFunctions.sorted().joined(separator: ",")) index=\(index.encoded) \(localizedStrings.cacheDescription)"
    }
}
