"""Symbol vectors in the graph: written at ingest, kept current by edits, gone with deletes,
backfilled for large ingests; and the nearest-neighbour queries over them."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root
from coderooms.ingest.targeted import ingest_paths
from coderooms.semantic import model
from coderooms.semantic.query import nearest_symbols, similar_symbols
from coderooms.semantic.store import coverage, embed_claims, embed_pending
from tests.integration.semantic.conftest import SEMANTIC_REPO

SLUGIFY = "shop/util/text.py::slugify"


def vectors(graph: Graph, repo: str) -> dict[str, dict[str, Any]]:
    rows = graph.run_text(
        "MATCH (s:Symbol {repo: $repo}) RETURN s.id AS id, s.embedding AS vector, "
        "s.embedding_key AS key, s.embedded_key AS embedded",
        repo=repo,
    )
    return {row["id"].removeprefix(f"{repo}:"): row for row in rows}


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "shop-copy"
    shutil.copytree(SEMANTIC_REPO, root)
    return root


def test_ingest_writes_a_current_vector_for_every_symbol(graph: Graph, semantic_repo: str) -> None:
    found = vectors(graph, semantic_repo)
    assert len(found) > 60
    for symbol_id, row in found.items():
        assert row["embedded"] == row["key"], symbol_id
        assert len(row["vector"]) == model.DIMENSIONS
    assert coverage(graph, [semantic_repo])[semantic_repo]["current"] == len(found)


def test_an_edit_changes_key_and_vector_of_that_symbol_only(
    graph: Graph, tree: Path, repo_id: str
) -> None:
    ingest_root(graph, tree, repo=repo_id, workers=1, git=False)
    before = vectors(graph, repo_id)
    text = tree / "shop" / "util" / "text.py"
    source = text.read_text(encoding="utf-8")
    text.write_text(
        source.replace(
            "Make a lower-case, dash-separated version of a title for use in a URL.",
            "Compute the CRC32 checksum of a title.",
        ),
        encoding="utf-8",
    )
    report = ingest_paths(graph, tree, [text], repo=repo_id)
    assert report.embeddings["embedded"] == 1
    after = vectors(graph, repo_id)
    assert after[SLUGIFY]["key"] != before[SLUGIFY]["key"]
    assert after[SLUGIFY]["embedded"] == after[SLUGIFY]["key"]
    assert after[SLUGIFY]["vector"] != before[SLUGIFY]["vector"]
    truncate = "shop/util/text.py::truncate"
    assert after[truncate]["key"] == before[truncate]["key"]
    assert after[truncate]["vector"] == before[truncate]["vector"]


def test_a_deleted_file_takes_its_vectors_with_it(graph: Graph, tree: Path, repo_id: str) -> None:
    ingest_root(graph, tree, repo=repo_id, workers=1, git=False)
    (tree / "shop" / "util" / "text.py").unlink()
    ingest_paths(graph, tree, ["shop/util/text.py"], repo=repo_id)
    assert SLUGIFY not in vectors(graph, repo_id)
    found = nearest_symbols(graph, "turn a title into a url slug", k=50, repo=repo_id)
    assert found is not None
    assert all(not n.symbol_id.endswith("::slugify") for n in found)


def test_backfill_embeds_what_an_ingest_left_without_vectors(
    graph: Graph, tree: Path, repo_id: str
) -> None:
    report = ingest_root(graph, tree, repo=repo_id, workers=1, git=False, embed=False)
    assert report.embeddings == {}
    counts = coverage(graph, [repo_id])[repo_id]
    assert (counts["current"], counts["with_vectors"]) == (0, 0)
    assert nearest_symbols(graph, "anything", k=5, repo=repo_id) is None
    partial = embed_pending(graph, repo_id, budget=10)
    assert partial.embedded == 10
    assert partial.deferred == counts["symbols"] - 10
    rest = embed_pending(graph, repo_id)
    assert rest.embedded == counts["symbols"] - 10
    assert rest.deferred == 0
    assert embed_pending(graph, repo_id).embedded == 0
    assert coverage(graph, [repo_id])[repo_id]["current"] == counts["symbols"]


def test_a_changeset_over_the_inline_limit_is_left_to_the_backfill(
    graph: Graph, tree: Path, repo_id: str
) -> None:
    ingest_root(graph, tree, repo=repo_id, workers=1, git=False, embed=False)
    claims = [f"{repo_id}:shop/pricing.py", f"{repo_id}:shop/orders.py"]
    report = embed_claims(graph, claims, symbols=20, limit=3)
    assert report.embedded == 0
    assert report.deferred > 3
    assert "backfill" in (report.skipped or "")
    assert embed_claims(graph, claims, symbols=20).embedded == report.deferred


def test_nearest_and_similar_symbols(graph: Graph, semantic_repo: str) -> None:
    found = nearest_symbols(graph, "validate a credit card number", k=5, repo=semantic_repo)
    assert found is not None
    assert found[0].symbol_id == f"{semantic_repo}:shop/payments.py::luhn_valid"
    assert [n.score for n in found] == sorted((n.score for n in found), reverse=True)
    assert all(-1.0 <= n.score <= 1.0 for n in found)
    assert nearest_symbols(graph, "validate a credit card number", k=5, repo=semantic_repo) == found
    hashing = f"{semantic_repo}:shop/customers.py::hash_password"
    similar = similar_symbols(graph, hashing, k=5, repo=semantic_repo)
    assert similar is not None
    assert hashing not in [n.symbol_id for n in similar]
    assert f"{semantic_repo}:shop/customers.py::verify_password" in [n.symbol_id for n in similar]
    assert similar_symbols(graph, f"{semantic_repo}:no/such.py::x", k=5) is None


def test_without_the_model_queries_answer_none_and_ingest_still_works(
    graph: Graph, tree: Path, repo_id: str, semantic_repo: str
) -> None:
    model.set_unavailable("embedding model not installed (test)")
    report = ingest_root(graph, tree, repo=repo_id, workers=1, git=False)
    assert report.embeddings["skipped"] == "embedding model not installed (test)"
    assert report.writes.symbols_written > 60
    assert nearest_symbols(graph, "credit card", k=5, repo=semantic_repo) is None
    assert embed_pending(graph, repo_id).skipped == "embedding model not installed (test)"


def test_backfill_keys_symbols_ingested_before_keys_existed(
    graph: Graph, tree: Path, repo_id: str
) -> None:
    ingest_root(graph, tree, repo=repo_id, workers=1, git=False, embed=False)
    keys = {symbol_id: row["key"] for symbol_id, row in vectors(graph, repo_id).items()}
    graph.run_text("MATCH (s:Symbol {repo: $repo}) REMOVE s.embedding_key", repo=repo_id)
    report = embed_pending(graph, repo_id)
    assert report.embedded == len(keys)
    after = vectors(graph, repo_id)
    assert {symbol_id: row["key"] for symbol_id, row in after.items()} == keys
    assert all(row["embedded"] == row["key"] for row in after.values())
