"""`higlint lsp` driven by pytest-lsp, the sequence an editor sends."""
import asyncio
import json
import pathlib
import shutil
import subprocess
import tempfile

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

HANG_GUARD = 120

from conftest import FINDING_END, FINDING_LINE, FINDING_START, HIGLINT, VIEW


def editor_capabilities(pull=False):
    text_document = types.TextDocumentClientCapabilities(
        synchronization=types.TextDocumentSyncClientCapabilities(did_save=True),
        publish_diagnostics=types.PublishDiagnosticsClientCapabilities(version_support=True, code_description_support=True),
        hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
        code_action=types.CodeActionClientCapabilities(
            code_action_literal_support=types.ClientCodeActionLiteralOptions(
                code_action_kind=types.ClientCodeActionKindOptions(value_set=[types.CodeActionKind.QuickFix]))),
    )
    if pull:
        text_document.diagnostic = types.DiagnosticClientCapabilities()
    return types.ClientCapabilities(
        text_document=text_document,
        workspace=types.WorkspaceClientCapabilities(
            did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(dynamic_registration=True)),
        general=types.GeneralClientCapabilities(position_encodings=[types.PositionEncodingKind.Utf16]),
    )


class Workspace:
    def __init__(self):
        self.root = pathlib.Path(tempfile.mkdtemp(prefix="higlint-lsp-"))
        (self.root / ".git").mkdir()   # configuration discovery stops here
        self.view = self.root / "Greeting.swift"
        self.view.write_text(VIEW)
        self.uri = self.view.as_uri()

    def remove(self):
        shutil.rmtree(self.root, ignore_errors=True)


async def start(client: LanguageClient, workspace: Workspace, pull=False):
    await client.initialize_session(types.InitializeParams(
        capabilities=editor_capabilities(pull), root_uri=workspace.root.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=workspace.root.as_uri(), name="app")],
        initialization_options={"debounceMilliseconds": 20}))


async def diagnostics_for(client: LanguageClient, uri: str, version: int):
    """Waits until diagnostics of `version` of `uri` arrive (the test's timeout guards against a hang).
    Checking and then waiting involves no await in between, so no notification slips past."""
    while client.versions.get(uri) != version:
        # The bound only turns a hang into a failure; no test depends on how fast anything is.
        await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), HANG_GUARD)
    return client.diagnostics[uri]


async def eventually(client: LanguageClient, uri: str, version: int, expected):
    """The first diagnostics of `version` that satisfy `expected`: after a change to configuration or files, the
    server may still publish results of work that began before it (then it lints again)."""
    while True:
        found = await diagnostics_for(client, uri, version)
        if expected(found):
            return found
        client.versions.pop(uri, None)


def make_client() -> LanguageClient:
    """pytest-lsp's client, also remembering the version each document's diagnostics were published for."""
    client = LanguageClient(converter_factory=default_converter)
    client.versions = {}
    client.registrations = []

    def register(client: LanguageClient, params: types.RegistrationParams):
        client.registrations.extend(params.registrations)

    def publish(client: LanguageClient, params: types.PublishDiagnosticsParams):
        client.versions[params.uri] = params.version
        client.diagnostics[params.uri] = params.diagnostics

    register_lsp_features(client, {**DEFAULT_CLIENT_FEATURES, types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: publish,
                                           types.CLIENT_REGISTER_CAPABILITY: register})
    return client


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[HIGLINT, "lsp"], client_factory=make_client))
async def client(lsp_client: LanguageClient):
    yield
    if lsp_client.capabilities is not None:
        await lsp_client.shutdown_session()


def open_view(client: LanguageClient, workspace: Workspace, text=VIEW, version=1):
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=workspace.uri, language_id="swift", version=version, text=text)))


async def test_editor_sequence_reports_fixes_and_explains(client: LanguageClient):
    workspace = Workspace()
    try:
        await start(client, workspace)
        open_view(client, workspace)
        found = await diagnostics_for(client, workspace.uri, 1)
        finding = next(d for d in found if d.code == "fixed-font-size")
        assert finding.source == "higlint"
        assert finding.severity == types.DiagnosticSeverity.Warning
        assert finding.code_description.href.startswith("https://developer.apple.com/design/human-interface-guidelines/")
        # UTF-16 columns after "Grüße 👋🏽" on the same line.
        assert (finding.range.start.line, finding.range.start.character) == (FINDING_LINE, FINDING_START)
        assert (finding.range.end.line, finding.range.end.character) == (FINDING_LINE, FINDING_END)

        hover = await client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=workspace.uri),
            position=types.Position(line=FINDING_LINE, character=FINDING_START + 2)))
        assert hover.contents.kind == types.MarkupKind.Markdown
        assert "fixed-font-size" in hover.contents.value and "Dynamic Type" in hover.contents.value

        actions = await client.text_document_code_action_async(types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=workspace.uri), range=finding.range,
            context=types.CodeActionContext(diagnostics=[finding])))
        titles = [action.title for action in actions]
        assert "Suppress fixed-font-size on this line" in titles
        assert "Suppress fixed-font-size in this file" in titles
        fix = next(action for action in actions if action.is_preferred)
        edits = fix.edit.changes[workspace.uri]
        assert edits and all(edit.range.start.line == FINDING_LINE for edit in edits)

        # The editor applies the fix as incremental changes, last edit first; the finding goes away.
        for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
            client.text_document_did_change(types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=workspace.uri, version=2),
                content_changes=[types.TextDocumentContentChangePartial(range=edit.range, text=edit.new_text)]))
        after = await diagnostics_for(client, workspace.uri, 2)
        assert not [d for d in after if d.code == "fixed-font-size"]
        # It asked to hear of changes to configuration and Swift files.
        watched = [w["globPattern"] for r in client.registrations for w in r.register_options["watchers"]]
        assert "**/.higlint.json" in watched and "**/*.swift" in watched
        # The server never writes a file: the file on disk is as it was.
        assert workspace.view.read_text() == VIEW
    finally:
        workspace.remove()


async def test_rapid_changes_end_with_the_last_versions_findings(client: LanguageClient):
    workspace = Workspace()
    try:
        await start(client, workspace)
        open_view(client, workspace, text=VIEW.replace(".system(size: 17)", ".body"))
        assert not await diagnostics_for(client, workspace.uri, 1)
        # Type `.system(size: 17)` over `.body` one character at a time, as fast as the pipe takes it.
        line = VIEW.splitlines()[FINDING_LINE]
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=workspace.uri, version=2),
            content_changes=[types.TextDocumentContentChangePartial(
                range=types.Range(start=types.Position(line=FINDING_LINE, character=FINDING_START),
                                  end=types.Position(line=FINDING_LINE, character=FINDING_START + 5)), text="")]))
        typed = ".system(size: 17)"
        for index, character in enumerate(typed):
            position = types.Position(line=FINDING_LINE, character=FINDING_START + index)
            client.text_document_did_change(types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=workspace.uri, version=3 + index),
                content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=position, end=position), text=character)]))
        last = 2 + len(typed)
        found = await diagnostics_for(client, workspace.uri, last)
        assert [d.code for d in found] == ["fixed-font-size"]
        assert line == VIEW.splitlines()[FINDING_LINE]
    finally:
        workspace.remove()


async def test_cancelled_pull_request_is_answered_and_the_server_goes_on(client: LanguageClient):
    workspace = Workspace()
    try:
        await start(client, workspace, pull=True)
        open_view(client, workspace)
        params = types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=workspace.uri))
        future = client.protocol.send_request(types.TEXT_DOCUMENT_DIAGNOSTIC, params, msg_id="pull-1")
        client.protocol.notify("$/cancelRequest", types.CancelParams(id="pull-1"))
        try:
            report = await asyncio.wrap_future(future) if not asyncio.isfuture(future) else await future
            assert report.kind == "full"   # answered before the cancellation arrived
        except Exception as error:   # pygls raises the JSON-RPC error: RequestCancelled
            assert "-32800" in repr(error) or "cancel" in repr(error).lower()
        report = await client.text_document_diagnostic_async(params)
        assert [item.code for item in report.items] == ["fixed-font-size"]
    finally:
        workspace.remove()


async def test_configuration_change_relints_open_documents(client: LanguageClient):
    workspace = Workspace()
    try:
        await start(client, workspace)
        open_view(client, workspace)
        assert [d.code for d in await diagnostics_for(client, workspace.uri, 1)] == ["fixed-font-size"]
        configuration = workspace.root / ".higlint.json"
        configuration.write_text(json.dumps({"rules": {"fixed-font-size": "off"}}))
        client.versions.pop(workspace.uri, None)
        client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
            types.FileEvent(uri=configuration.as_uri(), type=types.FileChangeType.Created)]))
        await eventually(client, workspace.uri, 1, lambda found: not found)

        configuration.write_text("{ broken")
        client.versions.pop(workspace.uri, None)
        client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
            types.FileEvent(uri=configuration.as_uri(), type=types.FileChangeType.Changed)]))
        broken = await eventually(client, workspace.uri, 1, lambda found: len(found) == 1 and found[0].code is None)
        assert "not checked" in broken[0].message and ".higlint.json" in broken[0].message

        configuration.unlink()
        client.versions.pop(workspace.uri, None)
        client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
            types.FileEvent(uri=configuration.as_uri(), type=types.FileChangeType.Deleted)]))
        await eventually(client, workspace.uri, 1, lambda found: [d.code for d in found] == ["fixed-font-size"])
    finally:
        workspace.remove()


async def test_saved_file_updates_the_facts_other_buffers_see(client: LanguageClient):
    workspace = Workspace()
    try:
        # An app's own `swipeActions(actions:)` in another file: calling it outside a List is not SwiftUI's modifier.
        caller = workspace.root / "Caller.swift"
        caller.write_text("""import SwiftUI
struct Feed: View {
    var body: some View {
        VStack { Text("a").swipeActions(actions: [.archive]) }
    }
}
""")
        helpers = workspace.root / "Helpers.swift"
        helpers.write_text("import SwiftUI\n")
        await start(client, workspace)
        client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
            uri=caller.as_uri(), language_id="swift", version=1, text=caller.read_text())))
        before = await diagnostics_for(client, caller.as_uri(), 1)
        assert "swipe-actions-outside-list" in [d.code for d in before]

        declaration = "import SwiftUI\nextension View {\n    func swipeActions(actions: [RowAction]) -> some View { self }\n}\n"
        client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
            uri=helpers.as_uri(), language_id="swift", version=1, text="import SwiftUI\n")))
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=helpers.as_uri(), version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=declaration)]))
        helpers.write_text(declaration)   # the editor writes the file, then says so
        client.versions.pop(caller.as_uri(), None)
        client.text_document_did_save(types.DidSaveTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=helpers.as_uri()), text=declaration))
        # The workspace is surveyed again after the save; the caller's findings follow (published as version 1).
        while "swipe-actions-outside-list" in [d.code for d in await diagnostics_for(client, caller.as_uri(), 1)]:
            client.versions.pop(caller.as_uri(), None)
    finally:
        workspace.remove()


def utf16_position(text, offset):
    """The LSP position of a character offset in `text`: line, and UTF-16 units into it."""
    line = text.count("\n", 0, offset)
    start = text.rfind("\n", 0, offset) + 1
    return types.Position(line=line, character=len(text[start:offset].encode("utf-16-le")) // 2)


def replacing(text, old, new):
    """`text` with the last `old` replaced by `new`, and that change as an editor sends it."""
    offset = text.rindex(old)
    change = types.TextDocumentContentChangePartial(
        range=types.Range(start=utf16_position(text, offset), end=utf16_position(text, offset + len(old))), text=new)
    return text[:offset] + new + text[offset + len(old):], change


async def test_buffer_findings_after_edits_agree_with_lint_on_the_same_text(client: LanguageClient):
    """The server reparses edited buffers incrementally; what it reports must be what `higlint lint` reports for
    the same text on disk, after every kind of edit."""
    from latency import view_file   # the latency measurement's file: lists, swipe actions, fixed font sizes
    workspace = Workspace()
    try:
        text = "// Grüße 👋🏽\n" + view_file(200)
        workspace.view.write_text(text)
        await start(client, workspace)
        open_view(client, workspace, text=text)
        await diagnostics_for(client, workspace.uri, 1)
        edits = [(".font(.headline)", ".font(.system(size: 20))"), ("role: .destructive", ""), ("Grüße", "Grüße 👋🏽"),
                 ("NavigationStack {", "NavigationStack {\n            Text(\"ß\").font(.system(size: 9))"),
                 ("private func delete", "func remove(_ item: Item) {}\n\n    private func delete"), ("struct Screen", "struct Screens"),
                 ("import SwiftUI\n", "import SwiftUI\n\nstruct Added: View { var body: some View { Image(\"photo\") } }\n")]
        version = 1
        for old, new in edits:
            text, change = replacing(text, old, new)
            version += 1
            client.text_document_did_change(types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=workspace.uri, version=version), content_changes=[change]))
            if version % 2 == 0:   # some versions are linted, others only reparsed with the next
                await diagnostics_for(client, workspace.uri, version)
        found = await diagnostics_for(client, workspace.uri, version)
        workspace.view.write_text(text)
        lint = subprocess.run([HIGLINT, "lint", str(workspace.view), "--reporter", "json", "--no-cache"],
                              capture_output=True, text=True, timeout=HANG_GUARD)
        expected = sorted((f["rule"], f["line"] - 1, f["message"]) for f in json.loads(lint.stdout))
        assert expected, "the edited text has findings to compare"
        assert sorted((d.code, d.range.start.line, d.message) for d in found) == expected
    finally:
        workspace.remove()


async def test_shutdown_and_exit_end_the_server_cleanly(client: LanguageClient):
    workspace = Workspace()
    try:
        await start(client, workspace)
        open_view(client, workspace)
        await diagnostics_for(client, workspace.uri, 1)
        await client.shutdown_session()
        assert client._server.returncode == 0
        client.capabilities = None   # the fixture must not shut it down again
    finally:
        workspace.remove()
