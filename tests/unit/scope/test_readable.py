"""Which repos a server reads: those whose root lies under its roots (canonical), decided
without the graph's help beyond one statement; an unreadable repo is an unknown one."""

from __future__ import annotations

from pathlib import Path
from unittest.mock import MagicMock

import pytest

from coderooms.errors import NotFound
from coderooms.graph.driver import Graph
from coderooms.scope.readable import readable_id, readable_repos
from coderooms.scope.roots import operator_scope
from coderooms.search.scope import resolve_repos


def graph_with(rows: list[dict[str, str]]) -> MagicMock:
    graph = MagicMock(spec=Graph)
    graph.read.return_value = rows
    return graph


def test_only_roots_under_a_served_root_are_readable(tmp_path: Path) -> None:
    served = tmp_path / "served"
    (served / "a" / "b").mkdir(parents=True)
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "elsewhere")
    (served / "escape").symlink_to(tmp_path / "elsewhere")
    (served / ".git").mkdir()
    rows = [
        {"repo": "root", "root": str(served)},
        {"repo": "below", "root": str(served / "a" / "b")},
        {"repo": "dotted", "root": str(served / "a" / ".." / "a")},
        {"repo": "outside", "root": str(tmp_path / "elsewhere")},
        {"repo": "sibling", "root": str(tmp_path / "served-2")},
        {"repo": "escape", "root": str(served / "escape")},
        {"repo": "vcs", "root": str(served / ".git")},
        {"repo": "parent", "root": str(tmp_path)},
    ]
    scope = operator_scope([served], state_dirs=(tmp_path / "state",))
    assert readable_repos(graph_with(rows), scope) == ["root", "below", "dotted"]


def test_a_server_without_roots_reads_nothing(tmp_path: Path) -> None:
    scope = operator_scope([], state_dirs=(), cwd=Path("/"))
    graph = graph_with([{"repo": "r", "root": str(tmp_path)}])
    assert readable_repos(graph, scope) == []
    graph.read.assert_not_called()


def test_ids_belong_to_the_repo_they_start_with() -> None:
    assert readable_id("shop:pkg/a.py::f", ["shop"])
    assert readable_id("shop:pkg/a.py", ["shop"])
    assert readable_id("shop:?:numpy.array", ["shop"])
    assert not readable_id("shop-old:pkg/a.py::f", ["shop"])
    assert not readable_id("shop", ["shop"])
    assert not readable_id("", ["shop"])


def test_an_unreadable_repo_is_answered_like_a_missing_one() -> None:
    graph = graph_with([])
    assert resolve_repos(graph, None, ["a", "b"]) == ["a", "b"]
    assert resolve_repos(graph, "a", ["a", "b"]) == ["a"]
    with pytest.raises(NotFound) as theirs:
        resolve_repos(graph, "theirs", ["a"])
    with pytest.raises(NotFound) as missing:
        resolve_repos(graph, "missing", ["a"])
    assert theirs.value.payload()["hint"] == missing.value.payload()["hint"]
    assert "--root" in theirs.value.payload()["hint"]
    graph.read.assert_not_called()  # the readable list already answers
