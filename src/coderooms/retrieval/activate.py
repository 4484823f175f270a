"""`activate`: spreading activation from seed nodes over the code graph, hop by hop.

Seeds are symbol or file ids (activation 1.0 each), or a query whose top ACTIVATE_QUERY_SEEDS
`seek` hits become seeds (activation = score / best score). Each hop reads the neighbours of the
whole frontier in ONE statement (`retrieval/activate_hop`: an UNWIND over the frontier, each node
found by its id index), over CALLS, INHERITS, CONTAINS, IMPORTS and DEFINES in both directions
(ghosts are not nodes of the answer). An edge from u (degree d: its neighbours over those edges)
to v passes

    a(u) · w(type, direction) · confidence(edge) · decay / sqrt(d)

(`w`: EDGE_WEIGHTS; confidence: the edge's resolution confidence, 1.0 when it has none). What v
receives in one hop is summed (in the order source id, type, direction), added to what it had,
capped at MAX_ACTIVATION; a node whose activation is below the threshold after the hop is dropped,
and only nodes from FIRE_FACTOR times the threshold are expanded (fire) in the next hop.
Nodes are expanded at most once; no activation flows back into expanded nodes (seeds included).
A node with more neighbours than `silent_above` could not pass the threshold to any single one
of them: it is silent (expanded, sends nothing, listed in `silent_hubs`), so a hub reached
weakly costs a count, not a read of its thousands of edges. (Picking which few of those
sub-threshold shares to send would be arbitrary; sending all is the hub cost this avoids.)
Budget: max hops, max nodes expanded (the frontier is cut in activation order), at most
NEIGHBOURS_PER_NODE neighbours read per node, best weighted first (weight · confidence desc, then
id), of those not expanded yet (the hop's frontier included: nothing flows into them, so they
are not read back); each cut sets a `budget_exhausted` flag.
Same graph, same arguments → same answer, ordered by activation desc, then id.
`completeness` says how many call sites named like the seeds (a file seed: its symbols) have
receivers the graph could not prove: callers the spread could not reach (`graph/completeness`,
sent while the spread runs).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from coderooms.core.clamps import Clamps
from coderooms.errors import InvalidInput, NotFound
from coderooms.graph.completeness import submit
from coderooms.graph.driver import Graph
from coderooms.ingest import CALL_GROUPS
from coderooms.retrieval.graph_limits import (
    ACTIVATE_DECAY_MAX,
    ACTIVATE_DECAY_MIN,
    ACTIVATE_EXPAND_MAX,
    ACTIVATE_EXPAND_MIN,
    ACTIVATE_HOPS_MAX,
    ACTIVATE_HOPS_MIN,
    ACTIVATE_QUERY_SEEDS,
    ACTIVATE_SEEDS_MAX,
    ACTIVATE_THRESHOLD_MAX,
    ACTIVATE_THRESHOLD_MIN,
    ACTIVATE_TOP_K_MAX,
    ACTIVATE_TOP_K_MIN,
    EDGE_WEIGHTS,
    FIRE_FACTOR,
    MAX_ACTIVATION,
    NEIGHBOURS_PER_NODE,
    SCORE_DIGITS,
    SILENT_HUBS_LISTED,
)
from coderooms.retrieval.seek import SeekRequest, seek


@dataclass(frozen=True, slots=True)
class ActivateRequest:
    seeds: tuple[str, ...] | None = None
    query: str | None = None
    repo: str | None = None
    max_hops: int = 2
    max_nodes_expanded: int = 200
    min_activation: float = 0.01
    decay: float = 0.6
    top_k: int = 50


@dataclass(frozen=True, slots=True)
class Via:
    source: str
    edge: str
    direction: str
    contribution: float


@dataclass
class Spread:
    activation: dict[str, float] = field(default_factory=dict)
    hop: dict[str, int] = field(default_factory=dict)
    via: dict[str, Via] = field(default_factory=dict)
    info: dict[str, dict[str, Any]] = field(default_factory=dict)
    expanded: set[str] = field(default_factory=set)
    silent: set[str] = field(default_factory=set)
    budget: dict[str, bool] = field(
        default_factory=lambda: {"hops": False, "nodes": False, "fanout": False}
    )
    hops_run: int = 0


def clamp_float(
    changes: dict[str, dict[str, float]], name: str, value: float, low: float, high: float
) -> float:
    used = min(max(float(value), low), high)
    if used != value:
        changes[name] = {"requested": value, "used": used, "min": low, "max": high}
    return used


def node_info(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "kind": row["kind"],
        "name": row["name"],
        "path": row["path"],
        "repo": row["repo"],
    }


def spread(
    graph: Graph,
    seeds: dict[str, float],
    infos: dict[str, dict[str, Any]],
    *,
    max_hops: int,
    max_expanded: int,
    threshold: float,
    decay: float,
    readable: Sequence[str] | None = None,
) -> Spread:
    state = Spread(activation=dict(seeds), hop=dict.fromkeys(seeds, 0), info=dict(infos))
    frontier = sorted(seeds, key=lambda node: (-seeds[node], node))
    for hop in range(1, max_hops + 1):
        if not frontier:
            break
        room = max_expanded - len(state.expanded)
        if room <= 0:
            state.budget["nodes"] = True
            break
        if len(frontier) > room:
            state.budget["nodes"] = True
            frontier = frontier[:room]
        items = [
            {"id": node, "silent_above": silent_above(state.activation[node], threshold, decay)}
            for node in frontier
        ]
        state.expanded.update(frontier)
        [hop_read] = graph.read(
            "retrieval/activate_hop",
            frontier=items,
            expanded=dict.fromkeys(state.expanded, True),
            weights=WEIGHTS_PARAM,
            most=NEIGHBOURS_PER_NODE,
            repos=None if readable is None else list(readable),
        )
        rows: list[dict[str, Any]] = hop_read["rows"]
        if any(r["degree"] > NEIGHBOURS_PER_NODE for r in rows):
            state.budget["fanout"] = True
        state.silent.update(hop_read["silent"])
        state.hops_run = hop
        reached = _receive(state, rows, hop, threshold=threshold, decay=decay)
        fire = threshold * FIRE_FACTOR
        frontier = [node for node in reached if state.activation[node] >= fire]
    if frontier and state.hops_run == max_hops:
        state.budget["hops"] = True
    return state


WEIGHTS_PARAM = {
    f"{kind}:{direction}": weight for (kind, direction), weight in EDGE_WEIGHTS.items()
}
MAX_EDGE_WEIGHT = max(EDGE_WEIGHTS.values())


def silent_above(activation: float, threshold: float, decay: float) -> int:
    """The degree beyond which a node with this activation is silent: with d neighbours each
    receives at most a·w_max·decay/sqrt(d), so beyond (a·w_max·decay / threshold)² neighbours
    every single contribution is below the threshold (rounded up: never silences a node that
    could pass it)."""
    return math.ceil((activation * MAX_EDGE_WEIGHT * decay / threshold) ** 2)


def _receive(
    state: Spread, rows: list[dict[str, Any]], hop: int, *, threshold: float, decay: float
) -> list[str]:
    """Apply one hop's edges; return the nodes that received activation and kept at least the
    threshold, best first."""
    # a total order (two edges may join the same pair the same way), so the sums are always
    # added up in the same order
    rows.sort(key=lambda r: (r["source"], r["type"], r["direction"], r["target"], r["confidence"]))
    incoming: dict[str, float] = {}
    best: dict[str, Via] = {}
    for row in rows:
        source, target = str(row["source"]), str(row["target"])
        degree = int(row["degree"])
        if target in state.expanded:
            continue
        weight = EDGE_WEIGHTS[(row["type"], row["direction"])] * float(row["confidence"])
        contribution = state.activation[source] * weight * decay / math.sqrt(degree)
        incoming[target] = incoming.get(target, 0.0) + contribution
        if target not in best or contribution > best[target].contribution:
            best[target] = Via(source, row["type"], row["direction"], contribution)
        state.info.setdefault(target, node_info(row))
    reached: list[str] = []
    for target in sorted(incoming):
        total = min(MAX_ACTIVATION, state.activation.get(target, 0.0) + incoming[target])
        if total < threshold:
            continue
        if target not in state.activation:
            state.hop[target] = hop
        earlier = state.via.get(target)
        is_seed = state.hop[target] == 0
        if not is_seed and (earlier is None or best[target].contribution > earlier.contribution):
            state.via[target] = best[target]
        state.activation[target] = total
        reached.append(target)
    return sorted(reached, key=lambda node: (-state.activation[node], node))


def route_to(state: Spread, node: str) -> list[str]:
    """The ids from a seed to `node`, each step the edge that brought the most activation."""
    route = [node]
    while route[-1] in state.via:
        route.append(state.via[route[-1]].source)
    return list(reversed(route))


def seeds_from_ids(
    graph: Graph, ids: tuple[str, ...], readable: Sequence[str] | None = None
) -> tuple[dict[str, float], dict[str, Any]]:
    """The seeds among `ids` (of the `readable` repos; None: every repo); an id of another
    repo is missing, exactly like an id the graph does not hold."""
    if len(ids) > ACTIVATE_SEEDS_MAX:
        raise InvalidInput(
            f"at most {ACTIVATE_SEEDS_MAX} seeds", field="seeds", hint="pass fewer seed ids"
        )
    repos = None if readable is None else list(readable)
    rows = graph.read("retrieval/activate_seeds", ids=sorted(set(ids)), repos=repos)
    if not rows:
        raise NotFound(
            "none of the seed ids is a symbol or file of the graph",
            field="seeds",
            hint="take ids from seek or search results (e.g. repo:path::Qual.name)",
        )
    return {str(r["id"]): 1.0 for r in rows}, {str(r["id"]): node_info(r) for r in rows}


def activate(
    graph: Graph, request: ActivateRequest, readable: Sequence[str] | None = None
) -> dict[str, Any]:
    """`readable`: the repos this server may read (`resolve_repos`); None: every repo."""
    if (request.seeds is None) == (request.query is None):
        raise InvalidInput(
            "give exactly one of seeds and query",
            field="seeds",
            hint="seeds: ids from seek/search; query: text resolved to seeds by seek",
        )
    clamps = Clamps()
    max_hops = clamps.clamp("max_hops", request.max_hops, ACTIVATE_HOPS_MIN, ACTIVATE_HOPS_MAX)
    max_expanded = clamps.clamp(
        "max_nodes_expanded", request.max_nodes_expanded, ACTIVATE_EXPAND_MIN, ACTIVATE_EXPAND_MAX
    )
    top_k = clamps.clamp("top_k", request.top_k, ACTIVATE_TOP_K_MIN, ACTIVATE_TOP_K_MAX)
    float_changes: dict[str, dict[str, float]] = {}
    threshold = clamp_float(
        float_changes,
        "min_activation",
        request.min_activation,
        ACTIVATE_THRESHOLD_MIN,
        ACTIVATE_THRESHOLD_MAX,
    )
    decay = clamp_float(
        float_changes, "decay", request.decay, ACTIVATE_DECAY_MIN, ACTIVATE_DECAY_MAX
    )
    answer: dict[str, Any] = {
        "seeds": [],
        "missing_seeds": [],
        "clamped": clamps.as_dict() | float_changes,
    }
    if request.query is not None:
        found = seek(
            graph,
            SeekRequest(query=request.query, repo=request.repo, top_k=ACTIVATE_QUERY_SEEDS),
            readable,
        )
        answer["seek"] = {
            key: found[key] for key in ("proof_state", "tokens", "embeddings_used", "scope")
        }
        if found["proof_state"] == "blocked":
            answer |= {
                "proof_state": "blocked",
                "blocked_reason": found["blocked_reason"],
                "recovery_playbook": found["recovery_playbook"],
                "results": [],
                "budget_exhausted": {"hops": False, "nodes": False, "fanout": False},
            }
            return answer
        top = found["results"][0]["score"] or 1.0
        seeds = {hit["id"]: round(hit["score"] / top, SCORE_DIGITS) for hit in found["results"]}
        infos = {
            hit["id"]: {k: hit[k] for k in ("kind", "name", "path", "repo")}
            for hit in found["results"]
        }
    else:
        assert request.seeds is not None
        seeds, infos = seeds_from_ids(graph, request.seeds, readable)
        answer["missing_seeds"] = sorted(set(request.seeds) - set(seeds))
    completeness = submit(graph, seeds, CALL_GROUPS)
    state = spread(
        graph,
        seeds,
        infos,
        max_hops=max_hops,
        max_expanded=max_expanded,
        threshold=threshold,
        decay=decay,
        readable=readable,
    )
    ranked = sorted(state.activation, key=lambda node: (-state.activation[node], node))
    answer |= {
        "proof_state": "ready",
        "seeds": [{"id": node, "activation": seeds[node]} for node in sorted(seeds)],
        "results": [result_of(state, node) for node in ranked[:top_k]],
        "activated": len(ranked),
        "truncated": len(ranked) > top_k,
        "nodes_expanded": len(state.expanded),
        "silent_hubs": {
            "count": len(state.silent),
            "ids": sorted(state.silent, key=lambda node: (-state.activation[node], node))[
                :SILENT_HUBS_LISTED
            ],
        },
        "hops_run": state.hops_run,
        "budget_exhausted": state.budget,
        "completeness": completeness.result().as_field(),
        "parameters": {
            "max_hops": max_hops,
            "max_nodes_expanded": max_expanded,
            "min_activation": threshold,
            "fire_threshold": threshold * FIRE_FACTOR,
            "decay": decay,
            "neighbours_per_node": NEIGHBOURS_PER_NODE,
            "edge_weights": {f"{t}:{d}": w for (t, d), w in EDGE_WEIGHTS.items()},
        },
    }
    return answer


def result_of(state: Spread, node: str) -> dict[str, Any]:
    via = state.via.get(node)
    return {
        "id": node,
        **state.info.get(node, {}),
        "activation": round(state.activation[node], SCORE_DIGITS),
        "hop": state.hop[node],
        "via": None
        if via is None
        else {
            "from": via.source,
            "edge": via.edge,
            "direction": via.direction,
            "contribution": round(via.contribution, SCORE_DIGITS),
        },
        "route": route_to(state, node),
    }
