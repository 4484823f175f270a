"""The sections `surgical_context` answers, chosen by the call (`sections`): each a list the model
reads only when it asked for it. The default is what "before I edit this file" needs: who uses
it, its tests and its co-change partners; its imports both ways, the symbols, the call pairs
both ways and the unresolved call names come when named.

`users` is one row per file outside the tests that calls the file's symbols or imports it:
`path: N calls (Caller.a, Caller.b)` (at most USER_NAMES calling symbols), or `path: imports`
for a file that only imports it, most calls first, then path.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from coderooms.languages import is_test_path

Section = Literal[
    "users", "tests", "co_changes", "imports", "importers", "symbols", "callers", "callees",
    "ghosts",
]  # fmt: skip
ALL_SECTIONS: tuple[str, ...] = (
    "users", "tests", "co_changes", "imports", "importers", "symbols", "callers", "callees",
    "ghosts",
)  # fmt: skip
DEFAULT_SECTIONS = frozenset({"users", "tests", "co_changes"})
"""What a call without `sections` answers: who uses the file (the files calling or importing it
outside the tests), its tests, its co-change partners (the importers are among the first two)."""
CALLER_SECTIONS = frozenset({"users", "callers", "tests"})
"""Sections whose rows may miss a caller: `completeness` comes with any of them."""
USER_NAMES = 3
"""Calling symbols named per user file."""


def chosen(sections: Sequence[str] | None) -> frozenset[str]:
    """The sections a call asked for (none: the default)."""
    return DEFAULT_SECTIONS if sections is None else frozenset(sections)


def users_of(
    repo: str,
    by_file: list[dict[str, Any]],
    importers: list[dict[str, Any]],
    relevant: dict[str, list[dict[str, Any]]],
) -> list[dict[str, Any]]:
    """The files outside the tests that call into the file or import it, most calls first,
    then path: `{path, calls, imports, names}`."""
    cut = len(repo) + 1
    users: dict[str, dict[str, Any]] = {}
    for row in by_file:
        path = str(row["id"])[cut:]
        if not is_test_path(path):
            names = [str(s["qualname"]) for s in relevant.get(str(row["id"]), [])
                     if s["relation"] == "calls_primary"][:USER_NAMES]  # fmt: skip
            users[path] = {"path": path, "calls": int(row["calls"]), "imports": False,
                           "names": names}  # fmt: skip
    for row in importers:
        path = str(row["path"])
        if not is_test_path(path):
            users.setdefault(path, {"path": path, "calls": 0, "imports": False, "names": []})
            users[path]["imports"] = True
    return sorted(users.values(), key=lambda u: (-u["calls"], u["path"]))


def user_row(user: dict[str, Any]) -> str:
    """`path: N calls (names)`, or `path: imports` for a file that only imports it (a file
    that calls into it depends on it, imports or not: said once, by the calls)."""
    if user["calls"]:
        names = f" ({', '.join(user['names'])})" if user["names"] else ""
        return f"{user['path']}: {calls_text(int(user['calls']))}{names}"
    return f"{user['path']}: imports" if user["imports"] else str(user["path"])


def calls_text(calls: int) -> str:
    return f"{calls} call{'s' if calls > 1 else ''}"
