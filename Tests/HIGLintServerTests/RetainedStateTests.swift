import Foundation
import Testing
@testable import HIGLintServer

private let view = """
    struct Row: View {
        var body: some View {
            Text("Row").font(.system(size: 17))
        }
    }
    """

/// A server's memory is bounded by what is open now, not by its history (issue 31).
@Suite("What the servers keep between messages")
struct RetainedStateTests {
    let uri: JSON = "file:///tmp/higlint-lsp-tests/Kept.swift"

    @Test("echoes request ids above 2^53 exactly as they were sent")
    func largeIntegerIDs() throws {
        for id in ["9007199254740993", "12345678901234567", "-9007199254740993", "7"] {
            let body = Data(#"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"#.utf8)
            guard case .success(.request(let parsed, _, _)) = RPCMessage.decode(body) else {
                Issue.record("not a request: \(id)")
                continue
            }
            let reply: JSON = ["jsonrpc": "2.0", "id": parsed, "result": [:]]
            #expect(reply.serialized.contains(#""id":\#(id),"#))
        }
    }

    @Test("lints a document reopened with a lower version, and answers its pulls")
    func reopenedWithLowerVersion() {
        let harness = ServerHarness()
        harness.initialize()
        harness.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": .string(view)]])
        #expect(!harness.diagnostics(version: 1).isEmpty)
        for version in 2...5 {
            harness.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": JSON(version)],
                                                      "contentChanges": [["text": .string(view + "//\(version)\n")]]])
        }
        #expect(!harness.diagnostics(version: 5).isEmpty)
        harness.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        harness.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": .string(view)]])
        #expect(!harness.diagnostics(version: 1).isEmpty)
        // A change whose version goes back is linted too.
        harness.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 0],
                                                  "contentChanges": [["text": .string("struct Empty {}\n")]]])
        #expect(harness.diagnostics(version: 0).isEmpty)
        let pull = harness.request("textDocument/diagnostic", ["textDocument": ["uri": uri]])
        #expect(pull["result"]?["kind"] == "full")
    }

    @Test("answers a pull for a document reopened with a lower version")
    func pullAfterReopen() {
        let harness = ServerHarness()
        harness.initialize(capabilities: ["textDocument": ["diagnostic": [:]]])
        harness.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": 7, "text": .string(view)]])
        #expect(harness.request("textDocument/diagnostic", ["textDocument": ["uri": uri]])["result"]?["items"]?.array?.isEmpty == false)
        harness.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        harness.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": .string(view)]])
        #expect(harness.request("textDocument/diagnostic", ["textDocument": ["uri": uri]])["result"]?["items"]?.array?.isEmpty == false)
    }

    @Test("keeps nothing of cancellations for unknown ids, changes to unopened documents, or closed documents")
    func nothingKeptOfHistory() {
        let harness = ServerHarness()
        harness.initialize()
        for index in 0..<500 {
            harness.notify("$/cancelRequest", ["id": .string("never-sent-\(index)")])
            harness.notify("$/cancelRequest", ["id": JSON(100_000 + index)])
            harness.notify("textDocument/didChange", ["textDocument": ["uri": .string("file:///never/opened/\(index).swift"), "version": 2],
                                                      "contentChanges": [["text": "x"]]])
        }
        for index in 0..<20 {
            let other: JSON = .string("file:///tmp/higlint-lsp-tests/Closed\(index).swift")
            harness.notify("textDocument/didOpen", ["textDocument": ["uri": other, "languageId": "swift", "version": 1, "text": .string(view)]])
            harness.notify("textDocument/didChange", ["textDocument": ["uri": other, "version": 2], "contentChanges": [["text": "struct A {}"]]])
            harness.notify("textDocument/didClose", ["textDocument": ["uri": other]])
        }
        harness.request("shutdown")   // answered: every message before it was handled
        let kept = harness.server.retainedCounts
        #expect(kept.pendingRequests == 0)
        #expect(kept.cancelled == 0)
        #expect(kept.openURIs == 0)
        #expect(kept.unappliedChanges == 0)
        #expect(kept.documents == 0)
        #expect(kept.scheduled == 0)
    }

    @Test("parses a document whole every few parses, so that incremental parses do not chain without end")
    func reparsesAreBounded() {
        var document = TextDocument(uri: "file:///Chain.swift", version: 1, text: view)
        var counts: [Int] = []
        for version in 2...(3 * DocumentSyntax.reparseLimit) {
            let end = Position(line: 2, character: 13)
            document.apply("x", in: Range(start: end, end: end), version: version)
            let snapshot = document
            document.adopt(snapshot.parse(), parsedFrom: snapshot)
            counts.append(document.syntax.reparses)
            #expect(document.syntax.parsed?.tree.description == document.text)
        }
        #expect(counts.max() == DocumentSyntax.reparseLimit)
        #expect(counts.filter { $0 == 0 }.count >= 2)
    }

    @Test("keeps the last parses of whole texts within a byte limit, and none of a large text")
    func recentParsesAreBounded() {
        let recent = RecentParses()
        let text = String(repeating: "let a = Text(\"x\").font(.body)\n", count: 3_000)   // about 90 KB
        for index in 0..<40 {
            _ = recent.tree(of: text + "// \(index)\n", path: "/root/File\(index % 20).swift")
            #expect(recent.retained.bytes <= RecentParses.byteLimit)
            #expect(recent.retained.count <= RecentParses.countLimit)
        }
        let large = String(repeating: "let b = 1\n", count: RecentParses.textLimit / 10 + 1)
        let before = recent.retained
        #expect(recent.tree(of: large, path: "/root/Large.swift").description == large)
        #expect(recent.retained.count <= before.count)
        #expect(recent.retained.bytes <= before.bytes)
    }
}
