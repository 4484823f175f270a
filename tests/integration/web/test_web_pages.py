"""The web view's data on a real graph: every page answers from the served scope only (another
operator's repo reads as not found, exactly like one that does not exist), writes nothing, and
the answers of the linked verbs carry their page's address on a server that serves the view."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any

import pytest

from coderooms.config import Settings
from coderooms.errors import NotFound
from coderooms.graph.driver import Graph
from coderooms.perspective.tools import perspective_tools
from coderooms.protocol.answer_link import linked
from coderooms.verbs.context import AppContext, GraphProvider
from coderooms.web import View
from tests.integration.impact.test_impact import make_repo
from tests.integration.surgical.test_surgical_context import graph_fingerprint

AGENT = f"web-tests-{uuid.uuid4().hex[:8]}"  # perspectives outlive a run in the session store


@pytest.fixture
def root(graph: Graph, tmp_path: Path, repo_id: str) -> Path:
    return make_repo(graph, tmp_path / "proj", repo_id)


@pytest.fixture
def view(app_context: AppContext) -> View:
    return View(app_context)


def nodes(answer: dict[str, Any]) -> set[str]:
    return {e["data"]["id"] for e in answer["elements"] if "source" not in e["data"]}


def test_every_page_reads_and_writes_nothing(
    view: View, app_context: AppContext, graph: Graph, root: Path, repo_id: str
) -> None:
    (start,) = [s for s in perspective_tools(app_context) if s.name == "perspective_start"]
    perspective = start.fn(agent_id=AGENT, query="serve", repo=repo_id)
    before = graph_fingerprint(graph, repo_id)
    repos = view.data("repos", {})
    assert repo_id in {r["repo"] for r in repos["repos"]}
    assert view.data("generation", {})["generations"][repo_id] >= 1
    symbol = view.data("symbol", {"id": f"{repo_id}:pkg/service.py::serve"})
    assert symbol["source"]["text"].startswith("def serve")
    assert {c["qualname"] for c in symbol["callers"]["items"]} == {"handle", "test_serve"}
    assert symbol["callees"]["total"] == 3
    assert [t["path"] for t in symbol["tests"]] == ["tests/test_service.py"]
    assert symbol["notes"] == {"available": False, "items": []}
    impact = view.data("impact", {"symbol": "compute", "repo": repo_id})
    assert nodes(impact) == {f"{repo_id}:{i}" for i in (
        "pkg/core.py::compute", "pkg/core.py::Engine.run", "pkg/service.py::serve",
        "pkg/service.py::handle", "tests/test_service.py::test_serve")}  # fmt: skip
    surgical = view.data("surgical", {"path": "pkg/core.py", "repo": repo_id})
    assert {i["path"] for i in surgical["importers"]} == {"pkg/service.py", "tests/test_core.py"}
    assert f"{repo_id}:pkg/core.py" in nodes(surgical)
    shown = view.data("perspective", {"agent": AGENT, "id": perspective["perspective_id"]})
    assert shown["routes"]
    assert shown["rebuilt"] is False
    mapped = view.data("map", {"repo": repo_id, "dir": "pkg"})
    assert nodes(mapped) == {"dir:.", "dir:pkg", "dir:tests"}
    assert {f["path"] for f in mapped["directory"]["files"]} >= {"pkg/core.py", "pkg/api.py"}
    assert graph_fingerprint(graph, repo_id) == before


def test_another_operators_repo_reads_as_missing(
    graph: Graph, root: Path, repo_id: str, settings: Settings, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    theirs = settings.model_copy(update={"roots": [elsewhere]})
    view = View(AppContext(settings=theirs, graphs=GraphProvider.ready(theirs, graph)))
    assert repo_id not in {r["repo"] for r in view.data("repos", {})["repos"]}
    assert repo_id not in view.data("generation", {})["generations"]
    for page, params in [
        ("symbol", {"id": f"{repo_id}:pkg/service.py::serve"}),
        ("map", {"repo": repo_id}),
        ("impact", {"symbol": "compute", "repo": repo_id}),
        ("surgical", {"path": "pkg/core.py", "repo": repo_id}),
    ]:
        with pytest.raises(NotFound):
            view.data(page, params)


def test_linked_answers_carry_their_page(app_context: AppContext, root: Path, repo_id: str) -> None:
    from coderooms.impact.tools import impact_tools

    (spec,) = impact_tools(app_context)
    call = linked("impact", spec.fn, "http://127.0.0.1:8765")
    answer = call(agent_id="a", symbol="compute", repo=repo_id, max_tokens=500)
    assert answer["web"] == f"http://127.0.0.1:8765/ui/impact?symbol=compute&repo={repo_id}"
    assert list(answer)[-1] == "web"
    assert "web" not in linked("impact", spec.fn, None)(agent_id="a", symbol="compute",
                                                        repo=repo_id)  # fmt: skip
