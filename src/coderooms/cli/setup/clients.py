"""Where each MCP client keeps its servers, and how it writes one (docs/setup.md).

| client | file | where the entry goes |
| --- | --- | --- |
| claude-code | `~/.claude.json` | `projects.<root>.mcpServers` (`claude mcp add`'s local scope) |
| claude-desktop | `claude_desktop_config.json` in the app's config directory | `mcpServers` |
| cursor | `~/.cursor/mcp.json` | `mcpServers` |
| vscode | `<root>/.vscode/mcp.json` (JSONC) | `servers` |
| windsurf | `~/.codeium/windsurf/mcp_config.json` | `mcpServers` |
| codex | `$CODEX_HOME/config.toml` (`~/.codex`) | `[mcp_servers.<name>]` |
| gemini | `~/.gemini/settings.json` | `mcpServers` |
| zed | Zed's `settings.json` (JSONC) | `context_servers` |
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from coderooms.errors import InvalidInput


class Format(StrEnum):
    JSON = "json"
    JSONC = "jsonc"
    """Comments and trailing commas allowed, and kept."""
    TOML = "toml"


@dataclass(frozen=True, slots=True)
class Launch:
    """How the client reaches the server: a command it starts (stdio) or a URL (HTTP)."""

    command: str | None = None
    args: tuple[str, ...] = ()
    env: tuple[tuple[str, str], ...] = ()
    url: str | None = None
    token: str | None = None
    """The bearer token the URL needs (None: none)."""
    token_env: str = "CODEROOMS_HTTP_TOKEN"  # noqa: S105 (a variable's name, no secret)
    """The variable a client that reads the token from the environment (Codex) is told."""

    @property
    def http(self) -> bool:
        return self.url is not None

    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}


@dataclass(frozen=True, slots=True)
class Client:
    name: str
    title: str
    file: Callable[[Path, Path], Path]
    """(home, root) -> the configuration file."""
    key: Callable[[Path, str], tuple[str, ...]]
    """(root, server name) -> the path of the entry inside the file."""
    entry: Callable[[Launch], dict[str, Any]]
    format: Format = Format.JSON
    restart: str = "restart it"


def _stdio(launch: Launch, *, typed: bool = False) -> dict[str, Any]:
    entry: dict[str, Any] = {"type": "stdio"} if typed else {}
    entry |= {"command": launch.command, "args": list(launch.args)}
    if launch.env:
        entry["env"] = dict(launch.env)
    return entry


def _with_headers(entry: dict[str, Any], launch: Launch) -> dict[str, Any]:
    if launch.token:
        entry["headers"] = launch.headers()
    return entry


def _mcp_servers(launch: Launch) -> dict[str, Any]:
    """Cursor's shape (`url` for HTTP), which several clients share."""
    if launch.http:
        return _with_headers({"url": launch.url}, launch)
    return _stdio(launch)


def _typed(launch: Launch) -> dict[str, Any]:
    """Claude Code's and VS Code's shape: a `type` on every entry."""
    if launch.http:
        return _with_headers({"type": "http", "url": launch.url}, launch)
    return _stdio(launch, typed=True)


def _windsurf(launch: Launch) -> dict[str, Any]:
    if launch.http:
        return _with_headers({"serverUrl": launch.url}, launch)
    return _stdio(launch)


def _gemini(launch: Launch) -> dict[str, Any]:
    if launch.http:  # `url` is Gemini CLI's SSE transport; streamable HTTP is `httpUrl`
        return _with_headers({"httpUrl": launch.url}, launch)
    return _stdio(launch)


def _codex(launch: Launch) -> dict[str, Any]:
    if launch.http:  # Codex reads a bearer token from a variable, never from the file
        entry: dict[str, Any] = {"url": launch.url}
        if launch.token:
            entry["bearer_token_env_var"] = launch.token_env
        return entry
    return _stdio(launch)


def _desktop(launch: Launch) -> dict[str, Any]:
    if launch.http:
        raise InvalidInput(
            "Claude Desktop starts its MCP servers over stdio from its configuration file; "
            "remote servers are added in its Settings > Connectors",
            field="--http",
            hint="run `coderooms setup claude-desktop` without --http",
        )
    return _stdio(launch)


def config_dir(home: Path) -> Path:
    """The user's configuration directory: `XDG_CONFIG_HOME`, `~/Library/Application Support`
    on macOS, `%APPDATA%` on Windows, `~/.config` otherwise."""
    if sys.platform == "darwin":
        return home / "Library" / "Application Support"
    if sys.platform == "win32" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"])
    xdg = os.environ.get("XDG_CONFIG_HOME")
    return Path(xdg) if xdg and Path(xdg).is_absolute() else home / ".config"


def _zed_settings(home: Path, _: Path) -> Path:
    if sys.platform == "win32" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / "Zed" / "settings.json"
    if sys.platform == "darwin":  # Zed keeps ~/.config on macOS too
        return home / ".config" / "zed" / "settings.json"
    return config_dir(home) / "zed" / "settings.json"


def _codex_config(home: Path, _: Path) -> Path:
    codex_home = os.environ.get("CODEX_HOME")
    return (Path(codex_home) if codex_home else home / ".codex") / "config.toml"


CLIENTS: dict[str, Client] = {
    client.name: client
    for client in (
        Client(
            "claude-code",
            "Claude Code",
            lambda home, _: home / ".claude.json",
            lambda root, name: ("projects", str(root), "mcpServers", name),
            _typed,
            restart="run /mcp in Claude Code (or start it again) in that directory",
        ),
        Client(
            "claude-desktop",
            "Claude Desktop",
            lambda home, _: config_dir(home) / "Claude" / "claude_desktop_config.json",
            lambda _, name: ("mcpServers", name),
            _desktop,
            restart="quit Claude Desktop and open it again",
        ),
        Client(
            "cursor",
            "Cursor",
            lambda home, _: home / ".cursor" / "mcp.json",
            lambda _, name: ("mcpServers", name),
            _mcp_servers,
            restart="Cursor picks it up in Settings > MCP",
        ),
        Client(
            "vscode",
            "VS Code",
            lambda _, root: root / ".vscode" / "mcp.json",
            lambda _, name: ("servers", name),
            _typed,
            format=Format.JSONC,
            restart="VS Code offers to start it from .vscode/mcp.json",
        ),
        Client(
            "windsurf",
            "Windsurf",
            lambda home, _: home / ".codeium" / "windsurf" / "mcp_config.json",
            lambda _, name: ("mcpServers", name),
            _windsurf,
            restart="refresh the MCP servers in Windsurf's Cascade panel",
        ),
        Client(
            "codex",
            "Codex CLI",
            _codex_config,
            lambda _, name: ("mcp_servers", name),
            _codex,
            format=Format.TOML,
            restart="start codex again (/mcp lists it)",
        ),
        Client(
            "gemini",
            "Gemini CLI",
            lambda home, _: home / ".gemini" / "settings.json",
            lambda _, name: ("mcpServers", name),
            _gemini,
            restart="start gemini again (/mcp lists it)",
        ),
        Client(
            "zed",
            "Zed",
            _zed_settings,
            lambda _, name: ("context_servers", name),
            _mcp_servers,
            format=Format.JSONC,
            restart="Zed reloads its settings by itself",
        ),
    )
}
"""Every client `coderooms setup` writes, by the name the command takes."""


def client_named(name: str) -> Client:
    client = CLIENTS.get(name.strip().lower())
    if client is None:
        raise InvalidInput(
            f"no client named {name[:40]!r}",
            field="CLIENT",
            hint="one of: " + ", ".join(CLIENTS),
        )
    return client
