"""`heuristics_surface`: what seek's ranking saw for one symbol, and the graph facts around it.

For the symbol: each seek signal raw and weighted, the weights, the candidate sources that would
bring it in for the query (fulltext / exact / semantic; none when it is not a candidate), its
rank among the candidates, the final score; and graph facts: in/out degree per edge type,
callers from other files, test callers (symbols in test files: `languages.is_test_path`, the
rule surgical_context names tests by), co-change partners of its file, the ghost references it
makes, and the completeness of its callers (call sites of its name whose receivers the graph
could not prove, `graph/completeness`). One statement (`retrieval/heuristics_node`) reads the node
and its facts through its id index; the completeness statement is sent alongside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from coderooms.errors import NotFound
from coderooms.graph.completeness import submit
from coderooms.graph.driver import Graph
from coderooms.ingest import CALL_GROUPS
from coderooms.languages import is_test_path
from coderooms.retrieval.graph_limits import SEEK_WEIGHTS
from coderooms.retrieval.seek import checked_query, rank
from coderooms.retrieval.seek_signals import (
    Candidate,
    Signals,
    graph_signal,
    prior_signal,
    signals_for,
)
from coderooms.retrieval.tokens import tokenize_query
from coderooms.scope.readable import readable_id


def _unknown(node_id: str) -> NotFound:
    return NotFound(
        f"no symbol with id {node_id!r}",
        field="node_id",
        hint="take a symbol id from seek, activate or view (repo:path::Qual.name)",
    )


def heuristics_surface(
    graph: Graph, node_id: str, query: str | None = None, readable: Sequence[str] | None = None
) -> dict[str, Any]:
    """`readable`: the repos this server may read; a symbol of another is not_found, exactly
    like an id the graph does not hold. None: every repo."""
    repos = None if readable is None else list(readable)
    if repos is not None and not readable_id(node_id, repos):
        raise _unknown(node_id)
    completeness = submit(graph, [node_id], CALL_GROUPS)
    rows = graph.read("retrieval/heuristics_node", id=node_id, repos=repos)
    if not rows:
        raise _unknown(node_id)
    row = rows[0]
    candidate = Candidate.from_row(row | {"sources": []})
    answer: dict[str, Any] = {
        "node": {
            key: row[key]
            for key in (
                "id",
                "kind",
                "name",
                "qualname",
                "repo",
                "path",
                "start_line",
                "end_line",
                "signature",
            )
        },
        "weights": dict(SEEK_WEIGHTS),
        "graph_facts": {**graph_facts(row), "completeness": completeness.result().as_field()},
    }
    if query is None:
        signals = Signals(
            lexical=0.0,
            semantic=None,
            graph=graph_signal(candidate.fan_in),
            prior=prior_signal(candidate.kind),
        )
        answer |= {
            "query": None,
            "note": "no query: lexical is 0 and semantic absent; only graph and prior apply",
            "candidate_sources": [],
            "seek_rank": None,
            "embeddings_used": False,
        }
        return answer | signal_report(signals)
    text = checked_query(query)
    tokens = tokenize_query(text)
    ranking = rank(
        graph,
        tokens,
        text,
        repos=[candidate.repo],
        repo=candidate.repo,
        glob=None,
        language=None,
        kinds=None,
    )
    position = next((i for i, (c, _, _) in enumerate(ranking.scored) if c.id == candidate.id), None)
    if position is not None:
        found, signals, _ = ranking.scored[position]
        sources = list(found.sources)
    else:
        signals, _ = signals_for(tokens, candidate, None)
        sources = []
    answer |= {
        "query": text,
        "tokens": list(tokens.tokens),
        "candidate_sources": sources,
        "is_candidate": position is not None,
        "seek_rank": None if position is None else position + 1,
        "candidates": len(ranking.scored),
        "candidates_capped": ranking.capped,
        "embeddings_used": signals.semantic is not None,
    }
    if position is None:
        answer["note"] = (
            "not a seek candidate for this query (no index source returned it); the signals "
            "are what it would score if it were one"
        )
    return answer | signal_report(signals)


def signal_report(signals: Signals) -> dict[str, Any]:
    weighted = signals.weighted()
    raw = signals.as_dict()
    return {
        "signals": {
            name: {"raw": raw[name], "weight": SEEK_WEIGHTS[name], "weighted": round(value, 6)}
            for name, value in weighted.items()
        },
        "relevance": round(signals.relevance, 6),
        "score": signals.score(),
    }


def graph_facts(row: dict[str, Any]) -> dict[str, Any]:
    path = str(row["path"] or "")
    callers = sorted(
        {(str(c["id"]), str(c["path"] or "")) for c in row["callers"]}, key=lambda c: c[0]
    )
    other_files = sorted({p for _, p in callers if p != path})
    tests = [caller for caller, p in callers if is_test_path(p)]
    ghosts = sorted({(str(g["name"]), str(g["edge"])) for g in row["ghosts"]})
    partners = sorted(set(row["co_change_partners"]))
    return {
        "degrees": row["degrees"],
        "fan_in": int(row["fan_in"]),
        "callers": len(callers),
        "callers_from_other_files": sum(1 for _, p in callers if p != path),
        "caller_files_other": len(other_files),
        "test_callers": len(tests),
        "test_callers_sample": tests,
        "co_change_partners": len(partners),
        "ghost_references": len(ghosts),
        "ghost_references_sample": [{"name": name, "edge": edge} for name, edge in ghosts],
        "file": row["file_id"],
    }
