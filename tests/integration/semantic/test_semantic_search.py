"""The `search` verb's semantic mode and `health`'s embedding status, through the FastMCP app."""

from __future__ import annotations

import asyncio
import shutil
import time
from pathlib import Path
from typing import Any

from fastmcp import Client

from coderooms.graph.driver import Graph
from coderooms.ingest.agent_ingest import ingest_roots
from coderooms.ingest.pipeline import ingest_root
from coderooms.semantic import embed_in_background, model
from coderooms.semantic.store import coverage
from coderooms.server import create_server
from coderooms.verbs.context import AppContext
from tests.integration.semantic.conftest import SEMANTIC_REPO


def call(ctx: AppContext, verb: str, arguments: dict[str, Any]) -> dict[str, Any]:
    async def run() -> Any:
        async with Client(create_server(ctx)) as client:
            return await client.call_tool(verb, {"agent_id": "semantic-searcher", **arguments})

    return dict(asyncio.run(run()).structured_content)


def test_semantic_mode_answers_with_nearest_symbols(
    app_context: AppContext, semantic_repo: str
) -> None:
    answer = call(
        app_context,
        "search",
        {"query": "turn a title into a url slug", "mode": "semantic", "repo": semantic_repo},
    )
    assert answer["embeddings_used"] is True
    assert "index" not in answer  # vectors: embeddings_used says it
    assert "semantic_fallback" not in answer
    assert "coverage" not in answer  # said only when some symbols have no current vector
    where, score, text = answer["hits"][0].split(" ", 2)  # `path:start-end score symbol`
    path, lines = where.split(":")
    start, end = (int(n) for n in lines.split("-"))
    assert (path, text) == ("shop/util/text.py", "function slugify")
    assert start <= end
    assert 0 < float(score) <= 1
    assert len(answer["hits"]) <= 50


def test_semantic_mode_honours_language_path_glob_and_top_k(
    app_context: AppContext, semantic_repo: str
) -> None:
    answer = call(
        app_context,
        "search",
        {
            "query": "retry a request that failed",
            "mode": "semantic",
            "repo": semantic_repo,
            "language": "javascript",
            "top_k": 2,
        },
    )
    assert [r.split(":")[0] for r in answer["hits"]] == ["web/app.js", "web/app.js"]
    assert answer["hits"][0].endswith(" fetchWithRetry")
    globbed = call(
        app_context,
        "search",
        {"query": "dates", "mode": "semantic", "repo": semantic_repo, "path_glob": "shop/util/"},
    )
    assert globbed["hits"]
    assert all(r.startswith("shop/util/") for r in globbed["hits"])


def test_semantic_mode_falls_back_when_the_model_is_unavailable(
    app_context: AppContext, semantic_repo: str
) -> None:
    model.set_unavailable("embedding model not installed (reported by the test)")
    answer = call(
        app_context, "search", {"query": "slugify", "mode": "semantic", "repo": semantic_repo}
    )
    assert answer["embeddings_used"] is False
    assert answer["semantic_fallback"] == "lexical"
    assert answer["semantic_unavailable"] == "embedding model not installed (reported by the test)"
    assert "shop/util/text.py" in answer["hits"]  # the lexical answer: hits grouped by file
    health = call(app_context, "health", {})
    assert health["embeddings"]["installed"] is False


def test_semantic_mode_falls_back_before_vectors_exist(
    app_context: AppContext, graph: Graph, repo_id: str, tmp_path: Path
) -> None:
    root = tmp_path / "shop"
    shutil.copytree(SEMANTIC_REPO, root)
    report = ingest_root(graph, root, repo=repo_id, workers=1, git=False, embed=False)
    answer = call(app_context, "search", {"query": "slugify", "mode": "semantic", "repo": repo_id})
    assert answer["embeddings_used"] is False
    symbols = report.writes.symbols_written
    assert answer["semantic_unavailable"].startswith(
        f"vectors not computed yet: 0 of {symbols} symbols embedded"
    )
    assert answer["hits"]


def test_health_reports_the_model_and_counts(app_context: AppContext, semantic_repo: str) -> None:
    health = call(app_context, "health", {})
    embeddings = health["embeddings"]
    assert embeddings["installed"] is True
    assert embeddings["model"] == "sentence-transformers/all-MiniLM-L6-v2"
    assert embeddings["dimensions"] == 384
    assert 0 < embeddings["symbols_embedded"] <= embeddings["symbols"]


def test_the_ingest_verb_returns_before_any_vector_and_leaves_them_to_a_backfill(
    app_context: AppContext, graph: Graph, repo_id: str, tmp_path: Path
) -> None:
    root = tmp_path / "many"
    root.mkdir()
    functions = "".join(f"def handler_{i}(event):\n    return event\n\n\n" for i in range(600))
    (root / "handlers.py").write_text(functions, encoding="utf-8")
    # the verb's function itself: an in-memory client would close the context (and so stop the
    # backfill) when its call returns
    started: list[str] = []

    def background(repo: str) -> None:
        started.append(repo)
        embed_in_background(app_context, repo)

    report = ingest_roots(
        app_context.graph,
        app_context.settings,
        [str(root)],
        repo=repo_id,
        embed_in_background=background,
    )["reports"][0]
    assert report["embeddings"] == {
        "symbols": 601,
        "current": 0,
        "pending": 601,
        "background": True,
    }
    assert started == [repo_id]
    deadline = time.monotonic() + 600
    while coverage(graph, [repo_id])[repo_id]["current"] < 601:
        assert time.monotonic() < deadline, app_context.embedding_backfill
        time.sleep(0.5)
    while not app_context.embedding_backfill.get(repo_id, "").startswith("done"):
        assert time.monotonic() < deadline, app_context.embedding_backfill
        time.sleep(0.1)
    health = call(app_context, "health", {})
    assert health["embeddings"]["backfill"][repo_id].startswith("done: 601 symbols embedded")
