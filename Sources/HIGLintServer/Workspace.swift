import Foundation
import HIGLintCore
import HIGLintRules

/// What linting one buffer gave: findings, or why it was not checked.
public enum LintOutcome: Sendable {
    case findings([Diagnostic])
    /// A configuration mistake, a binary or non-UTF-8 buffer, or the time limit.
    case notChecked(String)
}

/// The engine as both servers use it: the configuration `higlint lint` would use for each file (the
/// `.higlint.json` files above it, or one `--config` file), the workspace's module facts from its last survey,
/// and the same per-file time limit as `lint`.
///
/// Buffers are linted with `LintEngine.lint(data:path:module:)`, the engine's entry point for one file's bytes,
/// given the module facts of every other file of the workspace and of the buffer itself.
public final class Workspace: @unchecked Sendable {
    /// The folder the workspace is; the MCP server refuses paths outside it.
    public let root: String
    /// `--config`: one configuration file instead of discovery.
    public let configurationPath: String?
    /// Seconds one buffer may take (`nil`: no limit), as `lint --file-timeout`.
    public let timeLimit: TimeInterval?

    private let lock = NSLock()
    private var engine: LintEngine
    /// Why configuration could not be read at all (a missing `--config` file); every buffer reports it.
    private var configurationError: ConfigurationError?
    private var facts: WorkspaceFacts

    public init(root: String, configurationPath: String? = nil, timeLimit: TimeInterval? = 60) {
        self.root = URL(fileURLWithPath: root).standardizedFileURL.path
        self.configurationPath = configurationPath
        self.timeLimit = timeLimit
        let (engine, error) = Self.makeEngine(configurationPath: configurationPath)
        self.engine = engine
        self.configurationError = error
        facts = WorkspaceFacts(engine: engine)
    }

    private static func makeEngine(configurationPath: String?) -> (LintEngine, ConfigurationError?) {
        do throws(ConfigurationError) {
            let resolver = try ConfigurationResolver(rules: allRules.map { $0.description }, configurationFile: configurationPath)
            return (LintEngine(ruleTypes: allRules, source: resolver), nil)
        } catch {
            return (LintEngine(ruleTypes: allRules), error)
        }
    }

    /// Forgets every configuration file read, so that edited `.higlint.json` files are read again.
    public func reloadConfiguration() {
        let (engine, error) = Self.makeEngine(configurationPath: configurationPath)
        lock.withLock {
            self.engine = engine
            self.configurationError = error
        }
    }

    /// Reads every Swift file under the root for the module facts; until it ends, buffers see only themselves.
    public func survey() {
        var fresh = lock.withLock { WorkspaceFacts(engine: engine) }
        fresh.survey(paths: [root])
        lock.withLock { facts = fresh }
    }

    /// Records a saved file's contents; returns whether the module's facts changed (open buffers should be linted again).
    @discardableResult
    public func fileSaved(path: String, contents: Data) -> Bool {
        lock.withLock { facts.update(path: path, contents: contents) }
    }

    @discardableResult
    public func fileDeleted(path: String) -> Bool {
        lock.withLock { facts.remove(path: path) }
    }

    /// Lints a buffer as the file at `path`, with that file's configuration. It runs on the calling thread and
    /// is not bounded: callers bound it (`BoundedWork`).
    public func lint(_ contents: Data, path: String) -> LintOutcome {
        let (engine, error, facts) = lock.withLock { (self.engine, configurationError, self.facts) }
        if let error { return .notChecked(error.description) }
        switch engine.lint(data: contents, path: path, module: facts.module(forBuffer: contents, path: path)) {
        case .success(let diagnostics): return .findings(diagnostics)
        case .failure(let error): return .notChecked(error.reason)
        }
    }

    /// The configuration `lint` would use for the file at `path`: `nil` when configuration leaves it out.
    public func configuration(forFile path: String) throws(ConfigurationError) -> Configuration? {
        let (engine, error) = lock.withLock { (self.engine, configurationError) }
        if let error { throw error }
        return try engine.source.configuration(forFile: path)
    }

    /// Lints source text with an explicit configuration (MCP's `lint_code`), with the workspace's module facts.
    public func lint(source: String, path: String, configuration: Configuration) -> [Diagnostic] {
        let engine = LintEngine(ruleTypes: allRules, source: configuration, configuration: configuration)
        let facts = lock.withLock { self.facts }
        let data = Data(source.utf8)
        return (try? engine.lint(data: data, path: path, module: facts.module(forBuffer: data, path: path)).get()) ?? []
    }

    /// Lints files and folders as `higlint lint` does, with the same configuration and time limit per file.
    public func lint(paths: [String]) -> LintResult {
        var engine = lock.withLock { self.engine }
        if let error = lock.withLock({ configurationError }) {
            return LintResult(diagnostics: [], errors: [], filesChecked: 0, configurationErrors: [error])
        }
        engine.fileTimeLimit = timeLimit
        return engine.lint(paths: paths)
    }

    /// An absolute path for `path`, relative paths taken from the root.
    public func absolutePath(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : (root as NSString).appendingPathComponent(path)
        return URL(fileURLWithPath: absolute).standardizedFileURL.path
    }

    static func timeoutReason(_ seconds: TimeInterval) -> String {
        "not checked: checking it took longer than \(Int(seconds.rounded(.up))) s, the limit --file-timeout sets"
    }
}

/// Runs work on a thread of its own with a large stack (SwiftSyntax walks deep trees recursively), so that a
/// caller can stop waiting for it. A thread cannot be stopped safely: work that overruns its limit runs on,
/// and its result is dropped.
enum BoundedWork {
    static let stackSize = 64 << 20

    static func start(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.stackSize = stackSize
        thread.start()
    }

    /// The result of `body`, or `nil` when it took longer than `limit` seconds.
    static func run<Value: Sendable>(limit: TimeInterval?, _ body: @escaping @Sendable () -> Value) -> Value? {
        let box = Box<Value>()
        let done = DispatchSemaphore(value: 0)
        start {
            box.value = body()
            done.signal()
        }
        if let limit {
            guard done.wait(timeout: .now() + limit) == .success else { return nil }
        } else {
            done.wait()
        }
        return box.value
    }

    private final class Box<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: Value?
        var value: Value? {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }
}
