"""`--read-only` writes nothing at all (issue 15, item 5): no schema migration, no startup
ingest, no embedding backfill, no agent record unless session state is allowed."""

from __future__ import annotations

import threading
from pathlib import Path
from unittest.mock import Mock

import pytest

from coderooms import connect
from coderooms.config import Settings
from coderooms.errors import GraphUnavailable
from coderooms.graph.driver import Graph
from coderooms.graph.schema import latest_version
from coderooms.ingest.startup import ingest_when_ready
from coderooms.semantic import backfill_once, embed_in_background
from coderooms.verbs import context as context_module
from coderooms.verbs.context import AppContext, GraphProvider


def offline(tmp_path: Path, **settings: object) -> AppContext:
    configured = Settings(
        neo4j_uri="bolt://127.0.0.1:1", neo4j_password="x", roots=[tmp_path], **settings
    )
    return AppContext(settings=configured, graphs=GraphProvider(configured, start_managed=False))


def connected(ctx: AppContext) -> Mock:
    """Pretend the graph connected: every write through it would be visible on the mock."""
    graph = Mock(spec=Graph)
    ctx.graphs._graph = graph
    return graph


def test_the_startup_ingest_does_not_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = offline(tmp_path, read_only=True)
    started = []
    monkeypatch.setattr(threading.Thread, "start", lambda self: started.append(self.name))
    ingest_when_ready(ctx, [str(tmp_path)])
    assert started == []
    assert ctx.startup_ingest == {str(tmp_path): "not ingested: this server is read-only"}


def test_no_embedding_backfill(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ctx = offline(tmp_path, read_only=True)
    graph = connected(ctx)
    started = []
    monkeypatch.setattr(threading.Thread, "start", lambda self: started.append(self.name))
    embed_in_background(ctx, "repo")
    backfill_once(ctx, graph, "repo")
    assert started == []
    assert ctx.embedding_backfill == {}
    graph.write.assert_not_called()


@pytest.mark.parametrize(("allow", "recorded"), [(False, []), (True, ["agent-1"])])
def test_agents_are_recorded_only_with_session_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, allow: bool, recorded: list[str]
) -> None:
    ctx = offline(tmp_path, read_only=True, allow_session_state=allow)
    connected(ctx)
    seen: list[str] = []
    monkeypatch.setattr(context_module, "record_agent", seen.append)
    assert ctx.agent("agent-1") == "agent-1"
    assert seen == recorded


def test_a_read_only_server_checks_the_schema_instead_of_migrating(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    graph = Mock(spec=Graph)
    graph.read.return_value = [{"version": latest_version() - 1}]
    monkeypatch.setattr(connect, "Graph", lambda _connection: graph)
    monkeypatch.setattr(connect, "migrate", Mock(side_effect=AssertionError("migrated")))
    settings = Settings(neo4j_uri="bolt://x:1", neo4j_password="x", read_only=True)
    with pytest.raises(GraphUnavailable, match="read-only server does not migrate"):
        connect.open_graph(settings)
    graph.write.assert_not_called()
    graph.run_text.assert_not_called()
    graph.close.assert_called_once()


def test_a_read_only_server_opens_a_current_graph_without_writing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    graph = Mock(spec=Graph)
    graph.read.return_value = [{"version": latest_version()}]
    monkeypatch.setattr(connect, "Graph", lambda _connection: graph)
    monkeypatch.setattr(connect, "migrate", Mock(side_effect=AssertionError("migrated")))
    settings = Settings(neo4j_uri="bolt://x:1", neo4j_password="x", read_only=True)
    assert connect.open_graph(settings) is graph
    graph.write.assert_not_called()
    graph.run_text.assert_not_called()
