"""surgical_context and surgical_context_v2 on a small multi-file repo with git history:
neighbours, bounds, every proof state, and no graph mutation."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from coderooms.errors import Forbidden, InvalidInput, NotFound
from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root
from coderooms.surgical import context_limits
from coderooms.surgical.context_tools import surgical_context_tools
from coderooms.surgical.sections import ALL_SECTIONS
from coderooms.verbs.context import AppContext

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "repos" / "surgical_ctx"
EVERY = list(ALL_SECTIONS)
"""Every section: the tests below read the lists one by one."""
GIT = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"]


def git(root: Path, *args: str) -> None:
    subprocess.run([*GIT, *args], cwd=root, check=True, capture_output=True, timeout=30)


def make_ctx_repo(graph: Graph, root: Path, repo_id: str) -> Path:
    """The fixture under git: one commit of everything, then two that change pkg/core.py and
    pkg/service.py together (a CO_CHANGES edge of weight 3 between them, and no other)."""
    shutil.copytree(FIXTURE, root)
    git(root, "-c", "init.defaultBranch=main", "init", "-q")
    git(root, "add", "-A", ".")
    git(root, "commit", "-q", "-m", "start")
    for n in (1, 2):
        for path in ("pkg/core.py", "pkg/service.py"):
            with (root / path).open("a", encoding="utf-8") as handle:
                handle.write(f"# revision {n}\n")
        git(root, "commit", "-q", "-am", f"together {n}")
    ingest_root(graph, root, repo=repo_id, workers=1, git=True, embed=False)
    return root


def context_verbs(ctx: AppContext) -> dict[str, Callable[..., Any]]:
    return {spec.name: spec.fn for spec in surgical_context_tools(ctx)}


def graph_fingerprint(graph: Graph, repo: str) -> tuple[int, int, str]:
    """Code-graph nodes and edges of `repo` (session entities such as proof marks excluded)
    and a hash of all their properties."""
    nodes = graph.run_text(
        "MATCH (n) WHERE (n.repo = $repo AND NOT n:ProofMark AND NOT n:EditPreview) "
        "OR (n:Repo AND n.id = $repo) RETURN labels(n) AS l, properties(n) AS p",
        repo=repo,
    )
    edges = graph.run_text(
        "MATCH (a)-[r]->(b) WHERE r.repo = $repo OR a.repo = $repo "
        "RETURN type(r) AS t, a.id AS a, b.id AS b, properties(r) AS p",
        repo=repo,
    )
    text = json.dumps(sorted(json.dumps(row, sort_keys=True, default=str) for row in nodes + edges))
    return len(nodes), len(edges), hashlib.sha256(text.encode()).hexdigest()


@pytest.fixture
def root(graph: Graph, tmp_path: Path, repo_id: str) -> Path:
    return make_ctx_repo(graph, tmp_path / "proj", repo_id)


@pytest.fixture
def verbs(app_context: AppContext) -> dict[str, Callable[..., Any]]:
    return context_verbs(app_context)


def test_neighbours_of_a_file(verbs: dict[str, Any], root: Path, repo_id: str) -> None:
    got = verbs["surgical_context"]("ctx-n", path="pkg/core.py", repo=repo_id, sections=EVERY)
    assert got.get("repo", repo_id) == repo_id  # `repo` only when the server reads several
    assert "path" not in got  # the call named it as the answer would: not said again
    assert "disk" not in got  # the file on disk has the graph's hash: no news
    assert "disk_hash" not in got
    symbols = [row.split(" ", 1)[1] for row in got["symbols"]]  # `start-end text`, whole
    assert symbols == ["def helper(x)", "def compute(y)", "class Engine", "def Engine.run(self)"]
    assert isinstance(got["symbols"], list)  # every one listed: its rows alone
    assert sorted(got["callers"]["items"]) == [  # `path:line caller -> called`, xN call sites
        "pkg/service.py:6 serve -> Engine",
        "pkg/service.py:7 serve -> Engine.run",  # engine.run(): the one `run` method
        "pkg/service.py:7 serve -> compute x2",
        "pkg/util.py:5 fmt -> helper",
        "tests/core_checks.py:5 test_compute -> compute",
        "tests/core_checks.py:9 test_helper -> helper",
    ]
    assert (len(got["callers"]["items"]), got["callers"]["files"]) == (6, 3)
    assert "total" not in got["callers"]  # a list given whole counts itself
    assert got["callees"]["items"] == []
    assert got["ghosts"] == {"items": [], "builtin_edges": 1}  # len: a builtin
    assert got["imports"]["items"] == []
    assert got["imports"]["external"] == "os"  # the standard library: outside, not a failure
    assert "unresolved" not in got["imports"]  # said only when one is (or by default)
    importers = got["importers"]
    assert importers == ["pkg/lonely.py", "pkg/service.py", "pkg/util.py", "tests/core_checks.py"]
    assert got["tests"] == ["tests/core_checks.py: 2 calls"]
    # who uses it outside the tests, most calls first, the calling symbols named
    assert got["users"] == [
        "pkg/service.py: 4 calls (serve)", "pkg/util.py: 1 call (fmt)",
        "pkg/lonely.py: imports",
    ]  # fmt: skip
    # from core.py's own 3 commits (the first adds every file), one list by weight; the tie of
    # seven at 1 is left out whole, counted, with the command that lists it
    assert got["co_changes"] == {
        "commits": 3,
        "items": ["pkg/service.py 3"],
        "more": "+7 more, weight <= 1: git log --full-diff --name-only -- pkg/core.py",
    }
    assert "text" not in got
    for name in ("id", "language", "hash_algorithm", "problems", "convention", "pattern"):
        assert name not in got
        assert name not in got["tests"]
    assert not any("truncated" in value for value in got.values() if isinstance(value, dict))


def test_callees_and_imports_of_a_caller(verbs: dict[str, Any], root: Path, repo_id: str) -> None:
    got = verbs["surgical_context"]("ctx-n", path="pkg/service.py", repo=repo_id, sections=EVERY)
    callees = {
        row.split(":")[0] + " " + row.split(" -> ")[1].removesuffix(" x2")
        for row in got["callees"]["items"]
    }
    assert {"serve pkg/core.py::compute", "serve pkg/core.py::Engine",
            "serve pkg/util.py::fmt"} <= callees  # fmt: skip
    # nothing outside the repo: the list given whole is its rows
    assert [i.split(":")[0] for i in got["imports"]] == ["pkg/core.py", "pkg/util.py"]
    assert got["callers"]["items"] == []
    assert "tests" not in got  # an empty file list is named in one line, not listed empty
    assert got["none"].startswith("in the graph: ")
    assert got["none"].endswith("tests")


def test_a_symbol_id_or_an_absolute_path_names_the_file(
    verbs: dict[str, Any], root: Path, repo_id: str
) -> None:
    by_symbol = verbs["surgical_context"]("ctx-s", symbol_id=f"{repo_id}:pkg/util.py::fmt")
    assert (by_symbol["repo"], by_symbol["path"]) == (repo_id, "pkg/util.py")
    absolute = verbs["surgical_context"]("ctx-s", path=str(root / "pkg" / ".." / "pkg/util.py"))
    assert (absolute["repo"], absolute["path"]) == (repo_id, "pkg/util.py")


def test_bad_and_unknown_targets(verbs: dict[str, Any], root: Path, repo_id: str) -> None:
    v1 = verbs["surgical_context"]
    with pytest.raises(InvalidInput) as both:
        v1("ctx-b", path="pkg/core.py", symbol_id=f"{repo_id}:pkg/core.py::helper")
    assert both.value.field == "symbol_id"
    with pytest.raises(InvalidInput):
        v1("ctx-b")
    with pytest.raises(NotFound) as unknown:
        v1("ctx-b", path="pkg/nope.py", repo=repo_id)
    assert unknown.value.field == "path"
    with pytest.raises(NotFound) as symbol:
        v1("ctx-b", symbol_id=f"{repo_id}:pkg/core.py::nope")
    assert symbol.value.field == "symbol_id"
    with pytest.raises(Forbidden):
        v1("ctx-b", path="../outside.py", repo=repo_id)
    with pytest.raises(Forbidden):
        v1("ctx-b", path="pkg", repo=repo_id)


def test_lists_are_bounded_and_say_so(
    verbs: dict[str, Any], root: Path, repo_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(context_limits, "MAX_CALLERS", 2)
    monkeypatch.setattr(context_limits, "MAX_IMPORTERS", 1)
    monkeypatch.setattr(context_limits, "MAX_SYMBOLS", 3)
    got = verbs["surgical_context"](
        "ctx-l",
        path="pkg/core.py",
        repo=repo_id,
        include_text=True,
        max_text_lines=3,
        sections=EVERY,
    )
    assert len(got["callers"]["items"]) == 2
    assert got["callers"]["total"] == 6
    cursor = got["callers"]["next_cursor"]
    assert cursor.startswith("callers@2.")
    assert got["callers"]["more"] == "4 more callers"
    assert got["callers"]["items"][0].endswith(" x2")  # most call sites first
    assert (len(got["importers"]["items"]), got["importers"]["total"]) == (1, 4)
    assert got["importers"]["more"] == "3 more importers"
    # three symbols read, the module among them: two listed, two more a cursor pages
    assert (len(got["symbols"]["items"]), got["symbols"]["total"]) == (2, 4)
    assert got["symbols"]["more"] == "2 more symbols"
    text = got["text"]
    assert (text["end_line"], text["truncated"]) == (3, True)
    assert text["content"] == "import os\n\n\n"
    clamped = verbs["surgical_context_v2"](
        "ctx-l", path="pkg/core.py", repo=repo_id, max_connected=1000, include_text=True,
        max_text_lines=0,
    )  # fmt: skip
    assert clamped["clamped"]["max_connected"]["used"] == context_limits.CONNECTED_FILES_MAX
    assert clamped["clamped"]["max_text_lines"]["used"] == context_limits.TEXT_LINES_MIN


def test_connected_files_are_ranked_with_reasons(
    verbs: dict[str, Any], root: Path, repo_id: str
) -> None:
    got = verbs["surgical_context_v2"]("ctx-r", path="pkg/core.py", repo=repo_id)
    files = got["connected_files"]["items"]
    assert [f["path"] for f in files] == [
        "pkg/service.py",  # 4 call sites + imports + co-change 3
        "tests/core_checks.py",  # test + 2 calls + imports
        "pkg/util.py",
        "pkg/lonely.py",
    ]
    assert files[0]["score"] == 4 * 1.0 + 3.0 + 3 * 2.0
    assert files[0]["co_change_weight"] == 3
    assert files[0]["imported_by"] is True
    assert files[1]["test"] is True
    assert {s["qualname"] for s in files[0]["symbols"]} == {"serve"}
    assert files[3]["symbols"] == []
    assert files[3]["why"] == ["imports the primary"]
    assert got["connected_files"]["total"] == 4


def test_v1_and_v2_never_change_the_graph(
    verbs: dict[str, Any], graph: Graph, root: Path, repo_id: str
) -> None:
    before = graph_fingerprint(graph, repo_id)
    for path in ("pkg/core.py", "pkg/broken.py", "pkg/numeric.py", "README.md", "pkg/nope.py"):
        verbs["surgical_context_v2"]("ctx-m", path=path, repo=repo_id, include_text=True)
        try:
            verbs["surgical_context"]("ctx-m", path=path, repo=repo_id)
        except NotFound:
            assert path == "pkg/nope.py"
    (root / "pkg" / "util.py").write_text("def fmt(value):\n    return value\n")
    verbs["surgical_context_v2"]("ctx-m", path="pkg/util.py", repo=repo_id)
    assert graph_fingerprint(graph, repo_id) == before


def test_symbols_of_neighbours_are_the_same_from_either_query(
    verbs: dict[str, Any], root: Path, repo_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    full = verbs["surgical_context_v2"]("ctx-f", path="pkg/core.py", repo=repo_id)
    monkeypatch.setattr(context_limits, "CALLER_SYMBOL_FILES", 1)  # the rest by the fallback
    fallback = verbs["surgical_context_v2"]("ctx-f", path="pkg/core.py", repo=repo_id)
    assert fallback["connected_files"] == full["connected_files"]
    assert fallback["tests"] == full["tests"]


def test_a_relative_path_without_repo_is_looked_up_never_guessed(
    verbs: dict[str, Any], graph: Graph, root: Path, repo_id: str, tmp_path: Path
) -> None:
    unique = f"pkg/only_{repo_id.replace('-', '_')}.py"
    (root / unique).write_text("def alone():\n    return 1\n")
    ingest_root(graph, root, repo=repo_id, workers=1, git=False, embed=False)
    found = verbs["surgical_context"]("ctx-p", path=unique)
    assert found["repo"] == repo_id
    assert "path" not in found  # the call named it as the answer would
    twin = f"{repo_id}-twin"
    make_ctx_repo(graph, tmp_path / "twin", twin)
    try:
        with pytest.raises(InvalidInput) as ambiguous:
            verbs["surgical_context"]("ctx-p", path="pkg/core.py")
        assert ambiguous.value.field == "repo"
        blocked = verbs["surgical_context_v2"]("ctx-p", path="pkg/definitely_not_here.py")
        assert blocked["proof_state"] == "blocked"
    finally:
        graph.run_text(
            "MATCH (n) WHERE n.repo = $repo OR (n:Repo AND n.id = $repo) DETACH DELETE n",
            repo=twin,
        )


def test_a_budget_cuts_the_symbols_and_the_cursor_goes_on(
    verbs: dict[str, Any], root: Path, repo_id: str
) -> None:
    v1 = verbs["surgical_context"]
    whole = v1("ctx-t", path="pkg/core.py", repo=repo_id, sections=EVERY)
    cut = v1("ctx-t", path="pkg/core.py", repo=repo_id, max_tokens=100, sections=EVERY)
    shown = len(cut["symbols"]["items"])
    assert 0 < shown < len(whole["symbols"]) == cut["symbols"]["total"]
    cursor = cut["symbols"]["next_cursor"]
    assert cursor.startswith(f"symbols@{shown}.")
    left = len(whole["symbols"]) - shown
    assert cut["symbols"]["more"].startswith(f"{left} more symbols")
    assert cut["callers"] == whole["callers"]  # the budget cuts the symbols only
    rest = v1("ctx-t", path="pkg/core.py", repo=repo_id, cursor=cursor, sections=EVERY)
    assert rest["symbols"]["offset"] == shown
    assert cut["symbols"]["items"] + rest["symbols"]["items"] == whole["symbols"]
    assert "callers" not in rest  # a cursor's page is its list alone
    assert (rest["path"], rest["hash"]) == ("pkg/core.py", whole["hash"])  # a page's head


PAGED = ("callers", "callees", "ghosts", "importers", "symbols", "tests")


def test_every_list_pages_to_its_end_and_no_row_twice(
    verbs: dict[str, Any], root: Path, repo_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    v1, v2 = verbs["surgical_context"], verbs["surgical_context_v2"]
    whole = v1("ctx-e", path="pkg/core.py", repo=repo_id, sections=EVERY)
    for bound in ("MAX_CALLERS", "MAX_CALLEES", "MAX_GHOSTS", "MAX_IMPORTERS", "MAX_TESTS"):
        monkeypatch.setattr(context_limits, bound, 1)
    monkeypatch.setattr(context_limits, "MAX_SYMBOLS", 2)
    first = v1("ctx-e", path="pkg/core.py", repo=repo_id, sections=EVERY)
    for name in PAGED:
        assert isinstance(whole[name], list) or set(whole[name]) >= {"items"}, name
        every = rows_of(whole[name])
        if isinstance(whole[name], dict):
            assert "total" not in whole[name], name  # given whole: it counts itself
        listed = first[name] if isinstance(first[name], dict) else {"items": first[name]}
        total = listed.get("total", len(listed["items"]))
        assert total == len(every), name
        seen = list(listed["items"])
        cursor = listed.get("next_cursor")
        if total > len(seen):
            assert cursor, name
        while cursor:
            if len(seen) % 2:  # v2's cursors are v1's
                page = v2("ctx-e", path="pkg/core.py", repo=repo_id, cursor=cursor)
            else:
                page = v1("ctx-e", path="pkg/core.py", repo=repo_id, cursor=cursor,
                          sections=EVERY)  # fmt: skip
            assert set(page) == {"repo", "path", "lines", "hash", name}
            assert page[name]["offset"] == len(seen)
            seen += page[name]["items"]
            cursor = page[name].get("next_cursor")
        assert seen == every, name
        assert len(set(seen)) == len(seen), name


def rows_of(listed: Any) -> list[str]:
    """A list's rows: a list given whole is its rows (v1), else its `items`."""
    return list(listed) if isinstance(listed, list) else list(listed["items"])


def test_a_cursor_of_another_question_is_refused(
    verbs: dict[str, Any], root: Path, repo_id: str
) -> None:
    v1 = verbs["surgical_context"]
    cut = v1("ctx-q", path="pkg/core.py", repo=repo_id, max_tokens=100, sections=EVERY)
    cursor = cut["symbols"]["next_cursor"]
    other_list = cursor.replace("symbols@", "callers@")
    for wrong, path in ((cursor, "pkg/service.py"), (other_list, "pkg/core.py"),
                        ("3", "pkg/core.py"), ("nope@3.abc", "pkg/core.py")):  # fmt: skip
        with pytest.raises(InvalidInput) as refused:
            v1("ctx-q", path=path, repo=repo_id, cursor=wrong, sections=EVERY)
        assert refused.value.field == "cursor", wrong
        assert "cursor" in refused.value.message
