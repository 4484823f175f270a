"""activate and heuristics_surface say how complete the callers of their symbols are: one
proven caller of `A.run` and one call through a receiver nothing proves."""

from __future__ import annotations

import uuid

import pytest

from coderooms.graph.driver import Graph
from coderooms.retrieval.activate import ActivateRequest, activate
from coderooms.retrieval.heuristics import heuristics_surface
from coderooms.semantic import query as semantic
from tests.integration.foundation.completeness_repo import RUN, TIDY, make_unresolved_repo


@pytest.fixture(scope="module")
def repo(graph: Graph, tmp_path_factory: pytest.TempPathFactory) -> str:
    repo_id = f"test-{uuid.uuid4().hex[:12]}"
    make_unresolved_repo(graph, tmp_path_factory.mktemp("completeness") / "proj", repo_id)
    return repo_id


@pytest.fixture(autouse=True)
def no_vectors(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(semantic, "query_vector", lambda *a, **k: None)


def test_heuristics_surface(graph: Graph, repo: str) -> None:
    facts = heuristics_surface(graph, f"{repo}:{RUN}")["graph_facts"]
    assert facts["callers"] == 1
    assert facts["completeness"]["unresolved_call_sites"] == 1
    assert facts["completeness"]["lower_bound"] is True
    assert facts["completeness"]["names"] == {"run": 1}
    clean = heuristics_surface(graph, f"{repo}:{TIDY}", "tidy")["graph_facts"]
    assert clean["completeness"] == {"unresolved_call_sites": 0, "lower_bound": False}


def test_activate_from_seeds(graph: Graph, repo: str) -> None:
    answer = activate(graph, ActivateRequest(seeds=(f"{repo}:{RUN}",), max_hops=1))
    callers = [r["id"] for r in answer["results"] if r["via"] and r["via"]["edge"] == "CALLS"]
    assert callers == [f"{repo}:pkg/use.py::g"]
    assert answer["completeness"]["unresolved_call_sites"] == 1
    assert answer["completeness"]["lower_bound"] is True
    from_file = activate(graph, ActivateRequest(seeds=(f"{repo}:pkg/a.py",), max_hops=1))
    assert from_file["completeness"]["names"] == {"run": 1}
    clean = activate(graph, ActivateRequest(seeds=(f"{repo}:{TIDY}",), max_hops=1))
    assert clean["completeness"] == {"unresolved_call_sites": 0, "lower_bound": False}


def test_activate_from_a_query(graph: Graph, repo: str) -> None:
    answer = activate(graph, ActivateRequest(query="run", repo=repo, max_hops=1))
    assert f"{repo}:{RUN}" in [s["id"] for s in answer["seeds"]]
    assert answer["completeness"]["names"]["run"] == 1
