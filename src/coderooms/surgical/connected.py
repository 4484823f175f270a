"""The files most connected to a primary file, ranked by connection strength.

    score = WEIGHT_CALL * (call sites from it into the primary + from the primary into it)
          + WEIGHT_IMPORT * (1 if the primary imports it) + WEIGHT_IMPORT * (1 if it imports
            the primary)
          + WEIGHT_TEST * (1 if it is a test file that calls or imports the primary)
          + WEIGHT_CO_CHANGE * (commits in which both changed: the CO_CHANGES weight)

Ties go to the smaller path, so the order is total and the same graph gives the same list.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from coderooms.languages import is_test_path
from coderooms.surgical import context_limits as limits


@dataclass(slots=True)
class Connection:
    id: str
    path: str
    calls_in: int = 0
    """Call sites in this file that call the primary's symbols."""
    calls_out: int = 0
    """Call sites in the primary that call this file's symbols."""
    imports: bool = False
    """The primary imports this file."""
    imported_by: bool = False
    """This file imports the primary."""
    co_change: int = 0
    test: bool = False

    @property
    def score(self) -> float:
        return (
            limits.WEIGHT_CALL * (self.calls_in + self.calls_out)
            + limits.WEIGHT_IMPORT * (int(self.imports) + int(self.imported_by))
            + limits.WEIGHT_TEST * int(self.test)
            + limits.WEIGHT_CO_CHANGE * self.co_change
        )

    def why(self) -> list[str]:
        reasons = []
        if self.test:
            reasons.append(
                "test file that " + ("calls" if self.calls_in else "imports") + " the primary"
            )
        if self.calls_in:
            reasons.append(f"calls the primary's symbols at {self.calls_in} call sites")
        if self.calls_out:
            reasons.append(f"the primary calls its symbols at {self.calls_out} call sites")
        if self.imported_by:
            reasons.append("imports the primary")
        if self.imports:
            reasons.append("imported by the primary")
        if self.co_change:
            reasons.append(f"changed together with the primary in {self.co_change} commits")
        return reasons

    def as_dict(self, symbols: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            "path": self.path,
            "score": self.score,
            "why": self.why(),
            "calls_in": self.calls_in,
            "calls_out": self.calls_out,
            "imports": self.imports,
            "imported_by": self.imported_by,
            "test": self.test,
            "co_change_weight": self.co_change,
            "symbols": symbols[: limits.CONNECTED_SYMBOLS_PER_FILE],
        }


def rank_connected(
    repo: str,
    primary_id: str,
    callers_by_file: Iterable[dict[str, Any]],
    callees_by_file: Iterable[dict[str, Any]],
    imports: Iterable[dict[str, Any]],
    importers: Iterable[dict[str, Any]],
    co_changes: Iterable[dict[str, Any]],
) -> list[Connection]:
    """Every file connected to the primary, strongest first (then by path)."""
    cut = len(repo) + 1
    found: dict[str, Connection] = {}

    def entry(file_id: str) -> Connection:
        if file_id not in found:
            found[file_id] = Connection(file_id, file_id[cut:])
        return found[file_id]

    for row in callers_by_file:
        entry(str(row["id"])).calls_in += int(row["calls"])
    for row in callees_by_file:
        entry(str(row["id"])).calls_out += int(row["calls"])
    for row in imports:
        if not row["ghost"]:
            entry(str(row["id"])).imports = True
    for row in importers:
        entry(str(row["id"])).imported_by = True
    for row in co_changes:
        entry(str(row["id"])).co_change = max(entry(str(row["id"])).co_change, int(row["weight"]))
    found.pop(primary_id, None)
    for connection in found.values():
        connection.test = is_test_path(connection.path) and (
            connection.calls_in > 0 or connection.imported_by
        )
    return sorted(found.values(), key=lambda c: (-c.score, c.path))
