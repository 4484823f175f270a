"""The walk of `impact`: from the seeds, hop by hop, the callers (CALLS, INHERITS into a
symbol) and the importers (IMPORTS into a file), each reached node kept at its first hop with
the best edge that brought it. One index-backed statement per chain and hop, sent together;
every hop is bounded (ROWS_PER_HOP) and so is the whole walk (NODES_MAX), and a cut says so.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from coderooms.graph.driver import Graph
from coderooms.impact import limits

FILE_KIND = "File"
CALLERS = "impact/caller_hop"
IMPORTERS = "impact/importer_hop"

_POOL = ThreadPoolExecutor(max_workers=2, thread_name_prefix="impact-walk")


@dataclass(frozen=True, slots=True)
class Reached:
    id: str
    """A symbol id, or a file id (kind `File`, reached by an import)."""
    kind: str
    path: str
    hop: int
    edge: str
    """calls, inherits or imports."""
    to: str
    """The id of the node it reaches (a seed, or a node of the hop before)."""
    rule: str | None
    """How the edge resolved (the edge's `via`: import, local, typed, unique...)."""
    confidence: float | None
    line: int | None
    """Where in its file the call or import is (the first site)."""


@dataclass(slots=True)
class Walk:
    reached: list[Reached] = field(default_factory=list)
    cut: dict[str, Any] = field(default_factory=dict)
    """Which bound stopped part of the walk (empty when none did)."""
    unwalked: list[str] = field(default_factory=list)
    """The nodes of the last hop whose callers (or importers) the depth left unread."""


def walk(graph: Graph, symbols: list[str], files: list[str], depth: int) -> Walk:
    """Everything that reaches `symbols` (by calls, inheritance) or `files` (by imports) within
    `depth` hops, in hop order then id."""
    result = Walk()
    seen = set(symbols) | set(files)
    frontier_symbols, frontier_files = sorted(set(symbols)), sorted(set(files))
    for hop in range(1, depth + 1):
        if not frontier_symbols and not frontier_files:
            break
        callers = _POOL.submit(_hop, graph, CALLERS, frontier_symbols)
        importers = _POOL.submit(_hop, graph, IMPORTERS, frontier_files)
        found: list[Reached] = []
        for name, rows in ((CALLERS, callers.result()), (IMPORTERS, importers.result())):
            if len(rows) >= limits.ROWS_PER_HOP:
                result.cut.setdefault("rows_per_hop", []).append(
                    {"hop": hop, "chain": "callers" if name == CALLERS else "importers",
                     "limit": limits.ROWS_PER_HOP}
                )  # fmt: skip
            found.extend(_reached(row, hop) for row in rows if row["id"] not in seen)
        room = limits.NODES_MAX - len(result.reached)
        if len(found) > room:
            found = found[:room]
            result.cut["nodes_max"] = {"hop": hop, "limit": limits.NODES_MAX}
        seen.update(r.id for r in found)
        result.reached.extend(found)
        frontier_symbols = sorted(r.id for r in found if r.kind != FILE_KIND)
        frontier_files = sorted(r.id for r in found if r.kind == FILE_KIND)
        if "nodes_max" in result.cut:
            break
        if hop == depth:
            result.unwalked = [r.path for r in found]
    return result


def _hop(graph: Graph, statement: str, ids: list[str]) -> list[dict[str, Any]]:
    if not ids:
        return []
    return graph.read(statement, ids=ids, limit=limits.ROWS_PER_HOP)


def _reached(row: dict[str, Any], hop: int) -> Reached:
    best = row["best"]
    confidence = best.get("confidence")
    return Reached(
        id=str(row["id"]),
        kind=str(row.get("kind") or FILE_KIND),
        path=str(row["path"]),
        hop=hop,
        edge=str(best.get("edge") or "IMPORTS").lower(),
        to=str(best["to"]),
        rule=best.get("via"),
        confidence=None if confidence is None else round(float(confidence), 2),
        line=best.get("line"),
    )
