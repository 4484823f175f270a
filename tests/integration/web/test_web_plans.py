"""The web view's statements start from an index (a repo's files, a symbol or repo by id):
none reads every node of a label or every relationship of a type."""

from __future__ import annotations

import pytest

from coderooms.graph.driver import Graph
from tests.plan_operators import SCANS, plan_operators

PARAMS = {
    "web/generations": {"repos": ["a"]},
    "web/repo_dirs": {"repo": "a", "repos": ["a"], "code": ["python"]},
    "web/dir_imports": {"repo": "a", "repos": ["a"]},
    "web/dir_files": {
        "repo": "a",
        "repos": ["a"],
        "dir": "pkg",
        "files": 5,
        "symbols": 5,
        "module": "Module",
    },
    "web/symbol_card": {"id": "a:p.py::f", "repos": ["a"], "limit": 5},
}


@pytest.mark.parametrize("name", sorted(PARAMS))
def test_no_scan(graph: Graph, name: str) -> None:
    operators = plan_operators(graph, name, PARAMS[name])
    assert not SCANS & set(operators), operators
