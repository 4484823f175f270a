"""A targeted ingest's reads and the repo's generation: every applied changeset moves the
generation on exactly once (with its files in one transaction, after its deletes otherwise), and
`ingest_paths` binds a repo it reads for the first time in the same call that parses."""

from __future__ import annotations

from coderooms.graph.driver import Graph
from coderooms.ingest import ingest_paths
from tests.integration.ingest.scenario_tree import Tree, ingest, node_ids

GENERATION = "MATCH (r:Repo {id: $repo}) RETURN r.generation AS generation"


def generation(graph: Graph, repo: str) -> int:
    return int(graph.run_text(GENERATION, repo=repo)[0]["generation"] or 0)


def test_each_changeset_moves_the_generation_on_once(graph: Graph, tree: Tree, repo: str) -> None:
    tree.write("a.py", "def f():\n    pass\n")
    tree.write("b.py", "from a import f\n\n\ndef g():\n    f()\n")
    ingest(graph, tree, repo)
    first = generation(graph, repo)
    assert first >= 1

    tree.write("a.py", "def f():\n    pass\n\n\ndef h():\n    pass\n")
    ingest_paths(graph, tree.root, ["a.py"], repo=repo, embed=False)
    assert generation(graph, repo) == first + 1  # files written: bumped with them

    tree.delete("b.py")
    ingest_paths(graph, tree.root, ["b.py"], repo=repo, embed=False)
    assert generation(graph, repo) == first + 2  # deletes only: bumped on its own
    assert node_ids(graph, repo, "File") == {"a.py"}

    ingest_paths(graph, tree.root, ["a.py"], repo=repo, embed=False)
    assert generation(graph, repo) == first + 2  # nothing changed: no changeset


def test_ingest_paths_binds_a_new_repo_and_reads_known_paths(
    graph: Graph, tree: Tree, repo: str
) -> None:
    tree.write("a.py", "def f():\n    pass\n")
    report = ingest_paths(graph, tree.root, ["a.py", "gone.py"], repo=repo, embed=False)
    assert (report.files_added, report.files_deleted) == (1, 0)
    assert node_ids(graph, repo, "Symbol") == {"a.py::", "a.py::f"}
    again = ingest_paths(graph, tree.root, ["a.py"], repo=repo, embed=False)
    assert again.files_unchanged == 1
    assert (again.files_added, again.files_changed) == (0, 0)
