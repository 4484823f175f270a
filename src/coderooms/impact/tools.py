"""The MCP verb `impact` (read-only: it reads the graph and git, and writes nothing)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from coderooms.budget import (
    MAX_TOKENS_DEFAULT,
    CursorArg,
    MaxTokensArg,
    clamp_max_tokens,
    parse_cursor,
)
from coderooms.context import AppContext
from coderooms.core.clamps import Clamps
from coderooms.effects import READS
from coderooms.impact import limits
from coderooms.impact.compact import compact_impact
from coderooms.impact.verb import ImpactRequest, impact
from coderooms.tooling import Covering, Freshness, ToolSpec


def impact_tools(ctx: AppContext) -> list[ToolSpec]:
    def impact_verb(
        agent_id: str,
        symbol: Annotated[
            str | None,
            Field(description="A name (url_for), qualname (Flask.url_for) or symbol id."),
        ] = None,
        path: Annotated[str | None, Field(description="A file, repo-relative or absolute.")] = None,
        changes: Annotated[
            str | None,
            Field(
                description="'working' (the working tree against HEAD) or a revision range "
                "(HEAD~3..HEAD, main...topic)."
            ),
        ] = None,
        repo: Annotated[
            str | None, Field(description="Repo id (needed when several are ingested).")
        ] = None,
        depth: Annotated[
            int,
            Field(
                description=f"Hops of callers/importers ({limits.DEPTH_MIN}..{limits.DEPTH_MAX})."
            ),
        ] = limits.DEPTH_DEFAULT,
        max_items: Annotated[
            int, Field(description=f"Most affected rows returned (1..{limits.MAX_ITEMS_MAX}).")
        ] = limits.MAX_ITEMS_DEFAULT,
        cursor: CursorArg = None,
        max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT,
    ) -> dict[str, Any]:
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
        ctx.agent(agent_id)
        request = ImpactRequest(
            symbol=symbol,
            path=path,
            changes=changes,
            repo=repo,
            depth=depth,
            max_items=max_items,
            cursor=cursor,
        )
        graph = ctx.graph()
        clamps = Clamps()
        budget = clamp_max_tokens(clamps, max_tokens)
        raw = impact(graph, ctx.settings, request)
        if clamps.changes:
            raw["clamped"] = {**raw.get("clamped", {}), **clamps.as_dict()}
        answer = compact_impact(raw, offset=parse_cursor(cursor), max_tokens=budget)
        return Covering(answer, graph, [answer["repo"]])

    return [ToolSpec(impact_verb, READS, verb="impact", freshness=Freshness.BRIEF)]
