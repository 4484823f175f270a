"""Saves of one big file through `ingest_paths` (the path of `apply` and of a watcher save:
the file parsed from its previous tree, `languages.parsing.reparse`; the collector paused and
what the save left frozen, `ingest.collector`) give the graph a full ingest of the same tree
gives, whatever the edit: a symbol renamed, its calls changed, its imports changed, a syntax
error made and mended, a line added at the end (issue 31, item 5)."""

from __future__ import annotations

from coderooms.graph.driver import Graph
from coderooms.ingest.targeted import ingest_paths
from tests.integration.ingest.incremental_checks import assert_equals_full, calls
from tests.integration.ingest.scenario_tree import Tree, ingest

FUNCTIONS = 120
BIG = "pkg/big.py"


def big_module(functions: dict[int, str] | None = None, imports: str = "") -> str:
    """A module of FUNCTIONS functions, each calling the one before and a helper; `functions`
    replaces some of them by index."""
    parts = [
        '"""A big module."""\n',
        "from pkg.util import helper, other\n",
        imports,
        "\n",
    ]
    for i in range(FUNCTIONS):
        if functions and i in functions:
            parts.append(functions[i])
            continue
        callee = f"f{i - 1}(x)" if i else "helper(x)"
        parts.append(
            f"\n\ndef f{i}(x):\n"
            f'    """Function {i}."""\n'
            f"    y = {callee}\n"
            f"    for k in range(3):\n"
            f"        y += k\n"
            f"    return helper(y)\n"
        )
    parts.append("\n\nclass Holder:\n    def run(self):\n        return f3(1)\n")
    return "".join(parts)


def test_saves_of_a_big_file_equal_a_full_ingest(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    tree.write("pkg/__init__.py", "")
    tree.write("pkg/util.py", "def helper(x):\n    return x\n\n\ndef other(x):\n    return x\n")
    tree.write("pkg/extra.py", "def extra(x):\n    return x\n")
    tree.write(
        "pkg/user.py", "from pkg.big import f60, f61\n\n\ndef use():\n    f60(1)\n    f61(2)\n"
    )
    tree.write(BIG, big_module())
    ingest(graph, tree, repo)
    assert ("big.py::f60", "CALLS", "big.py::f59") in {
        (a.removeprefix("pkg/"), t, b.removeprefix("pkg/")) for a, t, b, _ in calls(graph, repo)
    }
    renamed = "\n\ndef g60(x):\n    y = f59(x)\n    return helper(y)\n"  # f60 is now g60
    saves = [
        ("a function renamed in the middle", big_module({60: renamed})),
        (
            "its calls changed",
            big_module({60: renamed, 61: "\n\ndef f61(x):\n    return other(g60(x))\n"}),
        ),
        (
            "an import added and one removed",
            big_module({60: renamed}, imports="from pkg.extra import extra\n")
            .replace("from pkg.util import helper, other\n", "from pkg.util import helper\n")
            .replace("    return helper(y)\n", "    return extra(y)\n", 1),
        ),
        ("a syntax error in the middle", big_module({60: "\n\ndef g60(x:\n    return (\n"})),
        ("the syntax error mended", big_module()),
        ("a function added at the end", big_module() + "\n\ndef tail():\n    return f119(0)\n"),
        ("back to the first text", big_module()),
    ]
    for what, text in saves:
        tree.write(BIG, text)
        report = ingest_paths(graph, tree.root, [BIG], repo=repo)
        assert report.files_changed == 1, what
        assert_equals_full(graph, tree, repo, full_repo)
