"""The MCP verb `impact` (read-only: it reads the graph and git, and writes nothing)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from coderooms.context import AppContext
from coderooms.effects import READS
from coderooms.freshness.room import freshness_of
from coderooms.impact import limits
from coderooms.impact.verb import ImpactRequest, impact
from coderooms.tooling import ToolSpec


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
        cursor: Annotated[
            str | None, Field(description="next_cursor of an earlier answer.")
        ] = None,
    ) -> dict[str, Any]:
        """What a change reaches, before you edit: callers, importers, tests, co-changes.

        Give one of symbol, path, changes. `affected` rows: id (repo left out), hop, to (the
        node it reaches), edge (absent: calls), via and conf (how the edge resolved), line;
        nearest first, code before tests; `next_cursor` pages the rest. `tests`: test files
        among them. `co_changes`: files changed in the same commits, code first. `lower_bound:
        true`: callers or tests may be missing (`completeness` says which names, and how to
        search for them). For changes, `changed`: the files, symbols touched, `stale` ones.
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
        answer = impact(graph, ctx.settings, request)
        answer["freshness"] = freshness_of(graph, [answer["repo"]]).get(answer["repo"], {})
        return answer

    return [ToolSpec(impact_verb, READS, verb="impact")]
