"""Semantic recall of the default model on a labelled query set over the semantic fixture repo.

Each query (`tests/fixtures/semantic_queries.json`, worded as an agent would ask, not copied from
the docstrings) names the symbols that answer it; a query is recalled at 10 when one of them is
among the 10 nearest symbols. The threshold is set under the measured figure (printed) with a
margin for approximate-index variation, and far above chance: the fixture has about 90
symbols, so ten random picks recall a single expected symbol about 11% of the time.
"""

from __future__ import annotations

import json

from coderooms.graph.driver import Graph
from coderooms.semantic.query import nearest_symbols
from tests.integration.semantic.conftest import QUERIES

RECALL_AT_10_MIN = 0.9
MRR_MIN = 0.75


def test_recall_at_10_on_labelled_queries(graph: Graph, semantic_repo: str) -> None:
    labelled = json.loads(QUERIES.read_text(encoding="utf-8"))["queries"]
    assert len(labelled) >= 30
    prefix = f"{semantic_repo}:"
    recalled, reciprocal, misses = 0, 0.0, []
    for entry in labelled:
        found = nearest_symbols(graph, entry["query"], k=10, repo=semantic_repo)
        assert found is not None, "the fixture repo has vectors"
        ranked = [n.symbol_id.removeprefix(prefix) for n in found]
        ranks = [ranked.index(e) + 1 for e in entry["expected"] if e in ranked]
        if ranks:
            recalled += 1
            reciprocal += 1.0 / min(ranks)
        else:
            misses.append((entry["query"], ranked[:3]))
    recall = recalled / len(labelled)
    mrr = reciprocal / len(labelled)
    print(f"\nsemantic recall@10 = {recall:.3f}, MRR@10 = {mrr:.3f} over {len(labelled)} queries")
    for query, top in misses:
        print(f"  missed: {query!r}; top 3: {top}")
    assert recall >= RECALL_AT_10_MIN
    assert mrr >= MRR_MIN
