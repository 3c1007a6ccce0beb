"""Shared helpers for the end-to-end tests of `higlint lsp` and `higlint mcp` with real clients.

The binary is `$HIGLINT` (CI passes the release build), else the debug build of this checkout.
"""
import json
import os
import pathlib
import subprocess

REPO = pathlib.Path(__file__).resolve().parents[2]
HIGLINT = os.environ.get("HIGLINT") or str(REPO / ".build" / "debug" / "higlint")

# A view with non-ASCII text before a finding on the same line: "Grüße 👋🏽" is 9 characters, 13 UTF-16 units.
VIEW = """import SwiftUI

struct Greeting: View {
    var body: some View {
        Text("Grüße 👋🏽").font(.system(size: 17))
    }
}
"""
# Where `.system` starts and ends on line 4, in UTF-16 units.
FINDING_LINE = 4
FINDING_START = 32
FINDING_END = 39


def frame(payload) -> bytes:
    body = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class RawLSP:
    """A language server driven byte by byte, for what real clients never send."""

    def __init__(self, *arguments, cwd=None):
        self.process = subprocess.Popen([HIGLINT, "lsp", *arguments], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, cwd=cwd)
        self.buffer = b""

    def send(self, payload):
        self.process.stdin.write(frame(payload))
        self.process.stdin.flush()

    def read(self):
        """The next message; the pipe read is the only wait, so a hung server fails by the test's timeout."""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.process.stdout.read1(65536)
            if not chunk:
                return None
            self.buffer += chunk
        header, rest = self.buffer.split(b"\r\n\r\n", 1)
        length = int(header.split(b":")[1])
        while len(rest) < length:
            chunk = self.process.stdout.read1(65536)
            if not chunk:
                return None
            rest += chunk
        self.buffer = rest[length:]
        return json.loads(rest[:length])

    def read_until(self, predicate):
        while True:
            message = self.read()
            if message is None or predicate(message):
                return message

    def request(self, id_, method, params=None):
        self.send({"jsonrpc": "2.0", "id": id_, "method": method, "params": params or {}})
        return self.read_until(lambda m: m.get("id") == id_)

    def notify(self, method, params=None):
        self.send({"jsonrpc": "2.0", "method": method, "params": params or {}})

    def close(self, timeout=30):
        if self.process.stdin and not self.process.stdin.closed:
            self.process.stdin.close()
        try:
            return self.process.wait(timeout=timeout)
        finally:
            if self.process.poll() is None:
                self.process.kill()
