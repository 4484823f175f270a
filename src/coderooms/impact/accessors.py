"""Symbols whose uses are no calls: a Python property (`@property`, `@cached_property`) or a
JavaScript / TypeScript getter (`get name()`) runs when it is read (`field.schema`), and the
graph records no edge for a read. When the walk reaches one and finds nothing that calls it (or
starts from one), whoever reads it, and the tests behind them, are missing: the answer says so,
with the search that finds the reads, and is a lower bound.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from coderooms.graph.completeness import one_of
from coderooms.graph.driver import Graph
from coderooms.search import FileLines, fetch_line_ranges

DECORATOR_LINES = 3
"""Lines above a Python definition read for its decorators."""
CHECKED_MAX = 200
"""Most walked symbols checked (dead ends first met, in hop order)."""
PROPERTY = re.compile(r"^\s*@(?:[\w.]+\.)?(?:property|cached_property|abstractproperty)\s*$")
READ_PATTERN = r"\.{}\b"
"""The regex (for `search`) that finds the reads of the names (a superset: any `.name`)."""
GETTER = re.compile(r"^\s*(?:(?:public|private|protected|static|override)\s+)*get\s+[\w$#]+\s*\(")


def accessors(graph: Graph, ids: Iterable[str]) -> list[dict[str, Any]]:
    """Those of `ids` (symbols nothing calls) that are read rather than called: `{qualname,
    name}` each, in id order."""
    wanted = sorted(set(ids))[:CHECKED_MAX]
    if not wanted:
        return []
    rows = [r for r in graph.read("impact/symbol_starts", ids=wanted) if not r["used"]]
    found = [r for r in rows if GETTER.match(str(r["signature"] or ""))]
    python = [r for r in rows if r["language"] == "python" and r["start_line"]]
    files: dict[str, FileLines] = {}
    fetch_line_ranges(
        graph,
        [(str(r["claim"]), max(1, int(r["start_line"]) - DECORATOR_LINES),
          int(r["start_line"]) - 1) for r in python if int(r["start_line"]) > 1],
        files,
    )  # fmt: skip
    for r in python:
        lines = files.get(str(r["claim"]))
        start = int(r["start_line"])
        above = (
            [lines.get(n) for n in range(max(1, start - DECORATOR_LINES), start)] if lines else []
        )
        if any(line is not None and PROPERTY.match(line) for line in above):
            found.append(r)
    return [{"qualname": str(r["qualname"]), "name": str(r["name"])}
            for r in sorted(found, key=lambda r: str(r["id"]))]  # fmt: skip


ACCESSORS_NAMED = 5
"""Accessors a `read_not_called` note names (the rest counted; its search finds every read)."""


def accessor_note(found: list[dict[str, Any]]) -> str:
    """The answer's `read_not_called` note, one sentence: which symbols (the first
    ACCESSORS_NAMED, the rest counted), that their readers and tests are not listed, and the
    search that finds their reads."""
    names = sorted({a["name"] for a in found})
    qualnames = [a["qualname"] for a in found]
    listed = ", ".join(qualnames[:ACCESSORS_NAMED])
    if len(qualnames) > ACCESSORS_NAMED:
        listed += f" (+{len(qualnames) - ACCESSORS_NAMED} more)"
    search = f"search mode=regex query='{READ_PATTERN.format(one_of(names))}'"
    return f"{listed}: read, not called (readers and tests not listed): {search}"
