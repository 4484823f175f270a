"""`impact`: what a change to a symbol, a file or a diff reaches, as one bounded answer.

The seeds (`seeds`) are walked back along calls, inheritance and imports to `depth` (`walk`);
the test files among what was reached are summarised, the seeds' files' co-change partners
listed (code first), and completeness counted: the call sites named like the seeds (and like
the symbols the walk went through) whose receivers the graph could not prove, which make the
lists a lower bound (`graph/completeness`). Rows are short (ids without the repo, which the
answer names once) and paged by `cursor`.
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any

from coderooms.config import Settings
from coderooms.errors import InvalidInput
from coderooms.graph import completeness
from coderooms.graph.completeness import Completeness
from coderooms.graph.driver import Graph
from coderooms.impact import limits
from coderooms.impact.revisions import parse_changes
from coderooms.impact.seeds import (
    Seeds,
    change_seeds,
    check_symbol_text,
    path_seeds,
    symbol_seeds,
)
from coderooms.impact.walk import FILE_KIND, Reached, Walk, walk
from coderooms.ingest.identity import validate_repo_id
from coderooms.ingest.languages import DEEP_LANGUAGES
from coderooms.search.limits import Clamps
from coderooms.surgical.test_conventions import is_test_path

CODE_LANGUAGES = sorted(DEEP_LANGUAGES)
CALLS = "calls"
"""The edge of most rows, left out of them (the others say `edge: inherits` or `imports`)."""


@dataclass(frozen=True, slots=True)
class ImpactRequest:
    symbol: str | None = None
    path: str | None = None
    changes: str | None = None
    repo: str | None = None
    depth: int = limits.DEPTH_DEFAULT
    max_items: int = limits.MAX_ITEMS_DEFAULT
    cursor: str | None = None


def impact(graph: Graph, settings: Settings, request: ImpactRequest) -> dict[str, Any]:
    given = [name for name in ("symbol", "path", "changes") if getattr(request, name) is not None]
    if len(given) != 1:
        raise InvalidInput(
            "pass exactly one of symbol, path and changes"
            + (f" (got {', '.join(given)})" if given else ""),
            field=given[-1] if given else "symbol",
            hint="symbol: a name or id; path: a file; changes: 'working' or a range A..B",
        )
    clamps = Clamps()
    depth = clamps.clamp("depth", request.depth, limits.DEPTH_MIN, limits.DEPTH_MAX)
    page = clamps.clamp("max_items", request.max_items, limits.MAX_ITEMS_MIN, limits.MAX_ITEMS_MAX)
    offset = parse_cursor(request.cursor)
    if request.repo is not None:
        validate_repo_id(request.repo)
    seeds = _seeds(graph, settings, request)
    sites = completeness.submit(graph, seeds.symbols)
    walked = walk(graph, seeds.symbols, seeds.files, depth)
    # what the walk read the callers of; tests are leaves: their names' sites are noise
    through = [r.id for r in walked.reached
               if r.kind != FILE_KIND and r.hop < depth and not is_test_path(r.path)]  # fmt: skip
    further: Future[Completeness] | None = None
    if through:
        further = completeness.submit(graph, through[: limits.COMPLETENESS_IDS_MAX])
    co_changes = _co_changes(graph, seeds)
    return _answer(seeds, walked, depth, page, offset, sites.result(),
                   further.result() if further else None, len(through), co_changes,
                   clamps)  # fmt: skip


def parse_cursor(cursor: object) -> int:
    """The offset a cursor stands for (a cursor is the next_cursor of an earlier answer)."""
    if cursor is None:
        return 0
    if not isinstance(cursor, str) or not cursor.isascii() or not cursor.isdigit():
        raise InvalidInput(
            "cursor must be the next_cursor of an earlier answer (digits)", field="cursor"
        )
    if len(cursor) > 7 or int(cursor) > limits.MAX_CURSOR:
        raise InvalidInput(f"cursor is past {limits.MAX_CURSOR}", field="cursor")
    return int(cursor)


def _seeds(graph: Graph, settings: Settings, request: ImpactRequest) -> Seeds:
    if request.symbol is not None:
        return symbol_seeds(graph, check_symbol_text(request.symbol), request.repo)
    if request.path is not None:
        return path_seeds(graph, settings, request.path, request.repo)
    return change_seeds(graph, settings, parse_changes(request.changes), request.repo)


def _co_changes(graph: Graph, seeds: Seeds) -> dict[str, Any]:
    files = sorted({_file_of(s) for s in seeds.symbols} | set(seeds.files))
    if not files:
        return {"items": [], "total": 0}
    (row,) = graph.read("impact/co_changes", file_ids=files, code=CODE_LANGUAGES,
                        limit=limits.MAX_CO_CHANGES)  # fmt: skip
    items = [{"path": r["path"], "weight": r["weight"]} for r in row["items"]]
    return {"items": items, "total": int(row["total"])}


def _file_of(symbol_id: str) -> str:
    """The file id of a symbol id (`repo:path::qualname`)."""
    return symbol_id.rsplit("::", 1)[0]  # qualnames are dotted: the last `::` ends the path


def _answer(
    seeds: Seeds,
    walked: Walk,
    depth: int,
    page: int,
    offset: int,
    sites: Completeness,
    further: Completeness | None,
    through: int,
    co_changes: dict[str, Any],
    clamps: Clamps,
) -> dict[str, Any]:
    cut = len(seeds.repo) + 1
    rows = sorted(walked.reached, key=lambda r: (r.hop, is_test_path(r.path), r.id))
    shown = rows[offset : offset + page]
    by_hop: dict[str, int] = {}
    for r in rows:
        by_hop[str(r.hop)] = by_hop.get(str(r.hop), 0) + 1
    affected: dict[str, Any] = {
        "items": [_row(r, cut) for r in shown],
        "total": len(rows),
        "by_hop": by_hop,
    }
    if offset:
        affected["offset"] = offset
    if offset + page < len(rows):
        rest = len(rows) - offset - page
        affected["next_cursor"] = str(offset + page)
        affected["more"] = f"{rest} more rows: call again with cursor='{offset + page}'"
    answer: dict[str, Any] = {"repo": seeds.repo}
    if seeds.changed is not None:
        answer["changed"] = seeds.changed
    if seeds.of_file is not None:
        answer["seeds"] = {"of_file": seeds.of_file, "total": seeds.total}
    else:
        answer["seeds"] = _listed([s[cut:] for s in seeds.symbols], seeds.total,
                                  limits.SEEDS_LISTED)  # fmt: skip
    if seeds.files and seeds.of_file is None:
        answer["seed_files"] = _listed([f[cut:] for f in seeds.files], len(seeds.files),
                                       limits.SEEDS_LISTED)  # fmt: skip
    answer["depth"] = depth
    answer["affected"] = affected
    answer["tests"] = _tests(seeds, rows, cut)
    answer["co_changes"] = co_changes
    field = sites.as_field()
    if further is not None and further.lower_bound:
        field["through"] = {
            **further.brief(),
            "names": dict(further.listed()[: limits.THROUGH_NAMES_LISTED]),
            "symbols": through,
        }
    answer["completeness"] = field
    lower = sites.lower_bound or (further is not None and further.lower_bound)
    if walked.cut:
        answer["cut"] = walked.cut
    cut_seeds = seeds.partial or seeds.total > len(seeds.symbols)
    answer["lower_bound"] = bool(lower or walked.cut or cut_seeds)
    if clamps.changes:
        answer["clamped"] = clamps.as_dict()
    return answer


def _row(r: Reached, cut: int) -> dict[str, Any]:
    row: dict[str, Any] = {"id": r.id[cut:], "hop": r.hop, "to": r.to[cut:]}
    if r.edge != CALLS:
        row["edge"] = r.edge
    if r.rule:
        row["via"] = r.rule
    if r.confidence is not None:
        row["conf"] = r.confidence
    if r.line is not None:
        row["line"] = r.line
    return row


def _listed(items: list[str], total: int, limit: int) -> dict[str, Any]:
    listed: dict[str, Any] = {"items": items[:limit], "total": total}
    if total > limit:
        listed["not_listed"] = total - min(limit, len(items))
    return listed


def _tests(seeds: Seeds, rows: list[Reached], cut: int) -> dict[str, Any]:
    """Test files among the seeds (hop 0: a test the change edits) and what was reached: nearest
    hop first, then path; their test symbols are affected rows too (page with cursor)."""
    files: dict[str, dict[str, Any]] = {}
    seeded = [Reached(s, "", s[cut:].rsplit("::", 1)[0], 0, "", "", None, None, None)
              for s in seeds.symbols]  # fmt: skip
    for r in [*seeded, *rows]:
        if not is_test_path(r.path):
            continue
        entry = files.setdefault(r.path, {"path": r.path, "hop": r.hop, "symbols": 0})
        entry["hop"] = min(entry["hop"], r.hop)
        if r.kind == FILE_KIND:
            entry["imports"] = True
            continue
        entry["symbols"] += 1
        qualname = r.id[cut:].rsplit("::", 1)[-1]
        if qualname and len(entry.setdefault("names", [])) < limits.TEST_NAMES_PER_FILE:
            entry["names"].append(qualname)
    ordered = sorted(files.values(), key=lambda t: (t["hop"], t["path"]))
    answer: dict[str, Any] = {"items": ordered[: limits.MAX_TESTS], "total": len(ordered)}
    if len(ordered) > limits.MAX_TESTS:
        answer["more"] = "the others' test symbols are seeds or affected rows (page with cursor)"
    return answer
