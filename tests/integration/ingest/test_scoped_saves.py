"""Saves of one file that reuse the last save's resolutions (`ingest.resolution_memo`) give the
graph a full ingest of the same tree gives, whatever the edit: a body, lines added above every
scope, a statement at a scope's border, a decorator, a module-level name, a new import, a
rename, a symbol that an unresolved call now finds, a return annotation that a chain follows, a
method added, a class attribute, an alias retargeted, a syntax error made and mended, a function
removed (issue 31, item 5). The saves do reuse (a count per save), so the test would fail if
the reuse were wrong, not only if it never ran."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from coderooms.graph.driver import Graph
from coderooms.ingest import changeset, resolution_memo
from coderooms.ingest.targeted import ingest_paths
from tests.integration.ingest.incremental_checks import assert_equals_full
from tests.integration.ingest.scenario_tree import Tree, ingest

BIG = "pkg/big.py"
FUNCTIONS = 40

HEAD = '''"""A module of many scopes."""
import functools
from pkg.util import helper, other

LIMIT = 3


def deco(fn):
    @functools.wraps(fn)
    def wrapped(*args):
        return fn(*args)

    return wrapped


class Base:
    maker = None

    def make(self) -> "Base":
        return Base()

    def run(self):
        self.maker()
        return helper(LIMIT)


class Other:
    def run(self):
        return other(1)


def factory() -> Base:
    return Base()


@deco
def decorated(x):
    return factory().run()
'''

TAIL = """

alias = f3


def tail_user():
    alias(1)
    factory().make().run()
    factory().extra_method()
    maybe_later(2)
    return LIMIT
"""


def functions(bodies: dict[int, str] | None = None) -> str:
    parts = []
    for i in range(FUNCTIONS):
        if bodies and i in bodies:
            parts.append(bodies[i])
            continue
        callee = f"f{i - 1}(x)" if i else "helper(x)"
        parts.append(f"\n\ndef f{i}(x):\n    y = {callee}\n    return helper(y)\n")
    return "".join(parts)


BASE = HEAD + functions() + TAIL


def sub(old: str, new: str) -> Callable[[str], str]:
    return lambda text: text.replace(old, new)


def edits() -> list[tuple[str, Callable[[str], str]]]:
    """(what, how the text of the last save becomes the next one's)."""
    border = "    return helper(y)\n\n\ndef f21(x):"
    broken = "def f30(x:\n    return (\n"
    return [
        ("a body in the middle", sub("    y = f19(x)\n", "    y = f19(other(x))\n")),
        ("lines added above every scope", sub("LIMIT = 3\n", "LIMIT = 3\n# a comment\n# more\n\n")),
        ("a call at a scope's border", sub(border, border.replace("\n\n\n", "\nf20(0)\n\n\n"))),
        ("inside a decorator", sub("@deco\n", "@functools.lru_cache()\n@deco\n")),
        ("a module-level name changed", sub("LIMIT = 3", "LIMITS = 3")),
        (
            "a new import",
            lambda t: t.replace(
                "import functools\n", "import functools\nfrom pkg.extra import extra\n"
            ).replace("    y = f9(x)\n", "    y = extra(f9(x))\n"),
        ),
        ("a rename", sub("def f25(", "def g25(")),
        ("the renamed one's caller follows", sub("y = f25(x)", "y = g25(x)")),
        (
            "a function an unresolved call finds",
            sub("\n\nalias = f3", "\n\ndef maybe_later(x):\n    return x\n\n\nalias = f3"),
        ),
        (
            "a return annotation a chain follows",
            sub("def factory() -> Base:", "def factory() -> Other:"),
        ),
        (
            "a method added",
            sub(
                "class Other:\n", "class Other:\n    def extra_method(self):\n        return 1\n\n"
            ),
        ),
        ("a class attribute", sub("    maker = None\n", "    maker = factory\n")),
        ("an alias retargeted", sub("alias = f3", "alias = f4")),
        ("a syntax error", sub("def f30(x):\n", broken)),
        ("the syntax error mended", sub(broken, "def f30(x):\n")),
        ("a function removed", sub("\n\ndef f35(x):\n    y = f34(x)\n    return helper(y)\n", "")),
        (
            "a body edit after all that",
            sub("return helper(y)\n\n\ndef f5(", "return other(y)\n\n\ndef f5("),
        ),
        ("back to the first text", lambda _: BASE),
    ]


WHOLE_FILE = {"a syntax error", "the syntax error mended", "a new import", "back to the first text"}
"""The saves that resolve the file whole: a reading with problems (or after one), imports."""


@pytest.fixture
def reused(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many references each plan gave the last save's resolution."""
    counts: list[int] = []
    inner = changeset._resolve_all

    def counted(*args: Any) -> tuple[Any, int]:
        resolved, count = inner(*args)
        counts.append(count)
        return resolved, count

    monkeypatch.setattr(changeset, "_resolve_all", counted)
    return counts


def test_saves_reusing_resolutions_equal_a_full_ingest(
    graph: Graph, tree: Tree, repo: str, full_repo: str, reused: list[int]
) -> None:
    assert resolution_memo.REUSE
    tree.write("pkg/__init__.py", "")
    tree.write("pkg/util.py", "def helper(x):\n    return x\n\n\ndef other(x):\n    return x\n")
    tree.write("pkg/extra.py", "def extra(x):\n    return x\n")
    tree.write("pkg/user.py", "from pkg.big import f25, factory\n\n\ndef use():\n    f25(1)\n")
    tree.write(BIG, BASE)
    ingest(graph, tree, repo)
    text = BASE
    tree.write(BIG, text + "\n")  # a first save: the memo the edits start from
    ingest_paths(graph, tree.root, [BIG], repo=repo)
    for what, edit in edits():
        new = edit(text)
        assert new != text, what
        text = new
        tree.write(BIG, text)
        reused.clear()
        report = ingest_paths(graph, tree.root, [BIG], repo=repo)
        assert report.files_changed == 1, what
        assert len(reused) == 1, what
        if what in WHOLE_FILE:
            assert reused == [0], what
        else:
            assert reused[0] > 0, what
        assert_equals_full(graph, tree, repo, full_repo)


def test_a_write_elsewhere_between_saves_resolves_the_file_whole(
    graph: Graph, tree: Tree, repo: str, reused: list[int]
) -> None:
    tree.write("pkg/__init__.py", "")
    tree.write("pkg/util.py", "def helper(x):\n    return x\n\n\ndef other(x):\n    return x\n")
    tree.write(BIG, BASE)
    ingest(graph, tree, repo)
    tree.write(BIG, BASE + "\n")
    ingest_paths(graph, tree.root, [BIG], repo=repo)
    tree.write("pkg/util.py", "def helper(x):\n    return x\n")  # `other` goes
    ingest_paths(graph, tree.root, ["pkg/util.py"], repo=repo)
    reused.clear()
    tree.write(BIG, BASE + "\n\n")
    ingest_paths(graph, tree.root, [BIG], repo=repo)
    assert reused == [0]
    reused.clear()
    tree.write(BIG, BASE)
    ingest_paths(graph, tree.root, [BIG], repo=repo)
    assert len(reused) == 1
    assert reused[0] > 0
