"""One tree full of bad input: the ingest completes, says what it skipped or only partly read and
why, and everything else is in the graph."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import IngestReport
from tests.integration.ingest.graph_snapshot import dangling_edges, snapshot, wipe
from tests.integration.ingest.scenario_tree import Tree, ingest, node_ids, references, symbols

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
BYTE_NAMES = sys.platform == "linux"

HUGE_BYTES = 50 * 1024 * 1024


@pytest.fixture
def repo(graph: Graph, repo_id: str) -> Iterator[str]:
    yield repo_id
    wipe(graph, repo_id)


def build_bad_tree(root: Path) -> Tree:
    tree = Tree(root)
    tree.write("pkg/__init__.py", "")
    tree.write("pkg/good.py", "def helper():\n    return 1\n")
    bad_utf8 = tree.root / "pkg" / "latin1.py"
    bad_utf8.write_bytes(
        b"# caf\xe9\ndef latin():\n    return '\xff\xfe'\n\n\ndef after():\n    latin()\n"
    )
    tree.touch("pkg/latin1.py")
    tree.write(
        "pkg/broken.py",
        "from pkg.good import helper\n\n\ndef broken(:\n    pass\n\n\n"
        "class After:\n    def still(self):\n        return helper()\n",
    )
    with (tree.root / "huge.py").open("wb") as handle:
        handle.truncate(HUGE_BYTES)  # sparse: costs no disk and no read
    (tree.root / "image.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x01")
    tree.touch("image.png")
    (tree.root / "pkg" / "loop").symlink_to(tree.root, target_is_directory=True)
    (tree.root / "alias.py").symlink_to(tree.root / "pkg" / "good.py")
    tree.write("dir with space/модуль.py", "def привет():\n    return 1\n")
    tree.write("😀.py", "from модуль import привет\n\n\ndef main():\n    привет()\n")
    tree.write("empty.py", "")
    bom = tree.root / "bom.py"
    bom.write_bytes(b"\xef\xbb\xbfdef with_bom():\r\n    helper()\r\n")
    tree.touch("bom.py")
    if BYTE_NAMES:
        with open(os.path.join(os.fsencode(tree.root), b"bad\xffname.py"), "wb") as handle:
            handle.write(b"def nameless():\n    pass\n")
    return tree


@pytest.fixture
def bad_tree(tmp_path: Path) -> Tree:
    return build_bad_tree(tmp_path / "bad")


def problems_by_path(report: IngestReport) -> dict[str, str]:
    return {p["path"]: p["problem"] for p in report.problems}


def test_bad_input_is_reported_and_the_rest_is_ingested(
    graph: Graph, bad_tree: Tree, repo: str
) -> None:
    report = ingest(graph, bad_tree, repo)

    expected_skips = {"too_large": 1, "binary": 1, "symlink": 2}
    if BYTE_NAMES:
        expected_skips["undecodable_name"] = 1
    assert report.skipped == expected_skips

    problems = problems_by_path(report)
    assert problems.pop("image.png") == "binary"
    assert problems.pop("pkg/broken.py") == "syntax errors: 1 region, first at line 4"
    assert problems == {
        "alias.py": "symlink",
        "bad\udcffname.py".encode("utf-8", "surrogateescape").decode("utf-8", "replace"): (
            "undecodable_name"
        ),
        "huge.py": "too_large",
        "pkg/loop": "symlink",
    }

    files = {
        "pkg/__init__.py",
        "pkg/good.py",
        "pkg/latin1.py",
        "pkg/broken.py",
        "dir with space/модуль.py",
        "😀.py",
        "empty.py",
        "bom.py",
    }
    assert node_ids(graph, repo, "File") == files
    assert report.files_added == len(files)

    found = symbols(graph, repo)
    # invalid UTF-8 is read leniently; the definitions around it are all there
    assert {("pkg/latin1.py::latin", "Function"), ("pkg/latin1.py::after", "Function")} <= found
    # a syntax error costs the broken part only
    assert {
        ("pkg/broken.py::After", "Class"),
        ("pkg/broken.py::After.still", "Method"),
    } <= found
    assert ("😀.py::main", "Function") in found
    assert ("dir with space/модуль.py::привет", "Function") in found
    assert ("empty.py::", "Module") in found
    assert ("bom.py::with_bom", "Function") in found

    [broken] = graph.run_text(
        "MATCH (f:File {id: $id}) RETURN f.problems AS problems", id=f"{repo}:pkg/broken.py"
    )
    assert broken["problems"] == ["syntax errors: 1 region, first at line 4"]
    [empty] = graph.run_text(
        "MATCH (f:File {id: $id}) RETURN f.lines AS lines, f.size AS size",
        id=f"{repo}:empty.py",
    )
    assert (empty["lines"], empty["size"]) == (0, 0)

    assert references(graph, repo) == {
        ("pkg/latin1.py::after", "CALLS", "pkg/latin1.py::latin", "local"),
        ("pkg/broken.py", "IMPORTS", "pkg/good.py", "import"),
        ("pkg/broken.py::After.still", "CALLS", "pkg/good.py::helper", "import"),
        # `модуль` is on no import root (`dir with space` is no package and no root), and
        # `helper` is not bound in bom.py: Python finds neither, so both are ghosts
        ("😀.py", "IMPORTS", "?:модуль", "ghost"),
        ("😀.py::main", "CALLS", "?:модуль.привет", "ghost"),
        ("bom.py::with_bom", "CALLS", "?:helper", "ghost"),
    }
    assert dangling_edges(graph, repo) == []


def test_bad_input_twice_is_stable(graph: Graph, bad_tree: Tree, repo: str) -> None:
    ingest(graph, bad_tree, repo)
    before = snapshot(graph, repo)
    again = ingest(graph, bad_tree, repo)
    # skipped files are read again (they have no fingerprint), but nothing changes
    assert again.files_changed == again.files_added == again.files_deleted == 0
    assert again.writes.edges_written == 0
    assert snapshot(graph, repo) == before
    full = ingest(graph, bad_tree, repo, mode="full")
    assert full.skipped == again.skipped
    assert snapshot(graph, repo) == before


def test_a_file_turning_binary_leaves_the_graph(graph: Graph, tmp_path: Path, repo: str) -> None:
    tree = Tree(tmp_path / "t")
    tree.write("a.py", "def f():\n    pass\n")
    tree.write("b.py", "from a import f\n\ndef g():\n    f()\n")
    ingest(graph, tree, repo)
    assert references(graph, repo) == {
        ("b.py::g", "CALLS", "a.py::f", "import"),
        ("b.py", "IMPORTS", "a.py", "import"),
    }
    (tree.root / "a.py").write_bytes(b"\x00\x01binary now")
    tree.touch("a.py")
    report = ingest(graph, tree, repo)
    assert report.skipped == {"binary": 1}
    assert report.files_deleted == 1
    assert node_ids(graph, repo, "File") == {"b.py"}
    assert references(graph, repo) == {
        ("b.py::g", "CALLS", "?:a.f", "ghost"),
        ("b.py", "IMPORTS", "?:a", "ghost"),
    }


@pytest.mark.skipif(IS_ROOT, reason="running as root: chmod 000 does not block reads")
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_unreadable_file_is_reported(graph: Graph, tmp_path: Path, repo: str) -> None:
    tree = Tree(tmp_path / "t")
    tree.write("ok.py", "def fine():\n    pass\n")
    secret = tree.write("secret.py", "def hidden():\n    pass\n")
    secret.chmod(0)
    try:
        report = ingest(graph, tree, repo)
    finally:
        secret.chmod(0o644)
    assert report.skipped == {"unreadable": 1}
    assert problems_by_path(report) == {"secret.py": "unreadable: Permission denied"}
    assert node_ids(graph, repo, "File") == {"ok.py"}


def test_report_names_every_skipped_file(graph: Graph, bad_tree: Tree, repo: str) -> None:
    report = ingest(graph, bad_tree, repo)
    text = json.dumps(report.as_dict(), ensure_ascii=False)
    for path in ("huge.py", "alias.py", "pkg/loop"):
        assert path in text


def test_path_with_double_colon_keeps_its_claim(graph: Graph, tmp_path: Path, repo: str) -> None:
    tree = Tree(tmp_path / "t")
    tree.write("x::y/caller.py", "def go():\n    f()\n")
    tree.write("lib.py", "def f():\n    pass\n")
    ingest(graph, tree, repo)
    tree.write("lib2.py", "def f():\n    pass\n")
    ingest(graph, tree, repo)
    rows = graph.run_text(
        "MATCH (s:Symbol)-[r:CALLS]->() WHERE s.repo = $repo RETURN s.id AS s, s.claim AS claim",
        repo=repo,
    )
    assert rows == [{"s": f"{repo}:x::y/caller.py::go", "claim": f"{repo}:x::y/caller.py"}]
