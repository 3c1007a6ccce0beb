"""Soak tests: a server's memory is bounded by what is open now, not by its history (issue 31).

2,000 edits of one large buffer through pytest-lsp's client, at a typist's pace so that most are linted, and 50
lint_code calls with large texts through the MCP SDK. Each asserts that resident memory after the soak stays
within a fixed margin of resident memory after the first edit or call (BENCHMARKS.md has the figures). No
assertion is about time. Also: work over --file-timeout stops (no thread or child process is left running it).
"""
import asyncio
import json
import os
import pathlib
import random
import subprocess
import tempfile

import pytest
import pytest_lsp
from lsprotocol import types
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import HIGLINT
from test_lsp import Workspace, diagnostics_for, make_client, start

LSP_EDITS = 2000
LSP_MARGIN_MB = 96
MCP_CALLS = 50
MCP_MARGIN_MB = 192


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def threads(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("Threads"):
                return int(line.split()[1])
    raise AssertionError("no Threads")


def children(pid):
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as listed:
            found += listed.read().split()
    return found


def report(name, first, last, margin):
    # Printed for BENCHMARKS.md (pytest -s shows it); the assertion is the margin.
    print(f"\nsoak {name}: RSS after the first {first:.0f} MiB, after the soak {last:.0f} MiB, growth {last - first:.0f} MiB (margin {margin} MiB)")


def big_view(rows):
    body = "".join('            Text("row %d").font(.system(size: 13))\n' % i for i in range(rows))
    return "import SwiftUI\n\nstruct Big: View {\n    var body: some View {\n        VStack {\n" + body + "        }\n    }\n}\n"


@pytest.fixture
def workspace():
    made = Workspace()
    yield made
    made.remove()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[HIGLINT, "lsp"], client_factory=make_client))
async def client(lsp_client: LanguageClient):
    yield
    if lsp_client.capabilities is not None:
        await lsp_client.shutdown_session()


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="reads resident memory from /proc")
async def test_lsp_memory_after_2000_edits_stays_within_a_margin_of_the_first(client: LanguageClient, workspace):
    await start(client, workspace)
    pid = client._server.pid
    text = big_view(1500)   # about 75 KB
    uri = workspace.uri
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri, language_id="swift", version=1, text=text)))
    await diagnostics_for(client, uri, 1)
    random.seed(31)

    def edit(version):
        line = random.randint(6, 1500)
        spot = types.Position(line=line, character=12)
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=spot, end=spot), text="x")]))

    edit(2)
    await diagnostics_for(client, uri, 2)
    first = rss_mb(pid)
    last_version = LSP_EDITS + 1
    for version in range(3, last_version + 1):
        edit(version)
        # A typist's pace, a little over the debounce, so that most edits are linted; every 100th edit waits for
        # its diagnostics, so that linting keeps up and the soak ends with the last version checked.
        if version % 100 == 0:
            await diagnostics_for(client, uri, version)
        else:
            await asyncio.sleep(0.025)
    await diagnostics_for(client, uri, last_version)
    last = rss_mb(pid)
    report(f"lsp ({LSP_EDITS} edits of a {len(text) // 1024} KB buffer)", first, last, LSP_MARGIN_MB)
    assert last - first < LSP_MARGIN_MB


async def mcp_session(root, body, *arguments):
    params = StdioServerParameters(command=HIGLINT, args=["mcp", "--root", str(root), *arguments])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            return await body(session)


def server_pid(parent):
    """The MCP server the SDK started: the one child of this test process running higlint mcp."""
    for pid in children(parent):
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            if b"mcp" in cmdline.read():
                return int(pid)
    raise AssertionError("no MCP server among this process's children")


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="reads resident memory from /proc")
async def test_mcp_memory_after_50_large_lint_code_calls_stays_within_a_margin_of_the_first():
    root = pathlib.Path(tempfile.mkdtemp(prefix="higlint-soak-"))
    (root / ".git").mkdir()

    async def body(session):
        pid = server_pid(os.getpid())
        sizes = [3000, 400, 1500, 800]   # rows: about 190, 25, 95 and 50 KB of source, the largest first
        first = None
        for call in range(MCP_CALLS):
            rows = sizes[call % len(sizes)]
            code = big_view(rows) + f"// call {call}\n"
            result = await session.call_tool("lint_code", {"code": code, "file_name": f"Views/File{call % 20}.swift"})
            assert not result.is_error, result.content[0].text
            assert len(result.structured_content["findings"]) >= rows
            if first is None:
                first = rss_mb(pid)
        last = rss_mb(pid)
        report(f"mcp ({MCP_CALLS} lint_code calls of 25-190 KB, 20 file names)", first, last, MCP_MARGIN_MB)
        assert last - first < MCP_MARGIN_MB
    await mcp_session(root, body)


def test_mcp_work_over_the_time_limit_stops():
    """A lint_code call over --file-timeout is answered 'not checked', and nothing goes on running it: no child
    process is left, and the server has no more threads than before (a parse left running kept a core busy)."""
    root = tempfile.mkdtemp(prefix="higlint-timeout-")
    os.mkdir(os.path.join(root, ".git"))
    server = subprocess.Popen([HIGLINT, "mcp", "--root", root, "--file-timeout", "1"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def call(id_, method, params):
        server.stdin.write((json.dumps({"jsonrpc": "2.0", "id": id_, "method": method, "params": params}) + "\n").encode())
        server.stdin.flush()
        while True:
            reply = json.loads(server.stdout.readline())
            if reply.get("id") == id_:
                return reply

    try:
        call(0, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {}})
        fine = call(1, "tools/call", {"name": "lint_code", "arguments": {"code": 'import SwiftUI\nlet t = Text("A")\n'}})
        assert not fine["result"]["isError"]
        before = threads(server.pid)
        exponential = 'import SwiftUI\nlet title = Text("A")\nlet f = ' + "(@" * 40 + "\n"
        for index in range(4):
            reply = call(2 + index, "tools/call", {"name": "lint_code",
                                                   "arguments": {"code": exponential + f"//{index}\n", "file_name": f"N{index}.swift"}})
            assert reply["result"]["isError"]
            assert reply["result"]["content"][0]["text"].startswith("not checked: checking it took longer than 1 s")
            assert children(server.pid) == []
        # Four parses left running would be four more threads.
        assert threads(server.pid) <= before + 1
        # And the server still checks what it can.
        fine = call(9, "tools/call", {"name": "lint_code", "arguments": {"code": 'import SwiftUI\nlet t = Text("B")\n'}})
        assert not fine["result"]["isError"]
    finally:
        server.stdin.close()
        server.wait(timeout=30)
