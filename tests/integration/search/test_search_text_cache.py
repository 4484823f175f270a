"""Search keeps the chunk texts it read for later searches, and never answers from a text the
graph no longer holds: after a file changes, the next search sees its new lines."""

from __future__ import annotations

from pathlib import Path

from coderooms.graph.driver import Graph
from coderooms.graph.schema import backfill_chunk_digests
from coderooms.ingest.pipeline import ingest_root
from coderooms.search.text_cache import CHUNK_TEXTS
from coderooms.search.text_search import Mode, SearchRequest, search


def lines_of(graph: Graph, repo: str, query: str, mode: Mode = "literal") -> list[tuple[str, int]]:
    answer = search(graph, SearchRequest(query=query, mode=mode, repo=repo))
    return [(hit["file"], hit["line"]) for hit in answer["results"]]


def test_a_changed_file_is_searched_as_it_is_now(
    graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    source = tmp_path / "m.py"
    source.write_text("alpha = 1\nbeta = 2\n")
    ingest_root(graph, tmp_path, repo=repo_id, workers=1, git=False)
    CHUNK_TEXTS.clear()
    assert lines_of(graph, repo_id, r"^\w+ = 2$", "regex") == [("m.py", 2)]
    assert CHUNK_TEXTS.chars > 0  # the text is held for the next search
    source.write_text("alpha = 2\nbeta = 3\n")
    ingest_root(graph, tmp_path, repo=repo_id, workers=1, git=False)
    assert lines_of(graph, repo_id, r"^\w+ = 2$", "regex") == [("m.py", 1)]
    assert lines_of(graph, repo_id, "= 3") == [("m.py", 2)]


def test_chunks_written_without_a_digest_get_one(
    graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    (tmp_path / "m.py").write_text("x = 1\n")
    ingest_root(graph, tmp_path, repo=repo_id, workers=1, git=False)
    written = graph.run_text(
        "MATCH (c:Chunk {repo: $repo}) RETURN c.id AS id, c.digest AS digest", repo=repo_id
    )
    graph.run_text("MATCH (c:Chunk {repo: $repo}) REMOVE c.digest", repo=repo_id)
    assert backfill_chunk_digests(graph) >= len(written)
    again = graph.run_text(
        "MATCH (c:Chunk {repo: $repo}) RETURN c.id AS id, c.digest AS digest", repo=repo_id
    )
    assert sorted(again, key=str) == sorted(written, key=str)  # the digest ingest writes
    assert backfill_chunk_digests(graph) == 0
