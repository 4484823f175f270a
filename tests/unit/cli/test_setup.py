"""`coderooms setup CLIENT` against a temporary HOME: each client's file written in that client's
own format, read back, other servers and settings (and JSONC comments) kept, `--dry-run` writing
nothing, `--remove` giving the file back as it was."""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from coderooms.cli import app
from coderooms.cli.setup import jsonc
from coderooms.cli.setup.clients import CLIENTS

runner = CliRunner()
TOKEN = "setup-token-0123456789abcdef"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    for name in ("XDG_CONFIG_HOME", "CODEX_HOME", "APPDATA", "CODEROOMS_HTTP_TOKEN",
                 "CODEROOMS_HTTP", "NEO4J_URI", "NEO4J_PASSWORD", "NEO4J_USER", "NEO4J_DATABASE",
                 "CODEROOMS_HOME", "CODEROOMS_INSTANCE"):  # fmt: skip
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("CODEROOMS_HTTP", "127.0.0.1:9")  # nothing answers there
    return home


@pytest.fixture
def root(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    project.mkdir()
    return project


def config_dir(home: Path) -> Path:
    if sys.platform == "darwin":
        return home / "Library" / "Application Support"
    return home / ".config"


FILES = {
    "claude-code": lambda home, root: home / ".claude.json",
    "claude-desktop": lambda home, root: config_dir(home) / "Claude" / "claude_desktop_config.json",
    "cursor": lambda home, root: home / ".cursor" / "mcp.json",
    "vscode": lambda home, root: root / ".vscode" / "mcp.json",
    "windsurf": lambda home, root: home / ".codeium" / "windsurf" / "mcp_config.json",
    "codex": lambda home, root: home / ".codex" / "config.toml",
    "gemini": lambda home, root: home / ".gemini" / "settings.json",
    "zed": lambda home, root: home / ".config" / "zed" / "settings.json",
}
"""Where each client reads its servers (the clients' documentation), pinned here."""


def setup(*args: str) -> Any:
    return runner.invoke(app, ["setup", *args])


def read(client: str, path: Path) -> dict[str, Any]:
    text = path.read_text(encoding="utf-8")
    if client == "codex":
        return tomllib.loads(text)
    return jsonc.loads(text, str(path), comments=client in {"vscode", "zed"})


def entry(client: str, data: dict[str, Any], root: Path) -> Any:
    if client == "claude-code":
        return data["projects"][str(root)]["mcpServers"]["coderooms"]
    key = {"vscode": "servers", "codex": "mcp_servers", "zed": "context_servers"}.get(
        client, "mcpServers"
    )
    return data[key]["coderooms"]


def stdio_entry(client: str, root: Path) -> dict[str, Any]:
    """Each client's stdio entry: the running coderooms by its absolute path, `serve --root`."""
    args = ["serve", "--root", str(root)]
    if client in {"claude-code", "vscode"}:
        return {"type": "stdio", "command": "<exe>", "args": args}
    return {"command": "<exe>", "args": args}


def test_every_client_is_pinned() -> None:
    assert set(CLIENTS) == set(FILES)
    assert len(CLIENTS) >= 8


@pytest.mark.parametrize("client", sorted(FILES))
def test_stdio_entry_written_read_back_and_removed(client: str, home: Path, root: Path) -> None:
    path = FILES[client](home, root)
    result = setup(client, "--root", str(root))
    assert result.exit_code == 0, result.output
    assert path.is_file(), f"{client} wrote nowhere the client reads: {result.output}"
    written = entry(client, read(client, path), root)
    command = written["command"]
    assert Path(command).is_absolute()
    assert written["args"][-3:] == ["serve", "--root", str(root)]
    assert {**written, "command": "<exe>", "args": written["args"][-3:]} == stdio_entry(
        client, root
    )
    again = setup(client, "--root", str(root))
    assert again.exit_code == 0
    assert "already holds this entry" in again.output
    removed = setup(client, "--root", str(root), "--remove")
    assert removed.exit_code == 0, removed.output
    data = read(client, path)
    with pytest.raises(KeyError):
        entry(client, data, root)


EXISTING_JSON = """{
    // the user's own settings, with a comment
    "theme": "dark",
    "%(key)s": {
        "other": {"command": "other-server", "args": ["--flag"]}
    },
    "trailing": [1, 2,],
}
"""


@pytest.mark.parametrize("client", ["vscode", "zed"])
def test_jsonc_comments_and_other_servers_are_kept(client: str, home: Path, root: Path) -> None:
    path = FILES[client](home, root)
    path.parent.mkdir(parents=True)
    key = "servers" if client == "vscode" else "context_servers"
    original = EXISTING_JSON % {"key": key}
    path.write_text(original, encoding="utf-8")
    result = setup(client, "--root", str(root))
    assert result.exit_code == 0, result.output
    text = path.read_text(encoding="utf-8")
    assert "// the user's own settings, with a comment" in text
    data = read(client, path)
    assert data["theme"] == "dark"
    assert data["trailing"] == [1, 2]
    assert data[key]["other"] == {"command": "other-server", "args": ["--flag"]}
    assert data[key]["coderooms"]["args"][-3:] == ["serve", "--root", str(root)]
    assert setup(client, "--root", str(root), "--remove").exit_code == 0
    assert path.read_text(encoding="utf-8") == original


@pytest.mark.parametrize("client", ["cursor", "gemini", "windsurf", "claude-desktop"])
def test_other_servers_are_never_clobbered(client: str, home: Path, root: Path) -> None:
    path = FILES[client](home, root)
    path.parent.mkdir(parents=True)
    original = json.dumps(
        {"mcpServers": {"other": {"command": "x"}}, "unrelated": {"a": [1, 2]}}, indent=2
    )
    path.write_text(original + "\n", encoding="utf-8")
    assert setup(client, "--root", str(root)).exit_code == 0
    data = read(client, path)
    assert data["mcpServers"]["other"] == {"command": "x"}
    assert data["unrelated"] == {"a": [1, 2]}
    assert setup(client, "--root", str(root), "--remove").exit_code == 0
    assert path.read_text(encoding="utf-8") == original + "\n"


def test_a_strict_json_client_refuses_comments(home: Path, root: Path) -> None:
    path = FILES["cursor"](home, root)
    path.parent.mkdir(parents=True)
    path.write_text('{\n  // no\n  "mcpServers": {}\n}\n', encoding="utf-8")
    result = setup("cursor", "--root", str(root))
    assert result.exit_code == 1
    assert "comments" in result.output
    assert "// no" in path.read_text(encoding="utf-8")


def test_broken_json_is_refused_with_its_line(home: Path, root: Path) -> None:
    path = FILES["gemini"](home, root)
    path.parent.mkdir(parents=True)
    path.write_text('{\n  "mcpServers": {\n    "a": \n}\n', encoding="utf-8")
    result = setup("gemini", "--root", str(root))
    assert result.exit_code == 1
    assert "line 4" in result.output
    assert "nothing was written" in result.output


def test_codex_toml_keeps_other_tables_and_comments(home: Path, root: Path) -> None:
    path = FILES["codex"](home, root)
    path.parent.mkdir(parents=True)
    original = (
        'model = "o4"  # my model\n\n[mcp_servers.other]\ncommand = "x"\n\n'
        '[mcp_servers.other.env]\nA = "1"\n\n[profiles.fast]\nmodel = "mini"\n'
    )
    path.write_text(original, encoding="utf-8")
    assert setup("codex", "--root", str(root)).exit_code == 0
    text = path.read_text(encoding="utf-8")
    assert "# my model" in text
    data = tomllib.loads(text)
    assert data["mcp_servers"]["other"] == {"command": "x", "env": {"A": "1"}}
    assert data["profiles"] == {"fast": {"model": "mini"}}
    assert data["mcp_servers"]["coderooms"]["args"][-3:] == ["serve", "--root", str(root)]
    # a second run replaces the table in place, a remove gives the file back
    assert setup("codex", "--root", str(root)).exit_code == 0
    assert path.read_text(encoding="utf-8").count("[mcp_servers.coderooms]") == 1
    assert setup("codex", "--root", str(root), "--remove").exit_code == 0
    assert path.read_text(encoding="utf-8") == original


def test_codex_entry_written_inline_is_refused(home: Path, root: Path) -> None:
    path = FILES["codex"](home, root)
    path.parent.mkdir(parents=True)
    path.write_text('[mcp_servers]\ncoderooms = { command = "old" }\n', encoding="utf-8")
    result = setup("codex", "--root", str(root))
    assert result.exit_code == 1
    assert "edit that entry by hand" in result.output


def test_dry_run_prints_a_diff_and_writes_nothing(home: Path, root: Path) -> None:
    result = setup("gemini", "--root", str(root), "--dry-run")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("--- /dev/null")
    assert '+    "coderooms": {' in result.output
    assert not FILES["gemini"](home, root).exists()


HTTP_ENTRIES = {
    "claude-code": {"type": "http", "url": "U", "headers": {"Authorization": f"Bearer {TOKEN}"}},
    "cursor": {"url": "U", "headers": {"Authorization": f"Bearer {TOKEN}"}},
    "vscode": {"type": "http", "url": "U", "headers": {"Authorization": f"Bearer {TOKEN}"}},
    "windsurf": {"serverUrl": "U", "headers": {"Authorization": f"Bearer {TOKEN}"}},
    "codex": {"url": "U", "bearer_token_env_var": "CODEROOMS_HTTP_TOKEN"},
    "gemini": {"httpUrl": "U", "headers": {"Authorization": f"Bearer {TOKEN}"}},
    "zed": {"url": "U", "headers": {"Authorization": f"Bearer {TOKEN}"}},
}
"""Each client's streamable-HTTP entry with the operator's token, in its own keys."""


@pytest.mark.parametrize("client", sorted(HTTP_ENTRIES))
def test_http_entry_with_the_token(
    client: str, home: Path, root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CODEROOMS_HTTP_TOKEN", TOKEN)
    monkeypatch.setenv("CODEROOMS_HTTP", "127.0.0.1:8765")
    result = setup(client, "--root", str(root), "--http")
    assert result.exit_code == 0, result.output
    written = entry(client, read(client, FILES[client](home, root)), root)
    expected = json.loads(json.dumps(HTTP_ENTRIES[client]).replace('"U"', json.dumps(
        "http://127.0.0.1:8765/mcp")))  # fmt: skip
    assert written == expected


def test_claude_desktop_refuses_http(home: Path, root: Path) -> None:
    result = setup("claude-desktop", "--root", str(root), "--http")
    assert result.exit_code == 1
    assert "Connectors" in result.output


def test_unknown_client_names_the_known_ones(home: Path) -> None:
    result = setup("notepad")
    assert result.exit_code == 1
    assert "claude-code" in result.output
    assert "zed" in result.output


def test_neo4j_settings_reach_the_client_started_server(
    home: Path, root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NEO4J_URI", "bolt://127.0.0.1:7687")
    assert setup("cursor", "--root", str(root)).exit_code == 0
    written = entry("cursor", read("cursor", FILES["cursor"](home, root)), root)
    assert written["env"] == {"NEO4J_URI": "bolt://127.0.0.1:7687"}


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=3),
    max_leaves=8,
)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(
    others=st.dictionaries(st.text(max_size=6), JSON_VALUES, max_size=4),
    servers=st.dictionaries(st.text(max_size=6).filter(lambda k: k != "coderooms"), JSON_VALUES,
                            max_size=3),
    indent=st.sampled_from([2, 4, "\t"]),
)  # fmt: skip
def test_set_then_remove_gives_the_file_back(
    others: dict[str, Any], servers: dict[str, Any], indent: Any
) -> None:
    document = {**{k: v for k, v in others.items() if k != "mcpServers"}, "mcpServers": servers}
    text = json.dumps(document, indent=indent, ensure_ascii=False) + "\n"
    entry = {"command": "/bin/coderooms", "args": ["serve", "--root", "/ü"]}
    written = jsonc.set_member(text, ("mcpServers", "coderooms"), entry, "f")
    assert json.loads(written) == {**document, "mcpServers": {**servers, "coderooms": entry}}
    assert jsonc.remove_member(written, ("mcpServers", "coderooms"), "f") == text
