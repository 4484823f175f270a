"""Every answer that lists routes says how complete the focus's callers are; an untested hub
says how many call sites of its name the graph could not prove."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from coderooms.graph.driver import Graph
from tests.integration.foundation.completeness_repo import HUB, RUN, TIDY, make_unresolved_repo
from tests.integration.perspective.conftest import Verbs

COMPLETE = {"unresolved_call_sites": 0, "lower_bound": False}


@pytest.fixture(scope="module")
def repo(graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> str:
    repo_id = f"persp-{uuid.uuid4().hex[:12]}"
    make_unresolved_repo(graph, tmp_path_factory.mktemp("completeness") / "proj", repo_id)
    return repo_id


def start(verbs: Verbs, agent: str, repo: str, node: str) -> dict[str, Any]:
    started = dict(verbs["start"](agent, f"{repo}:{node}", repo=repo))
    assert started["status"] == "bound", started
    return started


def called_by(answer: dict[str, Any]) -> list[str]:
    return [
        r["target_id"]
        for r in answer["routes"]
        if r["family"] == "causal" and r["relation"] == "called by"
    ]


def test_start_routes_follow_back_say_how_complete(verbs: Verbs, agent: str, repo: str) -> None:
    started = start(verbs, agent, repo, RUN)
    assert called_by(started) == [f"{repo}:pkg/use.py::g"]
    assert started["completeness"]["unresolved_call_sites"] == 1
    assert started["completeness"]["lower_bound"] is True
    assert started["completeness"]["names"] == {"run": 1}
    pid = started["perspective_id"]
    paged = verbs["routes"](agent, pid, page=1, size=50)
    assert paged["completeness"] == started["completeness"]
    [caller] = [r for r in paged["routes"] if r["target_id"] == f"{repo}:pkg/use.py::g"]
    followed = verbs["follow"](agent, pid, paged["route_set_version"],
                               route_id=caller["route_id"])  # fmt: skip
    assert followed["focus"]["name"] == "g"
    assert followed["completeness"] == COMPLETE
    back = verbs["back"](agent, pid)
    assert back["focus"]["name"] == "run"
    assert back["completeness"]["lower_bound"] is True


def test_a_fully_resolved_focus_is_no_lower_bound(verbs: Verbs, agent: str, repo: str) -> None:
    started = start(verbs, agent, repo, TIDY)
    assert called_by(started) == [f"{repo}:pkg/calls_clean.py::h"]
    assert started["completeness"] == COMPLETE
    from_file = start(verbs, agent, repo, "pkg/a.py")
    assert from_file["completeness"]["names"] == {"run": 1}


def test_an_untested_hub_counts_its_unproven_sites(verbs: Verbs, agent: str, repo: str) -> None:
    started = start(verbs, agent, repo, HUB)
    pid = started["perspective_id"]
    routes = verbs["routes"](agent, pid, page=1, size=50)["routes"]
    [hole] = [r for r in routes if r["family"] == "hole"]
    assert hole["target_id"] == f"{repo}:{HUB}"
    assert hole["evidence"]["hole"] == "untested_hub"
    assert hole["evidence"]["test_callers"] == 0
    assert hole["evidence"]["unresolved_call_sites"] == 1
    assert started["completeness"]["names"] == {"hub": 1}
