import Foundation
import Testing
@testable import HIGLintServer

/// Swift source of exactly `size` bytes with one `fixed-font-size` finding, padded with a comment.
private func view(bytes size: Int) -> String {
    let text = "struct Receipt: View {\n    var body: some View {\n        Text(\"Total\").font(.system(size: 13))\n    }\n}\n"
    return text + "//" + String(repeating: "x", count: size - text.utf8.count - 3) + "\n"
}

/// A workspace folder, a repository's root, whose `.higlint.json` sets `maxFileSize: 300`.
private func workspaceRoot() throws -> URL {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-maxsize-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
    try Data("{ maxFileSize: 300 }".utf8).write(to: root.appendingPathComponent(".higlint.json"))
    return root
}

@Suite("maxFileSize in the servers")
struct MaxFileSizeServerTests {
    @Test("the language server publishes no findings for a buffer over the limit, and says why once while it stays over")
    func languageServer() throws {
        let root = try workspaceRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let harness = ServerHarness()
        harness.request("initialize", ["rootUri": .string(root.absoluteString), "capabilities": [:]])
        harness.notify("initialized")
        let uri = JSON.string(root.appendingPathComponent("Row.swift").absoluteString)
        func change(to text: String, version: Int) -> [JSON] {
            harness.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": JSON(version)], "contentChanges": [["text": .string(text)]]])
            return harness.diagnostics(version: version)
        }
        func told() -> [String] {
            harness.received { $0["method"] == "window/showMessage" }.compactMap { $0["params"]?["message"]?.string }
        }

        harness.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": .string(view(bytes: 301))]])
        #expect(harness.diagnostics(version: 1).isEmpty)
        #expect(told() == ["HIGLint passed over Row.swift, not checked: it has 301 bytes, larger than maxFileSize (300 bytes); raise maxFileSize in .higlint.json to check it"])
        #expect(change(to: view(bytes: 320), version: 2).isEmpty)
        #expect(told().isEmpty)
        #expect(change(to: view(bytes: 300), version: 3).contains { $0["code"] == "fixed-font-size" })
        #expect(change(to: view(bytes: 301), version: 4).isEmpty)
        #expect(told().count == 1)
    }

    @Test("lint_code and fix_code pass over code over the limit, saying why; the call's configuration can raise it")
    func mcpTools() throws {
        let root = try workspaceRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let tools = MCPTools(workspace: Workspace(root: root.path))
        func call(_ tool: MCPTools.Tool, _ members: [String: JSON]) -> JSON {
            let result = tools.call(tool, Arguments(members: members))
            #expect(result["isError"] == false, "\(result)")
            return result["structuredContent"] ?? .null
        }

        let over = call(.lintCode, ["code": .string(view(bytes: 301))])
        #expect(over["findings"] == [])
        #expect(over["passed_over"] == "it has 301 bytes, larger than maxFileSize (300 bytes)")
        #expect(over["summary"]?.string?.hasPrefix("passed over, not checked: it has 301 bytes") == true)
        #expect(call(.lintCode, ["code": .string(view(bytes: 300))])["findings"]?.array?.count == 1)
        let raised = call(.lintCode, ["code": .string(view(bytes: 301)), "configuration": ["maxFileSize": "1KB"]])
        #expect(raised["findings"]?.array?.count == 1 && raised["passed_over"] == nil)

        let fixed = call(.fixCode, ["code": .string(view(bytes: 301))])
        #expect(fixed["fixed_code"] == .string(view(bytes: 301)))
        #expect(fixed["changed"] == false)
        #expect(fixed["passed_over"] == "it has 301 bytes, larger than maxFileSize (300 bytes)")

        try Data(view(bytes: 301).utf8).write(to: root.appendingPathComponent("Over.swift"))
        try Data(view(bytes: 300).utf8).write(to: root.appendingPathComponent("At.swift"))
        let paths = call(.lintPaths, ["paths": ["."]])
        #expect(paths["files_checked"] == 1)
        #expect(paths["passed_over"] == "1 file passed over (1 larger than maxFileSize)")
    }
}
