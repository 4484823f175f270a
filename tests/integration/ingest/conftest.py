"""Fixtures of the ingest scenario tests: a repo id wiped after the test, a second one for the
full ingest an incremental one is compared with, and the tree they ingest."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from coderooms.graph.driver import Graph
from tests.integration.ingest.graph_snapshot import wipe
from tests.integration.ingest.scenario_tree import Tree


@pytest.fixture
def repo(graph: Graph, repo_id: str) -> Iterator[str]:
    yield repo_id
    wipe(graph, repo_id)


@pytest.fixture
def full_repo(graph: Graph, repo_id: str) -> Iterator[str]:
    """A second repo id, for a fresh full ingest to compare with."""
    other = f"{repo_id}-full"
    yield other
    wipe(graph, other)


@pytest.fixture
def tree(tmp_path: Path) -> Tree:
    return Tree(tmp_path / "tree")
