"""The write's own safety net: with the extraction limits lifted, a symbol id over Neo4j's 8 KB
index key limit reaches the write, and Neo4j refuses it. That used to fail the whole changeset
(nothing written, the watcher retrying it forever); now the file is quarantined (written bare,
with the reason) and the rest lands, in one transaction or in batches that failed midway, and
the graph is the same by full ingest and by path (issue 29, class 4)."""

from __future__ import annotations

import pytest
from benchmarks.hostile_files import long_names

from coderooms.graph.driver import Graph
from coderooms.ingest import quarantine, transactions
from coderooms.ingest.targeted import ingest_paths
from coderooms.languages.parsing import limits
from tests.integration.ingest.graph_snapshot import dangling_edges, snapshot
from tests.integration.ingest.scenario_tree import Tree, ingest, references, symbols

INNOCENT = {
    "app/__init__.py": "",
    "app/util.py": "def helper():\n    return 1\n",
    "app/main.py": "from app.util import helper\n\n\ndef main():\n    return helper()\n",
    "app/other.py": "from app.util import helper\n\n\ndef other():\n    return helper()\n",
}
REFUSED = "quarantined: not written: a value too large for a Neo4j index"


@pytest.fixture(params=["one_transaction", "in_batches"])
def write_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(limits, "MAX_QUALNAME_BYTES", 10**6)
    monkeypatch.setattr(limits, "MAX_REFERENCE_BYTES", 10**6)
    if request.param == "in_batches":  # every changeset in batches, one statement a transaction
        monkeypatch.setattr(transactions, "MAX_TRANSACTION_BYTES", 0)
        monkeypatch.setattr(quarantine, "MAX_TRANSACTION_BYTES", 0)
    return str(request.param)


def assert_quarantined(graph: Graph, repo: str, problems: list[dict[str, str]]) -> None:
    found = symbols(graph, repo)
    assert {("app/main.py::main", "Function"), ("app/other.py::other", "Function")} <= found
    assert {s for s in found if s[0].startswith("app/long.py::")} == {("app/long.py::", "Module")}
    calls = {(a, b) for a, kind, b, _ in references(graph, repo) if kind == "CALLS"}
    assert ("app/main.py::main", "app/util.py::helper") in calls
    assert {"path": "app/long.py", "problem": REFUSED} in problems
    [held] = graph.run_text(
        "MATCH (f:File {repo: $repo, path: 'app/long.py'}) RETURN f.problems AS problems",
        repo=repo,
    )
    assert held["problems"][-1] == REFUSED


def test_a_file_neo4j_refuses_is_quarantined_and_the_rest_lands(
    graph: Graph, tree: Tree, repo: str, full_repo: str, write_path: str
) -> None:
    for path, text in INNOCENT.items():
        tree.write(path, text)
    tree.write("app/long.py", long_names())

    full = ingest(graph, tree, full_repo, mode="full")
    assert full.files_quarantined == 1
    assert_quarantined(graph, full_repo, full.problems)

    ingest_paths(graph, tree.root, ["app/__init__.py", "app/util.py"], repo=repo)
    by_path = ingest_paths(graph, tree.root, ["app/main.py", "app/long.py", "app/other.py"],
                           repo=repo)  # fmt: skip
    assert by_path.files_quarantined == 1
    assert_quarantined(graph, repo, by_path.problems)
    assert snapshot(graph, repo) == snapshot(graph, full_repo)
    assert dangling_edges(graph, repo) == []

    # fixed on disk, the file is written whole again
    tree.write("app/long.py", "def fixed():\n    return 1\n")
    ingest_paths(graph, tree.root, ["app/long.py"], repo=repo)
    assert ("app/long.py::fixed", "Function") in symbols(graph, repo)
    [held] = graph.run_text(
        "MATCH (f:File {repo: $repo, path: 'app/long.py'}) RETURN f.problems AS problems",
        repo=repo,
    )
    assert held["problems"] is None
