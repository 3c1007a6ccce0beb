import Foundation
import Testing
@testable import HIGLintServer

/// A language server in this process, fed message bodies, with every message it sends collected.
final class ServerHarness: @unchecked Sendable {
    let server: LanguageServer
    private let condition = NSCondition()
    private var messages: [JSON] = []
    private var nextID = 0

    init(debounce: TimeInterval = 0) {
        var options = LanguageServer.Options()
        options.debounce = debounce
        var box: ServerHarness?
        let writer = MessageWriter(framing: .newlineDelimited) { data in
            guard let message = try? JSON.parse(data.dropLast()) else { return }
            box?.append(message)
        }
        server = LanguageServer(options: options, writer: writer)
        box = self
    }

    private func append(_ message: JSON) {
        condition.withLock {
            messages.append(message)
            condition.broadcast()
        }
    }

    func send(_ message: JSON) { server.receive(Data(message.serialized.utf8)) }

    func notify(_ method: String, _ params: JSON = [:]) {
        send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    @discardableResult
    func request(_ method: String, _ params: JSON = [:]) -> JSON {
        nextID += 1
        let id = JSON(nextID)
        send(["jsonrpc": "2.0", "id": id, "method": .string(method), "params": params])
        return waitFor { $0["id"] == id }
    }

    /// The first message (oldest first) that matches, waiting for it; the bound only guards against a hang.
    func waitFor(_ matches: (JSON) -> Bool) -> JSON {
        condition.withLock {
            let deadline = Date(timeIntervalSinceNow: 60)
            while true {
                if let index = messages.firstIndex(where: matches) { return messages.remove(at: index) }
                guard condition.wait(until: deadline) else { return .null }
            }
        }
    }

    /// The messages received so far that match, taken without waiting.
    func received(_ matches: (JSON) -> Bool) -> [JSON] {
        condition.withLock {
            let found = messages.filter(matches)
            messages.removeAll(where: matches)
            return found
        }
    }

    func diagnostics(version: Int) -> [JSON] {
        waitFor { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["version"] == JSON(version) }["params"]?["diagnostics"]?.array ?? []
    }

    func initialize(capabilities: JSON = [:]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-lsp-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        request("initialize", ["rootUri": .string(root.absoluteString), "capabilities": capabilities])
        notify("initialized")
    }
}

private let view = """
    struct Row: View {
        var body: some View {
            Text("Grüße 👋🏽").font(.system(size: 17))
        }
    }
    """

@Suite("Language server messages")
struct LanguageServerTests {
    let uri: JSON = "file:///tmp/higlint-lsp-tests/Row.swift"

    @Test("refuses requests before initialize, then announces its capabilities")
    func initialization() {
        let harness = ServerHarness()
        #expect(harness.request("textDocument/hover")["error"]?["code"] == JSON(RPCError.serverNotInitializedCode))
        let reply = harness.request("initialize", ["capabilities": [:]])
        let capabilities = reply["result"]?["capabilities"]
        #expect(capabilities?["textDocumentSync"]?["change"] == 2)
        #expect(capabilities?["hoverProvider"] == true)
        #expect(reply["result"]?["serverInfo"]?["name"] == "higlint")
    }

    @Test("publishes findings with the rule as code, its HIG page, severity, source and a UTF-16 range")
    func publishes() {
        let harness = ServerHarness()
        harness.initialize()
        harness.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": .string(view)]])
        let found = harness.diagnostics(version: 1)
        let diagnostic = found.first { $0["code"] == "fixed-font-size" }
        #expect(diagnostic?["source"] == "higlint")
        #expect(diagnostic?["severity"] == 2)
        #expect(diagnostic?["codeDescription"]?["href"]?.string?.hasPrefix("https://developer.apple.com/design/human-interface-guidelines/") == true)
        // `Text("Grüße 👋🏽").font(` is 24 UTF-16 units after the indentation of 8: the emoji and its modifier take 4.
        #expect(diagnostic?["range"]?["start"] == ["line": 2, "character": 32])
        #expect(diagnostic?["range"]?["end"] == ["line": 2, "character": 39])
    }

    @Test("publishes a finding about a suppression comment like any other, without a HIG page")
    func suppressionCommentFinding() {
        let harness = ServerHarness()
        harness.initialize()
        let text = "// higlint:disable:next fixed_font_size\nText(order.title).font(.system(size: 17))\n"
        harness.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": .string(text)]])
        let found = harness.diagnostics(version: 1)
        #expect(found.compactMap { $0["code"]?.string }.sorted() == ["fixed-font-size", "invalid-suppression"])
        let invalid = found.first { $0["code"] == "invalid-suppression" }
        #expect(invalid?["codeDescription"] == nil)
        #expect(invalid?["range"]?["start"] == ["line": 0, "character": 24])
    }

    @Test("offers the fix and both suppressions as quick fixes, as edits")
    func codeActions() {
        let harness = ServerHarness()
        harness.initialize()
        harness.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": .string(view)]])
        _ = harness.diagnostics(version: 1)
        let range: JSON = ["start": ["line": 2, "character": 35], "end": ["line": 2, "character": 35]]
        let actions = harness.request("textDocument/codeAction", ["textDocument": ["uri": uri], "range": range, "context": ["diagnostics": []]])["result"]?.array ?? []
        let titles = actions.compactMap { $0["title"]?.string }
        #expect(titles.contains("Suppress fixed-font-size on this line"))
        #expect(titles.contains("Suppress fixed-font-size in this file"))
        let fix = actions.first { $0["isPreferred"] == true }
        #expect(fix?["kind"] == "quickfix")
        #expect(fix?["edit"]?["changes"]?[uri.string!]?.array?.isEmpty == false)
        let suppression = actions.first { $0["title"] == "Suppress fixed-font-size on this line" }
        #expect(suppression?["edit"]?["changes"]?[uri.string!]?.array?.first?["newText"] == "        // higlint:disable:next fixed-font-size\n")
    }

    @Test("explains the rule on hover over a finding, and says nothing elsewhere")
    func hover() {
        let harness = ServerHarness()
        harness.initialize()
        harness.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": .string(view)]])
        _ = harness.diagnostics(version: 1)
        let hover = harness.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 2, "character": 36]])
        #expect(hover["result"]?["contents"]?["kind"] == "markdown")
        #expect(hover["result"]?["contents"]?["value"]?.string?.contains("Dynamic Type") == true)
        let nothing = harness.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 0, "character": 0]])
        #expect(nothing["result"] == .null)
    }

    @Test("between an edit and the next lint, hovers over the last findings where the edit moved them")
    func hoverAfterEdit() {
        let harness = ServerHarness(debounce: 30)   // the edits below are not linted during the test
        harness.initialize()
        harness.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": .string(view)]])
        _ = harness.diagnostics(version: 1)
        func hover(_ line: Int, _ character: Int) -> JSON {
            harness.request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": JSON(line), "character": JSON(character)]])["result"] ?? .null
        }
        func change(_ version: Int, _ start: (Int, Int), _ end: (Int, Int), _ text: String) {
            let range: JSON = ["start": ["line": JSON(start.0), "character": JSON(start.1)], "end": ["line": JSON(end.0), "character": JSON(end.1)]]
            harness.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": JSON(version)],
                                                      "contentChanges": [["range": range, "text": .string(text)]]])
        }
        // Two lines above it, and two characters before it on its line: `.system` moves from 2:32 to 4:34.
        change(2, (0, 0), (0, 0), "// A row.\n\n")
        change(3, (4, 8), (4, 8), "  ")
        let moved = hover(4, 36)
        #expect(moved["contents"]?["value"]?.string?.contains("fixed-font-size") == true)
        #expect(moved["range"] == ["start": ["line": 4, "character": 34], "end": ["line": 4, "character": 41]])
        #expect(hover(2, 36) == .null)
        // An edit after it leaves it where it is.
        change(4, (6, 0), (6, 0), "// The end.\n")
        #expect(hover(4, 36)["range"] == ["start": ["line": 4, "character": 34], "end": ["line": 4, "character": 41]])
        // An edit of its word leaves it out: `.body` is no finding.
        change(5, (4, 34), (4, 51), ".body")
        #expect(hover(4, 36) == .null)
    }

    @Test("lints the buffer after incremental changes, not the text it was opened with")
    func incrementalChanges() {
        let harness = ServerHarness()
        harness.initialize()
        harness.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": .string(view)]])
        #expect(!harness.diagnostics(version: 1).isEmpty)
        let range: JSON = ["start": ["line": 2, "character": 32], "end": ["line": 2, "character": 49]]
        harness.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2],
                                                  "contentChanges": [["range": range, "text": ".body"]]])
        #expect(harness.diagnostics(version: 2).isEmpty)
    }

    @Test("answers unknown requests with MethodNotFound, malformed JSON with a parse error, and ignores unknown notifications")
    func errors() {
        let harness = ServerHarness()
        harness.initialize()
        harness.notify("$/unknownNotification")
        #expect(harness.request("textDocument/unknown")["error"]?["code"] == JSON(RPCError.methodNotFoundCode))
        harness.server.receive(Data("{oops".utf8))
        #expect(harness.waitFor { $0["id"] == .null }["error"]?["code"] == JSON(RPCError.parseErrorCode))
        #expect(harness.request("textDocument/hover", ["textDocument": ["uri": uri]])["error"]?["code"] == JSON(RPCError.invalidParamsCode))
    }

    @Test("answers a cancelled pull request with RequestCancelled")
    func cancellation() {
        let harness = ServerHarness(debounce: 30)
        harness.initialize(capabilities: ["textDocument": ["diagnostic": [:]]])
        harness.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": .string(view)]])
        harness.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": .string(view + "\n")]]])
        harness.send(["jsonrpc": "2.0", "id": "pull", "method": "textDocument/diagnostic", "params": ["textDocument": ["uri": uri]]])
        harness.notify("$/cancelRequest", ["id": "pull"])
        let reply = harness.waitFor { $0["id"] == "pull" }
        // The pull may have been answered before the cancellation arrived; otherwise it is cancelled.
        #expect(reply["error"]?["code"] == JSON(RPCError.requestCancelledCode) || reply["result"]?["kind"] == "full")
    }

    @Test("pulls diagnostics when the client asks for them, and does not push them")
    func pull() {
        let harness = ServerHarness()
        harness.initialize(capabilities: ["textDocument": ["diagnostic": [:]]])
        harness.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": .string(view)]])
        let report = harness.request("textDocument/diagnostic", ["textDocument": ["uri": uri]])
        #expect(report["result"]?["kind"] == "full")
        #expect(report["result"]?["items"]?.array?.contains { $0["code"] == "fixed-font-size" } == true)
    }

    @Test("publishes nothing for a document that is not Swift")
    func notSwift() {
        let harness = ServerHarness()
        harness.initialize()
        let text: JSON = "Text(\"x\").font(.system(size: 17))"
        harness.notify("textDocument/didOpen", ["textDocument": ["uri": "file:///tmp/notes.txt", "languageId": "plaintext", "version": 1, "text": text]])
        #expect(harness.diagnostics(version: 1).isEmpty)
    }

    @Test("refuses requests after shutdown")
    func shutdown() {
        let harness = ServerHarness()
        harness.initialize()
        #expect(harness.request("shutdown")["result"] == .null)
        #expect(harness.request("textDocument/hover")["error"]?["code"] == JSON(RPCError.invalidRequestCode))
    }
}
