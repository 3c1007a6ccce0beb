"""Latency of `higlint lsp` and `higlint mcp` measured through the real clients (pytest-lsp's LanguageClient,
the MCP Python SDK), for BENCHMARKS.md. Not a test: nothing is asserted.

    HIGLINT=.build/release/higlint python3 Tests/ServerClients/latency.py [--runs 200]

LSP: one character typed into a 1,000-line view file, then the time until the diagnostics of that version
arrive (debounce included); then files the server has never seen (the view file under new names, each with a
comment of its own first, written after the server started), each opened, until its first diagnostics arrive.
MCP: `lint_code` on the same file, request to result: with a one-character change each call, with a new file
name each call, and with the same text again.
"""
import argparse
import asyncio
import os
import pathlib
import shutil
import statistics
import sys
import tempfile
import time

from lsprotocol import types
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from conftest import HIGLINT  # noqa: E402
from test_lsp import make_client  # noqa: E402


def view_file(lines=1000):
    """A SwiftUI file of about `lines` lines: screens with lists, grids, images and text, some with findings."""
    parts = ["import SwiftUI\n"]
    index = 0
    while sum(part.count("\n") for part in parts) < lines - 40:
        parts.append(f"""
struct Screen{index}: View {{
    @State private var items: [Item] = []
    @State private var query = ""

    var body: some View {{
        NavigationStack {{
            List {{
                Section("Recent") {{
                    ForEach(items) {{ item in
                        HStack {{
                            Image(systemName: "doc")
                                .foregroundStyle(.secondary)
                            VStack(alignment: .leading) {{
                                Text(item.title).font(.headline)
                                Text(item.subtitle).font(.system(size: 13))
                            }}
                        }}
                        .swipeActions {{
                            Button("Delete", role: .destructive) {{ delete(item) }}
                        }}
                    }}
                }}
            }}
            .searchable(text: $query)
            .navigationTitle("Screen {index}")
        }}
    }}

    private func delete(_ item: Item) {{
        items.removeAll {{ $0.id == item.id }}
    }}
}}
""")
        index += 1
    text = "".join(parts)
    return text + "\n" * max(0, lines - text.count("\n"))


def cpu_seconds(pid):
    """User and system CPU time of a process so far, from /proc (Linux)."""
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def server_pid(argument):
    """The child of this process running `higlint ARGUMENT`."""
    for entry in pathlib.Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                command = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if int(stat[1]) == os.getpid() and len(command) > 1 and command[1] == argument.encode():
                return int(entry.name)
    return None


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def describe(name, samples):
    milliseconds = [s * 1000 for s in samples]
    print(f"{name}: n={len(milliseconds)} p50={statistics.median(milliseconds):.1f} ms "
          f"p95={percentile(milliseconds, 0.95):.1f} ms max={max(milliseconds):.1f} ms")


async def lsp(text, runs):
    root = pathlib.Path(tempfile.mkdtemp(prefix="higlint-latency-"))
    path = root / "Screens.swift"
    path.write_text(text)
    uri = path.as_uri()
    client = make_client()
    await client.start_io(HIGLINT, "lsp")
    await client.initialize_session(types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=root.as_uri()))
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri, language_id="swift", version=1, text=text)))
    while client.versions.get(uri) != 1:
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    findings = len(client.diagnostics[uri])
    samples = []
    line = text.count("\n") // 2
    pid = client._server.pid
    cpu_before = cpu_seconds(pid)
    for run in range(runs):
        version = run + 2
        # Type a space at the start of a line in the middle of the file, or delete it again.
        position = types.Position(line=line, character=0)
        change = (types.TextDocumentContentChangePartial(range=types.Range(start=position, end=position), text=" ")
                  if run % 2 == 0 else
                  types.TextDocumentContentChangePartial(range=types.Range(start=position, end=types.Position(line=line, character=1)), text=""))
        start = time.perf_counter()
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version), content_changes=[change]))
        while client.versions.get(uri) != version:
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        samples.append(time.perf_counter() - start)
    cpu = (cpu_seconds(pid) - cpu_before) / runs

    # A file the server has never seen: written into the workspace after the start-up survey, opened, its first
    # diagnostics awaited, closed. A comment with the run's number keeps any two texts from being the same.
    first_samples = []
    cpu_before = cpu_seconds(pid)
    for run in range(runs):
        new_path = root / f"Opened{run}.swift"
        new_text = f"// opened {run}\n" + text
        new_path.write_text(new_text)
        new_uri = new_path.as_uri()
        start = time.perf_counter()
        client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
            uri=new_uri, language_id="swift", version=1, text=new_text)))
        while client.versions.get(new_uri) != 1:
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        first_samples.append(time.perf_counter() - start)
        client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=new_uri)))
    first_cpu = (cpu_seconds(pid) - cpu_before) / runs

    await client.shutdown_session()
    await client.stop()
    shutil.rmtree(root)
    print(f"LSP: {text.count(chr(10))} lines, {len(text.encode())} bytes, {findings} findings")
    describe("didChange → publishDiagnostics", samples)
    print(f"  server CPU time per change: {cpu * 1000:.1f} ms")
    describe("didOpen of a file never seen → publishDiagnostics", first_samples)
    print(f"  server CPU time per file (its close included): {first_cpu * 1000:.1f} ms")


def edited(text, run):
    """`text` with a space typed at the start of its middle line on even runs (odd runs: the text as it was)."""
    if run % 2:
        return text
    lines = text.split("\n")
    middle = len(lines) // 2
    return "\n".join(lines[:middle] + [" " + lines[middle]] + lines[middle + 1:])


async def mcp(text, runs):
    """Three ways an agent calls `lint_code`: the same file with a one-character change each time (the loop of
    writing and checking; the server reparses from the difference with its last text), a new file name each time
    (nothing to reuse: a whole parse), and the same text again."""
    root = tempfile.mkdtemp(prefix="higlint-latency-mcp-")
    async with stdio_client(StdioServerParameters(command=HIGLINT, args=["mcp", "--root", root])) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            pid = server_pid("mcp")
            for name, code_and_file in [
                ("one character changed", lambda run: (edited(text, run), "Screens.swift")),
                ("new file name each call", lambda run: (text, f"Screens{run}.swift")),
                ("same text again", lambda run: (text, "Same.swift")),
            ]:
                samples = []
                cpu_before = cpu_seconds(pid)
                for run in range(runs):
                    code, file_name = code_and_file(run)
                    start = time.perf_counter()
                    result = await session.call_tool("lint_code", {"code": code, "file_name": file_name})
                    samples.append(time.perf_counter() - start)
                    assert not result.is_error
                cpu = (cpu_seconds(pid) - cpu_before) / runs
                describe(f"MCP lint_code, {name}", samples)
                print(f"  server CPU time per call: {cpu * 1000:.1f} ms")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--lines", type=int, default=1000)
    arguments = parser.parse_args()
    text = view_file(arguments.lines)
    print(f"server: {HIGLINT}; load average before: {os.getloadavg()[0]:.2f}")
    asyncio.run(lsp(text, arguments.runs))
    asyncio.run(mcp(text, arguments.runs))
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
