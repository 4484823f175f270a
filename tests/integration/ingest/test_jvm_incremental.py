"""Kotlin and Scala packages and imports under incremental ingest: a class or a package file
that appears, changes or goes re-resolves the files importing it or sharing its package, and the
graph equals a full ingest's (whole-root incremental and the claim-scoped `ingest_paths` alike)."""

from __future__ import annotations

import pytest

from coderooms.graph.driver import Graph
from tests.integration.ingest.incremental_checks import Edge, assert_equals_full, updater
from tests.integration.ingest.incremental_checks import calls as edges
from tests.integration.ingest.scenario_tree import Tree, ingest

APP = "src/main/kotlin/app/Main.kt"
MAIN = (
    "package app\n\nimport geo.Point\nimport geo.util.*\n\n"
    "fun main() {\n    Point.origin()\n    Helpers.twice(2)\n    local()\n}\n"
)
SAME_PACKAGE = "src/main/kotlin/app/Local.kt"


def calls(graph: Graph, repo: str) -> set[Edge]:
    return edges(graph, repo, ("CALLS", "INHERITS"))


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_kotlin_classes_and_packages_reresolve_importers(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    update = updater(graph, tree, repo, targeted)

    tree.write(APP, MAIN)
    ingest(graph, tree, repo)
    assert calls(graph, repo) == {
        ("src/main/kotlin/app/Main.kt::main", "CALLS", "?:geo.Point.origin", "ghost"),
        ("src/main/kotlin/app/Main.kt::main", "CALLS", "?:Helpers.twice", "ghost"),
        ("src/main/kotlin/app/Main.kt::main", "CALLS", "?:local", "ghost"),
    }
    assert_equals_full(graph, tree, repo, full_repo)

    # a file not named for its class: found in the package's directory
    point = "src/main/kotlin/geo/Shapes.kt"
    tree.write(point, "package geo\n\nclass Point {\n    companion object {\n"
               "        fun origin(): Point = Point()\n    }\n}\n")  # fmt: skip
    tree.write(SAME_PACKAGE, "package app\n\nfun local() = 1\n")
    update(point, SAME_PACKAGE)
    found = calls(graph, repo)
    assert (f"{APP}::main", "CALLS", f"{point}::Point.origin", "import") in found
    # a bare call is never looked up by name alone: its package is one of its candidates
    assert (f"{APP}::main", "CALLS", f"{SAME_PACKAGE}::local", "import") in found
    assert_equals_full(graph, tree, repo, full_repo)

    helpers = "src/main/kotlin/geo/util/Helpers.kt"
    tree.write(helpers, "package geo.util\n\nobject Helpers {\n    fun twice(x: Int) = x * 2\n}\n")
    update(helpers)
    assert (f"{APP}::main", "CALLS", f"{helpers}::Helpers.twice", "package") in calls(graph, repo)
    assert_equals_full(graph, tree, repo, full_repo)

    tree.delete(point)
    tree.delete(SAME_PACKAGE)
    update(point, SAME_PACKAGE)
    found = calls(graph, repo)
    assert (f"{APP}::main", "CALLS", "?:geo.Point.origin", "ghost") in found
    assert (f"{APP}::main", "CALLS", "?:local", "ghost") in found
    assert_equals_full(graph, tree, repo, full_repo)


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_scala_chained_packages_and_companions_reresolve(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    update = updater(graph, tree, repo, targeted)

    app = "src/main/scala/geo/App.scala"
    tree.write(app, "package geo\n\nobject App {\n  def run(): Unit = Point.origin()\n}\n")
    ingest(graph, tree, repo)
    assert_equals_full(graph, tree, repo, full_repo)

    point = "src/main/scala/geo/Point.scala"  # `package geo` written as a chain of one
    tree.write(point, "package geo\n\ncase class Point(x: Int)\nobject Point {\n"
               "  def origin(): Point = Point(0)\n}\n")  # fmt: skip
    update(point)
    assert (f"{app}::App.run", "CALLS", f"{point}::Point.origin", "package") in calls(graph, repo)
    assert_equals_full(graph, tree, repo, full_repo)

    tree.delete(point)
    update(point)
    assert (f"{app}::App.run", "CALLS", "?:Point.origin", "ghost") in calls(graph, repo)
    assert_equals_full(graph, tree, repo, full_repo)
