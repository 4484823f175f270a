"""How complete a list of callers is: the call sites of the same name the graph could not prove.

Python references are never linked by name alone (docs/resolution.md): a call whose receiver
cannot be proven (`x.run()`, `x` an unannotated parameter) is a CALLS edge to the ghost
`?:run`, and such a site may call any `run` of the repo. So an answer that lists the callers
of symbols (or the tests and files calling them) also says, for those symbols' names, how many
call sites stayed unresolved: an upper bound of the callers missing from the list, and, when
it is not zero, the mark that the list is a lower bound. One statement
(`graph/unresolved_call_sites`), batched over every symbol of the answer.

Four rooms attach it (surgical, search, perspective, freshness). It lives here, beside the
driver each of them already uses, so that none has to import another room for it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from coderooms.core.kinds import SymbolKind

if TYPE_CHECKING:  # the parse workers import CallGroups (via ingest.languages), not the driver
    from coderooms.graph.driver import Graph

STATEMENT = "graph/unresolved_call_sites"
NAMES_LISTED = 10
"""Names an answer lists with their unresolved call sites (most first); the search pattern of
the hint covers the same names."""
EDGES_COUNTED_MAX = 200
"""A name whose ghost has more edges than this (counted from the degree store) is not counted
(its edges are not read: the cost of an answer stays bounded whatever the hub) but reported
in `not_counted`, and makes the list a lower bound like a counted site."""
CALLABLE_KINDS = sorted(
    kind.value for kind in SymbolKind if kind not in (SymbolKind.MODULE, SymbolKind.VARIABLE)
)
"""Kinds whose callers are counted (what a call may resolve to, as ingest/resolve.py has it)."""
TYPE_KINDS = sorted((SymbolKind.CLASS.value, SymbolKind.INTERFACE.value))
"""Kinds whose subclasses are callers too (INHERITS edges)."""
THREADS = 4
"""Threads that send the statement while the verb does its other reads (`submit`)."""


def one_of(names: Iterable[str]) -> str:
    """A regex matching any of `names` literally: one name alone, several as a group (the
    group's `(?:...)` says nothing of one name)."""
    escaped = [re.escape(name) for name in names]
    return escaped[0] if len(escaped) == 1 else "(?:" + "|".join(escaped) + ")"


@dataclass(frozen=True, slots=True)
class CallGroups:
    """The language groups, handed in by the caller (the graph names no language; the
    languages' registry knows them: `coderooms.ingest.CALL_GROUPS`)."""

    of_language: Mapping[str, str]
    """language -> its group: a call site is a candidate for names of its own group only."""
    scoped: tuple[str, ...]
    """Groups whose bare names resolve by scope: an unresolved bare name there is a builtin or
    a name bound nowhere in the repo, never a call of a repo symbol, so it is no candidate (an
    attribute call `x.run()` still is). Sorted."""


@dataclass(frozen=True, slots=True)
class Completeness:
    """Unresolved call sites per name (names with none left out)."""

    sites: dict[str, int] = field(default_factory=dict)
    bare: dict[str, int] = field(default_factory=dict)
    """Of those, sites written as a bare name (`run()`, in languages other than Python)."""
    capped: frozenset[str] = frozenset()
    """Names not counted: their ghost has more than EDGES_COUNTED_MAX edges."""

    @property
    def unresolved(self) -> int:
        return sum(self.sites.values())

    @property
    def lower_bound(self) -> bool:
        return self.unresolved > 0 or bool(self.capped)

    def listed(self) -> list[tuple[str, int]]:
        return sorted(self.sites.items(), key=lambda item: (-item[1], item[0]))[:NAMES_LISTED]

    def pattern(self) -> str | None:
        """A regex for the `search` verb (Python `re`) that finds the listed names' sites:
        `.run` (a call or a base through an unproven receiver), `run(` where bare calls were
        counted. Names not counted only stand in when nothing was."""
        listed = [name for name, _ in self.listed()] or sorted(self.capped)[:NAMES_LISTED]
        dotted = [n for n in listed if self.sites.get(n, 1) > self.bare.get(n, 0)]
        bare = [n for n in listed if self.bare.get(n, 0)]
        parts = []
        if dotted:
            parts.append(r"\." + one_of(dotted) + r"\b")
        if bare:
            parts.append(r"\b" + one_of(bare) + r"\(")
        return "|".join(parts) or None

    def search_arguments(self, repo: str) -> dict[str, Any]:
        """Arguments of the `search` call that finds the unresolved sites."""
        return {"query": self.pattern(), "mode": "regex", "repo": repo}

    def only(self, names: Iterable[str]) -> Completeness:
        """The same, for `names` alone."""
        wanted = set(names)
        return Completeness(
            {n: c for n, c in self.sites.items() if n in wanted},
            {n: c for n, c in self.bare.items() if n in wanted},
            self.capped & wanted,
        )

    def brief(self) -> dict[str, Any]:
        """The counts alone (for records listed by the dozen, where a hint would repeat)."""
        answer: dict[str, Any] = {
            "unresolved_call_sites": self.unresolved,
            "lower_bound": self.lower_bound,
        }
        if self.capped:
            answer["not_counted"] = sorted(self.capped)[:NAMES_LISTED]
        return answer

    def as_field(self) -> dict[str, Any]:
        """The answer's `completeness` field: two keys when everything resolved."""
        total = self.unresolved
        if not self.lower_bound:
            return self.brief()
        listed = self.listed()
        answer: dict[str, Any] = {"unresolved_call_sites": total, "lower_bound": True}
        if listed:
            answer["names"] = dict(listed)
        if len(self.sites) > len(listed):
            answer["names_not_listed"] = len(self.sites) - len(listed)
        if self.capped:
            answer["not_counted"] = sorted(self.capped)[:NAMES_LISTED]
        uncounted = f"many of not_counted's (over {EDGES_COUNTED_MAX} each, not counted)"
        what = {
            (True, False): f"{total} call sites of these names",
            (True, True): f"{total} call sites of these names, and {uncounted},",
            (False, True): uncounted,
        }[(bool(total), bool(self.capped))]
        answer["hint"] = (
            f"{what} have receivers the graph could not prove: callers may be missing; "
            f"search mode=regex query='{self.pattern()}' finds them"
        )
        return answer

    def note(self, names_listed: int = NAMES_LISTED) -> dict[str, Any]:
        """The field of an answer whose own `lower_bound` says that callers may be missing
        (`impact`): the names' unresolved sites and the search that finds them, the flag and
        a total the names already sum not said again; empty when nothing is missing."""
        if not self.lower_bound:
            return {}
        listed = self.listed()[:names_listed]
        answer: dict[str, Any] = {}
        if listed:
            answer["names"] = dict(listed)
        if len(self.sites) > len(listed):
            answer["unresolved_call_sites"] = self.unresolved
            answer["names_not_listed"] = len(self.sites) - len(listed)
        if self.capped:
            answer["not_counted"] = sorted(self.capped)[:NAMES_LISTED]
        over = f"; not_counted: over {EDGES_COUNTED_MAX} each" if self.capped else ""
        answer["hint"] = f"receivers unproven{over}: search mode=regex query='{self.pattern()}'"
        return answer


COMPLETE = Completeness()


def unresolved_call_sites(graph: Graph, ids: Iterable[str], groups: CallGroups) -> Completeness:
    """The unresolved call sites of the names of `ids` (symbol ids; a file id stands for every
    symbol the file defines), per name, by `groups`. One index-backed read."""
    wanted = sorted(set(ids))
    if not wanted:
        return COMPLETE
    rows = graph.read(
        STATEMENT,
        ids=wanted,
        callable_kinds=CALLABLE_KINDS,
        type_kinds=TYPE_KINDS,
        groups=dict(groups.of_language),
        scoped_groups=list(groups.scoped),
        edges_max=EDGES_COUNTED_MAX,
    )
    return completeness_of(rows)


_POOL = ThreadPoolExecutor(max_workers=THREADS, thread_name_prefix="completeness")


def submit(graph: Graph, ids: Iterable[str], groups: CallGroups) -> Future[Completeness]:
    """`unresolved_call_sites` sent now, on a pool thread: a verb collects it when its own
    reads are done, so the count costs no round trip of its own."""
    return _POOL.submit(unresolved_call_sites, graph, list(ids), groups)


def completeness_of(rows: list[dict[str, Any]]) -> Completeness:
    """From the statement's rows (one per repo and name: summed by name)."""
    sites: dict[str, int] = {}
    bare: dict[str, int] = {}
    capped: set[str] = set()
    for row in rows:
        name = str(row["name"])
        if row["capped"]:
            capped.add(name)
            continue
        sites[name] = sites.get(name, 0) + int(row["sites"])
        if row["bare"]:
            bare[name] = bare.get(name, 0) + int(row["bare"])
    return Completeness(sites, bare, frozenset(capped - set(sites)))
