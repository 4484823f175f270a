"""The `impact` answer, written from what the verb found: the affected rows of one page (ids
without the repo, which the answer names once; `edge` only when it is not a call), the seeds,
the test files among seeds and rows, co-changes, completeness and the lower-bound flag."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from coderooms.core.clamps import Clamps
from coderooms.graph.completeness import Completeness
from coderooms.impact import limits
from coderooms.impact.accessors import accessor_note
from coderooms.impact.seeds import Seeds
from coderooms.impact.walk import FILE_KIND, Reached, Walk
from coderooms.languages import is_test_path

CALLS = "calls"
"""The edge of most rows, left out of them (the others say `edge: inherits` or `imports`)."""

ImpactSection = Literal["callers", "tests", "co_changes"]
DEFAULT_SECTIONS = frozenset({"callers", "tests"})
"""What a call without `sections` answers: the affected rows and the tests among them."""


@dataclass(frozen=True, slots=True)
class Findings:
    seeds: Seeds
    walked: Walk
    sites: Completeness
    """Unresolved call sites of the seeds' names."""
    further: Completeness | None
    """The same for the symbols the walk read the callers of (None: it read none)."""
    through: int
    """How many symbols the walk read the callers of (tests left out)."""
    co_changes: dict[str, Any] | None
    read_not_called: list[dict[str, Any]]
    """Seeds and walked symbols nothing calls that are properties or getters (read, not
    called: their readers are missing)."""


@dataclass(frozen=True, slots=True)
class Page:
    depth: int
    size: int
    offset: int


def answer_of(
    found: Findings,
    page: Page,
    clamps: Clamps,
    sections: frozenset[str] = DEFAULT_SECTIONS,
    *,
    tests_apart: bool = True,
) -> dict[str, Any]:
    """The answer: ids without the repo (named once), rows of the page, bounded summaries; the
    lists of `sections` only."""
    seeds, walked, further = found.seeds, found.walked, found.further
    cut = len(seeds.repo) + 1
    every = sorted(walked.reached, key=lambda r: (r.hop, is_test_path(r.path), r.id))
    rows = [r for r in every if r.hop <= page.depth]
    answer: dict[str, Any] = {"repo": seeds.repo}
    if seeds.changed is not None:
        answer["changed"] = seeds.changed
    if seeds.of_file is not None:
        answer["seeds"] = {"of_file": seeds.of_file, "total": seeds.total}
    else:
        answer["seeds"] = _listed([s[cut:] for s in seeds.symbols], seeds.total,
                                  limits.SEEDS_LISTED)  # fmt: skip
        if seeds.spans:
            answer["seeds"]["spans"] = {s[cut:]: seeds.spans[s] for s in seeds.symbols
                                        if s in seeds.spans}  # fmt: skip
    if seeds.same_name:
        answer["same_name"] = f"all {seeds.same_name} are seeds; a qualname or id picks one"
    if seeds.files and seeds.of_file is None:
        answer["seed_files"] = _listed([f[cut:] for f in seeds.files], len(seeds.files),
                                       limits.SEEDS_LISTED)  # fmt: skip
    if "callers" in sections:
        apart = tests_apart and "tests" in sections  # tests are said once: in `tests`
        code = [r for r in rows if not (apart and is_test_path(r.path))]
        answer["affected"] = _affected(code, page, cut)
        if len(code) < len(rows):
            answer["affected"]["in_tests"] = len(rows) - len(code)
    if "tests" in sections:
        answer["tests"] = _tests(seeds, every, cut)
        left = [path for path in walked.unwalked if not is_test_path(path)]
        if left:
            answer["tests"]["lower_bound"] = (
                f"{len(left)} callers at hop {max(r.hop for r in every)} not walked further: "
                "tests beyond them not listed"
            )
    if found.co_changes is not None:
        answer["co_changes"] = found.co_changes
    field = found.sites.note()
    if further is not None and further.lower_bound:
        through = further.note(limits.THROUGH_NAMES_LISTED)
        del through["hint"]  # the names are the walk's, not the seeds': their own search
        field["through"] = {**through, "symbols": found.through}
    lower = found.sites.lower_bound or (further is not None and further.lower_bound)
    if lower:
        answer["completeness"] = field
    if found.read_not_called:
        answer["read_not_called"] = accessor_note(found.read_not_called)
        lower = True
    if walked.cut:
        answer["cut"] = walked.cut
    cut_seeds = seeds.partial or seeds.total > len(seeds.symbols)
    tests_left = "tests" in answer and "lower_bound" in answer["tests"]
    answer["lower_bound"] = bool(lower or walked.cut or cut_seeds or tests_left)
    if clamps.changes:
        answer["clamped"] = clamps.as_dict()
    return answer


def _affected(rows: list[Reached], page: Page, cut: int) -> dict[str, Any]:
    offset, size = page.offset, page.size
    shown = rows[offset : offset + size]
    by_hop: dict[str, int] = {}
    for r in rows:
        by_hop[str(r.hop)] = by_hop.get(str(r.hop), 0) + 1
    affected: dict[str, Any] = {"items": [_row(r, cut) for r in shown], "total": len(rows)}
    if len(by_hop) > 1:
        affected["by_hop"] = by_hop
    if offset:
        affected["offset"] = offset
    return affected


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
        farther = ordered[limits.MAX_TESTS]["hop"]
        answer["more"] = f"{len(ordered) - limits.MAX_TESTS} more test files, from hop {farther}"
    return answer
