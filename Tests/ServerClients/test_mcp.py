"""`higlint mcp` driven by the official MCP Python SDK as the client."""
import json
import os
import pathlib
import tempfile

import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from conftest import HIGLINT, VIEW


@pytest.fixture
def root():
    folder = pathlib.Path(tempfile.mkdtemp(prefix="higlint-mcp-"))
    (folder / ".git").mkdir()
    (folder / "Sources").mkdir()
    (folder / "Sources" / "Greeting.swift").write_text(VIEW)
    outside = pathlib.Path(tempfile.mkdtemp(prefix="higlint-outside-"))
    (outside / "Secret.swift").write_text(VIEW)
    os.symlink(outside, folder / "Linked")
    os.symlink(outside / "Secret.swift", folder / "Sources" / "Alias.swift")
    return folder


def payload(result):
    assert not result.is_error, result.content[0].text
    return result.structured_content or json.loads(result.content[0].text)


async def run(root, body):
    async with stdio_client(StdioServerParameters(command=HIGLINT, args=["mcp", "--root", str(root)])) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            return await body(session)


async def test_lists_tools_with_input_schemas(root):
    async def body(session):
        tools = {tool.name: tool for tool in (await session.list_tools()).tools}
        assert set(tools) == {"lint_code", "lint_paths", "explain_rule", "list_rules", "fix_code"}
        assert tools["lint_code"].input_schema["required"] == ["code"]
        assert tools["lint_paths"].input_schema["properties"]["paths"]["type"] == "array"
        assert all(tool.description for tool in tools.values())
    await run(root, body)


async def test_lint_code_returns_findings_with_fixes(root):
    async def body(session):
        found = payload(await session.call_tool("lint_code", {"code": VIEW, "file_name": "Greeting.swift"}))["findings"]
        assert [f["rule"] for f in found] == ["fixed-font-size"]
        # Columns count characters a person sees, as `higlint lint` reports them: 👋🏽 is one.
        assert (found[0]["line"], found[0]["column"]) == (5, 30)
        assert found[0]["fix"]["edits"][0]["replacement"] == ".body"
        assert found[0]["guideline"].startswith("https://developer.apple.com/design/human-interface-guidelines/")
        # Platforms and configuration narrow what applies: macOS has no Dynamic Type; a rule can be turned off.
        assert payload(await session.call_tool("lint_code", {"code": VIEW, "platforms": ["macOS"]}))["findings"] == []
        off = {"code": VIEW, "configuration": {"rules": {"fixed-font-size": "off"}}}
        assert payload(await session.call_tool("lint_code", off))["findings"] == []
        # Settings are applied once and remembered by what they say: each call still gets its own.
        for _ in range(2):
            for platforms, expected in [(["macOS"], []), (["iOS"], ["fixed-font-size"]), (["iOS", "macOS"], ["fixed-font-size"])]:
                found = payload(await session.call_tool("lint_code", {"code": VIEW, "platforms": platforms}))["findings"]
                assert [f["rule"] for f in found] == expected
            assert payload(await session.call_tool("lint_code", off))["findings"] == []
            on = {"code": VIEW, "configuration": {"rules": {"fixed-font-size": "warning"}}}
            assert [f["rule"] for f in payload(await session.call_tool("lint_code", on))["findings"]] == ["fixed-font-size"]
    await run(root, body)


async def test_fix_code_returns_fixed_source_and_a_diff(root):
    async def body(session):
        fixed = payload(await session.call_tool("fix_code", {"code": VIEW, "file_name": "Greeting.swift"}))
        assert ".font(.body)" in fixed["fixed_code"]
        assert fixed["diff"].startswith("--- Greeting.swift\n+++ Greeting.swift\n")
        assert "-        Text(\"Grüße 👋🏽\").font(.system(size: 17))" in fixed["diff"]
        assert fixed["remaining"] == [] and [a["rule"] for a in fixed["applied"]] == ["fixed-font-size"]
        # Nothing was written.
        assert (root / "Sources" / "Greeting.swift").read_text() == VIEW
    await run(root, body)


async def test_explain_and_list_rules(root):
    async def body(session):
        explained = await session.call_tool("explain_rule", {"rule": "fixed-font-size"})
        assert "Dynamic Type" in explained.content[0].text and "Human Interface Guidelines" in explained.content[0].text
        rules = payload(await session.call_tool("list_rules", {}))["rules"]
        assert len(rules) >= 37 and {"id", "section", "severity", "fixable", "summary"} <= set(rules[0])
        text_rules = payload(await session.call_tool("list_rules", {"section": "text"}))["rules"]
        assert text_rules and all(r["section"] == "text" for r in text_rules)
    await run(root, body)


async def test_lint_paths_inside_the_root(root):
    async def body(session):
        result = payload(await session.call_tool("lint_paths", {"paths": ["Sources/Greeting.swift"]}))
        assert result["files_checked"] == 1
        assert [(f["path"], f["rule"]) for f in result["findings"]] == [("Sources/Greeting.swift", "fixed-font-size")]
    await run(root, body)


async def test_code_larger_than_max_file_size_is_passed_over_unparsed(root):
    """Code over maxFileSize gets no findings and says why; the call's configuration can raise the limit."""
    big = VIEW + "// " + "x" * 400 + "\n"
    async def body(session):
        over = payload(await session.call_tool("lint_code", {"code": big, "configuration": {"maxFileSize": 300}}))
        assert over["findings"] == []
        assert over["passed_over"] == f"it has {len(big.encode())} bytes, larger than maxFileSize (300 bytes)"
        fixed = payload(await session.call_tool("fix_code", {"code": big, "configuration": {"maxFileSize": 300}}))
        assert fixed["fixed_code"] == big and not fixed["changed"] and "passed_over" in fixed
        raised = payload(await session.call_tool("lint_code", {"code": big, "configuration": {"maxFileSize": "1KB"}}))
        assert [f["rule"] for f in raised["findings"]] == ["fixed-font-size"] and "passed_over" not in raised
    await run(root, body)


async def test_lint_paths_refuses_paths_outside_the_root_also_through_symlinks(root):
    async def body(session):
        for paths in (["/etc"], ["../"], ["Linked/Secret.swift"], ["Linked"], ["Sources"], ["."]):
            result = await session.call_tool("lint_paths", {"paths": paths})
            assert result.is_error, paths
            assert "outside the server's root" in result.content[0].text
    await run(root, body)


async def test_bad_arguments_are_clear_tool_errors(root):
    async def body(session):
        cases = [
            ("lint_code", {}, 'missing argument "code"'),
            ("lint_code", {"code": 3}, 'argument "code" must be a string'),
            ("lint_code", {"code": VIEW, "platforms": ["Android"]}, "unknown platform 'Android'"),
            ("lint_code", {"code": VIEW, "configuration": {"rules": {"no-such-rule": "off"}}}, "unknown rule 'no-such-rule'"),
            ("lint_code", {"code": VIEW, "colour": "red"}, 'unknown argument "colour"'),
            ("lint_paths", {"paths": []}, "is empty"),
            ("lint_paths", {"paths": ["Missing.swift"]}, "no such file or folder"),
            ("explain_rule", {"rule": "font-size"}, "unknown rule 'font-size'; did you mean 'fixed-font-size'?"),
            # The spelling suggestion `lint_code`'s configuration errors give, for the id written with underscores.
            ("explain_rule", {"rule": "fixed_font_size"}, "unknown rule 'fixed_font_size'; did you mean 'fixed-font-size'?"),
            ("list_rules", {"section": "maps"}, "unknown section 'maps'"),
            ("fix_code", {"code": VIEW, "rules": ["chart-without-title"]}, "has no fix"),
        ]
        for tool, arguments, message in cases:
            result = await session.call_tool(tool, arguments)
            assert result.is_error, (tool, arguments)
            assert message in result.content[0].text, (tool, result.content[0].text)
    await run(root, body)


SECRET = "SECRET_OUTSIDE_ROOT_TOKEN"


def hostile_surroundings():
    """A root without .git inside a folder whose .higlint.json and projects must not be read, with a
    .higlint.json and an image set's Contents.json that link out of the root (issue 31, repros 22 and 27)."""
    above = pathlib.Path(tempfile.mkdtemp(prefix="higlint-above-"))
    (above / ".higlint.json").write_text('{"%s_ABOVE": 1}\n' % SECRET)
    (above / "secret.json").write_text('{"%s": 1}\n' % SECRET)
    outside = above / "outside"
    (outside / "App").mkdir(parents=True)
    (outside / "Package.swift").write_text("// %s\nimport PackageDescription\nlet package = Package(name: \"X\"\n" % SECRET)
    root = above / "root"
    (root / "Sources").mkdir(parents=True)
    (root / "Sources" / "Greeting.swift").write_text(VIEW)
    return above, root


async def test_lint_code_refuses_a_file_name_outside_the_root_whether_it_exists_or_not():
    above, root = hostile_surroundings()

    async def body(session):
        texts = []
        for name in ("../outside/App/x.swift", "../outside/App/Missing/y.swift", "/x.swift", "/etc/passwd",
                     "Sources/../../outside/App/x.swift"):
            for tool in ("lint_code", "fix_code"):
                result = await session.call_tool(tool, {"code": VIEW, "file_name": name})
                assert result.is_error, (tool, name)
                text = result.content[0].text
                assert text.startswith(f"refused: file_name {name} is outside the server's root"), text
                assert SECRET not in text
                texts.append(text.replace(name, "NAME"))
        assert len(set(texts)) == 1, texts   # the same refusal for files that exist and files that do not
        # Inside the root, also through '..' that stays inside, it is checked.
        found = payload(await session.call_tool("lint_code", {"code": VIEW, "file_name": "Sources/../Sources/New.swift"}))
        assert [f["rule"] for f in found["findings"]] == ["fixed-font-size"]
    await run(root, body)


async def test_no_configuration_is_read_above_a_root_without_git_or_through_a_link_out_of_it():
    above, root = hostile_surroundings()

    async def clean(session):
        # The .higlint.json above the root is not read: no error, the findings of the defaults.
        result = payload(await session.call_tool("lint_code", {"code": VIEW, "file_name": "Sources/Greeting.swift"}))
        assert [f["rule"] for f in result["findings"]] == ["fixed-font-size"]
        result = await session.call_tool("lint_paths", {"paths": ["Sources"]})
        assert SECRET not in result.content[0].text
        assert payload(result)["files_checked"] == 1
    await run(root, clean)

    os.symlink(above / "secret.json", root / ".higlint.json")
    images = root / "Assets.xcassets" / "Icon.imageset"
    images.mkdir(parents=True)
    os.symlink(above / "secret.json", images / "Contents.json")

    async def linked(session):
        for tool, arguments in (("lint_paths", {"paths": ["Sources/Greeting.swift"]}), ("lint_code", {"code": VIEW})):
            result = await session.call_tool(tool, arguments)
            text = result.content[0].text
            assert result.is_error, text
            assert SECRET not in text
            assert "refused" in text and "outside the server's root" in text, text
    await run(root, linked)
    os.remove(root / ".higlint.json")

    async def image_set(session):
        result = await session.call_tool("lint_paths", {"paths": ["Assets.xcassets"]})
        assert SECRET not in result.content[0].text
        errors = payload(result)["errors"]
        assert errors and all("refused" in e["reason"] for e in errors), errors
    await run(root, image_set)


async def test_a_configuration_outside_the_root_is_read_when_named_with_config():
    above, root = hostile_surroundings()
    config = above / "shared.higlint.json"
    config.write_text('{"rules": {"fixed-font-size": "off"}}\n')
    params = StdioServerParameters(command=HIGLINT, args=["mcp", "--root", str(root), "--config", str(config)])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            result = payload(await session.call_tool("lint_code", {"code": VIEW}))
            assert result["findings"] == []
