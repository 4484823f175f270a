"""Issue 29, class 8: the watcher of the served roots (`serve --root`) is the operator's. Any
agent could stop it with `daemon_stop`, after which `auto_ingest_status` still said
"watching" (a remembered flag). Now stopping it is `forbidden`, and the status is asked of the
watcher's threads, so one that died is not reported as watching."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from coderooms.config import Settings
from coderooms.errors import Forbidden
from coderooms.freshness.room import FreshnessRoom
from coderooms.freshness.state import watcher_id_for
from coderooms.freshness.tools import freshness_tools
from coderooms.graph.driver import Graph
from coderooms.verbs.context import AppContext, GraphProvider
from tests.integration.ingest.graph_snapshot import wipe

AGENT = "mallory"
DEADLINE_S = 30.0

pytestmark = pytest.mark.integration


@pytest.fixture
def served(
    settings: Settings, graph: Graph, tmp_path: Path, repo_id: str
) -> Iterator[tuple[FreshnessRoom, dict[str, Callable[..., Any]], AppContext]]:
    """A server of one root that watches it (`serve --root ROOT`), its verbs and context."""
    root = tmp_path / repo_id  # the repo id is the root's name
    root.mkdir()
    (root / "app.py").write_text("def first():\n    pass\n")
    mine = settings.model_copy(update={"roots": [root], "watch_roots": True})
    ctx = AppContext(settings=mine, graphs=GraphProvider.ready(mine, graph))
    room = FreshnessRoom(ctx)
    verbs = {spec.name: spec.fn for spec in freshness_tools(ctx, room)}
    yield room, verbs, ctx
    ctx.graphs.close()  # the server shuts down: its watchers are suspended
    graph.run_text(
        "MATCH (w:Watcher {id: $id}) DETACH DELETE w", id=watcher_id_for([str(root.resolve())])
    )
    wipe(graph, repo_id)


def served_roots(verbs: dict[str, Callable[..., Any]]) -> str:
    return str(verbs["auto_ingest_status"](AGENT)["served_roots"])


def until_watching(verbs: dict[str, Callable[..., Any]]) -> None:
    deadline = time.monotonic() + DEADLINE_S
    while served_roots(verbs) != "watching":
        assert time.monotonic() < deadline, served_roots(verbs)
        time.sleep(0.05)


def test_agents_cannot_stop_the_operators_watcher(
    served: tuple[FreshnessRoom, dict[str, Callable[..., Any]], AppContext],
) -> None:
    _, verbs, ctx = served
    until_watching(verbs)
    (root,) = ctx.settings.roots
    for verb, arguments in (
        ("daemon_stop", {}),
        ("auto_ingest_stop", {}),
        ("daemon_stop", {"roots": [str(root)]}),
        ("auto_ingest_stop", {"roots": [str(root)]}),
    ):
        with pytest.raises(Forbidden, match="operator's") as refused:
            verbs[verb](AGENT, **arguments)
        assert "serve --no-watch" in refused.value.hint
    assert served_roots(verbs) == "watching"
    (status,) = verbs["daemon_status"](AGENT)["in_process"]
    assert (status["started_by"], status["state"]) == ("operator", "running")


def test_a_watcher_that_died_is_not_reported_watching(
    served: tuple[FreshnessRoom, dict[str, Callable[..., Any]], AppContext], repo_id: str
) -> None:
    room, verbs, _ = served
    until_watching(verbs)
    (engine,) = room._engines.values()  # its threads die (a bug, a kill): nothing stops it
    engine.pump.stop()
    status = verbs["auto_ingest_status"](AGENT)
    assert status["served_roots"] != "watching"
    assert "no longer running" in status["served_roots"]
    assert [w["state"] for w in status["in_process"]] == ["died"]
    assert not status["freshness"][repo_id]["watched"]
