"""Python star imports under incremental ingest: a lookup that went through a star-imported
module depends on that module's names, found there or not (issue 35: `from .m1 import *` and a
base `C2` that `m1` did not have yet; when `m1` gained it, the references whose lookup had passed
through `m1` kept their old `via` and keys). Each step is ingested incrementally (the whole root,
or only the changed paths) and must equal a full ingest of the same tree."""

from __future__ import annotations

import pytest

from coderooms.graph.driver import Graph
from tests.integration.ingest.incremental_checks import assert_equals_full, calls, updater
from tests.integration.ingest.scenario_tree import Tree, ingest

USER = """\
from .m1 import *


class C1(C2):
    def stop(self):
        self.stop()


class D1(_D2):
    def stop(self):
        self.stop()
"""

BASES = "class C2:\n    pass\n\n\nclass _D2:\n    pass\n"


def vias(graph: Graph, repo: str) -> dict[str, str]:
    """source -> `via` of the `self.stop` calls of m3 (each calls its own method)."""
    return {e[0]: e[3] for e in calls(graph, repo) if e[0] == e[2]}


def bases(graph: Graph, repo: str) -> set[tuple[str, str]]:
    return {(e[0], e[2]) for e in calls(graph, repo, ("INHERITS",))}


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_a_star_module_gaining_a_name_re_resolves_what_looked_into_it(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    update = updater(graph, tree, repo, targeted)
    tree.write("pkg/__init__.py", "")
    tree.write("pkg/m1.py", "def f1():\n    pass\n")
    tree.write("pkg/m3.py", USER)
    ingest(graph, tree, repo)
    # the lookup of the bases went through m1 (which binds neither): its names are keys
    methods = {"pkg/m3.py::C1.stop": "import", "pkg/m3.py::D1.stop": "import"}
    assert vias(graph, repo) == methods
    assert bases(graph, repo) == {("pkg/m3.py::C1", "?:C2"), ("pkg/m3.py::D1", "?:_D2")}
    assert_equals_full(graph, tree, repo, full_repo)

    # m1 gains C2 (taken by the star) and _D2 (not: a `_` name, no `__all__`)
    tree.write("pkg/m1.py", BASES)
    update("pkg/m1.py")
    assert vias(graph, repo) == methods
    assert bases(graph, repo) == {("pkg/m3.py::C1", "pkg/m1.py::C2"), ("pkg/m3.py::D1", "?:_D2")}
    assert_equals_full(graph, tree, repo, full_repo)

    # `__all__` takes C2 out and lets _D2 in
    tree.write("pkg/m1.py", "__all__ = ['_D2']\n" + BASES)
    update("pkg/m1.py")
    assert bases(graph, repo) == {("pkg/m3.py::C1", "?:C2"), ("pkg/m3.py::D1", "pkg/m1.py::_D2")}
    assert_equals_full(graph, tree, repo, full_repo)

    # and lets C2 back in
    tree.write("pkg/m1.py", "__all__ = ['C2', '_D2']\n" + BASES)
    update("pkg/m1.py")
    assert bases(graph, repo) == {
        ("pkg/m3.py::C1", "pkg/m1.py::C2"),
        ("pkg/m3.py::D1", "pkg/m1.py::_D2"),
    }
    assert_equals_full(graph, tree, repo, full_repo)

    # m1 goes: nothing is looked up anywhere but in m3 itself
    tree.delete("pkg/m1.py")
    update("pkg/m1.py")
    assert vias(graph, repo) == {"pkg/m3.py::C1.stop": "local", "pkg/m3.py::D1.stop": "local"}
    assert_equals_full(graph, tree, repo, full_repo)


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_star_imports_in_a_cycle_follow_every_change(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    """m1 and m3 star-import each other (and m2), each with a class whose base neither binds at
    first: a lookup enters the cycle from either side, and the graph must not depend on which
    reference (or which changeset) asked first."""
    update = updater(graph, tree, repo, targeted)
    tree.write("pkg/__init__.py", "")
    tree.write("pkg/m2.py", "def f2():\n    pass\n")
    tree.write("pkg/m1.py", "from .m3 import *\n\n\nclass A(C2):\n    def run(self):\n"
               "        self.run()\n        super().stop()\n")  # fmt: skip
    tree.write("pkg/m3.py", "from .m2 import *\nfrom .m1 import *\n\n\nclass C1(C2):\n"
               "    def stop(self):\n        self.stop()\n        super().run()\n")  # fmt: skip
    ingest(graph, tree, repo)
    assert_equals_full(graph, tree, repo, full_repo)
    steps = [
        ("pkg/m2.py", "class C2:\n    def run(self):\n        pass\n"),
        ("pkg/m1.py", "from .m3 import *\n\n\nclass C2:\n    def stop(self):\n        pass\n"),
        ("pkg/m2.py", "def f2():\n    pass\n"),
        ("pkg/m3.py", "from .m1 import *\n\n\nclass C1(C2):\n    def stop(self):\n"
                      "        super().stop()\n"),
        ("pkg/m1.py", "from .m3 import *\n\n\nclass A(C2):\n    def run(self):\n"
                      "        self.run()\n        super().stop()\n"),
        ("pkg/m2.py", "class C2:\n    def stop(self):\n        pass\n"),
        ("pkg/m3.py", "from .m2 import *\nfrom .m1 import *\n\n\nclass C1(C2):\n"
                      "    def stop(self):\n        self.stop()\n        super().stop()\n"),
    ]  # fmt: skip
    for path, text in steps:
        tree.write(path, text)
        update(path)
        assert_equals_full(graph, tree, repo, full_repo)
