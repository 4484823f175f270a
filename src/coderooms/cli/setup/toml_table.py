"""A TOML file's `[table.name]` (with its subtables) set or removed in place (Codex's
`config.toml`): every other line kept as it is.

The entry's tables are found by their header lines; each block runs to the next header that is
not one of its subtables. An entry written another way (an inline table, dotted keys under
`[mcp_servers]`) is refused rather than guessed at. The result is parsed again by the caller.
"""

from __future__ import annotations

import json
import re
import tomllib
from typing import Any

from coderooms.errors import InvalidInput

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
_HEADER = re.compile(r"^\s*\[(?!\[)\s*(?P<name>[^\]]*?)\s*\]\s*(?:#.*)?$")
_ARRAY_HEADER = re.compile(r"^\s*\[\[")


def loads(text: str, where: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise InvalidInput(
            f"{where} is not valid TOML: {e}",
            field="config",
            hint="fix the file (or move it aside) and run setup again; nothing was written",
        ) from e


def key(name: str) -> str:
    """A TOML key: bare when it may be, else a basic string."""
    return name if _BARE_KEY.match(name) else _string(name)


def table_text(path: tuple[str, ...], value: dict[str, Any]) -> str:
    """`value` as a `[path]` table, its tables as subtables after its plain keys."""
    header = ".".join(key(part) for part in path)
    plain = [f"{key(k)} = {_value(v)}" for k, v in value.items() if not isinstance(v, dict)]
    lines = [f"[{header}]", *plain]
    for name, sub in value.items():
        if isinstance(sub, dict):
            lines += ["", table_text((*path, name), sub).rstrip("\n")]
    return "\n".join(lines) + "\n"


def set_table(text: str, path: tuple[str, ...], value: dict[str, Any], where: str) -> str:
    """`text` with the table at `path` replaced by (or appended as) `value`."""
    lines = text.splitlines(keepends=True)
    blocks = _blocks(lines, path, where)
    new = table_text(path, value)
    if not blocks:
        body = text if not text or text.endswith("\n") else text + "\n"
        return body + ("\n" if body.strip() else "") + new
    first = blocks[0][0]
    kept = [line for i, line in enumerate(lines) if not any(a <= i < b for a, b in blocks)]
    position = first - sum(b - a for a, b in blocks if a < first)
    spacer = "\n" if position < len(kept) else ""
    return "".join(kept[:position]) + new + spacer + "".join(kept[position:])


def remove_table(text: str, path: tuple[str, ...], where: str) -> str | None:
    """`text` without the table at `path` and its subtables; None when it is not there."""
    lines = text.splitlines(keepends=True)
    blocks = _blocks(lines, path, where)
    if not blocks:
        return None
    kept = [line for i, line in enumerate(lines) if not any(a <= i < b for a, b in blocks)]
    rest = re.sub(r"\n{3,}", "\n\n", "".join(kept)).strip("\n")
    return rest + "\n" if rest else ""


def _blocks(lines: list[str], path: tuple[str, ...], where: str) -> list[tuple[int, int]]:
    """The line ranges of the table at `path` and its subtables (blank lines after each kept
    with the text that follows). Refused when the data holds the entry in another form."""
    data = loads("".join(lines), where)
    present: Any = data
    for part in path:
        present = present.get(part) if isinstance(present, dict) else None
    headers = [(i, _parsed_header(line)) for i, line in enumerate(lines)]
    starts = [i for i, name in headers if name is not None and name[: len(path)] == path]
    if present is not None and not starts:
        raise InvalidInput(
            f"{where} defines {'.'.join(path)} without a [{'.'.join(path)}] table (inline or "
            "as dotted keys)",
            field="config",
            hint="edit that entry by hand, or write it as a table and run setup again",
        )
    blocks = []
    for start in starts:
        end = start + 1
        while end < len(lines) and not _is_header(lines[end]):
            end += 1
        while end > start + 1 and not lines[end - 1].strip():
            end -= 1
        blocks.append((start, end))
    return blocks


def _parsed_header(line: str) -> tuple[str, ...] | None:
    match = _HEADER.match(line)
    if not match:
        return None
    try:  # the header's dotted key, read by TOML's own rules (quotes, spaces)
        table = tomllib.loads(f"[{match['name']}]\n")
    except tomllib.TOMLDecodeError:
        return None
    parts: list[str] = []
    node: Any = table
    while isinstance(node, dict) and len(node) == 1:
        (name, node), = node.items()  # fmt: skip
        parts.append(name)
    return tuple(parts)


def _is_header(line: str) -> bool:
    return bool(_HEADER.match(line) or _ARRAY_HEADER.match(line))


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return json.dumps(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    raise TypeError(f"no TOML for {type(value).__name__}")


def _string(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's, but for the surrogate escapes JSON
    writes for characters past the BMP: those stay as themselves)."""
    return json.dumps(text, ensure_ascii=False)
