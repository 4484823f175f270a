"""The MCP verbs of graph retrieval: `seek`, `activate`, `heuristics_surface` (all read-only)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from coderooms.arguments import RepoArg
from coderooms.budget import (
    MAX_TOKENS_DEFAULT,
    CursorArg,
    MaxTokensArg,
    Question,
    clamp_max_tokens,
    fit,
    more,
    page_into,
    parse_cursor,
    room,
)
from coderooms.context import AppContext
from coderooms.core.clamps import Clamps
from coderooms.effects import READS
from coderooms.freshness import freshness_of
from coderooms.retrieval.activate import ActivateRequest, activate
from coderooms.retrieval.graph_limits import (
    ACTIVATE_DECAY_DEFAULT,
    ACTIVATE_EXPAND_DEFAULT,
    ACTIVATE_EXPAND_MAX,
    ACTIVATE_HOPS_DEFAULT,
    ACTIVATE_HOPS_MAX,
    ACTIVATE_SEEDS_MAX,
    ACTIVATE_THRESHOLD_DEFAULT,
    ACTIVATE_TOP_K_DEFAULT,
    ACTIVATE_TOP_K_MAX,
    HEURISTICS_LIST_MAX,
    SEEK_TOP_K_DEFAULT,
    SEEK_TOP_K_MAX,
    SEEK_TOP_K_MIN,
)
from coderooms.retrieval.heuristics import heuristics_surface
from coderooms.retrieval.seek import SeekRequest, seek
from coderooms.search import seek_answer
from coderooms.tooling import Covering, Freshness, ToolSpec

HEURISTICS_LISTS = {"test_callers_sample": "test callers", "ghost_references_sample": "ghosts"}
"""The lists of heuristics_surface's graph facts that page, and what their rows are."""


def graph_search_tools(ctx: AppContext) -> list[ToolSpec]:
    def seek_verb(
        agent_id: str,
        query: Annotated[
            str,
            Field(
                description="What to find: an identifier (`JSONDecoder.decode`, `parse_args`) "
                "or a few code words (`thread pool executor`)."
            ),
        ],
        repo: RepoArg = None,
        path_glob: Annotated[
            str | None,
            Field(description="Only symbols in files matching this pattern (`src/**/*.py`)."),
        ] = None,
        language: Annotated[
            str | None, Field(description="Only symbols of this language (python, go, ...).")
        ] = None,
        kinds: Annotated[
            list[str] | None,
            Field(
                description="Only these kinds: module, class, function, method, interface, "
                "variable."
            ),
        ] = None,
        top_k: Annotated[
            int, Field(description=f"Most symbols returned (1..{SEEK_TOP_K_MAX}).")
        ] = SEEK_TOP_K_DEFAULT,
        max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT,
        cursor: CursorArg = None,
    ) -> dict[str, Any]:
        """Find the symbols (functions, classes, methods...) a query names or describes, ranked.

        Each hit, one string in `symbols`: `path:start-end kind qualname score: signature`
        (signatures past 160 characters end in `…`); its id is `repo:path::qualname`. Ordered by
        score, then id: score = 0.4·lexical + 0.3·semantic + (0.2·graph (log-scaled callers) +
        0.1·prior (kind))·max(lexical, semantic), the semantic term left out without vectors
        (docs/retrieval.md; heuristics_surface explains one symbol's). `embeddings_used: true`
        appears only when a real query-vs-symbol cosine fed a returned score. When top_k or
        max_tokens leaves candidates out, `more` says how many and `next_cursor` fetches the next
        ones (the same call with `cursor`). `proof_state`: ready (best hit matches by name),
        triaging (partial matches only), blocked (nothing to rank: empty graph or scope, no usable
        words, no match) with a `recovery_playbook` of next steps; seek never invents hits. Use the
        ids with `impact`, `activate`, `heuristics_surface`.
        """
        ctx.agent(agent_id)
        clamps = Clamps()
        budget = clamp_max_tokens(clamps, max_tokens)
        offset = parse_cursor(cursor)
        request = SeekRequest(
            query=query,
            repo=repo,
            path_glob=path_glob,
            language=language,
            kinds=tuple(kinds) if kinds is not None else None,
            top_k=clamps.clamp("top_k", top_k, SEEK_TOP_K_MIN, SEEK_TOP_K_MAX),
            offset=offset,
        )
        graph = ctx.graph()
        raw = seek(graph, request, ctx.readable(graph))
        raw["clamped"] = {**raw["clamped"], **clamps.as_dict()}
        answer = seek_answer(raw, offset=offset, max_tokens=budget)
        return Covering(answer, graph, raw["scope"]["repos"])

    def activate_verb(
        agent_id: str,
        seeds: Annotated[
            list[str] | None,
            Field(
                description=f"Symbol or file ids to start from (at most {ACTIVATE_SEEDS_MAX}); "
                "or give query instead."
            ),
        ] = None,
        query: Annotated[
            str | None,
            Field(description="Text whose top seek hits become the seeds (instead of seeds)."),
        ] = None,
        repo: Annotated[
            str | None, Field(description="Repo id for the query's seek (with query only).")
        ] = None,
        max_hops: Annotated[
            int, Field(description=f"Hops to spread (1..{ACTIVATE_HOPS_MAX}).")
        ] = ACTIVATE_HOPS_DEFAULT,
        max_nodes_expanded: Annotated[
            int,
            Field(description=f"Most nodes whose neighbours are read (1..{ACTIVATE_EXPAND_MAX})."),
        ] = ACTIVATE_EXPAND_DEFAULT,
        min_activation: Annotated[
            float, Field(description="Nodes below this activation are dropped (0.0001..1).")
        ] = ACTIVATE_THRESHOLD_DEFAULT,
        decay: Annotated[
            float, Field(description="Factor applied per hop (0.05..1).")
        ] = ACTIVATE_DECAY_DEFAULT,
        top_k: Annotated[
            int, Field(description=f"Most nodes returned (1..{ACTIVATE_TOP_K_MAX}).")
        ] = ACTIVATE_TOP_K_DEFAULT,
        max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT,
        cursor: CursorArg = None,
    ) -> dict[str, Any]:
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
        ctx.agent(agent_id)
        request = ActivateRequest(
            seeds=tuple(seeds) if seeds is not None else None,
            query=query,
            repo=repo,
            max_hops=max_hops,
            max_nodes_expanded=max_nodes_expanded,
            min_activation=min_activation,
            decay=decay,
            top_k=top_k,
        )
        clamps = Clamps()
        budget = clamp_max_tokens(clamps, max_tokens)
        offset = parse_cursor(cursor)
        graph = ctx.graph()
        answer = activate(graph, request, ctx.readable(graph))
        repos = {r["repo"] for r in answer["results"]}
        results = answer.pop("results")[offset:]
        fitted = fit(results, room(budget, answer))
        answer["results"] = results[: fitted.shown]
        if offset:
            answer["offset"] = offset
        if fitted.shown < len(results):
            answer |= more(offset + fitted.shown, len(results) - fitted.shown, "results")
        if clamps.changes:
            answer["clamped"] = {**answer.get("clamped", {}), **clamps.as_dict()}
        return Covering(answer, graph, repos)

    def heuristics_surface_verb(
        agent_id: str,
        node_id: Annotated[str, Field(description="Symbol id (from seek, activate or view).")],
        query: Annotated[
            str | None, Field(description="The seek query to explain the symbol's score for.")
        ] = None,
        max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT,
        cursor: CursorArg = None,
    ) -> dict[str, Any]:
        """Explain how seek ranks one symbol, and its graph facts.

        Each signal raw and weighted, the weights, which index sources bring it in for the
        query, its rank and final score; plus graph facts:
        in/out degree per edge type, callers from other files, test callers, co-change partners
        of its file, ghost (unresolved) references it makes, `completeness` (call sites of its
        name whose receivers the graph could not prove). The two samples page: a cut one has
        `next_cursor` (that call answers that list alone). Unknown id: not_found."""
        ctx.agent(agent_id)
        clamps = Clamps()
        budget = clamp_max_tokens(clamps, max_tokens)
        question = Question.of("heuristics_surface", node_id=node_id, query=query)
        part, offset = question.read(cursor, ("", *HEURISTICS_LISTS))
        graph = ctx.graph()
        answer = heuristics_surface(graph, node_id, query, ctx.readable(graph))
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
                    {}, "items", rows[key], question=question, offset=offset, room_chars=share,
                    what=what, part=key, limit=HEURISTICS_LIST_MAX,
                )  # fmt: skip
        return answer

    return [
        ToolSpec(seek_verb, READS, verb="seek", freshness=Freshness.BRIEF),
        ToolSpec(activate_verb, READS, verb="activate", freshness=Freshness.FULL),
        ToolSpec(heuristics_surface_verb, READS, verb="heuristics_surface"),
    ]
