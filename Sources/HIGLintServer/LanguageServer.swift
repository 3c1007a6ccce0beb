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
        /// The text the findings' offsets refer to, without its syntax: results must not hold on to a parse.
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
    /// The lint running for each document, with the text it checks (without its syntax: the time limit's timer
    /// finds it here, rather than holding it, and a parse, for the whole limit).
    private var running: [String: (job: Int, document: TextDocument, epoch: Int)] = [:]
    private var rerun: Set<String> = []
    /// Documents whose being passed over (larger than maxFileSize) the client was told of, until they are not.
    private var toldPassedOver: Set<String> = []
    private var waitingPulls: [String: [JSON]] = [:]
    private var nextJob = 0
    /// Numbers each text an open document has had, across opens: the client's versions are its own (they start
    /// again at 1 when a document is reopened, and may go back), so they cannot say which results are current.
    private var nextRevision = 0
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

    // Shared with the reader thread. Everything here is bounded by what is open and pending now: the server's
    // memory must not grow with its history (cancellations of requests that never came, changes to documents
    // that were never opened).
    private let readerLock = NSLock()
    /// Requests received and not answered yet: only these can be cancelled.
    private var pendingRequests: Set<JSON> = []
    /// Pending requests the client cancelled.
    private var cancelled: Set<JSON> = []
    /// The documents open as the reader has seen the messages (the queue may not have applied them yet).
    private var openURIs: Set<String> = []
    /// Changes to open documents the reader has passed on and the queue has not applied yet, by document.
    private var unappliedChanges: [String: Int] = [:]

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
            // A cancellation of a request that is not pending (answered already, or never sent) is ignored.
            guard readerLock.withLock({ pendingRequests.contains(id) && cancelled.insert(id).inserted }) else { break }
            queue.async { self.cancelWaitingPull(id) }
        case .success(let message):
            let counted = readerLock.withLock { track(message) }
            queue.async {
                if let counted { self.readerLock.withLock { self.unappliedChanges.decrement(counted) } }
                self.handle(message)
            }
        }
        return false
    }

    /// Notes, on the reader's thread, a request to answer or a change to apply; returns the URI of a change
    /// counted in `unappliedChanges`, which the queue uncounts as it applies it. Requires `readerLock`.
    private func track(_ message: RPCMessage) -> String? {
        switch message {
        case .request(let id, _, _):
            pendingRequests.insert(id)
        case .notification(let method, let params):
            guard let uri = params["textDocument"]?["uri"]?.string else { return nil }
            switch method {
            case "textDocument/didOpen": openURIs.insert(uri)
            case "textDocument/didClose": openURIs.remove(uri)
            case "textDocument/didChange" where openURIs.contains(uri):
                unappliedChanges[uri, default: 0] += 1
                return uri
            default: break
            }
        case .response:
            break
        }
        return nil
    }

    /// Answers a request of the client; every answer goes through here or `reply(to:error:)`, which forget it.
    func reply(to id: JSON, result: JSON) {
        readerLock.withLock { forget(id) }
        writer.respond(to: id, result: result)
    }

    func reply(to id: JSON, error: RPCError) {
        readerLock.withLock { forget(id) }
        writer.respond(to: id, error: error)
    }

    /// Requires `readerLock`.
    private func forget(_ id: JSON) {
        pendingRequests.remove(id)
        cancelled.remove(id)
    }

    /// Sizes of the state kept between messages (tests: it must not grow with the server's history).
    var retainedCounts: (pendingRequests: Int, cancelled: Int, openURIs: Int, unappliedChanges: Int, documents: Int, scheduled: Int) {
        let reader = readerLock.withLock { (pendingRequests.count, cancelled.count, openURIs.count, unappliedChanges.count) }
        return queue.sync { (reader.0, reader.1, reader.2, reader.3, documents.count, scheduled.count) }
    }

    /// Waits until every message received so far has been handled (tests).
    public func drain() { queue.sync {} }

    private func isCancelled(_ id: JSON) -> Bool {
        readerLock.withLock { cancelled.contains(id) }
    }

    // MARK: Dispatch

    private func handle(_ message: RPCMessage) {
        switch message {
        case .request(let id, let method, let params):
            if isCancelled(id) {
                reply(to: id, error: RPCError(code: RPCError.requestCancelledCode, message: "cancelled"))
                return
            }
            guard initialized || method == "initialize" else {
                reply(to: id, error: RPCError(code: RPCError.serverNotInitializedCode, message: "the server is not initialized"))
                return
            }
            guard !shutdownRequested else {
                reply(to: id, error: .invalidRequest("the server is shutting down"))
                return
            }
            do throws(RPCError) {
                if let result = try answer(method, Params(json: params), id: id) { reply(to: id, result: result) }
            } catch {
                reply(to: id, error: error)
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
            var document = TextDocument(uri: uri, version: (try? item.integer("version")) ?? 0, text: try item.string("text"))
            document.revision = newRevision()
            discard(uri)   // opened again without a close: nothing of the last opening carries over
            documents[uri] = document
            languages[uri] = item.json["languageId"]?.string
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
            document.revision = newRevision()
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
            discard(uri)
            if !pullsDiagnostics { writer.notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []]) }
        case "workspace/didChangeWatchedFiles":
            watchedFilesChanged(try params.array("changes"))
        default:
            break   // `$/setTrace`, `workspace/didChangeConfiguration` and the like: nothing to do
        }
    }

    // MARK: Linting

    private func newRevision() -> Int {
        nextRevision += 1
        return nextRevision
    }

    /// Drops everything kept for `uri` (it was closed, or opened again): its text, results and pending work.
    /// A lint still running for it is given up, so that its late result is dropped; pulls waiting for it are
    /// answered with no findings.
    private func discard(_ uri: String) {
        documents[uri] = nil
        results[uri] = nil
        languages[uri] = nil
        scheduled[uri] = nil
        running[uri] = nil
        rerun.remove(uri)
        toldPassedOver.remove(uri)
        for id in waitingPulls.removeValue(forKey: uri) ?? [] { reply(to: id, result: ["kind": "full", "items": []]) }
    }

    private func schedule(_ uri: String, after delay: TimeInterval) {
        let generation = (scheduled[uri] ?? 0) + 1
        scheduled[uri] = generation
        queue.asyncAfter(deadline: .now() + delay) {
            guard self.scheduled[uri] == generation else { return }   // a newer change scheduled its own
            self.scheduled[uri] = nil
            self.start(uri)
        }
    }

    private func start(_ uri: String) {
        guard let document = documents[uri] else { return }
        // A change the reader has seen but the queue has not applied yet schedules its own lint.
        guard readerLock.withLock({ unappliedChanges[uri] == nil }) else { return }
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
        running[uri] = (job, document.withoutSyntax, epoch)
        let path = Self.path(ofURI: uri)
        BoundedWork.start {
            // A buffer larger than its maxFileSize is passed over before it is parsed, as a file is by `lint`.
            if let reason = workspace.passOverReason(byteCount: document.bytes.count, path: path) {
                self.queue.async { self.complete(uri, job: job, document: document, epoch: epoch, outcome: .passedOver(reason)) }
                return
            }
            let parsed = document.parse()
            let outcome = workspace.lint(Data(document.bytes), path: path, tree: parsed.tree)
            self.queue.async {
                self.documents[uri]?.adopt(parsed, parsedFrom: document)
                self.complete(uri, job: job, document: document, epoch: epoch, outcome: outcome)
            }
        }
        if let limit = workspace.timeLimit {
            queue.asyncAfter(deadline: .now() + limit) {
                guard let given = self.running[uri], given.job == job else { return }
                self.complete(uri, job: job, document: given.document, epoch: given.epoch, outcome: .notChecked(Workspace.timeoutReason(limit)))
            }
        }
    }

    private func isCurrent(_ results: Results, of document: TextDocument) -> Bool {
        results.document.revision == document.revision && results.epoch == epoch
    }

    private func complete(_ uri: String, job: Int?, document: TextDocument, epoch: Int, outcome: LintOutcome) {
        if let job {
            guard running[uri]?.job == job else { return }   // given up: the time limit reported it
            running[uri] = nil
        }
        guard let current = documents[uri], current.revision >= document.revision else { return }   // closed, or reopened
        let finished = Results(document: document.withoutSyntax, outcome: outcome, epoch: epoch)
        results[uri] = finished
        documents[uri]?.forgetEdits(before: document.revision)   // hover moves these findings by the edits since
        if epoch != self.epoch {
            rerun.insert(uri)   // configuration or facts changed while it ran: its findings may be wrong
        } else if current.revision == document.revision {
            tellIfPassedOver(uri, outcome)
            if !pullsDiagnostics {
                writer.notify("textDocument/publishDiagnostics",
                              ["uri": .string(uri), "version": JSON(document.version), "diagnostics": .array(lspDiagnostics(finished))])
            }
            for id in waitingPulls.removeValue(forKey: uri) ?? [] {
                if isCancelled(id) {
                    reply(to: id, error: RPCError(code: RPCError.requestCancelledCode, message: "cancelled"))
                } else {
                    reply(to: id, result: ["kind": "full", "items": .array(lspDiagnostics(finished))])
                }
            }
        }
        if rerun.remove(uri) != nil || (waitingPulls[uri] != nil && current.revision != document.revision) { start(uri) }
    }

    /// Says once, while a document stays too large, why it has no findings (`window/showMessage`): diagnostics
    /// cannot, and a message on every keystroke would be noise.
    private func tellIfPassedOver(_ uri: String, _ outcome: LintOutcome) {
        guard case .passedOver(let reason) = outcome else {
            toldPassedOver.remove(uri)
            return
        }
        guard toldPassedOver.insert(uri).inserted else { return }
        let name = (Self.path(ofURI: uri) as NSString).lastPathComponent
        writer.notify("window/showMessage", ["type": 3, "message": .string("HIGLint passed over \(name), not checked: \(reason); raise maxFileSize in .higlint.json to check it")])
    }

    private func cancelWaitingPull(_ id: JSON) {
        for (uri, ids) in waitingPulls where ids.contains(id) {
            let left = ids.filter { $0 != id }
            waitingPulls[uri] = left.isEmpty ? nil : left
            reply(to: id, error: RPCError(code: RPCError.requestCancelledCode, message: "cancelled"))
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

private extension Dictionary where Value == Int {
    /// Counts one down, and forgets the key at zero.
    mutating func decrement(_ key: Key) {
        guard let count = self[key] else { return }
        self[key] = count > 1 ? count - 1 : nil
    }
}
