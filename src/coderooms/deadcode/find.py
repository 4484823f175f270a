"""Dead code, and how sure: the symbols of a repo nothing in the graph references
(`deadcode/candidates`), less those a rule leaves out (`rules`), each judged

- `sure`: no call site the graph left unresolved could be a call of it (no `?:name` ghost
  edge of its language group that `graph.completeness` counts), its name is written nowhere in
  the repo's text but in its own lines, and no name built at run time could be it;
- `low`: one of those exists, or it is a module's default export (JavaScript, TypeScript:
  imported by the module's path, never by its name); the places are listed (a few), so a
  person or an agent can look.

One analysis reads the candidates, the repo's text once, and the unresolved call sites of the
candidates' names; it is kept per repo generation, so a page of the same question reads nothing.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from coderooms.deadcode.limits import ENCLOSING_LINES, KINDS, MAX_SCAN_BYTES, PLACES_LISTED
from coderooms.deadcode.mentions import Mentions, scan
from coderooms.deadcode.rules import CALLABLE_PARENTS, rule_of
from coderooms.errors import InvalidInput, NotFound
from coderooms.graph.completeness import unresolved_call_sites
from coderooms.graph.driver import Graph
from coderooms.ingest import CALL_GROUPS

SURE, LOW = "sure", "low"
DEFAULT_EXPORT = re.compile(r"\bexport\s+default\b")
"""JavaScript, TypeScript: `export default class X`, imported as the module (`import Y from
'./x'`, a path in a configuration file), never by its name."""


@dataclass(frozen=True, slots=True)
class Finding:
    id: str
    path: str
    first: int
    last: int
    kind: str
    qualname: str
    confidence: str | None
    """`sure` or `low`; None for one a rule left out."""
    why: tuple[str, ...] = ()
    """What makes it `low`, or the rule that left it out."""

    def row(self) -> str:
        head = f"{self.path}:{self.first}-{self.last} {self.kind.lower()} {self.qualname}"
        return f"{head}: {'; '.join(self.why)}" if self.why else head


@dataclass
class Analysis:
    repo: str
    judged: list[Finding] = field(default_factory=list)
    """Sure first, then low; each by path and line."""
    left_out: list[Finding] = field(default_factory=list)
    rules: Counter[str] = field(default_factory=Counter)


def analyse(graph: Graph, repo: str, prefix: str | None, *, include_public: bool) -> Analysis:
    states = graph.read("deadcode/repo_state", repo=repo)
    state = states[0] if states else None
    if state is None or state["generation"] is None:
        raise NotFound(f"no repo {repo!r} in the graph", field="repo")
    if int(state["bytes"] or 0) > MAX_SCAN_BYTES:
        raise InvalidInput(
            f"repo {repo} holds over {MAX_SCAN_BYTES} bytes of text",
            field="repo",
            hint="this verb reads it whole: ask a smaller repo",
        )
    rows = graph.read("deadcode/candidates", repo=repo, kinds=list(KINDS), prefix=prefix)
    wanted = {(r["path"], line) for r in rows for line in _lines_wanted(r)}
    mentions = scan(graph, sorted(state["files"]), {word_of(r["name"]) for r in rows}, wanted)
    found = Analysis(repo)
    judged: list[dict[str, Any]] = []
    for row in rows:
        lines = (
            mentions.lines.get((row["path"], int(row["first"]) - 1), ""),
            mentions.lines.get((row["path"], int(row["first"])), ""),
        )
        enclosing = _enclosing(row, mentions) if _nested(row) else ""
        rule = rule_of(row, lines, include_public=include_public, enclosing=enclosing)
        if rule is None:
            judged.append(row)
        else:
            found.rules[rule] += 1
            found.left_out.append(_finding(row, None, (rule,)))
    sites = _unresolved(graph, repo, judged)
    names = sorted({row["name"] for row in judged})
    defined = {
        (word_of(r["name"]), path, int(line))
        for r in graph.read("deadcode/definitions_named", repo=repo, names=names)
        for path, line in r["places"]
    }
    for row in judged:
        why = _why_low(row, mentions, sites.get(row["name"], []), defined)
        first_line = mentions.lines.get((row["path"], int(row["first"])), "")
        if DEFAULT_EXPORT.search(first_line):
            why.append("the default export of its module (imported by the module's path)")
        found.judged.append(_finding(row, LOW if why else SURE, tuple(why)))
    found.judged.sort(key=lambda f: (f.confidence != SURE, f.path, f.first, f.id))
    return found


def word_of(name: str) -> str:
    """The word a name is written as: Ruby's `empty?`, `save!`, `name=` as `empty`, `save`,
    `name` (`x.name = 1` calls `name=`)."""
    return name.rstrip("?!=") or name


def _nested(row: dict[str, Any]) -> bool:
    return row.get("parent_kind") in CALLABLE_PARENTS and row.get("parent_first") is not None


def _lines_wanted(row: dict[str, Any]) -> range:
    """The line above the definition and its first; for one nested in a function, the lines
    up from there to its parent's first (at most ENCLOSING_LINES)."""
    first = int(row["first"])
    if not _nested(row):
        return range(first - 1, first + 1)
    return range(max(int(row["parent_first"]), first - ENCLOSING_LINES), first + 1)


def _enclosing(row: dict[str, Any], mentions: Mentions) -> str:
    """The nearest line above the definition indented less than it: what opens its block."""
    first = int(row["first"])
    head = mentions.lines.get((row["path"], first), "")
    indent = len(head) - len(head.lstrip())
    for line in range(first - 1, min(_lines_wanted(row)) - 1, -1):
        text = mentions.lines.get((row["path"], line), "")
        if text.strip() and len(text) - len(text.lstrip()) < indent:
            return text
    return ""


def _finding(row: dict[str, Any], confidence: str | None, why: tuple[str, ...]) -> Finding:
    return Finding(
        row["id"],
        row["path"],
        int(row["first"]),
        int(row["last"]),
        row["kind"],
        row["qualname"] or row["name"],
        confidence,
        why,
    )


def _unresolved(graph: Graph, repo: str, judged: list[dict[str, Any]]) -> dict[str, list[str]]:
    """Name -> the unresolved call sites that could be calls of it, as `path:line ref`."""
    if not judged:
        return {}
    counted = unresolved_call_sites(graph, [row["id"] for row in judged], CALL_GROUPS)
    names = sorted(set(counted.sites) | set(counted.capped))
    if not names:
        return {}
    places: dict[str, list[str]] = {name: [] for name in names}
    rows = graph.read("deadcode/unresolved_sites", repo=repo, names=names, per_name=PLACES_LISTED)
    for row in rows:
        places[row["name"]] = [f"{s['path']}:{s['line']} {s['ref']}" for s in row["sites"]]
    for name in names:
        total = counted.sites.get(name)
        places[name].append(f"{total} unresolved" if total else "many unresolved")
    return places


def _why_low(
    row: dict[str, Any],
    mentions: Mentions,
    sites: list[str],
    defined: set[tuple[str, str, int]],
) -> list[str]:
    """Why a candidate is `low` (nothing: `sure`). A place that is its own lines, or the
    definition line of another symbol of the same name, is no use of it."""
    name, path = word_of(row["name"]), row["path"]
    first, last = int(row["first"]), int(row["last"])
    why: list[str] = []
    if sites:
        why.append("unresolved call sites " + ", ".join(sites))
    places = mentions.places.get(name, [])

    def no_use(p: str, line: int) -> bool:
        return (p == path and first <= line <= last) or (name, p, line) in defined

    inside = sum(1 for p, line in places if no_use(p, line))
    elsewhere = [(p, line) for p, line in places if not no_use(p, line)]
    outside = mentions.counts.get(name, 0) - inside
    if outside > 0:
        listed = ", ".join(f"{p}:{line}" for p, line in elsewhere[:PLACES_LISTED])
        more = f" (+{outside - PLACES_LISTED})" if outside > PLACES_LISTED else ""
        why.append(f"named at {listed}{more}")
    for prefix, (p, line) in sorted(mentions.prefixes.items()):
        if name.startswith(prefix) and name != prefix:
            why.append(f"a name built from {prefix!r} at {p}:{line}")
            break
    return why
