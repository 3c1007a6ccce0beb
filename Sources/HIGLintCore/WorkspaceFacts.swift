import Foundation

/// The module facts of a workspace kept file by file, for processes that live longer than one run (the LSP and
/// MCP servers): saving one file replaces that file's share instead of surveying the module again, and a buffer
/// being edited stands in for its file on disk.
public struct WorkspaceFacts: Sendable {
    private var byFile: [String: ModuleFacts] = [:]
    /// The names the engine's rules ask about; facts about other names are not kept.
    private let symbols: Set<String>

    public init(engine: LintEngine) {
        symbols = engine.moduleSymbols
    }

    public var fileCount: Int { byFile.count }

    /// Reads every Swift file under `paths` (in parallel); files that cannot be read say nothing.
    public mutating func survey(paths: [String], workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        let files = FileCollector.swiftFiles(under: paths).files
        let symbols = symbols
        let results = ConcurrentResults<ModuleFacts>(count: files.count)
        ParallelRunner.forEach(count: files.count, workers: workers) { index in
            guard case .success(let data) = SourceReader.read(files[index]) else { return }
            results[index] = data.withUnsafeBytes { ModuleFacts.scan($0.bindMemory(to: UInt8.self), for: symbols) }
        }
        for (path, facts) in zip(files, results.values) {
            byFile[Self.key(path)] = facts
        }
    }

    /// Records what `contents` (the file at `path` as saved) says; returns whether the workspace's facts changed.
    @discardableResult
    public mutating func update(path: String, contents: Data) -> Bool {
        let facts = contents.withUnsafeBytes { ModuleFacts.scan($0.bindMemory(to: UInt8.self), for: symbols) }
        let key = Self.key(path)
        let old = byFile[key]
        byFile[key] = facts
        return old.map { !$0.sameFacts(as: facts) } ?? true
    }

    /// Forgets a deleted file; returns whether the workspace's facts changed.
    @discardableResult
    public mutating func remove(path: String) -> Bool {
        byFile.removeValue(forKey: Self.key(path)) != nil
    }

    /// The module as seen by a buffer being edited: every other file's facts, and the buffer's own.
    public func module(forBuffer contents: Data, path: String) -> ModuleFacts {
        let key = Self.key(path)
        var module = contents.withUnsafeBytes { ModuleFacts.scan($0.bindMemory(to: UInt8.self), for: symbols) }
        for (file, facts) in byFile where file != key { module.formUnion(facts) }
        return module
    }

    private static func key(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}

extension ModuleFacts {
    func sameFacts(as other: ModuleFacts) -> Bool {
        mentioned == other.mentioned && declaredTypes == other.declaredTypes && declaredFunctions == other.declaredFunctions
    }
}
