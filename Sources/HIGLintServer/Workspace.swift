import Foundation
import HIGLintCore
import HIGLintRules
import SwiftSyntax

/// What linting one buffer gave: findings, or why it was not checked.
public enum LintOutcome: Sendable {
    case findings([Diagnostic])
    /// A configuration mistake, a binary or non-UTF-8 buffer, or the time limit.
    case notChecked(String)
    /// Passed over unparsed, with no findings, for the reason given: the buffer is larger than `maxFileSize`.
    case passedOver(String)
}

/// The engine as both servers use it, through the pipeline's single-buffer entry point: `prepare(paths:)` runs
/// the first phases of a run over the workspace (files, configuration, project facts, the survey of the module),
/// and each buffer is checked against that last survey (`PreparedRun.lint(data:path:)`), with the configuration
/// `higlint lint` would use for its file (the `.higlint.json` files above it, or one `--config` file) and the same
/// per-file time limit.
public final class Workspace: @unchecked Sendable {
    /// The folder the workspace is; the MCP server refuses paths outside it.
    public let root: String
    /// `--config`: one configuration file instead of discovery.
    public let configurationPath: String?
    /// Seconds one buffer may take (`nil`: no limit), as `lint --file-timeout`.
    public let timeLimit: TimeInterval?
    /// Parses texts in a child process first, so that a parse over the time limit is killed rather than left
    /// running (`higlint mcp`); `nil`: texts are parsed in this process only.
    public var parseProbe: ParseProbe?

    private let lock = NSLock()
    private var engine: LintEngine
    /// Why configuration could not be read at all (a missing `--config` file); every buffer reports it.
    private var configurationError: ConfigurationError?
    /// The last survey of the workspace; until the first one ends, buffers wait for it (`waitForFirstSurvey`).
    private var prepared: PreparedRun? {
        didSet {
            surveys += 1
            appliedRuns = [:]
        }
    }
    /// Counts changes to `prepared`.
    private var surveys = 0
    /// The last survey with an agent's settings applied (`lint_code`'s `platforms` and `configuration`), by the
    /// settings' text: applying them builds an engine, which is done once per settings and survey, not per call.
    private var appliedRuns: [String: PreparedRun] = [:]
    /// Counts configuration reloads: a survey that started before one is stale when it ends.
    private var generation = 0
    /// Whole-workspace surveys under way, and the condition their ends are announced on: a buffer checked before
    /// the first one ends waits for it (`waitForFirstSurvey`).
    private var surveysRunning = 0
    private let surveyEnded = NSCondition()
    private let recentParses = RecentParses()

    public init(root: String, configurationPath: String? = nil, timeLimit: TimeInterval? = 60) {
        self.root = URL(fileURLWithPath: root).standardizedFileURL.path
        self.configurationPath = configurationPath
        self.timeLimit = timeLimit
        (engine, configurationError) = Self.makeEngine(configurationPath: configurationPath)
    }

    private static func makeEngine(configurationPath: String?) -> (LintEngine, ConfigurationError?) {
        do throws(ConfigurationError) {
            let resolver = try ConfigurationResolver(rules: allRules.map { $0.description }, configurationFile: configurationPath)
            return (LintEngine(ruleTypes: allRules, source: resolver), nil)
        } catch {
            return (LintEngine(ruleTypes: allRules), error)
        }
    }

    /// Forgets every configuration file read, so that edited `.higlint.json` files are read again; `survey()`
    /// should follow.
    public func reloadConfiguration() {
        let (engine, error) = Self.makeEngine(configurationPath: configurationPath)
        lock.withLock {
            self.engine = engine
            configurationError = error
            prepared = nil
            generation += 1
        }
    }

    /// Runs the phases up to the survey over the whole workspace: at start-up, after a save, after a change to
    /// configuration or project files.
    public func survey() {
        let (engine, started) = lock.withLock {
            surveysRunning += 1
            return (self.engine, generation)
        }
        let run = engine.prepare(paths: [root], keepsFileParts: true)
        lock.withLock {
            if generation == started { prepared = run }
            surveysRunning -= 1
        }
        surveyEnded.lock()
        surveyEnded.broadcast()
        surveyEnded.unlock()
    }

    /// A buffer checked before the workspace's first survey ends would be checked alone, and could get findings
    /// `lint` does not give (a view nothing creates, a label given in another file): the editor's first answer and
    /// an agent's first `lint_code` would disagree with `lint` (issue 29). So it waits for that survey, for at most
    /// half the time one buffer may take; a workspace surveyed slower than that is answered alone meanwhile.
    private func waitForFirstSurvey() {
        let deadline = Date(timeIntervalSinceNow: min((timeLimit ?? 60) / 2, 30))
        surveyEnded.lock()
        defer { surveyEnded.unlock() }
        while lock.withLock({ prepared == nil && surveysRunning > 0 && configurationError == nil }) {
            guard surveyEnded.wait(until: deadline) else { return }
        }
    }

    /// Surveys again after Swift files were saved: each alone, the other files' parts kept, when the last survey
    /// has it; else (a new file, or no survey yet) the whole workspace.
    public func survey(saved paths: [String]) {
        let (started, last) = lock.withLock { (generation, prepared) }
        guard var run = last else { return survey() }
        for path in paths {
            guard let next = run.resurveying(absolutePath(path)) else { return survey() }
            run = next
        }
        lock.withLock {
            if generation == started { prepared = run }
        }
    }

    /// The last survey, or an empty one when none has ended yet; with `settings`, applied over it (remembered by
    /// `settingsKey`, which must say everything the settings set).
    private func run(settings: (@Sendable (inout Configuration) -> Void)? = nil, settingsKey: String = "")
        -> Result<PreparedRun, ConfigurationError> {
        waitForFirstSurvey()
        let (engine, error, prepared, surveys, applied) = lock.withLock {
            (self.engine, configurationError, self.prepared, self.surveys, appliedRuns[settingsKey])
        }
        if let error { return .failure(error) }
        if let prepared, let error = prepared.configurationErrors.first { return .failure(error) }
        guard let prepared else {
            let alone = engine.prepare(paths: [])
            return .success(settings.map(alone.applying) ?? alone)
        }
        guard let settings else { return .success(prepared) }
        if let applied { return .success(applied) }
        let run = prepared.applying(settings)
        lock.withLock {
            // Only for the survey it was applied to; at most a few dozen settings are kept.
            if self.surveys == surveys, appliedRuns.count < 64 { appliedRuns[settingsKey] = run }
        }
        return .success(run)
    }

    /// Why a buffer of `byteCount` bytes standing for the file at `path` is passed over unparsed (it is larger than
    /// the file's `maxFileSize`, with `settings` applied when given), or `nil`: asked before a buffer is parsed.
    public func passOverReason(byteCount: Int, path: String, settings: (@Sendable (inout Configuration) -> Void)? = nil,
                               settingsKey: String = "") -> String? {
        guard case .success(let run) = run(settings: settings, settingsKey: settingsKey) else { return nil }
        return run.passOverReason(byteCount: byteCount, path: path)
    }

    /// Lints a buffer as the file at `path`; `tree`, when given, is the parse of exactly `contents`. It runs on
    /// the calling thread and is not bounded: callers bound it (`BoundedWork`).
    public func lint(_ contents: Data, path: String, tree: SourceFileSyntax? = nil) -> LintOutcome {
        switch run() {
        case .failure(let error): return .notChecked(error.description)
        case .success(let run):
            if let reason = run.passOverReason(byteCount: contents.count, path: path) { return .passedOver(reason) }
            switch run.lint(data: contents, path: path, tree: tree) {
            case .success(let diagnostics): return .findings(diagnostics)
            case .failure(let error): return .notChecked(error.reason)
            }
        }
    }

    /// Lints source text with `settings` over its file's configuration (MCP's `lint_code`); text larger than its
    /// `maxFileSize` has no findings and is not parsed (`passOverReason(byteCount:path:settings:settingsKey:)` says so).
    /// `settingsKey` must say everything `settings` set (the same key, the same settings).
    public func lint(source: String, path: String, settings: (@Sendable (inout Configuration) -> Void)?,
                     settingsKey: String = "") throws(ConfigurationError) -> [Diagnostic] {
        let run = try run(settings: settings, settingsKey: settingsKey).get()
        // Not parsed at all when it is too large: `lint(source:path:)` would pass it over anyway.
        if run.passOverReason(byteCount: source.utf8.count, path: path) != nil { return [] }
        return try run.lint(source: source, path: path, tree: recentParses.tree(of: source, path: path))
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
