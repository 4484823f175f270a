"""Deterministic ingest scenarios against a real Neo4j: each step asserts the exact nodes and
edges it leaves, and that incremental ingest gives what a full ingest of the same tree gives."""

from __future__ import annotations

import uuid
from collections import Counter
from pathlib import Path
from textwrap import dedent
from typing import Any

import pytest

from coderooms.graph.driver import Graph
from coderooms.ingest import pipeline, reader
from tests.integration.ingest.graph_snapshot import dangling_edges, snapshot, wipe
from tests.integration.ingest.incremental_checks import assert_equals_full
from tests.integration.ingest.scenario_tree import (
    Tree,
    ingest,
    labels_of,
    node_ids,
    references,
    symbols,
)


def source(text: str) -> str:
    return dedent(text).lstrip("\n")


# -- a deleted function ----------------------------------------------------------------------------


def test_deleted_function_leaves_nothing_and_callers_follow(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    tree.write("pkg/__init__.py", "from pkg.lib import target as target\n")
    tree.write("pkg/lib.py", "def target():\n    pass\n\n\ndef keep():\n    pass\n")
    tree.write("pkg/alt.py", "def target():\n    pass\n")
    tree.write("pkg/user.py", "from pkg.lib import target\n\n\ndef use():\n    target()\n")
    tree.write("pkg/loose.py", "import pkg\n\n\ndef go():\n    pkg.target()\n    target()\n")
    ingest(graph, tree, repo)
    calls = {e for e in references(graph, repo) if e[1] == "CALLS"}
    assert calls == {
        ("pkg/user.py::use", "CALLS", "pkg/lib.py::target", "import"),
        # through the package's re-export
        ("pkg/loose.py::go", "CALLS", "pkg/lib.py::target", "import"),
        # a bare name nothing binds in its file is no call of either `target`
        ("pkg/loose.py::go", "CALLS", "?:target", "ghost"),
    }

    tree.write("pkg/lib.py", "def keep():\n    pass\n")
    report = ingest(graph, tree, repo)
    assert (report.files_changed, report.writes.symbols_deleted) == (1, 1)
    assert labels_of(graph, f"{repo}:pkg/lib.py::target") == []
    assert ("pkg/lib.py::keep", "Function") in symbols(graph, repo)
    calls = {e for e in references(graph, repo) if e[1] == "CALLS"}
    assert calls == {
        # the bound calls cannot guess: ghosts named for what they asked
        ("pkg/user.py::use", "CALLS", "?:pkg.lib.target", "ghost"),
        ("pkg/loose.py::go", "CALLS", "?:pkg.target", "ghost"),
        ("pkg/loose.py::go", "CALLS", "?:target", "ghost"),
    }
    assert node_ids(graph, repo, "Ghost") == {"?:pkg.lib.target", "?:pkg.target", "?:target"}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("pkg/user.py", "from pkg.lib import target\n\n\ndef use():\n    pass\n")
    report = ingest(graph, tree, repo)
    assert report.writes.ghosts_collected == 1
    assert node_ids(graph, repo, "Ghost") == {"?:pkg.target", "?:target"}
    assert_equals_full(graph, tree, repo, full_repo)

    # the function comes back: the call through the re-export follows it again
    tree.write("pkg/lib.py", "def keep():\n    pass\n\n\ndef target():\n    pass\n")
    ingest(graph, tree, repo)
    assert ("pkg/loose.py::go", "CALLS", "pkg/lib.py::target", "import") in references(graph, repo)
    assert_equals_full(graph, tree, repo, full_repo)


def test_deleted_file_takes_its_symbols_and_edges(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    tree.write(
        "a.py", "from b import Base, g\n\n\ndef f():\n    g()\n\n\nclass K(Base):\n    pass\n"
    )
    tree.write("b.py", "def g():\n    pass\n\n\nclass Base:\n    pass\n")
    tree.write("c.py", "import a\n\n\ndef h():\n    a.f()\n")
    ingest(graph, tree, repo)
    assert references(graph, repo) == {
        ("a.py::f", "CALLS", "b.py::g", "import"),
        ("a.py::K", "INHERITS", "b.py::Base", "import"),
        ("a.py", "IMPORTS", "b.py", "import"),
        ("c.py", "IMPORTS", "a.py", "import"),
        ("c.py::h", "CALLS", "a.py::f", "import"),
    }
    tree.delete("a.py")
    report = ingest(graph, tree, repo)
    assert (report.files_deleted, report.writes.files_deleted) == (1, 1)
    assert node_ids(graph, repo, "File") == {"b.py", "c.py"}
    assert {s for s, _ in symbols(graph, repo)} == {
        "b.py::",
        "b.py::g",
        "b.py::Base",
        "c.py::",
        "c.py::h",
    }
    assert references(graph, repo) == {
        ("c.py", "IMPORTS", "?:a", "ghost"),
        ("c.py::h", "CALLS", "?:a.f", "ghost"),
    }
    assert_equals_full(graph, tree, repo, full_repo)


# -- a file added later, then removed --------------------------------------------------------------


def test_added_file_resolves_ghosts_and_removing_it_restores_them(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    tree.write("pkg/__init__.py", "")
    tree.write("pkg/user.py", "from pkg.helpers import h\n\n\ndef use():\n    h()\n")
    tree.write("pkg/loose.py", "from pkg import helpers\n\n\ndef go():\n    helpers.solo()\n")
    ingest(graph, tree, repo)
    before = references(graph, repo)
    assert before == {
        ("pkg/user.py", "IMPORTS", "?:pkg.helpers", "ghost"),
        ("pkg/user.py::use", "CALLS", "?:pkg.helpers.h", "ghost"),
        ("pkg/loose.py", "IMPORTS", "pkg/__init__.py", "import"),
        ("pkg/loose.py::go", "CALLS", "?:pkg.helpers.solo", "ghost"),
    }
    before_snapshot = snapshot(graph, repo)

    tree.write("pkg/helpers.py", "def h():\n    pass\n\n\ndef solo():\n    pass\n")
    report = ingest(graph, tree, repo)
    assert (report.files_added, report.files_unchanged) == (1, 3)
    assert report.writes.importers_reresolved == 2
    assert report.writes.references_reresolved == 2
    assert references(graph, repo) == {
        ("pkg/user.py", "IMPORTS", "pkg/helpers.py", "import"),
        ("pkg/user.py::use", "CALLS", "pkg/helpers.py::h", "import"),
        ("pkg/loose.py", "IMPORTS", "pkg/helpers.py", "import"),
        ("pkg/loose.py::go", "CALLS", "pkg/helpers.py::solo", "import"),
    }
    assert node_ids(graph, repo, "Ghost") == set()
    assert_equals_full(graph, tree, repo, full_repo)

    tree.delete("pkg/helpers.py")
    ingest(graph, tree, repo)
    assert references(graph, repo) == before
    assert snapshot(graph, repo) == before_snapshot
    assert_equals_full(graph, tree, repo, full_repo)


def test_added_package_module_resolves_a_whole_module_import(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    tree.write("app.py", "import tools.text\n\n\ndef run():\n    tools.text.slug()\n")
    ingest(graph, tree, repo)
    assert references(graph, repo) == {
        ("app.py", "IMPORTS", "?:tools.text", "ghost"),
        ("app.py::run", "CALLS", "?:tools.text.slug", "ghost"),
    }
    tree.write("tools/text/__init__.py", "def slug():\n    pass\n")
    ingest(graph, tree, repo)
    assert references(graph, repo) == {
        ("app.py", "IMPORTS", "tools/text/__init__.py", "import"),
        ("app.py::run", "CALLS", "tools/text/__init__.py::slug", "import"),
    }
    assert_equals_full(graph, tree, repo, full_repo)


# -- unique -> ambiguous ---------------------------------------------------------------------------


def test_a_definition_shadowing_an_import_takes_the_call_and_gives_it_back(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    tree.write("a.py", "def helper():\n    pass\n")
    tree.write("b.py", "from mid import helper\n\n\ndef caller():\n    helper()\n")
    tree.write("mid.py", "from a import helper\n")
    ingest(graph, tree, repo)
    assert ("b.py::caller", "CALLS", "a.py::helper", "import") in references(graph, repo)
    [edge] = graph.run_text(
        "MATCH (s)-[r:CALLS]->() WHERE s.repo = $repo RETURN r.confidence AS c", repo=repo
    )
    assert edge["c"] == 0.95

    # the module in between defines its own `helper` after the import: that one is called
    tree.write("mid.py", "from a import helper\n\n\nclass helper:\n    pass\n")
    report = ingest(graph, tree, repo)
    assert report.writes.references_reresolved == 1
    assert ("b.py::caller", "CALLS", "mid.py::helper", "import") in references(graph, repo)
    assert_equals_full(graph, tree, repo, full_repo)

    # and back: a variable of that name does not shadow the import (the fallback pattern
    # `try: from a import helper / except ImportError: helper = None`): the import answers
    tree.write("mid.py", "from a import helper\n\nhelper = make()\n")
    ingest(graph, tree, repo)
    assert ("b.py::caller", "CALLS", "a.py::helper", "import") in references(graph, repo)
    assert_equals_full(graph, tree, repo, full_repo)


def test_go_same_package_call_across_files(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    tree.write("shapes/a.go", "package shapes\n\nfunc Area() int { return helper() }\n")
    tree.write("other/b.go", "package other\n\nfunc helper() int { return 2 }\n")
    ingest(graph, tree, repo)
    # not in the package: another package's function is never seen by its bare name
    assert references(graph, repo) == {("shapes/a.go::Area", "CALLS", "?:helper", "ghost")}
    tree.write("shapes/b.go", "package shapes\n\nfunc helper() int { return 1 }\n")
    ingest(graph, tree, repo)
    assert references(graph, repo) == {
        ("shapes/a.go::Area", "CALLS", "shapes/b.go::helper", "package")
    }
    assert_equals_full(graph, tree, repo, full_repo)


# -- rename ----------------------------------------------------------------------------------------


def test_renamed_file_leaves_no_trace_of_the_old_claim(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    tree.write("pkg/__init__.py", "")
    tree.write(
        "pkg/old.py",
        "class Thing:\n    def go(self):\n        helper()\n\n\ndef helper():\n    pass\n",
    )
    tree.write(
        "pkg/user.py",
        source(
            """
            import pkg.old
            from pkg.old import Thing

            def use():
                Thing()
                pkg.old.helper()
            """
        ),
    )
    ingest(graph, tree, repo)
    assert references(graph, repo) == {
        ("pkg/old.py::Thing.go", "CALLS", "pkg/old.py::helper", "local"),
        ("pkg/user.py", "IMPORTS", "pkg/old.py", "import"),
        ("pkg/user.py::use", "CALLS", "pkg/old.py::Thing", "import"),
        ("pkg/user.py::use", "CALLS", "pkg/old.py::helper", "import"),
    }

    tree.rename("pkg/old.py", "pkg/new.py")
    report = ingest(graph, tree, repo)
    assert (report.files_added, report.files_deleted, report.files_renamed) == (1, 1, 1)
    old_claim = f"{repo}:pkg/old.py"
    leftovers = graph.run_text(
        "MATCH (n) WHERE n.repo = $repo AND (n.claim = $claim OR n.file = 'pkg/old.py' "
        "OR n.path = 'pkg/old.py' OR n.id STARTS WITH $claim) RETURN n.id AS id",
        repo=repo,
        claim=old_claim,
    )
    assert leftovers == []
    old_edges = graph.run_text(
        "MATCH (a)-[r]->() WHERE coalesce(r.claim, a.claim) = $claim RETURN type(r) AS type",
        claim=old_claim,
    )
    assert old_edges == []
    assert {s for s, _ in symbols(graph, repo) if s.startswith("pkg/new.py")} == {
        "pkg/new.py::",
        "pkg/new.py::Thing",
        "pkg/new.py::Thing.go",
        "pkg/new.py::helper",
    }
    assert references(graph, repo) == {
        ("pkg/new.py::Thing.go", "CALLS", "pkg/new.py::helper", "local"),
        ("pkg/user.py", "IMPORTS", "?:pkg.old", "ghost"),
        ("pkg/user.py::use", "CALLS", "?:pkg.old.Thing", "ghost"),
        ("pkg/user.py::use", "CALLS", "?:pkg.old.helper", "ghost"),
    }
    assert_equals_full(graph, tree, repo, full_repo)


# -- fingerprints ----------------------------------------------------------------------------------


def without_mtime(nodes: set[Any]) -> set[Any]:
    return {(labels, tuple(kv for kv in props if kv[0] != "mtime_ns")) for labels, props in nodes}


@pytest.fixture
def io_counts(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """How many files the ingest read and how many it parsed (in-process reads only)."""
    counts: Counter[str] = Counter()
    real_read_files, real_extract = pipeline.read_files, reader.extract

    def read_files(jobs: list[reader.ReadJob]) -> list[Any]:
        counts["read"] += len(jobs)
        return real_read_files(jobs)

    def extract(language: str, path: str, source: bytes) -> Any:
        counts["parsed"] += 1
        return real_extract(language, path, source)

    monkeypatch.setattr(pipeline, "read_files", read_files)
    monkeypatch.setattr(reader, "extract", extract)
    return counts


def test_unchanged_tree_writes_nothing_and_touch_only_refreshes_mtime(
    graph: Graph, tree: Tree, repo: str, io_counts: Counter[str]
) -> None:
    tree.write("a.py", "def f():\n    g()\n")
    tree.write("b.py", "def g():\n    pass\n")
    tree.write("notes.md", "# notes\n")
    first = ingest(graph, tree, repo)
    assert (first.files_seen, first.files_added, first.lines_parsed) == (3, 3, 5)
    assert io_counts == {"read": 3, "parsed": 2}  # markdown is read, not parsed
    before = snapshot(graph, repo)

    io_counts.clear()
    again = ingest(graph, tree, repo)
    assert again.files_unchanged == again.files_seen == 3
    assert (again.files_added, again.files_changed, again.files_deleted) == (0, 0, 0)
    assert again.lines_parsed == 0
    assert again.writes.edges_written == 0
    assert again.writes.files_written == again.writes.symbols_written == 0
    assert io_counts == {}  # size and mtime match: not even read
    assert snapshot(graph, repo) == before

    mtime_ns = tree.touch("a.py")
    touched = ingest(graph, tree, repo)
    assert touched.files_changed == 0
    assert touched.files_unchanged == 3
    assert touched.lines_parsed == 0
    assert touched.writes.edges_written == touched.writes.files_written == 0
    assert io_counts == {"read": 1}  # read and hashed, not parsed
    [row] = graph.run_text(
        "MATCH (f:File {id: $id}) RETURN f.mtime_ns AS mtime_ns", id=f"{repo}:a.py"
    )
    assert row["mtime_ns"] == mtime_ns
    after = snapshot(graph, repo)
    assert after != before
    assert after[1] == before[1]
    assert without_mtime(after[0]) == without_mtime(before[0])

    io_counts.clear()
    assert ingest(graph, tree, repo).files_unchanged == 3
    assert io_counts == {}  # the refreshed fingerprint is current


def test_content_change_is_parsed_and_written(graph: Graph, tree: Tree, repo: str) -> None:
    tree.write("a.py", "def f():\n    pass\n")
    ingest(graph, tree, repo)
    tree.write("a.py", "def f():\n    pass\n\n\ndef g():\n    f()\n")
    report = ingest(graph, tree, repo)
    assert (report.files_changed, report.files_unchanged, report.lines_parsed) == (1, 0, 6)
    assert references(graph, repo) == {("a.py::g", "CALLS", "a.py::f", "local")}


# -- several repos in one database ----------------------------------------------------------------


def test_two_repos_do_not_touch_each_other(graph: Graph, tmp_path: Path) -> None:
    suffix = uuid.uuid4().hex[:8]
    one, two = f"one-{suffix}", f"two-{suffix}"
    trees = {one: Tree(tmp_path / "one"), two: Tree(tmp_path / "two")}
    try:
        for tree in trees.values():
            tree.write("lib.py", "def shared():\n    pass\n")
            tree.write(
                "app.py",
                "import missing\nfrom lib import shared\n\n\ndef main():\n    shared()\n"
                "    gone()\n",
            )
        for name, tree in trees.items():
            ingest(graph, tree, name)
        expected = {
            ("app.py", "IMPORTS", "?:missing", "ghost"),
            ("app.py", "IMPORTS", "lib.py", "import"),
            # in its own repo, though the other repo has a `lib.shared` too
            ("app.py::main", "CALLS", "lib.py::shared", "import"),
            ("app.py::main", "CALLS", "?:gone", "ghost"),
        }
        assert references(graph, one) == references(graph, two) == expected
        assert snapshot(graph, one) == snapshot(graph, two)
        untouched = snapshot(graph, two)

        trees[one].delete("lib.py")
        trees[one].write(
            "app.py", "import missing\nfrom lib import shared\n\n\ndef main():\n    shared()\n"
        )
        ingest(graph, trees[one], one)
        assert references(graph, one) == {
            ("app.py", "IMPORTS", "?:missing", "ghost"),
            ("app.py", "IMPORTS", "?:lib", "ghost"),
            ("app.py::main", "CALLS", "?:lib.shared", "ghost"),
        }
        assert snapshot(graph, two) == untouched
        assert dangling_edges(graph, one) == dangling_edges(graph, two) == []
        # the ghosts of one repo are its own
        assert node_ids(graph, one, "Ghost") == {"?:missing", "?:lib", "?:lib.shared"}
        assert node_ids(graph, two, "Ghost") == {"?:missing", "?:gone"}
    finally:
        wipe(graph, one)
        wipe(graph, two)


# -- full on an existing repo ----------------------------------------------------------------------


def test_full_mode_on_an_existing_repo_gives_the_incremental_graph(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    tree.write("pkg/__init__.py", "from .a import f\n")
    tree.write("pkg/a.py", "from .b import g\n\n\ndef f():\n    g()\n")
    tree.write(
        "pkg/b.py",
        source(
            """
            class G:
                def m(self):
                    self.n()

                def n(self):
                    pass

            def g():
                G().m()
            """
        ),
    )
    tree.write("web/main.ts", "import { run } from './run';\nexport function start() { run(); }\n")
    tree.write("web/run.ts", "export function run() { return 1; }\n")
    ingest(graph, tree, repo)
    tree.write("pkg/b.py", "def g():\n    pass\n")
    tree.delete("web/run.ts")
    ingest(graph, tree, repo)
    incremental = snapshot(graph, repo)

    report = ingest(graph, tree, repo, mode="full")
    assert report.files_changed == report.files_seen == 4
    assert report.files_unchanged == 0
    assert snapshot(graph, repo) == incremental
    assert_equals_full(graph, tree, repo, full_repo)


# -- the claim property ----------------------------------------------------------------------------


def test_every_node_and_edge_carries_its_file_claim(graph: Graph, tree: Tree, repo: str) -> None:
    tree.write(
        "py/a.py",
        source(
            """
            import os
            from py.b import B

            class A(B):
                def m(self):
                    os.getcwd()
                    self.n()

                def n(self):
                    pass
            """
        ),
    )
    tree.write("py/b.py", "class B:\n    pass\n")
    tree.write(
        "js/x.js", "import { y } from './y.js';\nexport class X extends Y { go() { y(); } }\n"
    )
    tree.write("js/y.js", "export function y() {}\nexport class Y {}\n")
    tree.write("go/p/p.go", 'package p\n\nimport "fmt"\n\nfunc P() { fmt.Println(Q()) }\n')
    tree.write("go/p/q.go", 'package p\n\nfunc Q() string { return "" }\n')
    tree.write("README.md", "# readme\n")
    ingest(graph, tree, repo)

    bad_nodes = graph.run_text(
        "MATCH (n) WHERE n.repo = $repo AND NOT n:Ghost AND NOT n:Repo "
        "AND NOT ((n:File AND n.claim = n.id) "
        "OR ((n:Symbol OR n:Chunk) AND n.claim = $repo + ':' + n.file)) "
        "RETURN n.id AS id",
        repo=repo,
    )
    assert bad_nodes == []
    bad_edges = graph.run_text(
        # an edge's claim: its own (HAS_FILE) or its start node's (the others, graph-model.md)
        "MATCH (a)-[r]->(b) WHERE coalesce(r.repo, a.repo) = $repo "
        "WITH a, r, b, coalesce(r.claim, a.claim) AS claim, "
        "CASE WHEN a:File THEN a.id WHEN a:Repo THEN b.id "
        "ELSE $repo + ':' + a.file END AS expected "
        "WHERE claim IS NULL OR claim <> expected "
        "RETURN a.id AS a, type(r) AS type, b.id AS b, claim",
        repo=repo,
    )
    assert bad_edges == []
    [counts] = graph.run_text(
        "MATCH (a)-[r]->() WHERE coalesce(r.repo, a.repo) = $repo "
        "RETURN count(r) AS edges, count(DISTINCT type(r)) AS types, "
        "sum(CASE WHEN type(r) = 'HAS_FILE' THEN 1 ELSE 0 END) AS has_file",
        repo=repo,
    )
    assert counts["has_file"] == 7
    assert counts["types"] == 6  # HAS_FILE DEFINES CONTAINS IMPORTS CALLS INHERITS
    # Repo and Ghost nodes carry no claim: they belong to no one file
    unclaimed = graph.run_text(
        "MATCH (n) WHERE (n:Repo AND n.id = $repo) OR (n:Ghost AND n.repo = $repo) "
        "RETURN labels(n) AS labels, n.claim AS claim",
        repo=repo,
    )
    assert {tuple(r["labels"]) for r in unclaimed} == {("Repo",), ("Ghost",)}
    assert {r["claim"] for r in unclaimed} == {None}


# -- known bugs ------------------------------------------------------------------------------------

MODULE_REFERENCE_BUG = (
    "a reference bound to a whole module (`import mod; mod()`, `class A(mod)`, JS "
    "`import * as m; m()`) resolves to the module symbol (qualname ''), but plan_changeset "
    "discards '' from the touched names, so it is not re-resolved when that module file "
    "appears or goes: incremental != full"
)


def test_module_reference_resolves_when_the_module_appears(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    tree.write("a.py", "import mod\n\n\ndef f():\n    mod.run()\n")
    ingest(graph, tree, repo)
    tree.write("mod.py", "def run():\n    pass\n")
    ingest(graph, tree, repo)
    assert references(graph, repo) == {
        ("a.py", "IMPORTS", "mod.py", "import"),
        ("a.py::f", "CALLS", "mod.py::run", "import"),
    }
    assert_equals_full(graph, tree, repo, full_repo)


def test_module_reference_becomes_a_ghost_when_the_module_goes(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    tree.write("mod.py", "def run():\n    pass\n")
    tree.write("a.py", "import mod\n\n\ndef f():\n    mod.run()\n    mod()\n")
    ingest(graph, tree, repo)
    assert ("a.py::f", "CALLS", "mod.py::run", "import") in references(graph, repo)
    # a module is not callable: that call is no edge to it
    assert ("a.py::f", "CALLS", "?:mod", "ghost") in references(graph, repo)
    tree.delete("mod.py")
    ingest(graph, tree, repo)
    assert references(graph, repo) == {
        ("a.py", "IMPORTS", "?:mod", "ghost"),
        ("a.py::f", "CALLS", "?:mod.run", "ghost"),
        ("a.py::f", "CALLS", "?:mod", "ghost"),
    }
    assert_equals_full(graph, tree, repo, full_repo)


def test_lines_inserted_above_references_move_their_edges_in_place(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    """Lines added at the top move every reference below them: those edges keep their identity
    and get the new line (a SET), the graph still equals a full ingest, and the edge ids held
    before are the ones held after."""
    tree.write("pkg/__init__.py", "")
    tree.write("pkg/lib.py", "def helper():\n    pass\n")
    body = source(
        """
        from pkg.lib import helper


        def first():
            helper()


        def second():
            first()
            helper()
        """
    )
    tree.write("pkg/user.py", body)
    ingest(graph, tree, repo)
    ids_before = relationship_ids(graph, repo, "pkg/user.py")

    tree.write("pkg/user.py", '"""Docs added above."""\n\nimport os\n' + body)
    report = ingest(graph, tree, repo)
    assert report.writes.edges_moved == 4  # three calls and the import of pkg/lib.py
    assert report.writes.edges_written == 1  # the new import of os (a ghost)
    lines = {
        (row["source"], row["target"]): row["line"]
        for row in graph.run_text(
            "MATCH (s {claim: $claim})-[r:CALLS|IMPORTS]->(t) "
            "RETURN s.id AS source, t.id AS target, r.line AS line",
            claim=f"{repo}:pkg/user.py",
        )
    }
    assert lines[(f"{repo}:pkg/user.py::second", f"{repo}:pkg/user.py::first")] == 12
    assert lines[(f"{repo}:pkg/user.py", f"{repo}:pkg/lib.py")] == 4
    assert ids_before <= relationship_ids(graph, repo, "pkg/user.py")
    assert_equals_full(graph, tree, repo, full_repo)


def relationship_ids(graph: Graph, repo: str, path: str) -> set[str]:
    return {
        row["rid"]
        for row in graph.run_text(
            "MATCH (s {claim: $claim})-[r:CALLS|IMPORTS]->() RETURN elementId(r) AS rid",
            claim=f"{repo}:{path}",
        )
    }


# -- chunks moved by an edit above them ------------------------------------------------------------


def chunk_nodes(graph: Graph, repo: str, path: str) -> dict[str, tuple[str, int]]:
    """element id -> (text, first line) of the file's chunks."""
    return {
        row["eid"]: (row["text"], row["start"])
        for row in graph.run_text(
            "MATCH (c:Chunk {claim: $claim}) "
            "RETURN elementId(c) AS eid, c.text AS text, c.start_line AS start",
            claim=f"{repo}:{path}",
        )
    }


def test_an_edit_moves_the_chunks_below_it_in_place(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    """Chunk boundaries are content-defined: lines inserted in the middle of a big file change the
    chunk they fall in, and every chunk below keeps its text and node (its lines updated in
    place; the trigram index is not asked to index the text again)."""
    body = "".join(f"def function_{n}(value):\n    return value * {n}\n\n" for n in range(1500))
    tree.write("big.py", body)
    ingest(graph, tree, repo)
    before = chunk_nodes(graph, repo, "big.py")
    assert len(before) >= 6
    lines = body.split("\n")
    middle = len(lines) // 2
    inserted = ["def inserted_above(value):", "    return value", ""]
    tree.write("big.py", "\n".join(lines[:middle] + inserted + lines[middle:]))
    report = ingest(graph, tree, repo)
    after = chunk_nodes(graph, repo, "big.py")
    kept_in_place = {eid for eid in before if eid in after and after[eid] == before[eid]}
    moved = {
        eid
        for eid in before
        if eid in after and after[eid][0] == before[eid][0] and after[eid][1] == before[eid][1] + 3
    }
    assert report.writes.chunks_moved == len(moved) >= 2
    assert report.writes.chunks_written <= 2  # the chunk the lines fell in (maybe a neighbour)
    assert len(kept_in_place) + len(moved) >= len(before) - 2
    assert_equals_full(graph, tree, repo, full_repo)


# -- Go modules ----------------------------------------------------------------------------------


def test_go_imports_follow_the_module_path_of_go_mod(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    tree.write("go.mod", "module example.com/geo\n\ngo 1.22\n")
    tree.write("shapes/circle.go", "package shapes\n\nfunc Area() int { return 1 }\n")
    tree.write(
        "cmd/main.go",
        source(
            """
            package main

            import (
                "example.com/geo/shapes"
                other "github.com/acme/shapes"
            )

            func main() {
                shapes.Area()
                other.Area()
            }
            """
        ),
    )
    ingest(graph, tree, repo)
    edges = {e for e in references(graph, repo) if e[0].startswith("cmd/main.go")}
    assert edges == {
        ("cmd/main.go", "IMPORTS", "shapes/circle.go", "import"),
        # same last segment, another module: outside the repo, never this directory
        ("cmd/main.go", "IMPORTS", "?:github.com/acme/shapes", "ghost"),
        ("cmd/main.go::main", "CALLS", "shapes/circle.go::Area", "import"),
        ("cmd/main.go::main", "CALLS", "?:github.com/acme/shapes.Area", "ghost"),
    }
    assert_equals_full(graph, tree, repo, full_repo)

    # the module is renamed: its own imports now name another module, and they are ghosts
    tree.write("go.mod", "module example.com/renamed\n")
    ingest(graph, tree, repo)
    edges = {e for e in references(graph, repo) if e[0].startswith("cmd/main.go")}
    assert ("cmd/main.go", "IMPORTS", "?:example.com/geo/shapes", "ghost") in edges
    assert_equals_full(graph, tree, repo, full_repo)


# -- project files and re-exports: every change re-resolves what went through them -------------

Step = tuple[str, str | None, tuple[str, str]]
"""(path, new text or None to delete it, an edge (target, via) the source must then have)."""


def calls_of(graph: Graph, repo: str, source: str) -> set[tuple[str, str]]:
    return {(e[2], e[3]) for e in references(graph, repo) if e[0] == source}


def follow_steps(
    graph: Graph, tree: Tree, repo: str, full_repo: str, source: str, steps: list[Step]
) -> None:
    """Each step writes (or deletes) one file and ingests incrementally; then `source` calls
    the expected target and the graph equals a full ingest of the tree."""
    for path, text, expected in steps:
        if text is None:
            tree.delete(path)
        else:
            tree.write(path, text)
        ingest(graph, tree, repo)
        found = calls_of(graph, repo, source)
        assert expected in found, (path, text, found)
        assert_equals_full(graph, tree, repo, full_repo)


def test_references_through_a_barrel_follow_every_change(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    tree.write("src/index.ts", "export * from './a';\nexport { b as bee } from './b';\n")
    tree.write("src/a.ts", "export function fa() {}\n")
    tree.write("src/b.ts", "export function b() {}\nexport function b2() {}\n")
    tree.write(
        "src/use.ts",
        "import { fa, bee } from './index';\nexport function main() {\n  fa();\n  bee();\n}\n",
    )
    ingest(graph, tree, repo)
    main = "src/use.ts::main"
    assert calls_of(graph, repo, main) == {("src/a.ts::fa", "import"), ("src/b.ts::b", "import")}
    follow_steps(graph, tree, repo, full_repo, main, [
        ("src/a.ts", "export function other() {}\n", ("?:./index.fa", "ghost")),
        ("src/a.ts", "export function fa() {}\n", ("src/a.ts::fa", "import")),
        # the alias now names another function of b.ts
        ("src/index.ts", "export * from './a';\nexport { b2 as bee } from './b';\n",
         ("src/b.ts::b2", "import")),
        # the star goes: fa is no longer exported by the barrel
        ("src/index.ts", "export { b2 as bee } from './b';\n", ("?:./index.fa", "ghost")),
        ("src/index.ts", "export * from './a';\nexport { b2 as bee } from './b';\n",
         ("src/a.ts::fa", "import")),
        ("src/a.ts", None, ("?:./index.fa", "ghost")),
    ])  # fmt: skip


def test_package_names_and_commonjs_values_follow_every_change(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    tree.write("package.json", '{"name": "geo", "exports": {"./shapes": "./src/shapes.js"}}\n')
    tree.write("src/shapes.js", "class Circle { area() {} }\nmodule.exports = Circle;\n")
    tree.write("src/square.js", "class Square { area() {} }\nmodule.exports = Square;\n")
    tree.write(
        "test/use.js",
        "const Shape = require('geo/shapes');\n"
        "function main() {\n  new Shape();\n  Shape.area();\n}\n",
    )
    ingest(graph, tree, repo)
    main = "test/use.js::main"
    assert calls_of(graph, repo, main) == {
        ("src/shapes.js::Circle", "import"),
        ("src/shapes.js::Circle.area", "import"),
    }
    follow_steps(graph, tree, repo, full_repo, main, [
        # the module's value changes: what `require` gives follows it
        ("src/shapes.js", "class Circle {}\nclass Oval { area() {} }\nmodule.exports = Oval;\n",
         ("src/shapes.js::Oval.area", "import")),
        # the package's exports map now points elsewhere
        ("package.json", '{"name": "geo", "exports": {"./shapes": "./src/square.js"}}\n',
         ("src/square.js::Square", "import")),
        # renamed: `geo/shapes` is no package of the repo any more
        ("package.json", '{"name": "geometry", "exports": {"./shapes": "./src/square.js"}}\n',
         ("?:geo/shapes", "ghost")),
        ("package.json", '{"name": "geo", "exports": {"./shapes": "./src/square.js"}}\n',
         ("src/square.js::Square.area", "import")),
        ("package.json", None, ("?:geo/shapes", "ghost")),
    ])  # fmt: skip


def test_a_crate_renamed_in_cargo_toml_re_resolves_its_users(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    tree.write("Cargo.toml", '[package]\nname = "geo"\n')
    tree.write("src/lib.rs", "pub fn area() {}\n")
    tree.write("tests/it.rs", "fn run() {\n    geo::area();\n}\n")
    ingest(graph, tree, repo)
    run = "tests/it.rs::run"
    assert calls_of(graph, repo, run) == {("src/lib.rs::area", "import")}
    follow_steps(graph, tree, repo, full_repo, run, [
        ("Cargo.toml", '[package]\nname = "geometry"\n', ("?:area", "ghost")),
        ("Cargo.toml", '[package]\nname = "geometry"\n[lib]\nname = "geo"\n',
         ("src/lib.rs::area", "import")),
        ("Cargo.toml", None, ("?:area", "ghost")),
    ])  # fmt: skip


def test_tsconfig_paths_follow_every_change(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    tree.write("tsconfig.json", '{"compilerOptions": {"paths": {"@/*": ["./src/*"]}}}\n')
    tree.write("src/lib/math.ts", "export function add() {}\n")
    tree.write("lib/math.ts", "export function add() {}\n")
    tree.write(
        "src/app.ts", "import { add } from '@/lib/math';\nexport function main() { add(); }\n"
    )
    ingest(graph, tree, repo)
    main = "src/app.ts::main"
    assert calls_of(graph, repo, main) == {("src/lib/math.ts::add", "import")}
    follow_steps(graph, tree, repo, full_repo, main, [
        ("tsconfig.json", '{"compilerOptions": {"paths": {"@/*": ["./*"]}}}\n',
         ("lib/math.ts::add", "import")),
        ("tsconfig.json", "{}\n", ("?:@/lib/math.add", "ghost")),
        ("tsconfig.json", '{"compilerOptions": {"baseUrl": "src", "paths": {"@/*": ["*"]}}}\n',
         ("src/lib/math.ts::add", "import")),
        ("tsconfig.json", None, ("?:@/lib/math.add", "ghost")),
    ])  # fmt: skip


def test_a_pub_use_that_changes_re_resolves_what_went_through_it(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    mods = "mod a;\nmod b;\n"
    tree.write("src/lib.rs", mods + "pub use self::a::Shape;\n")
    tree.write("src/a.rs", "pub struct Shape {}\nimpl Shape { pub fn area() {} }\n")
    tree.write("src/b.rs", "pub struct Shape {}\nimpl Shape { pub fn area() {} }\n")
    tree.write("src/use.rs", "fn run() {\n    crate::Shape::area();\n}\n")
    ingest(graph, tree, repo)
    run = "src/use.rs::run"
    assert calls_of(graph, repo, run) == {("src/a.rs::Shape.area", "import")}
    follow_steps(graph, tree, repo, full_repo, run, [
        ("src/lib.rs", mods + "pub use self::b::Shape;\n", ("src/b.rs::Shape.area", "import")),
        ("src/b.rs", "pub struct Shape {}\n", ("?:crate.Shape.area", "ghost")),
        ("src/lib.rs", mods + "pub use self::a::*;\n", ("src/a.rs::Shape.area", "import")),
    ])  # fmt: skip


def test_a_java_on_demand_import_follows_the_types_its_package_gains_and_loses(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    codec = "package org.lib;\npublic class Codec { public void encode() {} }\n"
    local = "package org.app;\nclass Codec { void encode() {} }\n"
    tree.write("src/main/java/org/lib/Other.java", "package org.lib;\npublic class Other {}\n")
    tree.write(
        "src/main/java/org/app/Use.java",
        "package org.app;\nimport org.lib.*;\n"
        "class Use {\n  void run(Codec c) {\n    c.encode();\n  }\n}\n",
    )
    ingest(graph, tree, repo)
    run = "src/main/java/org/app/Use.java::Use.run"
    assert calls_of(graph, repo, run) == {("?:Codec.encode", "ghost")}
    follow_steps(graph, tree, repo, full_repo, run, [
        # the imported package gains the type: the on-demand import names it
        ("src/main/java/org/lib/Codec.java", codec,
         ("src/main/java/org/lib/Codec.java::Codec.encode", "package")),
        # a type of the same package shadows the on-demand import
        ("src/main/java/org/app/Codec.java", local,
         ("src/main/java/org/app/Codec.java::Codec.encode", "package")),
        ("src/main/java/org/app/Codec.java", None,
         ("src/main/java/org/lib/Codec.java::Codec.encode", "package")),
        ("src/main/java/org/lib/Codec.java", None, ("?:Codec.encode", "ghost")),
    ])  # fmt: skip


def test_a_java_field_of_another_file_follows_its_declared_type(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    def holder(field_type: str) -> str:
        return f"package org.x;\npublic class Holder {{\n  {field_type} pending;\n}}\n"

    tree.write("src/main/java/org/x/Holder.java", holder("Tag"))
    tree.write("src/main/java/org/x/Tag.java", "package org.x;\nclass Tag { void append() {} }\n")
    tree.write("src/main/java/org/x/Doc.java", "package org.x;\nclass Doc { void append() {} }\n")
    tree.write(
        "src/main/java/org/x/State.java",
        "package org.x;\nclass State {\n  void read(Holder h) {\n    h.pending.append();\n  }\n}\n",
    )
    ingest(graph, tree, repo)
    read = "src/main/java/org/x/State.java::State.read"
    assert calls_of(graph, repo, read) == {("src/main/java/org/x/Tag.java::Tag.append", "typed")}
    follow_steps(graph, tree, repo, full_repo, read, [
        # the field's declared type changes in its own file: the call follows it
        ("src/main/java/org/x/Holder.java", holder("Doc"),
         ("src/main/java/org/x/Doc.java::Doc.append", "typed")),
        ("src/main/java/org/x/Doc.java", "package org.x;\nclass Doc {}\n", ("?:append", "ghost")),
        ("src/main/java/org/x/Holder.java", holder("Tag"),
         ("src/main/java/org/x/Tag.java::Tag.append", "typed")),
    ])  # fmt: skip


def test_a_java_type_turning_into_an_interface_re_resolves_calls_on_its_values(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    interface = "package org.x;\npublic interface Shape {\n  double area();\n}\n"
    klass = "package org.x;\npublic class Shape {\n  double area() { return 1; }\n}\n"
    tree.write("src/main/java/org/x/Shape.java", interface)
    tree.write(
        "src/main/java/org/x/Use.java",
        "package org.x;\nclass Use {\n  void run(Shape s) {\n    s.area();\n  }\n}\n",
    )
    ingest(graph, tree, repo)
    run = "src/main/java/org/x/Use.java::Use.run"
    area = "src/main/java/org/x/Shape.java::Shape.area"
    assert calls_of(graph, repo, run) == {(area, "interface")}
    follow_steps(graph, tree, repo, full_repo, run, [
        ("src/main/java/org/x/Shape.java", klass, (area, "package")),
        ("src/main/java/org/x/Shape.java", interface, (area, "interface")),
    ])  # fmt: skip


def test_a_java_field_of_a_base_in_another_file_follows_its_declaration(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    def base(field_type: str) -> str:
        return f"package org.x;\npublic class Base {{\n  protected {field_type} ctx;\n}}\n"

    tree.write("src/main/java/org/x/Base.java", base("Tag"))
    tree.write("src/main/java/org/x/Tag.java", "package org.x;\nclass Tag { void check() {} }\n")
    tree.write("src/main/java/org/x/Doc.java", "package org.x;\nclass Doc { void check() {} }\n")
    tree.write(
        "src/main/java/org/x/Sub.java",
        "package org.x;\nclass Sub extends Base {\n  void run() {\n    ctx.check();\n  }\n}\n",
    )
    ingest(graph, tree, repo)
    run = "src/main/java/org/x/Sub.java::Sub.run"
    assert calls_of(graph, repo, run) == {("src/main/java/org/x/Tag.java::Tag.check", "typed")}
    follow_steps(graph, tree, repo, full_repo, run, [
        ("src/main/java/org/x/Base.java", base("Doc"),
         ("src/main/java/org/x/Doc.java::Doc.check", "typed")),
        # the field is gone from the base: nothing declares it
        ("src/main/java/org/x/Base.java", base("Doc").replace("ctx", "other"),
         ("?:check", "ghost")),
        ("src/main/java/org/x/Base.java", base("Tag"),
         ("src/main/java/org/x/Tag.java::Tag.check", "typed")),
    ])  # fmt: skip


def test_a_local_assigned_a_call_follows_the_callees_return_type(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    def make(returned: str) -> str:
        return (
            f"import {{ {returned} }} from './shapes';\nexport function make(): {returned} {{}}\n"
        )

    tree.write(
        "src/shapes.ts", "export class Circle { area() {} }\nexport class Square { area() {} }\n"
    )
    tree.write("src/make.ts", make("Circle"))
    tree.write(
        "src/use.ts",
        "import { make } from './make';\n"
        "export function run() {\n  const s = make();\n  s.area();\n}\n",
    )
    ingest(graph, tree, repo)
    run = "src/use.ts::run"
    assert ("src/shapes.ts::Circle.area", "typed") in calls_of(graph, repo, run)
    follow_steps(graph, tree, repo, full_repo, run, [
        ("src/make.ts", make("Square"), ("src/shapes.ts::Square.area", "typed")),
        ("src/make.ts", "export function make() {}\n", ("?:area", "ghost")),
        ("src/make.ts", make("Circle"), ("src/shapes.ts::Circle.area", "typed")),
    ])  # fmt: skip


def test_a_go_field_of_another_files_struct_follows_its_declared_type(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    def context(field_type: str) -> str:
        return f"package web\ntype Context struct {{\n\twriter {field_type}\n}}\n"

    tree.write("go.mod", "module example.com/web\n")
    tree.write("context.go", context("plain"))
    tree.write(
        "writers.go",
        "package web\ntype plain struct{}\nfunc (p *plain) reset() {}\n"
        "type fancy struct{}\nfunc (f *fancy) reset() {}\n",
    )
    tree.write("gin.go", "package web\nfunc handle(c *Context) {\n\tc.writer.reset()\n}\n")
    ingest(graph, tree, repo)
    handle = "gin.go::handle"
    assert calls_of(graph, repo, handle) == {("writers.go::plain.reset", "typed")}
    follow_steps(graph, tree, repo, full_repo, handle, [
        ("context.go", context("*fancy"), ("writers.go::fancy.reset", "typed")),
        ("context.go", context("int"), ("?:reset", "ghost")),
        ("context.go", context("plain"), ("writers.go::plain.reset", "typed")),
    ])  # fmt: skip
