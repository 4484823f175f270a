"""The MCP verbs of the perspective room (`perspective_*`).

They write session state only (perspectives and checkpoints in Neo4j), never the user's files
or the code graph: every one of them, since even a verb that only reads a perspective marks it
stale (or rebuilds its routes) when the graph moved. So none is advertised read-only, and a
read-only server serves them only when the operator allows session state. A perspective is
visible to its owner alone: another agent gets `not_found` for it, exactly as for an id that
never existed.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from coderooms.budget import (
    MAX_TOKENS_DEFAULT,
    CursorArg,
    MaxTokensArg,
    Question,
    clamp_max_tokens,
    cursor_parts,
)
from coderooms.context import AppContext
from coderooms.core.clamps import Clamps
from coderooms.effects import Effect, Writes
from coderooms.perspective import verbs
from coderooms.perspective.limits import (
    MAX_AFFINITY_CANDIDATES,
    MAX_CHECKPOINTS,
    MAX_OPEN_BRANCHES,
    MAX_OPEN_PERSPECTIVES,
    MAX_SUGGESTIONS,
    PAGE_SIZE_DEFAULT,
    PAGE_SIZE_MAX,
)
from coderooms.perspective.paging import (
    COMPARE_LISTS,
    compare_paged,
    page_list,
    page_routes,
    routes_question,
)
from coderooms.tooling import ToolSpec

CREATES = Effect(Writes.SESSION_STATE)
"""Opens a new perspective (or branch) each call."""
MOVES = Effect(Writes.SESSION_STATE)
"""Moves the focus and records a checkpoint: a repeat moves again."""
RECONCILES = Effect(Writes.SESSION_STATE, idempotent=True)
"""Reads a perspective, writing only the stale mark or rebuilt routes a moved graph needs."""

PerspectiveArg = Annotated[
    str, Field(description="The perspective_id perspective_start or perspective_branch returned.")
]
VersionArg = Annotated[
    int,
    Field(
        description="The route_set_version your last perspective call returned; a different "
        "one is refused with route_set_stale (call perspective_routes)."
    ),
]
RouteIdArg = Annotated[
    str | None,
    Field(description="The route's route_id (stable). Give this or route_index, not both."),
]
RouteIndexArg = Annotated[
    int | None,
    Field(description="The route's 1-based position in the route set. Or give route_id."),
]


def perspective_tools(ctx: AppContext) -> list[ToolSpec]:
    def perspective_start(
        agent_id: str,
        query: Annotated[
            str,
            Field(
                description="What to look at: a symbol or file name, a qualified name "
                "(`Class.method`), a path, or an exact node id."
            ),
        ],
        anchor: Annotated[
            str | None,
            Field(description="Narrows an ambiguous query: a path or name near the one you mean."),
        ] = None,
        lens: Annotated[
            dict[str, Any] | None,
            Field(
                description="What the routes show: route_families, node_types, namespaces, tags, "
                "include_ghost_edges, include_structural_holes, ranking_weights, top_k "
                "(see docs/perspective-routes.md). Omit for everything."
            ),
        ] = None,
        repo: Annotated[str | None, Field(description="Only look in this repo id.")] = None,
        max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT,
    ) -> dict[str, Any]:
        """Open a perspective: bind a focus node and get the scored routes away from it.

        Returns `perspective_id`, the focus, `route_set_version` (pass it to inspect, peek,
        follow, suggest, affinity) and the first page of routes (6); `completeness` counts the
        call sites named like the focus whose receivers the graph could not prove
        (`lower_bound: true`: callers may be missing from its routes). When the query matches
        several nodes equally well, NOTHING is created: `status: "ambiguous"` lists the ranked
        candidates; call again with `query` set to the candidate's node_id.
        At most 5 perspectives (plus 10 branches) may be open per agent; close old ones.
        """
        agent = ctx.agent(agent_id)
        budget = _budget(max_tokens)
        graph = ctx.graph()
        answer = verbs.start(graph, agent, query, anchor, lens, repo, readable=ctx.readable(graph))
        return page_routes(answer, offset=0, max_tokens=budget, elsewhere=True)

    def perspective_routes(
        agent_id: str,
        perspective_id: PerspectiveArg,
        page: Annotated[int, Field(description="1-based page number.")] = 1,
        size: Annotated[
            int, Field(description=f"Routes per page, 1 to {PAGE_SIZE_MAX} (larger is clamped).")
        ] = PAGE_SIZE_DEFAULT,
        max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT,
        cursor: CursorArg = None,
    ) -> dict[str, Any]:
        """One page of the perspective's routes, in a fixed total order (score, then id).

        A page cut by max_tokens, or followed by more routes, has `next_cursor`: with it, the
        `size` routes after the last one shown (`page` is then not read). A rebuilt route set
        refuses the cursors of the old one.

        If the code graph changed since the routes were built (an ingest, an edit, the
        watcher), they are rebuilt here (`resynthesized: true`) with a new route_set_version:
        this is how to recover from a route_set_stale error.
        """
        agent = ctx.agent(agent_id)
        budget = _budget(max_tokens)
        _, offset = cursor_parts(cursor)
        graph = ctx.graph()
        answer = verbs.routes(
            graph, agent, perspective_id, page, size, readable=ctx.readable(graph),
            offset=offset if cursor is not None else None,
        )  # fmt: skip
        if cursor is not None:
            routes_question(answer).read(cursor)
            del answer["page"]
        else:
            offset = (int(answer["page"]) - 1) * int(answer["size"])
        return page_routes(answer, offset=offset, max_tokens=budget)

    def perspective_inspect(
        agent_id: str,
        perspective_id: PerspectiveArg,
        route_set_version: VersionArg,
        route_id: RouteIdArg = None,
        route_index: RouteIndexArg = None,
    ) -> dict[str, Any]:
        """Everything about one route: target, family, relation, direction, score, evidence.

        Name the route by exactly one of route_id or route_index (1-based); pass the
        route_set_version you last saw (another is refused with route_set_stale).
        """
        agent = ctx.agent(agent_id)
        graph = ctx.graph()
        return verbs.inspect(
            graph,
            agent,
            perspective_id,
            route_set_version,
            route_id,
            route_index,
            readable=ctx.readable(graph),
        )

    def perspective_peek(
        agent_id: str,
        perspective_id: PerspectiveArg,
        route_set_version: VersionArg,
        route_id: RouteIdArg = None,
        route_index: RouteIndexArg = None,
    ) -> dict[str, Any]:
        """The source lines of a route's target, read from disk (bounded window).

        Only files under the ingest root of the target's repo are read; large, binary or
        non-file targets are refused (peek_refused). `stale: true` means the file on disk
        differs from what the graph holds (the lines shown are the disk's).
        """
        agent = ctx.agent(agent_id)
        graph = ctx.graph()
        return verbs.peek(
            graph,
            ctx.settings,
            agent,
            perspective_id,
            route_set_version,
            route_id,
            route_index,
            readable=ctx.readable(graph),
        )

    def perspective_follow(
        agent_id: str,
        perspective_id: PerspectiveArg,
        route_set_version: VersionArg,
        route_id: RouteIdArg = None,
        route_index: RouteIndexArg = None,
        max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT,
    ) -> dict[str, Any]:
        """Move the focus along a route: a checkpoint is saved, routes are rebuilt at the target.

        Returns the new focus, a new route_set_version and the first page of routes.
        perspective_back undoes it (up to the last 200 follows).
        """
        agent = ctx.agent(agent_id)
        budget = _budget(max_tokens)
        graph = ctx.graph()
        answer = verbs.follow(
            graph,
            agent,
            perspective_id,
            route_set_version,
            route_id,
            route_index,
            readable=ctx.readable(graph),
        )
        return page_routes(answer, offset=0, max_tokens=budget, elsewhere=True)

    def perspective_back(
        agent_id: str, perspective_id: PerspectiveArg, max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    ) -> dict[str, Any]:
        """Undo the last follow: the previous focus and its routes come back (new version).

        At the start focus there is nothing to undo: navigation_at_root.
        """
        agent = ctx.agent(agent_id)
        budget = _budget(max_tokens)
        graph = ctx.graph()
        answer = verbs.back(graph, agent, perspective_id, readable=ctx.readable(graph))
        return page_routes(answer, offset=0, max_tokens=budget, elsewhere=True)

    def perspective_branch(
        agent_id: str, perspective_id: PerspectiveArg, max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    ) -> dict[str, Any]:
        """Fork the perspective into a new one (same focus, routes and history) to explore
        another way without losing this one.

        Needs at least one follow (else navigation_at_root). At most 10 open branches per
        agent."""
        agent = ctx.agent(agent_id)
        budget = _budget(max_tokens)
        graph = ctx.graph()
        answer = verbs.branch(graph, agent, perspective_id, readable=ctx.readable(graph))
        return page_routes(answer, offset=0, max_tokens=budget, elsewhere=True)

    def perspective_suggest(
        agent_id: str,
        perspective_id: PerspectiveArg,
        route_set_version: VersionArg,
        max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT,
        cursor: CursorArg = None,
    ) -> dict[str, Any]:
        """Up to 5 next moves from the current routes: unvisited targets first, one per route
        family before a second of any, each with the reason."""
        agent = ctx.agent(agent_id)
        budget = _budget(max_tokens)
        question = Question.of(
            "perspective_suggest", perspective_id=perspective_id, version=route_set_version
        )
        _, offset = question.read(cursor)
        graph = ctx.graph()
        answer = verbs.suggest(
            graph, agent, perspective_id, route_set_version, readable=ctx.readable(graph)
        )
        return page_list(
            answer, "suggestions", question, offset=offset, max_tokens=budget, what="moves"
        )

    def perspective_affinity(
        agent_id: str,
        perspective_id: PerspectiveArg,
        route_set_version: VersionArg,
        max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT,
        cursor: CursorArg = None,
    ) -> dict[str, Any]:
        """Hypotheses: route targets with no direct edge to the focus that still seem related
        (co-change, shared callers or callees, same namespace, similarity).

        At most 8, each with its evidence and a confidence in [0.15, 0.85] (one source alone
        at most 0.40). They are NOT graph facts: `is_hypothetical` is always true and
        `proposed_relation` always null.
        """
        agent = ctx.agent(agent_id)
        budget = _budget(max_tokens)
        question = Question.of(
            "perspective_affinity", perspective_id=perspective_id, version=route_set_version
        )
        _, offset = question.read(cursor)
        graph = ctx.graph()
        answer = verbs.affinity(
            graph, agent, perspective_id, route_set_version, readable=ctx.readable(graph)
        )
        return page_list(
            answer, "candidates", question, offset=offset, max_tokens=budget, what="hypotheses"
        )

    def perspective_compare(
        agent_id: str,
        perspective_a: Annotated[str, Field(description="One of your perspective ids.")],
        perspective_b: Annotated[str, Field(description="Another of your perspective ids.")],
        max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT,
        cursor: CursorArg = None,
    ) -> dict[str, Any]:
        """How two of your perspectives differ.

        Shared and exclusive nodes (visited and route targets), route family counts and their
        deltas, score statistics per family, depth delta, and the hop distance between their
        foci (null past 4 hops). Each id list is cut at a page (and to max_tokens); a cut one
        has `next_cursor`: that call answers that list alone."""
        agent = ctx.agent(agent_id)
        budget = _budget(max_tokens)
        part, offset = cursor_parts(cursor)
        graph = ctx.graph()
        answer = verbs.compare(
            graph, agent, perspective_a, perspective_b, readable=ctx.readable(graph)
        )
        question = Question.of(
            "perspective_compare", a=answer["a"]["perspective_id"], b=answer["b"]["perspective_id"],
            versions=[answer["a"]["route_set_version"], answer["b"]["route_set_version"]],
        )  # fmt: skip
        if cursor is not None:
            question.read(cursor, COMPARE_LISTS)
        return compare_paged(answer, question, part, offset, budget)

    def perspective_list(
        agent_id: str, max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT, cursor: CursorArg = None
    ) -> dict[str, Any]:
        """Your open perspectives (oldest first): focus, depth, stale, route_set_version."""
        agent = ctx.agent(agent_id)
        budget = _budget(max_tokens)
        graph = ctx.graph()
        answer = verbs.list_perspectives(graph, agent, readable=ctx.readable(graph))
        question = Question.of(
            "perspective_list", ids=[p["perspective_id"] for p in answer["perspectives"]]
        )
        _, offset = question.read(cursor)
        return page_list(
            answer, "perspectives", question, offset=offset, max_tokens=budget,
            what="perspectives",
        )  # fmt: skip

    def perspective_close(agent_id: str, perspective_id: PerspectiveArg) -> dict[str, Any]:
        """Close a perspective for good: it and its checkpoints are deleted (branches made
        from it stay open)."""
        agent = ctx.agent(agent_id)
        graph = ctx.graph()
        return verbs.close(graph, agent, perspective_id, readable=ctx.readable(graph))

    def _budget(max_tokens: int) -> int:
        return clamp_max_tokens(Clamps(), max_tokens)

    return [
        ToolSpec(perspective_start, CREATES),
        ToolSpec(perspective_routes, RECONCILES),
        ToolSpec(perspective_inspect, RECONCILES),
        ToolSpec(perspective_peek, RECONCILES),
        ToolSpec(perspective_follow, MOVES),
        ToolSpec(perspective_suggest, RECONCILES),
        ToolSpec(perspective_affinity, RECONCILES),
        ToolSpec(perspective_branch, CREATES),
        ToolSpec(perspective_back, MOVES),
        ToolSpec(perspective_compare, RECONCILES),
        ToolSpec(perspective_list, RECONCILES),
        ToolSpec(perspective_close, Effect(Writes.SESSION_STATE, deletes=True)),
    ]


CAPS = {
    "open_perspectives": MAX_OPEN_PERSPECTIVES,
    "open_branches": MAX_OPEN_BRANCHES,
    "checkpoints": MAX_CHECKPOINTS,
    "affinity_candidates": MAX_AFFINITY_CANDIDATES,
    "suggestions": MAX_SUGGESTIONS,
}
"""The room's caps, for docs and tests."""
