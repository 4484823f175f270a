"""One client's configuration file, with coderooms' entry set or removed, checked.

`edited` computes the new text from the old (nothing is written here); it parses the result
again and compares it with the old document: only the entry may differ, so a mistake in the
in-place editors can never change another server's entry or an unrelated setting unseen.
"""

from __future__ import annotations

import copy
import difflib
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from coderooms.cli.setup import jsonc, toml_table
from coderooms.cli.setup.clients import Client, Format
from coderooms.errors import CoderoomsError, InvalidInput


@dataclass(frozen=True, slots=True)
class Edit:
    path: Path
    old: str
    new: str
    existed: bool
    """Whether the file was there before."""

    @property
    def changed(self) -> bool:
        return self.old != self.new

    def diff(self) -> str:
        name = str(self.path)
        return "".join(
            difflib.unified_diff(
                self.old.splitlines(keepends=True),
                self.new.splitlines(keepends=True),
                fromfile=name if self.existed else "/dev/null",
                tofile=name,
            )
        )


def parsed(client: Client, text: str, where: str) -> dict[str, Any]:
    if client.format is Format.TOML:
        return toml_table.loads(text, where)
    return jsonc.loads(text, where, comments=client.format is Format.JSONC)


def entry_of(client: Client, data: dict[str, Any], key: tuple[str, ...]) -> Any:
    node: Any = data
    for part in key:
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    return node


def edited(client: Client, path: Path, key: tuple[str, ...], entry: dict[str, Any] | None) -> Edit:
    """The file at `path` with the entry at `key` set to `entry` (None: removed)."""
    where = str(path)
    try:
        old = path.read_text(encoding="utf-8") if path.exists() else ""
    except (OSError, UnicodeDecodeError) as e:
        raise InvalidInput(f"cannot read {where}: {e}", field="config") from e
    before = parsed(client, old, where)
    if entry is None:
        new = _removed(client, old, key, where)
    elif client.format is Format.TOML:
        new = toml_table.set_table(old, key, entry, where)
    else:
        new = jsonc.set_member(old, key, entry, where)
    after = parsed(client, new, where)
    _check(before, after, key, entry, where)
    return Edit(path, old, new, path.exists())


def _removed(client: Client, old: str, key: tuple[str, ...], where: str) -> str:
    if client.format is Format.TOML:
        new = toml_table.remove_table(old, key, where)
    else:
        new = jsonc.remove_member(old, key, where)
    return old if new is None else new


def _check(
    before: dict[str, Any],
    after: dict[str, Any],
    key: tuple[str, ...],
    entry: dict[str, Any] | None,
    where: str,
) -> None:
    """Only the entry differs, and it is what was meant."""
    expected = copy.deepcopy(before)
    node = expected
    for part in key[:-1]:
        node = node.setdefault(part, {})
    if entry is None:
        node.pop(key[-1], None)
    else:
        node[key[-1]] = entry
    if _pruned(after, key) != _pruned(expected, key):
        raise CoderoomsError(
            f"editing {where} would have changed more than coderooms' entry; nothing was written",
            hint="please report this with the file's shape (not its secrets)",
        )


def _pruned(data: dict[str, Any], key: tuple[str, ...]) -> dict[str, Any]:
    """`data` without the objects on the entry's way that hold nothing (a TOML file's
    `[mcp_servers]` goes with its last table; a JSON file keeps its `{}`)."""
    data = copy.deepcopy(data)
    chain = [data]
    for part in key[:-1]:
        node = chain[-1].get(part)
        if not isinstance(node, dict):
            break
        chain.append(node)
    for depth in range(len(chain) - 1, 0, -1):
        if not chain[depth]:
            chain[depth - 1].pop(key[depth - 1], None)
    return data


def write(edit: Edit) -> None:
    """Write the new text atomically (a temp file beside it, renamed), keeping the old mode."""
    edit.path.parent.mkdir(parents=True, exist_ok=True)
    mode = edit.path.stat().st_mode & 0o777 if edit.existed else 0o600
    fd, temp = tempfile.mkstemp(prefix=f".{edit.path.name}.", dir=edit.path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(edit.new)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, mode)
        os.replace(temp, edit.path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
