"""Java rules of issue 32 that read another file, under incremental ingest: a bare `m()` through
`import static a.b.C.*;` follows C's file as it gains, loses and moves the method, and each
step equals a full ingest of the same tree."""

from __future__ import annotations

from coderooms.graph.driver import Graph
from tests.integration.ingest.scenario_tree import Tree, ingest
from tests.integration.ingest.test_ingest_scenarios import calls_of, follow_steps

SPARK = "src/main/java/spark/Spark.java"


def test_a_static_wildcard_import_follows_the_class_it_opens(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    with_halt = "package spark;\npublic class Spark {\n  public static void halt(int c) {}\n}\n"
    tree.write(SPARK, "package spark;\npublic class Spark {}\n")
    tree.write(
        "src/test/java/app/Use.java",
        "package app;\nimport static spark.Spark.*;\n"
        "class Use {\n  void run() {\n    halt(500);\n  }\n}\n",
    )
    ingest(graph, tree, repo)
    run = "src/test/java/app/Use.java::Use.run"
    assert calls_of(graph, repo, run) == {("?:halt", "ghost")}
    follow_steps(graph, tree, repo, full_repo, run, [
        (SPARK, with_halt, (f"{SPARK}::Spark.halt", "import")),
        (SPARK, None, ("?:halt", "ghost")),
        ("src/main/java/spark/Spark2.java", with_halt, ("?:halt", "ghost")),  # not `Spark.java`
        (SPARK, with_halt, (f"{SPARK}::Spark.halt", "import")),
    ])  # fmt: skip
