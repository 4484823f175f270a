"""Every surgical/context_* statement starts from an index (no label or whole-graph scan), and
the test-path pattern means the same to Cypher (`=~`) as to Python."""

from __future__ import annotations

from typing import Any

import pytest

from coderooms.graph.cypher import statement_names
from coderooms.graph.driver import Graph
from coderooms.languages import TEST_PATH_PATTERN, is_test_path
from tests.plan_operators import SCANS, plan_operators

PARAMS: dict[str, dict[str, Any]] = {
    "surgical/context_symbol_file": {"id": "r:a.py::f", "repos": ["r"]},
    "surgical/context_repos_with_path": {"path": "a.py", "repos": ["r"]},
    "surgical/context_file": {"file_id": "r:a.py"},
    "surgical/context_symbols": {"file_id": "r:a.py", "limit": 10},
    "surgical/context_callers": {"file_id": "r:a.py", "limit": 10, "top_files": 5, "per_file": 5},
    "surgical/context_callees": {
        "file_id": "r:a.py", "limit": 10, "ghost_limit": 10, "builtins": ["len"], "per_file": 5,
    },
    "surgical/context_files": {"file_id": "r:a.py"},
    "surgical/context_relevant": {"file_id": "r:a.py", "files": ["r:b.py"], "per_file": 5},
}  # fmt: skip


def operators(graph: Graph, name: str) -> set[str]:
    return set(plan_operators(graph, name, PARAMS[name]))


def test_every_context_statement_is_covered() -> None:
    names = {name for name in statement_names() if name.startswith("surgical/context_")}
    assert names == set(PARAMS)


@pytest.mark.parametrize("name", sorted(PARAMS))
def test_statement_seeks_an_index(graph: Graph, name: str) -> None:
    found = operators(graph, name)
    assert not SCANS & found, found
    assert {"NodeUniqueIndexSeek", "NodeIndexSeek"} & found, found


PATHS = [
    "tests/x.py", "test/test_typing.py", "pkg/test_a.py", "pkg/a_test.py", "a_test.go",
    "conftest.py", "src/a.test.ts", "src/a.spec.jsx", "src/__tests__/a.js", "FooTest.java",
    "src/test/java/Foo.java", "unittest/case.py", "pkg/testing.py", "contest.py", "latest/a.py",
    "src/a.ts", "attest_x.py", "Foo.java", "pkg/tests_helper.py",
    "spec/models/user_spec.rb", "lib/test_x.rb", "lib/x_test.rb", "lib/x.rb", "spec_helper.rb",
    "src/a_spec.lua", "src/a.lua", "t/x.bats", "bin/test_x.sh", "bin/x.sh",
]  # fmt: skip


def test_cypher_and_python_agree_on_test_paths(graph: Graph) -> None:
    rows = graph.run_text(
        "UNWIND $paths AS p RETURN p, p =~ $pattern AS test", paths=PATHS, pattern=TEST_PATH_PATTERN
    )
    assert {row["p"]: row["test"] for row in rows} == {p: is_test_path(p) for p in PATHS}
