"""No single file stops a repository (issue 29, class 4). Each hostile file below once made the
whole repository's ingest fail, nothing written, the innocent files with it. Now each lands
bounded or quarantined, with a problem naming it; the other files are in the graph; and the
graph is the same whether the file came in a full ingest or by path after the rest (the
watcher's way)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from benchmarks.hostile_files import (
    call_chain,
    deep_json,
    long_names,
    many_lookups,
    nested_functions,
    pathological_gitignore,
)

from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import IngestReport
from coderooms.ingest.targeted import ingest_paths
from tests.integration.ingest.graph_snapshot import dangling_edges, snapshot
from tests.integration.ingest.scenario_tree import Tree, ingest, node_ids, references, symbols

INNOCENT = {
    "app/__init__.py": "",
    "app/util.py": "def helper():\n    return 1\n",
    "app/main.py": "from app.util import helper\n\n\ndef main():\n    return helper()\n",
    "web/lib.js": "export function innocent(a) {\n  return a + 1\n}\n",
    "web/index.js": (
        'import { innocent } from "./lib.js"\n\nexport function run() {\n  return innocent(2)\n}\n'
    ),
}


@dataclass(frozen=True)
class Hostile:
    name: str
    files: dict[str, str]
    problems: dict[str, str] = field(default_factory=dict)
    """Path -> the start of the problem its ingest reports."""
    by_path: bool = True
    """Whether an ingest by path reports the problem too (ignore-file lines are the walk's)."""
    check: Callable[[Graph, str], None] | None = None


def file_prop(graph: Graph, repo: str, path: str, prop: str) -> object:
    rows = graph.run_text(
        "MATCH (f:File {repo: $repo, path: $path}) RETURN f[$prop] AS value",
        repo=repo,
        path=path,
        prop=prop,
    )
    return rows[0]["value"] if rows else "<no file>"


def module_only(path: str) -> Callable[[Graph, str], None]:
    def check(graph: Graph, repo: str) -> None:
        assert {s for s in symbols(graph, repo) if s[0].startswith(f"{path}::")} == {
            (f"{path}::", "Module")
        }

    return check


def lookups_marked(graph: Graph, repo: str) -> None:
    assert file_prop(graph, repo, "app/lookups.py", "ref_keys") == " %* "
    assert ("app/lookups.py::caller", "Function") in symbols(graph, repo)


def log_ignored(graph: Graph, repo: str) -> None:
    assert "debug.log" not in node_ids(graph, repo, "File")


HOSTILE = [
    Hostile(
        "5000_nested_functions",
        {"web/nested.js": nested_functions()},
        {"web/nested.js": "not extracted: syntax nested more than 4096 deep"},
        check=module_only("web/nested.js"),
    ),
    Hostile(
        "300_kb_call_chain",
        {"web/calls.js": call_chain(), "app/calls.py": call_chain()},
        {
            "web/calls.js": "not extracted: syntax nested more than 4096 deep",
            "app/calls.py": "not extracted: syntax nested more than 4096 deep",
        },
    ),
    Hostile(
        "10000_deep_package_json",
        {"package.json": deep_json(), "web/tsconfig.json": deep_json()},
        {
            "package.json": "project file not read: nested 10001 levels deep",
            "web/tsconfig.json": "project file not read: nested 10001 levels deep",
        },
    ),
    Hostile(
        "names_over_the_index_key_limit",
        {"app/long.py": long_names()},
        {"app/long.py": "2 definitions not extracted: nested more than 64 deep or named"},
    ),
    Hostile(
        "3000_lookups",
        {"lib.py": "def base():\n    return 1\n", "app/lookups.py": many_lookups()},
        check=lookups_marked,
    ),
    Hostile(
        "pathological_gitignore",
        {".gitignore": pathological_gitignore(), "debug.log": "x\n"},
        {".gitignore": "line 5 left out: over 1024 characters"},
        by_path=False,
        check=log_ignored,
    ),
]


def problems_of(report: IngestReport) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for problem in report.problems:
        found.setdefault(problem["path"], []).append(problem["problem"])
    return found


def assert_landed(graph: Graph, repo: str, report: IngestReport, hostile: Hostile) -> None:
    found = symbols(graph, repo)
    assert {
        ("app/util.py::helper", "Function"),
        ("app/main.py::main", "Function"),
        ("web/lib.js::innocent", "Function"),
        ("web/index.js::run", "Function"),
    } <= found
    calls = {(a, b) for a, kind, b, _ in references(graph, repo) if kind == "CALLS"}
    assert {
        ("app/main.py::main", "app/util.py::helper"),
        ("web/index.js::run", "web/lib.js::innocent"),
    } <= calls
    said = problems_of(report)
    for path, problem in hostile.problems.items():
        assert any(p.startswith(problem) for p in said.get(path, [])), (path, said)
        if path != ".gitignore":
            held = file_prop(graph, repo, path, "problems")
            assert isinstance(held, list)
            assert any(p.startswith(problem) for p in held), (path, held)
    if hostile.check is not None:
        hostile.check(graph, repo)


@pytest.mark.parametrize("hostile", HOSTILE, ids=lambda h: h.name)
def test_one_hostile_file_never_stops_the_repo(
    graph: Graph, tree: Tree, repo: str, full_repo: str, hostile: Hostile
) -> None:
    for path, text in INNOCENT.items():
        tree.write(path, text)
    for path, text in hostile.files.items():
        tree.write(path, text)

    full = ingest(graph, tree, full_repo, mode="full")
    assert_landed(graph, full_repo, full, hostile)

    # the watcher's way: the innocent files first, then the hostile ones by path
    ingest_paths(graph, tree.root, list(INNOCENT), repo=repo)
    by_path = ingest_paths(graph, tree.root, list(hostile.files), repo=repo)
    assert_landed(graph, repo, by_path, hostile if hostile.by_path else Hostile("", {}))
    if hostile.check is not None:
        hostile.check(graph, repo)

    assert snapshot(graph, repo) == snapshot(graph, full_repo)
    assert dangling_edges(graph, repo) == []
