import Foundation
import HIGLintCore

/// `higlint lsp`: the Language Server Protocol (3.17) over standard input and output.
///
/// The reader thread only frames and decodes messages; everything else happens in order on one serial queue,
/// which owns the open documents and their last results. Linting runs on threads of its own, so the queue keeps
/// answering (hover, code actions, cancellations) while a buffer is checked:
/// - a change is linted after `debounce`, and only if no newer change has arrived meanwhile (the reader counts
///   them as they come in, before the queue applies them): stale work is not started;
/// - one lint per document runs at a time; results of a version that is no longer current are kept for hover
///   but not published;
/// - a lint that overruns the time limit is reported as not checked and its late result dropped.
///
/// The server never writes a file: fixes and suppressions go back to the client as edits.
public final class LanguageServer: @unchecked Sendable {
    public struct Options: Sendable {
        /// `--config`: one configuration file instead of the `.higlint.json` files above each file.
        public var configurationPath: String?
        /// Seconds one buffer may take (`nil`: no limit).
        public var timeLimit: TimeInterval? = 60
        /// How long typing must pause before a changed buffer is linted.
        public var debounce: TimeInterval = 0.025
        /// What `serverInfo` says: the command line's version.
        public var version = "0"

        public init() {}
    }

    struct Results {
        /// The text the findings' offsets refer to.
        var document: TextDocument
        var outcome: LintOutcome
        /// `epoch` when the lint started: results of an older configuration or module are not current.
        var epoch: Int
    }

    let writer: MessageWriter
    var options: Options
    let queue = DispatchQueue(label: "higlint.lsp")

    // Owned by `queue`.
    var workspace: Workspace?
    var documents: [String: TextDocument] = [:]
    var results: [String: Results] = [:]
    private var scheduled: [String: Int] = [:]
    private var running: [String: Int] = [:]
    private var rerun: Set<String> = []
    private var waitingPulls: [String: [JSON]] = [:]
    private var nextJob = 0
    /// Counts changes to configuration and module facts, which make every result stale.
    private var epoch = 0
    var initialized = false
    var shutdownRequested = false
    /// Whether the client pulls diagnostics (`textDocument/diagnostic`); then they are not pushed.
    var pullsDiagnostics = false
    var canRefreshDiagnostics = false
    var registersWatchers = false
    private var nextServerRequest = 0
    private var surveying = false
    /// What to survey when the running survey ends: requests made meanwhile, folded into one.
    private var pendingSurvey: SurveyScope?

    // Shared with the reader thread.
    private let readerLock = NSLock()
    private var cancelled: Set<JSON> = []
    /// The newest version of each document the reader has seen, applied or not.
    private var receivedVersions: [String: Int] = [:]

    public init(options: Options = Options(), writer: MessageWriter) {
        self.options = options
        self.writer = writer
    }

    // MARK: Reading

    /// Serves messages until `exit` or the end of input; returns the process's exit status (0 after `shutdown`).
    public func run(reader: MessageReader) -> Int32 {
        while let frame = reader.next() {
            switch frame {
            case .failure(.tooLarge(let size)):
                writer.respond(to: .null, error: .invalidRequest("a message of \(size) bytes is larger than the server accepts"))
            case .failure(.missingContentLength(let header)):
                log("skipped a header block without Content-Length: \(header.prefix(80))")
            case .success(let body):
                if receive(body) { return queue.sync { shutdownRequested ? 0 : 1 } }
            }
        }
        return queue.sync { shutdownRequested ? 0 : 1 }
    }

    /// Takes one message body; returns true for `exit`. Only cancellation is handled here, on the reader's
    /// thread, so that it overtakes the work it cancels.
    @discardableResult
    public func receive(_ body: Data) -> Bool {
        switch RPCMessage.decode(body) {
        case .failure(let failure):
            writer.respond(to: failure.id, error: failure.error)
        case .success(.notification(method: "exit", _)):
            return true
        case .success(.notification(method: "$/cancelRequest", let params)):
            guard let id = params["id"] else { break }
            readerLock.withLock { _ = cancelled.insert(id) }
            queue.async { self.cancelWaitingPull(id) }
        case .success(let message):
            if case .notification("textDocument/didChange", let params) = message,
               let uri = params["textDocument"]?["uri"]?.string, let version = params["textDocument"]?["version"]?.integer {
                readerLock.withLock { receivedVersions[uri] = max(version, receivedVersions[uri] ?? version) }
            }
            queue.async { self.handle(message) }
        }
        return false
    }

    /// Waits until every message received so far has been handled (tests).
    public func drain() { queue.sync {} }

    private func isCancelled(_ id: JSON) -> Bool {
        readerLock.withLock { cancelled.remove(id) != nil }
    }

    // MARK: Dispatch

    private func handle(_ message: RPCMessage) {
        switch message {
        case .request(let id, let method, let params):
            if isCancelled(id) {
                writer.respond(to: id, error: RPCError(code: RPCError.requestCancelledCode, message: "cancelled"))
                return
            }
            guard initialized || method == "initialize" else {
                writer.respond(to: id, error: RPCError(code: RPCError.serverNotInitializedCode, message: "the server is not initialized"))
                return
            }
            guard !shutdownRequested else {
                writer.respond(to: id, error: .invalidRequest("the server is shutting down"))
                return
            }
            do throws(RPCError) {
                if let result = try answer(method, Params(json: params), id: id) { writer.respond(to: id, result: result) }
            } catch {
                writer.respond(to: id, error: error)
            }
        case .notification(let method, let params):
            guard initialized, !shutdownRequested else { return }
            do throws(RPCError) {
                try notice(method, Params(json: params))
            } catch {
                log("\(method): \(error.message)")
            }
        case .response:
            break   // answers to `client/registerCapability` and refresh requests: nothing to do
        }
    }

    /// The result of a request; `nil` when it is answered later (a pull waiting for its lint).
    private func answer(_ method: String, _ params: Params, id: JSON) throws(RPCError) -> JSON? {
        switch method {
        case "initialize": return try initialize(params)
        case "shutdown":
            shutdownRequested = true
            return .null
        case "textDocument/hover": return try hover(params)
        case "textDocument/codeAction": return try codeActions(params)
        case "textDocument/diagnostic":
            let uri = try params.object("textDocument").string("uri")
            guard let document = documents[uri] else { return ["kind": "full", "items": []] }
            if let current = results[uri], isCurrent(current, of: document) {
                return ["kind": "full", "items": .array(lspDiagnostics(current))]
            }
            waitingPulls[uri, default: []].append(id)
            start(uri)
            return nil
        default:
            throw .methodNotFound(method)
        }
    }

    private func notice(_ method: String, _ params: Params) throws(RPCError) {
        switch method {
        case "initialized":
            registerWatchers()
            resurvey()
        case "textDocument/didOpen":
            let item = try params.object("textDocument")
            let uri = try item.string("uri")
            documents[uri] = TextDocument(uri: uri, version: (try? item.integer("version")) ?? 0, text: try item.string("text"))
            languages[uri] = item.json["languageId"]?.string
            results[uri] = nil
            schedule(uri, after: 0)
        case "textDocument/didChange":
            let uri = try params.object("textDocument").string("uri")
            guard var document = documents[uri] else { throw .invalidParams("\(uri) is not open") }
            let version = (try? params.object("textDocument").integer("version")) ?? document.version + 1
            for change in try params.array("contentChanges") {
                guard let text = change["text"]?.string else { throw .invalidParams("a content change needs \"text\"") }
                let range: Range? = if let range = change["range"] { try Range(range) } else { nil }
                document.apply(text, in: range, version: version)
            }
            documents[uri] = document
            schedule(uri, after: options.debounce)
        case "textDocument/didSave":
            let uri = try params.object("textDocument").string("uri")
            let path = Self.path(ofURI: uri)
            if path.hasSuffix("/" + ConfigurationFile.name) {
                configurationChanged()
            } else if let document = documents[uri], isSwift(document) {
                resurvey(.files([path]))   // what the saved file declares and mentions, the other buffers' rules may ask
            }
        case "textDocument/didClose":
            let uri = try params.object("textDocument").string("uri")
            documents[uri] = nil
            results[uri] = nil
            languages[uri] = nil
            for id in waitingPulls.removeValue(forKey: uri) ?? [] { writer.respond(to: id, result: ["kind": "full", "items": []]) }
            if !pullsDiagnostics { writer.notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []]) }
        case "workspace/didChangeWatchedFiles":
            watchedFilesChanged(try params.array("changes"))
        default:
            break   // `$/setTrace`, `workspace/didChangeConfiguration` and the like: nothing to do
        }
    }

    // MARK: Linting

    private func schedule(_ uri: String, after delay: TimeInterval) {
        let generation = (scheduled[uri] ?? 0) + 1
        scheduled[uri] = generation
        queue.asyncAfter(deadline: .now() + delay) {
            guard self.scheduled[uri] == generation else { return }   // a newer change scheduled its own
            self.start(uri)
        }
    }

    private func start(_ uri: String) {
        guard let document = documents[uri] else { return }
        // A change the reader has seen but the queue has not applied yet schedules its own lint.
        guard readerLock.withLock({ (receivedVersions[uri] ?? document.version) <= document.version }) else { return }
        if let current = results[uri], isCurrent(current, of: document) { return }
        if running[uri] != nil {
            rerun.insert(uri)
            return
        }
        let epoch = epoch
        guard isSwift(document), let workspace else {
            complete(uri, job: nil, document: document, epoch: epoch, outcome: .findings([]))
            return
        }
        nextJob += 1
        let job = nextJob
        running[uri] = job
        let path = Self.path(ofURI: uri)
        BoundedWork.start {
            let parsed = document.parse()
            let outcome = workspace.lint(Data(document.bytes), path: path, tree: parsed.tree)
            self.queue.async {
                self.documents[uri]?.adopt(parsed, parsedFrom: document)
                self.complete(uri, job: job, document: document, epoch: epoch, outcome: outcome)
            }
        }
        if let limit = workspace.timeLimit {
            queue.asyncAfter(deadline: .now() + limit) {
                guard self.running[uri] == job else { return }
                self.complete(uri, job: job, document: document, epoch: epoch, outcome: .notChecked(Workspace.timeoutReason(limit)))
            }
        }
    }

    private func isCurrent(_ results: Results, of document: TextDocument) -> Bool {
        results.document.version == document.version && results.epoch == epoch
    }

    private func complete(_ uri: String, job: Int?, document: TextDocument, epoch: Int, outcome: LintOutcome) {
        if let job {
            guard running[uri] == job else { return }   // given up: the time limit reported it
            running[uri] = nil
        }
        guard let current = documents[uri] else { return }
        let finished = Results(document: document, outcome: outcome, epoch: epoch)
        results[uri] = finished
        if epoch != self.epoch {
            rerun.insert(uri)   // configuration or facts changed while it ran: its findings may be wrong
        } else if current.version == document.version {
            if !pullsDiagnostics {
                writer.notify("textDocument/publishDiagnostics",
                              ["uri": .string(uri), "version": JSON(document.version), "diagnostics": .array(lspDiagnostics(finished))])
            }
            for id in waitingPulls.removeValue(forKey: uri) ?? [] where !isCancelled(id) {
                writer.respond(to: id, result: ["kind": "full", "items": .array(lspDiagnostics(finished))])
            }
        }
        if rerun.remove(uri) != nil || (waitingPulls[uri] != nil && current.version != document.version) { start(uri) }
    }

    private func cancelWaitingPull(_ id: JSON) {
        for (uri, ids) in waitingPulls where ids.contains(id) {
            let left = ids.filter { $0 != id }
            waitingPulls[uri] = left.isEmpty ? nil : left
            _ = isCancelled(id)
            writer.respond(to: id, error: RPCError(code: RPCError.requestCancelledCode, message: "cancelled"))
        }
    }

    /// Lints every open document again: configuration or the module's facts changed.
    func relintAll() {
        epoch += 1
        // Last results stay for hover and code actions until the new ones come; `epoch` marks them stale.
        for uri in documents.keys { schedule(uri, after: 0) }
        if pullsDiagnostics, canRefreshDiagnostics { sendRequest("workspace/diagnostic/refresh", .null) }
    }

    func configurationChanged() {
        workspace?.reloadConfiguration()
        relintAll()
        resurvey()
    }

    /// Any change to configuration, Swift or project files: configuration is read again, and the workspace is
    /// surveyed again (project facts and the module's facts), then every open buffer is linted again. Swift
    /// files that were only changed are surveyed again alone; a file created or deleted, or a project file,
    /// changes what the workspace holds, and the whole is surveyed.
    func watchedFilesChanged(_ changes: [JSON]) {
        let paths = changes.compactMap { $0["uri"]?.string }.map(Self.path(ofURI:))
        guard !paths.isEmpty else { return }
        if paths.contains(where: { ($0 as NSString).lastPathComponent == ConfigurationFile.name }) {
            configurationChanged()
        } else if changes.allSatisfy({ $0["type"]?.integer == 2 }), paths.allSatisfy({ $0.hasSuffix(".swift") }),
                  !paths.contains(where: { $0.hasSuffix("/Package.swift") || $0 == "Package.swift" }) {
            resurvey(.files(Set(paths)))
        } else {
            resurvey()
        }
    }

    enum SurveyScope {
        /// Saved Swift files, each surveyed again alone.
        case files(Set<String>)
        case workspace

        func including(_ other: SurveyScope?) -> SurveyScope {
            switch (self, other) {
            case (_, nil): self
            case (.files(let mine), .files(let theirs)?): .files(mine.union(theirs))
            default: .workspace
            }
        }
    }

    /// Surveys the workspace (or the saved files) again in the background, then lints the open buffers against
    /// the new survey. Requests while one runs are folded into one more.
    func resurvey(_ scope: SurveyScope = .workspace) {
        guard let workspace else { return }
        if surveying {
            pendingSurvey = scope.including(pendingSurvey)
            return
        }
        surveying = true
        DispatchQueue.global().async {
            switch scope {
            case .workspace: workspace.survey()
            case .files(let paths): workspace.survey(saved: paths.sorted())
            }
            self.queue.async {
                self.surveying = false
                self.relintAll()
                if let next = self.pendingSurvey {
                    self.pendingSurvey = nil
                    self.resurvey(next)
                }
            }
        }
    }

    // MARK: Helpers

    func sendRequest(_ method: String, _ params: JSON) {
        nextServerRequest += 1
        var message: JSON = ["jsonrpc": "2.0", "id": .string("higlint-\(nextServerRequest)"), "method": .string(method)]
        if params != .null, case .object(var members) = message {
            members["params"] = params
            message = .object(members)
        }
        writer.send(message)
    }

    func isSwift(_ document: TextDocument) -> Bool {
        document.uri.hasSuffix(".swift") || languages[document.uri] == "swift"
    }

    /// Language ids from `didOpen`, for documents whose URI does not end in `.swift` (unsaved buffers).
    var languages: [String: String] = [:]

    /// The file system path of a `file:` URI; other schemes (an unsaved buffer) are linted as a file of that name
    /// in the workspace's root.
    static func path(ofURI uri: String) -> String {
        if uri.hasPrefix("file:"), let url = URL(string: uri), !url.path.isEmpty { return url.path }
        let name = uri.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? "Untitled.swift"
        return (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(name)
    }

    func log(_ text: String) {
        FileHandle.standardError.write(Data("higlint lsp: \(text)\n".utf8))
    }
}
