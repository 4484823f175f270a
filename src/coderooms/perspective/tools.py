"""The MCP verbs of the perspective room (`perspective_*`).

They write session state only (perspectives and checkpoints in Neo4j), never the user's files
or the code graph: every one of them, since even a verb that only reads a perspective marks it
stale (or rebuilds its routes) when the graph moved. So none is advertised read-only, and a
read-only server serves them only when the operator allows session state. A perspective is
visible to its owner alone: another agent gets `not_found` for it, exactly as for an id that
never existed.
"""

from __future__ import annotations

from typing import Any

from coderooms.core.clamps import Clamps
from coderooms.perspective import lifecycle, moves, reading
from coderooms.perspective.paging import (
    COMPARE_LISTS,
    compare_paged,
    page_list,
    page_routes,
    routes_question,
)
from coderooms.perspective.requests import (
    AffinityArguments,
    BackArguments,
    BranchArguments,
    CloseArguments,
    CompareArguments,
    FollowArguments,
    InspectArguments,
    ListArguments,
    PeekArguments,
    RoutesArguments,
    StartArguments,
    SuggestArguments,
)
from coderooms.verbs.budget import (
    Question,
    clamp_max_tokens,
    cursor_parts,
)
from coderooms.verbs.context import AppContext
from coderooms.verbs.declaring import Verb
from coderooms.verbs.effects import Effect, Writes
from coderooms.verbs.spec import ToolSpec

CREATES = Effect(Writes.SESSION_STATE)
"""Opens a new perspective (or branch) each call."""
MOVES = Effect(Writes.SESSION_STATE)
"""Moves the focus and records a checkpoint: a repeat moves again."""
RECONCILES = Effect(Writes.SESSION_STATE, idempotent=True)
"""Reads a perspective, writing only the stale mark or rebuilt routes a moved graph needs."""


def _budget(max_tokens: int) -> int:
    return clamp_max_tokens(Clamps(), max_tokens)


def perspective_start(ctx: AppContext, agent: str, r: StartArguments) -> dict[str, Any]:
    """Open a perspective: bind a focus node and get the scored routes away from it.

    Returns `perspective_id`, the focus, `route_set_version` (pass it to inspect, peek,
    follow, suggest, affinity) and the first page of routes (6); `completeness` counts the
    call sites named like the focus whose receivers the graph could not prove
    (`lower_bound: true`: callers may be missing from its routes). When the query matches
    several nodes equally well, NOTHING is created: `status: "ambiguous"` lists the ranked
    candidates; call again with `query` set to the candidate's node_id.
    At most 5 perspectives (plus 10 branches) may be open per agent; close old ones.
    """
    budget = _budget(r.max_tokens)
    graph = ctx.graph()
    answer = lifecycle.start(graph, agent, r, ctx.readable(graph), ctx.quotas.perspectives)
    return page_routes(answer, offset=0, max_tokens=budget, elsewhere=True)


def perspective_routes(ctx: AppContext, agent: str, r: RoutesArguments) -> dict[str, Any]:
    """One page of the perspective's routes, in a fixed total order (score, then id).

    A page cut by max_tokens, or followed by more routes, has `next_cursor`: with it, the
    `size` routes after the last one shown (`page` is then not read). A rebuilt route set
    refuses the cursors of the old one.

    If the code graph changed since the routes were built (an ingest, an edit, the
    watcher), they are rebuilt here (`resynthesized: true`) with a new route_set_version:
    this is how to recover from a route_set_stale error.
    """
    budget = _budget(r.max_tokens)
    _, offset = cursor_parts(r.cursor)
    graph = ctx.graph()
    answer = reading.routes(
        graph, agent, r, ctx.readable(graph), offset if r.cursor is not None else None
    )
    if r.cursor is not None:
        routes_question(answer).read(r.cursor)
        del answer["page"]
    else:
        offset = (int(answer["page"]) - 1) * int(answer["size"])
    return page_routes(answer, offset=offset, max_tokens=budget)


def perspective_inspect(ctx: AppContext, agent: str, r: InspectArguments) -> dict[str, Any]:
    """Everything about one route: target, family, relation, direction, score, evidence.

    Name the route by exactly one of route_id or route_index (1-based); pass the
    route_set_version you last saw (another is refused with route_set_stale).
    """
    graph = ctx.graph()
    return reading.inspect(graph, agent, r, ctx.readable(graph))


def perspective_peek(ctx: AppContext, agent: str, r: PeekArguments) -> dict[str, Any]:
    """The source lines of a route's target, read from disk (bounded window).

    Only files under the ingest root of the target's repo are read; large, binary or
    non-file targets are refused (peek_refused). `stale: true` means the file on disk
    differs from what the graph holds (the lines shown are the disk's).
    """
    graph = ctx.graph()
    return reading.peek(graph, ctx.settings, agent, r, ctx.readable(graph))


def perspective_follow(ctx: AppContext, agent: str, r: FollowArguments) -> dict[str, Any]:
    """Move the focus along a route: a checkpoint is saved, routes are rebuilt at the target.

    Returns the new focus, a new route_set_version and the first page of routes.
    perspective_back undoes it (up to the last 200 follows).
    """
    budget = _budget(r.max_tokens)
    graph = ctx.graph()
    answer = moves.follow(graph, agent, r, ctx.readable(graph))
    return page_routes(answer, offset=0, max_tokens=budget, elsewhere=True)


def perspective_back(ctx: AppContext, agent: str, r: BackArguments) -> dict[str, Any]:
    """Undo the last follow: the previous focus and its routes come back (new version).

    At the start focus there is nothing to undo: navigation_at_root.
    """
    budget = _budget(r.max_tokens)
    graph = ctx.graph()
    answer = moves.back(graph, agent, r, ctx.readable(graph))
    return page_routes(answer, offset=0, max_tokens=budget, elsewhere=True)


def perspective_branch(ctx: AppContext, agent: str, r: BranchArguments) -> dict[str, Any]:
    """Fork the perspective into a new one (same focus, routes and history) to explore
    another way without losing this one.

    Needs at least one follow (else navigation_at_root). At most 10 open branches per
    agent."""
    budget = _budget(r.max_tokens)
    graph = ctx.graph()
    answer = lifecycle.branch(graph, agent, r, ctx.readable(graph), ctx.quotas.perspectives)
    return page_routes(answer, offset=0, max_tokens=budget, elsewhere=True)


def perspective_suggest(ctx: AppContext, agent: str, r: SuggestArguments) -> dict[str, Any]:
    """Up to 5 next moves from the current routes: unvisited targets first, one per route
    family before a second of any, each with the reason."""
    budget = _budget(r.max_tokens)
    question = Question.of(
        "perspective_suggest", perspective_id=r.perspective_id, version=r.route_set_version
    )
    _, offset = question.read(r.cursor)
    graph = ctx.graph()
    answer = reading.suggest(graph, agent, r, ctx.readable(graph))
    return page_list(
        answer, "suggestions", question, offset=offset, max_tokens=budget, what="moves"
    )


def perspective_affinity(ctx: AppContext, agent: str, r: AffinityArguments) -> dict[str, Any]:
    """Hypotheses: route targets with no direct edge to the focus that still seem related
    (co-change, shared callers or callees, same namespace, similarity).

    At most 8, each with its evidence and a confidence in [0.15, 0.85] (one source alone
    at most 0.40). They are NOT graph facts: `is_hypothetical` is always true and
    `proposed_relation` always null.
    """
    budget = _budget(r.max_tokens)
    question = Question.of(
        "perspective_affinity", perspective_id=r.perspective_id, version=r.route_set_version
    )
    _, offset = question.read(r.cursor)
    graph = ctx.graph()
    answer = reading.affinity(graph, agent, r, ctx.readable(graph))
    return page_list(
        answer, "candidates", question, offset=offset, max_tokens=budget, what="hypotheses"
    )


def perspective_compare(ctx: AppContext, agent: str, r: CompareArguments) -> dict[str, Any]:
    """How two of your perspectives differ.

    Shared and exclusive nodes (visited and route targets), route family counts and their
    deltas, score statistics per family, depth delta, and the hop distance between their
    foci (null past 4 hops). Each id list is cut at a page (and to max_tokens); a cut one
    has `next_cursor`: that call answers that list alone."""
    budget = _budget(r.max_tokens)
    part, offset = cursor_parts(r.cursor)
    graph = ctx.graph()
    answer = reading.compare(graph, agent, r, ctx.readable(graph))
    question = Question.of(
        "perspective_compare",
        a=answer["a"]["perspective_id"],
        b=answer["b"]["perspective_id"],
        versions=[answer["a"]["route_set_version"], answer["b"]["route_set_version"]],
    )
    if r.cursor is not None:
        question.read(r.cursor, COMPARE_LISTS)
    return compare_paged(answer, question, part, offset, budget)


def perspective_list(ctx: AppContext, agent: str, r: ListArguments) -> dict[str, Any]:
    """Your open perspectives (oldest first): focus, depth, stale, route_set_version."""
    budget = _budget(r.max_tokens)
    graph = ctx.graph()
    answer = lifecycle.list_perspectives(graph, agent, ctx.readable(graph))
    question = Question.of(
        "perspective_list", ids=[p["perspective_id"] for p in answer["perspectives"]]
    )
    _, offset = question.read(r.cursor)
    return page_list(
        answer,
        "perspectives",
        question,
        offset=offset,
        max_tokens=budget,
        what="perspectives",
    )


def perspective_close(ctx: AppContext, agent: str, r: CloseArguments) -> dict[str, Any]:
    """Close a perspective for good: it and its checkpoints are deleted (branches made
    from it stay open)."""
    graph = ctx.graph()
    return lifecycle.close(graph, agent, r, ctx.readable(graph))


VERBS = (
    Verb(perspective_start, StartArguments, CREATES),
    Verb(perspective_routes, RoutesArguments, RECONCILES),
    Verb(perspective_inspect, InspectArguments, RECONCILES),
    Verb(perspective_peek, PeekArguments, RECONCILES),
    Verb(perspective_follow, FollowArguments, MOVES),
    Verb(perspective_suggest, SuggestArguments, RECONCILES),
    Verb(perspective_affinity, AffinityArguments, RECONCILES),
    Verb(perspective_branch, BranchArguments, CREATES),
    Verb(perspective_back, BackArguments, MOVES),
    Verb(perspective_compare, CompareArguments, RECONCILES),
    Verb(perspective_list, ListArguments, RECONCILES),
    Verb(perspective_close, CloseArguments, Effect(Writes.SESSION_STATE, deletes=True)),
)


def perspective_tools(ctx: AppContext) -> list[ToolSpec]:
    return [verb.spec(ctx) for verb in VERBS]
