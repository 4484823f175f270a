"""Lucene keeps to the asked repo itself: a large repo sharing the database cannot crowd a small
one out of the capped full-text answer, even when its id starts with the small repo's id."""

from __future__ import annotations

from pathlib import Path

import pytest

from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root
from coderooms.retrieval.graph_limits import FULLTEXT_CANDIDATES
from coderooms.retrieval.seek import SeekRequest, seek
from coderooms.semantic import query as semantic


@pytest.fixture(autouse=True)
def no_vectors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(semantic, "query_vector", lambda *a, **k: None)


def test_a_crowding_repo_does_not_hide_a_small_one(
    graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    small, crowd = tmp_path / "small", tmp_path / "crowd"
    small.mkdir()
    crowd.mkdir()
    (small / "money.py").write_text("def value_of(coin):\n    return coin\n")
    functions = "".join(
        f"def value_{i}(x):\n    return x\n\n" for i in range(2 * FULLTEXT_CANDIDATES)
    )
    (crowd / "values.py").write_text(functions)
    crowd_id = f"{repo_id}-crowd"  # its id's words contain the small repo's id's words
    ingest_root(graph, small, repo=repo_id, workers=1, git=False)
    ingest_root(graph, crowd, repo=crowd_id, workers=1, git=False)
    answer = seek(graph, SeekRequest(query="value", repo=repo_id))
    assert [hit["id"] for hit in answer["results"]] == [f"{repo_id}:money.py::value_of"]
    assert answer["fulltext_passes"] == ["capped"]  # no second, scoped pass was needed
    crowded = seek(graph, SeekRequest(query="value", repo=crowd_id, top_k=5))
    assert all(hit["repo"] == crowd_id for hit in crowded["results"])
    assert crowded["candidates_capped"]["fulltext"] is True
