"""Both servers against what no well-behaved client sends: no crash, no hang, a JSON-RPC error where one is due.

Each read from the server's pipe is the only wait; pytest's own timeout per test (`--timeout` is not used) is
replaced by `subprocess` timeouts that only guard against a hang, never assert a duration.
"""
import json
import os
import subprocess
import tempfile

from conftest import HIGLINT, VIEW, RawLSP, frame

INITIALIZE = {"processId": None, "rootUri": None, "capabilities": {}}


def workspace(configuration=None):
    """A temporary repository's root, with `configuration` as its .higlint.json."""
    root = tempfile.mkdtemp(prefix="higlint-robust-")
    os.mkdir(os.path.join(root, ".git"))
    if configuration:
        with open(os.path.join(root, ".higlint.json"), "w") as f:
            f.write(configuration)
    return root


def started_lsp(root=None):
    server = RawLSP(cwd=root or tempfile.mkdtemp(prefix="higlint-robust-"))
    reply = server.request(1, "initialize", INITIALIZE)
    assert "capabilities" in reply["result"]
    server.notify("initialized")
    return server


# About 20 MB of Swift with one finding: over the default maxFileSize (2,000,000 bytes), under the most it can be.
HUGE = VIEW + ("// " + "x" * 1000 + "\n") * 20_000
RAISED = '{ maxFileSize: "64MiB" }'


def test_lsp_answers_malformed_messages_and_unknown_methods():
    server = started_lsp()
    server.process.stdin.write(frame(b"{this is not json"))
    server.process.stdin.flush()
    assert server.read_until(lambda m: "error" in m)["error"]["code"] == -32700
    server.process.stdin.write(frame(b'[{"jsonrpc":"2.0","id":5,"method":"shutdown"}]'))
    server.process.stdin.flush()
    assert server.read_until(lambda m: "error" in m)["error"]["code"] == -32600
    server.send({"jsonrpc": "2.0", "id": 7})   # no method
    assert server.read_until(lambda m: m.get("id") == 7)["error"]["code"] == -32600
    assert server.request(8, "workspace/noSuchThing")["error"]["code"] == -32601
    assert server.request(9, "textDocument/hover", {"textDocument": 3})["error"]["code"] == -32602
    server.notify("$/noSuchNotification")
    # A header block without Content-Length is skipped; the next message is read.
    server.process.stdin.write(b"Content-Type: text/plain\r\n\r\n")
    server.process.stdin.flush()
    assert server.request(10, "shutdown")["result"] is None
    server.notify("exit")
    assert server.close() == 0


def test_lsp_survives_a_huge_message_and_positions_out_of_range():
    # The limit raised: the 20 MB buffer is parsed and linted, which is what this test is about.
    root = workspace(RAISED)
    server = started_lsp(root)
    uri = f"file://{root}/Huge.swift"
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": HUGE}})
    published = server.read_until(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    assert [d["code"] for d in published["params"]["diagnostics"]] == ["fixed-font-size"]
    far = {"line": 10_000_000, "character": 10_000_000}
    server.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                             "contentChanges": [{"range": {"start": far, "end": far}, "text": "\n"}]})
    assert server.request(2, "textDocument/hover", {"textDocument": {"uri": uri}, "position": far})["result"] is None
    reply = server.request(3, "textDocument/codeAction", {"textDocument": {"uri": uri}, "range": {"start": {"line": -5, "character": -1}, "end": far},
                                                          "context": {"diagnostics": []}})
    assert isinstance(reply["result"], list)
    # A message over the server's limit (64 MiB) is read past and answered with an error; the server goes on.
    server.process.stdin.write(b"Content-Length: %d\r\n\r\n" % (70 << 20))
    server.process.stdin.write(b" " * (70 << 20))
    server.process.stdin.flush()
    assert server.read_until(lambda m: "error" in m and m.get("id") is None)["error"]["code"] == -32600
    assert server.request(4, "shutdown")["result"] is None
    server.notify("exit")
    assert server.close() == 0


def test_lsp_passes_over_a_huge_buffer_under_the_default_limit_and_says_why():
    root = workspace()
    server = started_lsp(root)
    uri = f"file://{root}/Huge.swift"
    server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": HUGE}})
    told = server.read_until(lambda m: m.get("method") in ("window/showMessage", "textDocument/publishDiagnostics"))
    assert told["method"] == "window/showMessage"
    assert f"it has {len(HUGE.encode())} bytes, larger than maxFileSize (2000000 bytes)" in told["params"]["message"]
    published = server.read_until(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    assert published["params"]["diagnostics"] == []
    assert server.request(2, "shutdown")["result"] is None
    server.notify("exit")
    assert server.close() == 0


def test_lsp_gives_a_document_that_is_not_swift_no_findings():
    server = started_lsp()
    for uri, language, text in [("file:///tmp/notes.txt", "plaintext", "Text(\"x\").font(.system(size: 17))"),
                                ("file:///tmp/Binary.swift", "swift", "\u0000\u0001 binary"),
                                ("file:///tmp/Garbage.swift", "swift", "}}}{{{ ))) struct View: { var body: some")]:
        server.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": language, "version": 1, "text": text}})
        published = server.read_until(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri)
        codes = [d.get("code") for d in published["params"]["diagnostics"]]
        assert "fixed-font-size" not in codes
    assert server.request(2, "shutdown")["result"] is None
    server.notify("exit")
    assert server.close() == 0


def test_lsp_exits_when_stdin_closes_without_shutdown():
    server = started_lsp()
    server.notify("textDocument/didOpen", {"textDocument": {"uri": "file:///tmp/A.swift", "languageId": "swift", "version": 1, "text": VIEW}})
    # The LSP specification: exit status 1 when input ends (or `exit` comes) without `shutdown`.
    assert server.close() == 1


def test_lsp_refuses_requests_before_initialize():
    server = RawLSP()
    assert server.request(1, "textDocument/hover", {})["error"]["code"] == -32002
    assert server.close() == 1


def mcp(lines, root=None, timeout=60):
    """Runs `higlint mcp` over lines of input; returns its replies by id (the timeout only guards a hang)."""
    root = root or tempfile.mkdtemp(prefix="higlint-robust-mcp-")
    result = subprocess.run([HIGLINT, "mcp", "--root", root], input=b"".join(lines), capture_output=True, timeout=timeout)
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in result.stdout.splitlines()]


def test_mcp_answers_malformed_messages_and_unknown_methods():
    def line(message):
        return (message if isinstance(message, bytes) else json.dumps(message).encode()) + b"\n"
    replies = mcp([
        line(b"{not json"),
        line(b"42"),
        line({"jsonrpc": "2.0", "id": 1, "method": "no/such/method"}),
        line({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "no_such_tool", "arguments": {}}}),
        line({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "lint_code", "arguments": []}}),
        line({"jsonrpc": "2.0", "method": "notifications/whatever"}),
        line({"jsonrpc": "2.0", "id": 4, "method": "ping"}),
    ])
    assert [r["error"]["code"] for r in replies[:2]] == [-32700, -32600]
    by_id = {r["id"]: r for r in replies if r.get("id") is not None}
    assert by_id[1]["error"]["code"] == -32601
    assert by_id[2]["error"]["code"] == -32602
    assert by_id[3]["error"]["code"] == -32602
    assert by_id[4]["result"] == {}


def test_mcp_survives_a_huge_message_and_closed_stdin():
    call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "lint_code", "arguments": {"code": HUGE}}}
    lines = [json.dumps(call).encode() + b"\n", b'{"jsonrpc":"2.0","id":2,"method":"ping"}']   # no final newline, then EOF
    # The limit raised, the 20 MB code is parsed and linted; under the default it is passed over, saying why.
    replies = mcp(lines, root=workspace(RAISED))
    found = json.loads(replies[0]["result"]["content"][0]["text"])["findings"]
    assert [f["rule"] for f in found] == ["fixed-font-size"]
    assert replies[1]["result"] == {}
    passed = json.loads(mcp(lines, root=workspace())[0]["result"]["content"][0]["text"])
    assert passed["findings"] == [] and "larger than maxFileSize (2000000 bytes)" in passed["passed_over"]
    # Closing input at once ends the server with status 0, having said nothing.
    assert mcp([]) == []
