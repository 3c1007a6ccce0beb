"""A smoke test with a real editor: Neovim, headless, opens a file with `higlint lsp` attached and reads the
diagnostics back. Skipped where `nvim` is not installed (`.ci/run` installs Debian's package when it can)."""
import os
import pathlib
import shutil
import subprocess
import tempfile

import pytest

from conftest import FINDING_LINE, HIGLINT, VIEW

SCRIPT = r"""
local client = vim.lsp.start_client({ name = 'higlint', cmd = { vim.env.HIGLINT, 'lsp' }, root_dir = vim.env.ROOT })
vim.cmd('edit ' .. vim.env.FILE)
vim.lsp.buf_attach_client(0, client)
-- The bound only ends a hang; the test asserts what arrived, not when.
vim.wait(120000, function() return #vim.diagnostic.get(0) > 0 end, 20)
local lines = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  local lsp = d.user_data and d.user_data.lsp or {}
  table.insert(lines, string.format('%d %d %s %s', d.lnum, d.col, lsp.code or d.code or '', d.source or lsp.source or ''))
end
vim.fn.writefile(lines, vim.env.OUT)
vim.lsp.stop_client(client)
vim.wait(10000, function() return vim.lsp.get_client_by_id(client) == nil end, 20)
vim.cmd('qa!')
"""


@pytest.mark.skipif(shutil.which("nvim") is None, reason="Neovim is not installed")
def test_neovim_shows_the_findings_at_the_right_byte_column():
    root = pathlib.Path(tempfile.mkdtemp(prefix="higlint-nvim-"))
    (root / ".git").mkdir()
    view = root / "Greeting.swift"
    view.write_text(VIEW)
    script = root / "smoke.lua"
    script.write_text(SCRIPT)
    out = root / "diagnostics.txt"
    environment = dict(os.environ, HIGLINT=HIGLINT, ROOT=str(root), FILE=str(view), OUT=str(out))
    subprocess.run(["nvim", "--headless", "--clean", "-n", "-c", f"luafile {script}"], env=environment, cwd=root,
                   timeout=180, check=True, capture_output=True)
    lines = out.read_text().splitlines()
    # Neovim turns the server's UTF-16 column into a byte column: "Grüße 👋🏽" is 9 characters but 15 bytes.
    line = VIEW.splitlines()[FINDING_LINE]
    byte_column = len(line[:line.index(".system")].encode())
    assert lines == [f"{FINDING_LINE} {byte_column} fixed-font-size higlint"]
    shutil.rmtree(root, ignore_errors=True)


def readme_lua_blocks():
    """The README's Neovim snippets, as a newcomer copies them: the ```lua blocks after "**Neovim**"."""
    readme = (pathlib.Path(__file__).resolve().parents[2] / "README.md").read_text()
    section = readme[readme.index("**Neovim**"):]
    section = section[:section.index("**VS Code**")]
    blocks = section.split("```lua\n")[1:]
    return [block[:block.index("```")] for block in blocks]


def neovim_version():
    output = subprocess.run(["nvim", "--version"], capture_output=True, text=True).stdout
    numbers = output.split()[1].lstrip("v").split("-")[0].split(".")
    return tuple(int(n) for n in numbers[:2])


READ_BACK = r"""
vim.cmd('edit ' .. vim.env.FILE)
vim.wait(120000, function() return #vim.diagnostic.get(0) > 0 end, 20)
local lines = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  local lsp = d.user_data and d.user_data.lsp or {}
  table.insert(lines, string.format('%d %s', d.lnum, lsp.code or d.code or ''))
end
vim.fn.writefile(lines, vim.env.OUT)
vim.cmd('qa!')
"""


@pytest.mark.skipif(shutil.which("nvim") is None, reason="Neovim is not installed")
@pytest.mark.parametrize("index", [0, 1], ids=["neovim-0.11-snippet", "neovim-0.7-snippet"])
def test_readme_neovim_snippets_work_as_written(index):
    blocks = readme_lua_blocks()
    assert len(blocks) == 2, "the README should give a Neovim 0.11 snippet and one for 0.7 to 0.10"
    if index == 0 and neovim_version() < (0, 11):
        pytest.skip("the first snippet needs Neovim 0.11")
    root = pathlib.Path(tempfile.mkdtemp(prefix="higlint-nvim-readme-"))
    (root / ".git").mkdir()
    # The snippets run `higlint` from PATH, as an installed one is.
    bin_folder = root / "bin"
    bin_folder.mkdir()
    (bin_folder / "higlint").symlink_to(HIGLINT)
    view = root / "Greeting.swift"
    view.write_text(VIEW)
    script = root / "init.lua"
    script.write_text(blocks[index] + READ_BACK)
    out = root / "diagnostics.txt"
    environment = dict(os.environ, PATH=f"{bin_folder}:{os.environ.get('PATH', '')}", FILE=str(view), OUT=str(out))
    subprocess.run(["nvim", "--headless", "--clean", "-n", "-c", f"luafile {script}"], env=environment, cwd=root,
                   timeout=180, check=True, capture_output=True)
    assert out.read_text().splitlines() == [f"{FINDING_LINE} fixed-font-size"]
    shutil.rmtree(root, ignore_errors=True)
