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
    """What reaches a symbol, file or diff: callers to a depth, tests, co-changes; `sections`.

    Give one of symbol, path, changes. `seeds`: what it starts from, `path:start-end qualname`
    rows (a name several symbols share seeds them all, `same_name` says so, with `items`).
    `sections` (default callers, tests): `affected` rows `hop path:line caller -> reached (via
    conf)` when they span several hops, else under their file, `{path: ["line caller -> reached
    (via)"]}` (no `-> reached` for a call of the one seed; several seeds reached: `{reached:
    {path: ["line caller (via)"]}}`), nearest first, within depth, paged (`more`,
    `next_cursor`); `tests`: test files reaching the seeds within 5 hops whatever depth, `{path:
    ["symbol"]}` (their rows then not in `affected`; asked alone, `{path: K}`), under `hop N`
    when several; `co_changes`: the seed files' partners from their own git history, `path
    weight`. `lower_bound: true` when callers or tests may be missing, with why: `completeness`
    (unproven receivers, the search that finds them), `read_not_called` (properties and getters,
    read not called), `tests.lower_bound` (the walk stopped at hop 5). For changes, `changed`:
    the files, symbols touched, `stale` ones.
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
