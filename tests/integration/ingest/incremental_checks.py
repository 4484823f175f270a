"""What every incremental == full scenario asks: the repo's CALLS edges as plain tuples, the graph
equal to a full ingest's of the same tree (and no dangling edge), and the two ways a change is
ingested — the whole root incrementally, or only the changed paths (`ingest_paths`)."""

from __future__ import annotations

from collections.abc import Callable

from coderooms.graph.driver import Graph
from coderooms.ingest.targeted import ingest_paths
from tests.integration.ingest.graph_snapshot import dangling_edges, snapshot, wipe
from tests.integration.ingest.scenario_tree import Tree, ingest, references

Edge = tuple[str, str, str, str]


def calls(graph: Graph, repo: str, kinds: tuple[str, ...] = ("CALLS",)) -> set[Edge]:
    return {r for r in references(graph, repo) if r[1] in kinds}


def assert_equals_full(graph: Graph, tree: Tree, repo: str, full_repo: str) -> None:
    wipe(graph, full_repo)
    ingest(graph, tree, full_repo, mode="full")
    assert snapshot(graph, repo) == snapshot(graph, full_repo)
    assert dangling_edges(graph, repo) == []


def updater(graph: Graph, tree: Tree, repo: str, targeted: bool) -> Callable[..., None]:
    """`update(*paths)`: `ingest_paths` of those paths when `targeted`, else the whole root."""

    def update(*paths: str) -> None:
        if targeted:
            ingest_paths(graph, tree.root, list(paths), repo=repo)
        else:
            ingest(graph, tree, repo)

    return update
