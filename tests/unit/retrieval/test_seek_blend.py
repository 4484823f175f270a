"""Seek's blend arithmetic and the truthfulness rule, on a stand-in graph (no database)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from coderooms.graph.driver import Graph
from coderooms.retrieval import seek as seek_module
from coderooms.retrieval.graph_limits import (
    FAN_IN_SATURATION,
    SEMANTIC_MIN_COSINE,
    WEIGHT_GRAPH,
    WEIGHT_LEXICAL,
    WEIGHT_PRIOR,
    WEIGHT_SEMANTIC,
)
from coderooms.retrieval.seek import SeekRequest, seek
from coderooms.retrieval.seek_signals import Signals, graph_signal, lexical_signal, placed
from coderooms.retrieval.tokens import tokenize_query
from coderooms.semantic import query as semantic
from coderooms.semantic.query import Neighbour


def row(
    name: str,
    qualname: str,
    kind: str = "Function",
    fan_in: int = 0,
    cosine: float | None = None,
    sources: tuple[str, ...] = ("fulltext",),
) -> dict[str, Any]:
    return {
        "id": f"r:m.py::{qualname}",
        "kind": kind,
        "name": name,
        "qualname": qualname,
        "repo": "r",
        "path": "m.py",
        "start_line": 1,
        "end_line": 2,
        "signature": f"def {name}()",
        "sources": list(sources),
        "in_scope": True,
        "fan_in": fan_in,
        "cosine": cosine,
    }


class FakeGraph(Graph):
    """Answers seek's statements from canned rows (a `Graph` in type only)."""

    def __init__(
        self, rows: list[dict[str, Any]], extra: list[dict[str, Any]] | None = None
    ) -> None:
        self.rows = rows
        self.extra = extra or []
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def read(self, statement: str, /, **params: Any) -> list[dict[str, Any]]:
        self.calls.append((statement, params))
        if statement == "search/repo_by_id":
            return [{"id": "r"}]
        if statement == "retrieval/seek_candidates":
            if params["vector"] is None:  # no query vector: no neighbours, no cosines
                return [dict(r, cosine=None) for r in self.rows if r["sources"] != ["neighbour"]]
            return [dict(r) for r in self.rows]
        if statement == "retrieval/seek_semantic_rows":
            return [dict(r) for r in self.extra if r["id"] in params["ids"]]
        if statement == "retrieval/seek_scope_has_symbols":
            return [{"id": "x"}]
        raise AssertionError(statement)


VECTOR = [0.1] * 4


@pytest.fixture(autouse=True)
def no_vectors(monkeypatch: pytest.MonkeyPatch) -> None:
    """No embedding model: no query vector unless a test says (then the stand-in graph's rows
    carry the cosines, and the index fallback finds nothing more unless a test says)."""
    monkeypatch.setattr(semantic, "query_vector", lambda *a, **k: None)
    monkeypatch.setattr(semantic, "nearest_to_vector", lambda *a, **k: None)


def with_vector(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(semantic, "query_vector", lambda *a, **k: VECTOR)


ROWS = [
    row("decode", "JSONDecoder.decode", "Method", fan_in=3),
    row("JSONDecoder", "JSONDecoder", "Class", fan_in=40),
    row("raw_decode", "JSONDecoder.raw_decode", "Method"),
]


def test_weights_sum_to_one() -> None:
    assert pytest.approx(1.0) == WEIGHT_LEXICAL + WEIGHT_SEMANTIC + WEIGHT_GRAPH + WEIGHT_PRIOR


def test_score_is_the_documented_blend() -> None:
    signals = Signals(lexical=0.5, semantic=0.8, graph=0.25, prior=1.0)
    assert signals.relevance == 0.8
    assert signals.score() == round(0.4 * 0.5 + 0.3 * 0.8 + (0.2 * 0.25 + 0.1 * 1.0) * 0.8, 6)
    without = Signals(lexical=0.5, semantic=None, graph=0.25, prior=1.0)
    assert without.relevance == 0.5
    assert without.score() == round(0.4 * 0.5 + (0.2 * 0.25 + 0.1 * 1.0) * 0.5, 6)
    assert without.weighted()["semantic"] == 0.0


def test_popularity_does_not_lift_a_weak_match() -> None:
    precise = Signals(lexical=0.9, semantic=None, graph=0.0, prior=1.0)
    popular = Signals(lexical=0.39, semantic=None, graph=1.0, prior=1.0)
    assert precise.score() > popular.score()


def test_graph_signal_is_log_scaled_and_saturates() -> None:
    assert graph_signal(0) == 0.0
    assert graph_signal(FAN_IN_SATURATION) == 1.0
    assert graph_signal(10 * FAN_IN_SATURATION) == 1.0
    assert graph_signal(7) == pytest.approx(math.log(8) / math.log(1 + FAN_IN_SATURATION))


def test_lexical_exact_beats_partial() -> None:
    exact = lexical_signal(tokenize_query("raw_decode"), "raw_decode", "J.raw_decode", "m.py", "")
    folded = lexical_signal(tokenize_query("RAW_DECODE"), "raw_decode", "raw_decode", "m.py", "")
    partial = lexical_signal(tokenize_query("raw_decode"), "decode", "J.decode", "m.py", "")
    tail = lexical_signal(tokenize_query("J.raw_decode"), "raw_decode", "J.raw_decode", "m", "")
    assert exact == 1.0
    assert tail == 1.0
    assert folded == 0.95
    assert 0 < partial < folded


def test_lexical_prefers_covering_more_words() -> None:
    tokens = tokenize_query("thread pool executor")
    full = lexical_signal(tokens, "ThreadPoolExecutor", "ThreadPoolExecutor", "a.py", "")
    part = lexical_signal(tokens, "Thread", "Thread", "a.py", "")
    assert full == pytest.approx(0.9)
    assert part < full


def test_without_vectors_scores_equal_the_blend_without_semantic(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    answer = seek(FakeGraph(ROWS), SeekRequest(query="JSONDecoder.decode", repo="r"))
    assert answer["embeddings_used"] is False
    for hit in answer["results"]:
        s = hit["signals"]
        assert s["semantic"] is None
        boosts = (WEIGHT_GRAPH * s["graph"] + WEIGHT_PRIOR * s["prior"]) * s["lexical"]
        blend = WEIGHT_LEXICAL * s["lexical"] + boosts
        assert hit["score"] == pytest.approx(blend, abs=1e-5)  # signals are shown rounded
    assert answer["results"][0]["id"] == "r:m.py::JSONDecoder.decode"
    assert answer["proof_state"] == "ready"


def test_no_vector_on_any_candidate_is_not_embeddings_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with_vector(monkeypatch)  # a query vector, but no symbol has one yet
    answer = seek(FakeGraph(ROWS), SeekRequest(query="decode", repo="r"))
    assert answer["embeddings_used"] is False
    assert all(hit["signals"]["semantic"] is None for hit in answer["results"])


def test_a_real_cosine_feeds_the_score_and_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    without = seek(FakeGraph(ROWS), SeekRequest(query="decode", repo="r"))
    with_vector(monkeypatch)
    rows = [dict(r, cosine=0.5 if r["name"] == "raw_decode" else None) for r in ROWS]
    graph = FakeGraph(rows)
    answer = seek(graph, SeekRequest(query="decode", repo="r"))
    assert answer["embeddings_used"] is True
    [(_, params)] = [c for c in graph.calls if c[0] == "retrieval/seek_candidates"]
    assert params["vector"] == VECTOR
    before = {h["id"]: h["score"] for h in without["results"]}
    for hit in answer["results"]:
        if hit["id"] == "r:m.py::JSONDecoder.raw_decode":
            assert hit["signals"]["semantic"] == 0.5
            s = hit["signals"]
            relevance = max(s["lexical"], 0.5)
            boosts = (WEIGHT_GRAPH * s["graph"] + WEIGHT_PRIOR * s["prior"]) * relevance
            expected = WEIGHT_LEXICAL * s["lexical"] + WEIGHT_SEMANTIC * 0.5 + boosts
            assert hit["score"] == pytest.approx(expected, abs=1e-5)
            assert hit["score"] > before[hit["id"]]
        else:
            assert hit["score"] == before[hit["id"]]


def test_cosines_are_rounded_before_they_are_blended(monkeypatch: pytest.MonkeyPatch) -> None:
    with_vector(monkeypatch)
    noisy = [row("decode", "A.decode", cosine=0.30000000001), row("decode", "B.decode", cosine=0.3)]
    answer = seek(FakeGraph(noisy), SeekRequest(query="decode", repo="r"))
    first, second = answer["results"]
    assert first["score"] == second["score"]
    assert [first["id"], second["id"]] == ["r:m.py::A.decode", "r:m.py::B.decode"]


def test_embeddings_used_only_counts_returned_hits(monkeypatch: pytest.MonkeyPatch) -> None:
    with_vector(monkeypatch)
    rows = [dict(r, cosine=0.01 if r["name"] == "raw_decode" else None) for r in ROWS]
    answer = seek(FakeGraph(rows), SeekRequest(query="JSONDecoder", repo="r", top_k=1))
    assert [h["id"] for h in answer["results"]] == ["r:m.py::JSONDecoder"]
    assert answer["embeddings_used"] is False


def test_order_is_score_then_id() -> None:
    twins = [row("go", "A.go", "Method"), row("go", "B.go", "Method")]
    answer = seek(FakeGraph(list(reversed(twins))), SeekRequest(query="go", repo="r"))
    assert [h["id"] for h in answer["results"]] == ["r:m.py::A.go", "r:m.py::B.go"]
    assert answer["results"][0]["score"] == answer["results"][1]["score"]


def test_top_k_is_clamped_and_reported() -> None:
    answer = seek(FakeGraph(ROWS), SeekRequest(query="decode", repo="r", top_k=0))
    assert answer["clamped"]["top_k"]["used"] == 1
    assert len(answer["results"]) == 1
    assert answer["truncated"] is True


def test_seek_module_uses_the_semantic_module_attribute() -> None:
    # monkeypatching coderooms.semantic.query.query_vector must reach seek
    assert seek_module.semantic is semantic


def test_weak_neighbours_are_not_candidates_on_their_own(monkeypatch: pytest.MonkeyPatch) -> None:
    with_vector(monkeypatch)
    weak = row("weak", "weak", cosine=SEMANTIC_MIN_COSINE / 2, sources=("neighbour",))
    near = row("near", "near", cosine=0.9, sources=("neighbour",))
    both = row(
        "decode", "A.decode", cosine=SEMANTIC_MIN_COSINE / 2, sources=("fulltext", "neighbour")
    )
    answer = seek(FakeGraph([weak, near, both]), SeekRequest(query="decode", repo="r"))
    sources = {hit["id"]: hit["sources"] for hit in answer["results"]}
    assert "r:m.py::weak" not in sources
    assert sources["r:m.py::near"] == ["semantic"]
    assert sources["r:m.py::A.decode"] == ["fulltext"]  # its cosine still feeds its score
    assert answer["candidate_sources"]["semantic"] == 1


def test_index_fallback_adds_neighbours_of_a_small_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fewer neighbours in the repo than asked: the semantic query's own fallbacks (wider
    over-fetch, exact scan) run, and what they find joins with its row and cosine."""
    with_vector(monkeypatch)
    far = row("far", "far", cosine=0.8, sources=("neighbour",))
    monkeypatch.setattr(
        semantic,
        "nearest_to_vector",
        lambda *a, **k: [Neighbour("r:m.py::far", 0.8), Neighbour("r:m.py::JSONDecoder", 0.3)],
    )
    graph = FakeGraph(ROWS, extra=[far])
    answer = seek(graph, SeekRequest(query="decode", repo="r"))
    [(_, params)] = [c for c in graph.calls if c[0] == "retrieval/seek_semantic_rows"]
    assert params["ids"] == ["r:m.py::far"]  # JSONDecoder was a candidate already
    sources = {hit["id"]: hit["sources"] for hit in answer["results"]}
    assert sources["r:m.py::far"] == ["semantic"]


def test_no_repos_is_blocked_as_an_empty_graph() -> None:
    class EmptyGraph(FakeGraph):
        def read(self, statement: str, /, **params: Any) -> list[dict[str, Any]]:
            if statement == "search/repo_ids":
                return []
            raise AssertionError(statement)

    answer = seek(EmptyGraph([]), SeekRequest(query="anything"))
    assert answer["proof_state"] == "blocked"
    assert answer["blocked_reason"] == "empty_graph"
    assert answer["results"] == []
    assert answer["recovery_playbook"][0]["verb"] == "ingest"


@pytest.mark.parametrize(
    ("path", "query", "factor"),
    [
        ("src/app/config.py", "load the config", 1.0),
        ("tests/test_config.py", "load the config", 0.7),
        ("tests/test_config.py", "test that loads the config", 1.0),  # tests asked for
        ("docs/conf.py", "load the config", 0.9),
        ("src/app/static/js/config.js", "load the config", 0.9),  # a web front end's assets
        ("assets/main.js", "load the config", 0.9),
        ("vendor/github.com/x/y/config.go", "load the config", 0.9),
        ("src/app/staticfiles.py", "load the config", 1.0),  # a name, not the directory
    ],
)
def test_the_code_asked_about_comes_before_tests_assets_and_docs(
    path: str, query: str, factor: float
) -> None:
    assert placed(0.8, path, tokenize_query(query)) == pytest.approx(0.8 * factor)
