"""Swift modules under incremental ingest: a file of the module or of an imported module that
appears, changes or goes re-resolves the calls of the files seeing it, and the graph equals a full
ingest's (whole-root incremental and the claim-scoped `ingest_paths` alike)."""

from __future__ import annotations

import pytest

from coderooms.graph.driver import Graph
from tests.integration.ingest.incremental_checks import assert_equals_full, calls, updater
from tests.integration.ingest.scenario_tree import Tree, ingest

APP = "Sources/App/main.swift"
MAIN = "import Geometry\n\nfunc run() {\n    helper()\n    Circle.unit().area()\n}\n"


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_swift_module_files_reresolve_callers(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    update = updater(graph, tree, repo, targeted)

    tree.write(APP, MAIN)
    ingest(graph, tree, repo)
    assert_equals_full(graph, tree, repo, full_repo)

    helper = "Sources/App/Helper.swift"
    circle = "Sources/Geometry/Circle.swift"
    tree.write(helper, "func helper() {}\n")
    tree.write(circle, "struct Circle {\n    static func unit() -> Circle { Circle() }\n"
               "    func area() -> Double { 0 }\n}\n")  # fmt: skip
    update(helper, circle)
    found = calls(graph, repo)
    assert (f"{APP}::run", "CALLS", f"{helper}::helper", "import") in found  # never by name
    assert (f"{APP}::run", "CALLS", f"{circle}::Circle.unit", "package") in found
    assert (f"{APP}::run", "CALLS", f"{circle}::Circle.area", "typed") in found
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write(circle, "struct Circle {\n    static func unit() -> Int { 1 }\n}\n")
    update(circle)
    found = calls(graph, repo)
    assert not any(edge[2] == f"{circle}::Circle.area" for edge in found)
    assert_equals_full(graph, tree, repo, full_repo)

    tree.delete(helper)
    tree.delete(circle)
    update(helper, circle)
    assert not any(edge[3] != "ghost" for edge in calls(graph, repo))
    assert_equals_full(graph, tree, repo, full_repo)
