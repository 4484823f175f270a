from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root
from coderooms.semantic import model
from tests.integration.ingest.graph_snapshot import wipe

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
SEMANTIC_REPO = FIXTURES / "repos" / "semantic"
QUERIES = FIXTURES / "semantic_queries.json"


@pytest.fixture(autouse=True)
def needs_model(request: pytest.FixtureRequest) -> Iterator[None]:
    """Skip (saying why) without the model, unless the module sets NEEDS_MODEL = False; and undo
    any unavailability a test reported."""
    if getattr(request.module, "NEEDS_MODEL", True) and not model.available():
        pytest.skip(f"semantic tests need the embedding model: {model.unavailable_reason()}")
    yield
    model.set_unavailable(None)


@pytest.fixture(autouse=True)
def wipe_test_repo(graph: Graph, repo_id: str) -> Iterator[None]:
    """Vectors of identical copies pile up in the shared index otherwise."""
    yield
    wipe(graph, repo_id)


@pytest.fixture(scope="module")
def semantic_repo(graph: Graph) -> Iterator[str]:
    """The semantic fixture repo, ingested once per module with its vectors computed inline."""
    repo = f"test-sem-{uuid.uuid4().hex[:10]}"
    if model.available():
        ingest_root(graph, SEMANTIC_REPO, repo=repo, workers=1, git=False)
        graph.write("schema/await_indexes")
    yield repo
    wipe(graph, repo)
