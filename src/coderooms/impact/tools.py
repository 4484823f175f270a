"""The MCP verb `impact` (read-only: it reads the graph and git, and writes nothing)."""

from __future__ import annotations

from typing import Any

from coderooms.core.clamps import Clamps
from coderooms.impact.compact import compact_impact
from coderooms.impact.verb import ImpactRequest, impact, impact_question
from coderooms.notes import notes_line
from coderooms.verbs.budget import clamp_max_tokens
from coderooms.verbs.context import AppContext
from coderooms.verbs.declaring import Verb
from coderooms.verbs.effects import READS
from coderooms.verbs.spec import Covering, Freshness, ToolSpec


def impact_verb(ctx: AppContext, agent: str, request: ImpactRequest) -> dict[str, Any]:
    """What a change reaches, before you edit: callers, importers, tests, co-changes.

    Give one of symbol, path, changes. `affected` rows, one string each: `hop path:line caller
    -> reached (via conf)`: the caller's file and the line of the call or import, its qualname
    (ids are `path::qualname`, the repo named once), the edge (`->` a call, else `imports`,
    `inherits`), the node it reaches (a seed by its qualname, `::qualname` in the row's own
    file, else its id), how the edge resolved; nearest first, code before tests; when
    max_items or max_tokens cuts them, `more` says how many are left and `next_cursor` pages
    on. `tests`: test files among them. `co_changes`: files changed in the same commits, code
    first. `lower_bound: true`: callers or tests may be missing (`completeness` says which
    names, and how to search for them). For
    changes, `changed`: the files, symbols touched, `stale` ones.
    """
    graph = ctx.graph()
    clamps = Clamps()
    budget = clamp_max_tokens(clamps, request.max_tokens)
    raw = impact(graph, ctx.settings, request)
    if clamps.changes:
        raw["clamped"] = {**raw.get("clamped", {}), **clamps.as_dict()}
    answer = compact_impact(raw, impact_question(request), max_tokens=budget)
    files, symbols = seeds_of(raw)
    noted = notes_line(graph, [raw["repo"]], files=files, symbols=symbols)
    if noted:
        answer["notes"] = noted
    return Covering(answer, graph, [answer["repo"]])


def seeds_of(raw: dict[str, Any]) -> tuple[list[str], list[str]]:
    """The file and symbol ids an impact answer's seeds name (what its `notes` line is on)."""
    repo = raw["repo"]
    seeds = raw.get("seeds", {})
    files = [f"{repo}:{seeds['of_file']}"] if seeds.get("of_file") else []
    files += [f"{repo}:{path}" for path in raw.get("seed_files", {}).get("items", [])]
    symbols = [f"{repo}:{item}" for item in seeds.get("items", [])]
    return files, symbols


VERBS = (Verb(impact_verb, ImpactRequest, READS, name="impact", freshness=Freshness.BRIEF),)


def impact_tools(ctx: AppContext) -> list[ToolSpec]:
    return [verb.spec(ctx) for verb in VERBS]
