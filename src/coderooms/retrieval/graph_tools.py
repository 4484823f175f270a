"""The MCP verbs of graph retrieval: `seek`, `activate`, `heuristics_surface` (all read-only).
Their arguments are `requests`' models; `seek` and `activate` answers carry the freshness of the
repos they read, attached by the tool wrapper (`heuristics_surface` adds its own before it pages
its samples, whose share of the budget counts it)."""

from __future__ import annotations

from typing import Any

from coderooms.core.clamps import Clamps
from coderooms.freshness import freshness_of
from coderooms.retrieval.activate import ActivateRequest, activate
from coderooms.retrieval.graph_limits import (
    HEURISTICS_LIST_MAX,
    SEEK_TOP_K_DEFAULT,
    SEEK_TOP_K_MAX,
    SEEK_TOP_K_MIN,
)
from coderooms.retrieval.heuristics import heuristics_surface
from coderooms.retrieval.questions import activate_question, seek_question
from coderooms.retrieval.requests import ActivateArguments, HeuristicsArguments, SeekArguments
from coderooms.retrieval.seek import SeekRequest, seek
from coderooms.search import seek_answer
from coderooms.verbs.budget import (
    Question,
    clamp_max_tokens,
    fit,
    page_into,
    room,
)
from coderooms.verbs.context import AppContext
from coderooms.verbs.declaring import Verb
from coderooms.verbs.effects import READS
from coderooms.verbs.spec import Covering, Freshness, ToolSpec

HEURISTICS_LISTS = {"test_callers_sample": "test callers", "ghost_references_sample": "ghosts"}
"""The lists of heuristics_surface's graph facts that page, and what their rows are."""


def seek_verb(ctx: AppContext, agent: str, r: SeekArguments) -> dict[str, Any]:
    """Find symbols by name (exact matches), or by a description in words (ranked).

    A name (`get_value`, `Schema.load`, an id) answers the symbols so named, `path:start-end
    signature` each (its id is `path::qualname`), or `none: no symbol is named ...`; the
    partial matches are counted, and `cursor` ranks them. Words or a description answer a
    ranked page (top_k; the default 5 keeps those within 2/3 of the first's score):
    `path:start-end score signature`, score = (0.4 lexical +
    0.3 semantic + (0.2 graph + 0.1 prior) x max(lexical, semantic)) x place, place 0.7 in a
    test file unless the query asks for tests, 0.9 under examples or docs (docs/retrieval.md;
    heuristics_surface explains one symbol's). `words_only` when a description was ranked by
    words alone (no vector fed a score), and why. `proof_state` (where
    edit verbs are served): ready, triaging. Nothing to rank: `none` (what, why) and `next`.
    """
    clamps = Clamps()
    budget = clamp_max_tokens(clamps, r.max_tokens)
    question = seek_question(r)
    _, offset = question.read(r.cursor)
    request = SeekRequest(
        query=r.query,
        repo=r.repo,
        path_glob=r.path_glob,
        language=r.language,
        kinds=tuple(r.kinds) if r.kinds is not None else None,
        top_k=clamps.clamp("top_k", r.top_k, SEEK_TOP_K_MIN, SEEK_TOP_K_MAX),
        offset=offset,
    )
    graph = ctx.graph()
    raw = seek(graph, request, ctx.readable(graph))
    raw["clamped"] = {**raw["clamped"], **clamps.as_dict()}
    answer = seek_answer(
        raw,
        question=question,
        offset=offset,
        max_tokens=budget,
        proof=ctx.edits_served,
        paged=r.cursor is not None,
        lead=r.top_k == SEEK_TOP_K_DEFAULT,
    )
    return Covering(answer, graph, raw["scope"]["repos"])


def activate_verb(ctx: AppContext, agent: str, r: ActivateArguments) -> dict[str, Any]:
    """Spread activation from seeds over calls, inheritance, containment, imports and
    file definitions (both directions) to find the code most related to them.

    Each result: id, kind, name, path, `activation`, `hop` (0 for seeds), `via` (the edge
    that brought it the most: from, edge, direction) and `route` (the ids from a seed). Per
    hop an edge passes activation · edge weight · confidence · decay / sqrt(source degree);
    a hub too weak to pass min_activation to any single neighbour sends nothing (listed in
    `silent_hubs`: lower min_activation to hear it). Budgets (hops, nodes expanded,
    neighbours per node) that cut the spread are flagged in `budget_exhausted`;
    out-of-range arguments are clamped (`clamped`). Deterministic: ordered by activation,
    then id. Unknown seed ids are listed in `missing_seeds`. `completeness`: call sites named
    like the seeds whose receivers the graph could not prove (`lower_bound: true`: callers
    the spread could not reach). Results past max_tokens are left for `next_cursor` (`more`
    says how many).
    """
    request = ActivateRequest(
        seeds=tuple(r.seeds) if r.seeds is not None else None,
        query=r.query,
        repo=r.repo,
        max_hops=r.max_hops,
        max_nodes_expanded=r.max_nodes_expanded,
        min_activation=r.min_activation,
        decay=r.decay,
        top_k=r.top_k,
    )
    clamps = Clamps()
    budget = clamp_max_tokens(clamps, r.max_tokens)
    question = activate_question(r)
    _, offset = question.read(r.cursor)
    graph = ctx.graph()
    answer = activate(graph, request, ctx.readable(graph))
    repos = {r["repo"] for r in answer["results"]}
    results = answer.pop("results")[offset:]
    fitted = fit(results, room(budget, answer))
    answer["results"] = results[: fitted.shown]
    if offset:
        answer["offset"] = offset
    if fitted.shown < len(results):
        answer |= question.more(offset + fitted.shown, len(results) - fitted.shown, "results")
    if clamps.changes:
        answer["clamped"] = {**answer.get("clamped", {}), **clamps.as_dict()}
    return Covering(answer, graph, repos)


def heuristics_surface_verb(ctx: AppContext, agent: str, r: HeuristicsArguments) -> dict[str, Any]:
    """Explain how seek ranks one symbol, and its graph facts.

    Each signal raw and weighted, the weights, which index sources bring it in for the
    query, its rank and final score; plus graph facts:
    in/out degree per edge type, callers from other files, test callers, co-change partners
    of its file, ghost (unresolved) references it makes, `completeness` (call sites of its
    name whose receivers the graph could not prove). The two samples page: a cut one has
    `next_cursor` (that call answers that list alone). Unknown id: not_found."""
    clamps = Clamps()
    budget = clamp_max_tokens(clamps, r.max_tokens)
    question = Question.of("heuristics_surface", node_id=r.node_id, query=r.query)
    part, offset = question.read(r.cursor, ("", *HEURISTICS_LISTS))
    graph = ctx.graph()
    answer = heuristics_surface(graph, r.node_id, r.query, ctx.readable(graph))
    facts = answer["graph_facts"]
    rows = {key: facts.pop(key) for key in HEURISTICS_LISTS}
    if clamps.changes:
        answer["clamped"] = clamps.as_dict()
    if part:
        answer = {"node": {"id": answer["node"]["id"]}, "graph_facts": facts}
        facts.clear()
    else:
        answer["freshness"] = freshness_of(graph, [answer["node"]["repo"]])
    share = room(budget, answer) // (1 if part else len(HEURISTICS_LISTS))
    for key, what in HEURISTICS_LISTS.items():
        if part in ("", key):
            facts[key] = page_into(
                {},
                "items",
                rows[key],
                question=question,
                offset=offset,
                room_chars=share,
                what=what,
                part=key,
                limit=HEURISTICS_LIST_MAX,
            )
    return answer


VERBS = (
    Verb(seek_verb, SeekArguments, READS, name="seek", freshness=Freshness.BRIEF),
    Verb(activate_verb, ActivateArguments, READS, name="activate", freshness=Freshness.FULL),
    Verb(heuristics_surface_verb, HeuristicsArguments, READS, name="heuristics_surface"),
)


def graph_search_tools(ctx: AppContext) -> list[ToolSpec]:
    return [verb.spec(ctx) for verb in VERBS]
