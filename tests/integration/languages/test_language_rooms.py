"""The verbs an agent uses, on each fixture repo of the ten newer languages, with no special
case for any of them: `surgical_context` of a file (callers, callees, the test file), `impact`
of a symbol with a known caller, `perspective_start` and its causal routes, `seek` and `search`
finding the definition."""

from __future__ import annotations

import shutil
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from coderooms.graph.driver import Graph
from coderooms.impact.tools import impact_tools
from coderooms.ingest.pipeline import ingest_root
from coderooms.perspective.tools import perspective_tools
from coderooms.retrieval.graph_tools import graph_search_tools
from coderooms.search.tools import search_tools
from coderooms.surgical.context_tools import surgical_context_tools
from coderooms.verbs.context import AppContext
from tests.answer_rows import rows_of
from tests.integration.ingest.graph_snapshot import wipe
from tests.integration.languages.rooms import ROOMS

REPOS = Path(__file__).resolve().parents[2] / "fixtures" / "repos"
Verbs = dict[str, Callable[..., Any]]


@pytest.fixture(scope="module")
def repos(graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """Each fixture repo ingested once (from a copy: no VCS around it): language -> repo id."""
    ids: dict[str, str] = {}
    for room in ROOMS:
        repo = f"rooms-{room.lang}-{uuid.uuid4().hex[:8]}"
        root = tmp_path_factory.mktemp(room.lang) / room.lang
        shutil.copytree(REPOS / room.lang, root)
        ids[room.lang] = repo
        ingest_root(graph, root, repo=repo, mode="full", workers=1, git=False, embed=False)
    yield ids
    for repo in ids.values():
        wipe(graph, repo)


@pytest.fixture
def verbs(app_context: AppContext) -> Verbs:
    specs = [
        *surgical_context_tools(app_context),
        *impact_tools(app_context),
        *perspective_tools(app_context),
        *graph_search_tools(app_context),
        *search_tools(app_context),
    ]
    return {spec.name: spec.fn for spec in specs}


@pytest.fixture
def agent() -> str:
    return f"rooms-{uuid.uuid4().hex[:10]}"


LANGS = [room.lang for room in ROOMS]
BY_LANG = {room.lang: room for room in ROOMS}


@pytest.mark.parametrize("lang", LANGS)
def test_surgical_context_lists_callers_callees_and_tests(
    lang: str, verbs: Verbs, repos: dict[str, str], agent: str
) -> None:
    room, repo = BY_LANG[lang], repos[lang]
    lists = ["callers", "callees", "tests"]  # not all in the default sections (issue 30)
    got = verbs["surgical_context"](agent, path=room.file, repo=repo, sections=lists)
    caller_path, caller_qual = room.caller.split("::")
    callers = got["callers"]["items"]  # `path:line caller -> called`
    assert any(
        row.startswith(f"{caller_path}:") and f" {caller_qual} -> " in row for row in callers
    ), callers
    listed = got.get("tests", [])  # given whole: its rows; none: named in `none`
    listed = listed["items"] if isinstance(listed, dict) else listed
    assert ("tests" in got) != ("tests" in got.get("none", "")), got
    tests = [row.split(": ")[0] for row in listed]
    assert tests == list(room.test_files), got
    for row in listed:  # `path: N calls, imports: names`; no name left empty
        names = row.split(": ", 2)[2:]
        assert "" not in (names[0].split(", ") if names else []), row
    caller_side = verbs["surgical_context"](agent, path=room.callee_of, repo=repo, sections=lists)
    callees = caller_side["callees"]["items"]  # `caller:line -> path::qualname`
    assert any(row.split(" -> ")[1].startswith(room.callee) for row in callees), callees


@pytest.mark.parametrize("lang", LANGS)
def test_impact_reaches_the_known_caller(
    lang: str, verbs: Verbs, repos: dict[str, str], agent: str
) -> None:
    room, repo = BY_LANG[lang], repos[lang]
    # callers alone: with tests asked too, a test file's rows are said under `tests` only
    got = verbs["impact"](agent, symbol=f"{repo}:{room.symbol}", repo=repo, sections=["callers"])
    seeds = [seed.split(" ") for seed in got["seeds"]]  # `path:start-end qualname` rows
    assert [f"{where.rpartition(':')[0]}::{qualname}" for where, qualname in seeds] == [room.symbol]
    caller_path, caller_qual = room.caller.split("::")
    # rows say their hop only when they span several: `1 path:line ...` or `path:line ...`
    items = rows_of(got["affected"])  # one hop: `{path: ["line caller (via)"]}`
    if isinstance(items, dict):
        items = [f"{path}:{row}" for path, rows in items.items() for row in rows]
    rows = [[*row.split(" ", 1), ""][:2] for row in items]  # a file's own call: `path:line`
    hop1 = [rest for hop, rest in rows if hop == "1"] or [" ".join(row) for row in rows]
    # a call of the one seed says neither edge nor node: `path:line caller (via)`
    assert any(
        row.startswith(f"{caller_path}:") and (row + " ").split(" ")[1] == caller_qual
        for row in hop1
    ), got["affected"]


@pytest.mark.parametrize("lang", LANGS)
def test_perspective_routes_show_the_call_both_ways(
    lang: str, verbs: Verbs, repos: dict[str, str], agent: str
) -> None:
    room, repo = BY_LANG[lang], repos[lang]
    started = verbs["perspective_start"](agent, f"{repo}:{room.symbol}", repo=repo)
    assert started["status"] == "bound", started
    pid = started["perspective_id"]
    try:
        routes: list[dict[str, Any]] = []
        for page in range(1, int(started["total_pages"]) + 1):
            routes += verbs["perspective_routes"](agent, pid, page=page)["routes"]
        causal = {
            (r["relation"], r["direction"], r["target_id"].removeprefix(f"{repo}:"))
            for r in routes
            if r["family"] == "causal"
        }
        assert ("called by", "in", room.caller) in causal, causal
        structural = {(r["relation"], r["target_id"]) for r in routes}
        assert ("defined in", f"{repo}:{room.file}") in structural, structural
    finally:
        verbs["perspective_close"](agent, pid)


@pytest.mark.parametrize("lang", LANGS)
def test_seek_and_search_find_the_definition(
    lang: str, verbs: Verbs, repos: dict[str, str], agent: str
) -> None:
    room, repo = BY_LANG[lang], repos[lang]
    sought = verbs["seek"](agent, room.name, repo=repo)
    assert sought["proof_state"] == "ready", sought
    # `path:start-end score signature`: the best hit is the definition
    best = sought["symbols"][0]
    assert best.startswith(f"{room.file}:"), best
    assert room.name in best, best
    found = verbs["search"](agent, room.name, repo=repo, language=lang)
    assert room.file in found["hits"], found  # hits under their file's path (issue 30)
