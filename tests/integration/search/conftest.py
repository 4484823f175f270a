from __future__ import annotations

from pathlib import Path

import pytest

from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root
from tests.integration.search.tree import unique_repo, write_tree


@pytest.fixture(scope="module")
def search_tree(graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The fixture tree written once per module and ingested into its own repo."""
    root = write_tree(tmp_path_factory.mktemp("search-tree"))
    repo = unique_repo()
    ingest_root(graph, root, repo=repo, workers=1, git=False)
    return root, repo
