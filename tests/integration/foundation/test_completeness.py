"""graph/unresolved_call_sites and its helper on real ingests: what counts as a call site the
graph could not prove (a bare-name ghost of the symbol's name, in its language group) and what
does not (proven calls, dotted ghosts, Python builtins, dunders, other languages), the cap,
and the plan (index seeks only)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from coderooms.graph import completeness
from coderooms.graph.completeness import (
    CALLABLE_KINDS,
    STATEMENT,
    TYPE_KINDS,
    unresolved_call_sites,
)
from coderooms.graph.driver import Graph
from coderooms.ingest import CALL_GROUPS
from coderooms.ingest.languages import LANGUAGE_GROUPS, SCOPED_GROUPS
from coderooms.ingest.pipeline import ingest_root
from tests.integration.foundation.completeness_repo import (
    FILES,
    HUB,
    RUN,
    TIDY,
    make_unresolved_repo,
)
from tests.plan_operators import SCANS, plan_operators


@pytest.fixture
def root(graph: Graph, tmp_path: Path, repo_id: str) -> Path:
    return make_unresolved_repo(graph, tmp_path / "proj", repo_id)


def test_one_unknown_receiver_is_one_unresolved_site(
    graph: Graph, root: Path, repo_id: str
) -> None:
    run = unresolved_call_sites(graph, [f"{repo_id}:{RUN}"], CALL_GROUPS)
    assert (run.sites, run.capped, run.lower_bound) == ({"run": 1}, frozenset(), True)
    # the file stands for its symbols (A and A.run): the same count
    assert unresolved_call_sites(graph, [f"{repo_id}:pkg/a.py"], CALL_GROUPS).sites == {"run": 1}
    field = run.as_field()
    assert {k: field[k] for k in ("unresolved_call_sites", "lower_bound", "names")} == {
        "unresolved_call_sites": 1,
        "lower_bound": True,
        "names": {"run": 1},
    }
    assert "1 call sites" in field["hint"]
    pattern = re.compile(str(run.pattern()))
    lines = [line for text in FILES.values() for line in text.splitlines() if pattern.search(line)]
    # a superset: the unproven site among the proven one and `np.run()`
    assert "    return x.run()" in lines
    assert len(lines) == 3
    assert run.search_arguments(repo_id) == {
        "query": run.pattern(),
        "mode": "regex",
        "repo": repo_id,
    }


def test_everything_resolved_is_two_keys(graph: Graph, root: Path, repo_id: str) -> None:
    tidy = unresolved_call_sites(
        graph, [f"{repo_id}:{TIDY}", f"{repo_id}:pkg/calls_clean.py"], CALL_GROUPS
    )
    assert not tidy.lower_bound
    assert tidy.as_field() == {"unresolved_call_sites": 0, "lower_bound": False}
    assert unresolved_call_sites(graph, [], CALL_GROUPS).as_field() == tidy.as_field()
    assert unresolved_call_sites(graph, [f"{repo_id}:pkg/nope.py"], CALL_GROUPS).sites == {}


def test_several_symbols_in_one_read(graph: Graph, root: Path, repo_id: str) -> None:
    both = unresolved_call_sites(graph, [f"{repo_id}:{RUN}", f"{repo_id}:{HUB}",
                                         f"{repo_id}:{TIDY}"], CALL_GROUPS)  # fmt: skip
    assert both.sites == {"hub": 1, "run": 1}
    assert both.only(["hub"]).brief() == {"unresolved_call_sites": 1, "lower_bound": True}
    assert both.only(["tidy"]).brief() == {"unresolved_call_sites": 0, "lower_bound": False}


def test_what_is_no_candidate(graph: Graph, tmp_path: Path, repo_id: str) -> None:
    """Builtins and other bare names in Python, dotted ghosts, dunders and another language's
    calls are no callers of a Python symbol; an ambiguous bare JS call is one of a JS one."""
    files = {
        "tools.py": (
            "class Box:\n    def open(self):\n        return 1\n\n"
            "    def __len__(self):\n        return 0\n\n"
            "    def shut(self):\n        return 2\n"
        ),
        "use.py": (
            "import numpy as np\n\n\ndef f(path, b):\n"
            "    return open(path), len(b), b.__len__(), np.shut(), b.open(), b.shut()\n"
        ),
        "web/a.js": "class P { shut() {} }\nclass Q { shut() {} }\n",
        "web/b.js": "function g(o) { o.shut(); shut(); }\n",
    }
    for path, text in files.items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(text)
    ingest_root(graph, tmp_path, repo=repo_id, workers=1, git=False, embed=False)
    box = unresolved_call_sites(graph, [f"{repo_id}:tools.py"], CALL_GROUPS)
    assert (box.sites, box.bare) == ({"open": 1, "shut": 1}, {})  # b.open(), b.shut() only
    js = unresolved_call_sites(graph, [f"{repo_id}:web/a.js"], CALL_GROUPS)
    assert (js.sites, js.bare) == ({"shut": 2}, {"shut": 1})
    assert js.pattern() == r"\.shut\b|\bshut\("


def test_a_ghost_with_too_many_edges_is_not_counted(
    graph: Graph, tmp_path: Path, repo_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a.py").write_text("class A:\n    def run(self):\n        return 1\n")
    (tmp_path / "b.py").write_text("def f(x):\n    x.run()\n\n\ndef g(y):\n    y.run()\n")
    ingest_root(graph, tmp_path, repo=repo_id, workers=1, git=False, embed=False)
    assert unresolved_call_sites(graph, [f"{repo_id}:a.py"], CALL_GROUPS).sites == {"run": 2}
    monkeypatch.setattr(completeness, "EDGES_COUNTED_MAX", 1)
    capped = unresolved_call_sites(graph, [f"{repo_id}:a.py"], CALL_GROUPS)
    assert (capped.sites, capped.capped, capped.lower_bound) == ({}, {"run"}, True)
    field = capped.as_field()
    assert (field["unresolved_call_sites"], field["not_counted"]) == (0, ["run"])
    assert "not_counted" in field["hint"]
    assert capped.pattern() == r"\.run\b"


def test_the_statement_seeks_ids_only(graph: Graph) -> None:
    params = {
        "ids": ["r:a.py", "r:a.py::f"],
        "callable_kinds": CALLABLE_KINDS,
        "type_kinds": TYPE_KINDS,
        "groups": LANGUAGE_GROUPS,
        "scoped_groups": SCOPED_GROUPS,
        "edges_max": 200,
    }
    found = plan_operators(graph, STATEMENT, params)
    assert not SCANS & set(found), found
    # the symbol, the file and the ghost, each by its unique id
    assert found.count("NodeUniqueIndexSeek") == 3, found
