"""Issue 29, class 8, without a database: a Neo4j that does not answer (its port open while it
starts, or closed) fails a call within seconds with a clear error, never hangs it; once a call
found it down the next ones fail at once, until the readiness probe sees it answer again."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest
from neo4j import exceptions as neo4j_errors

from coderooms.errors import CoderoomsError, GraphUnavailable
from coderooms.graph import readiness
from coderooms.graph.driver import Connection, Graph
from coderooms.graph.readiness import Readiness

NO_HANG_S = 20.0
"""A generous bound that tells a failing call from a hanging one (the driver's default waits
60 s for a silent server's handshake)."""
DEADLINE_S = 10.0


@pytest.fixture
def silent_port() -> Iterator[int]:
    """A port that accepts connections and never says a word: a Neo4j whose Bolt port is
    open while it starts."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    held: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                client, _ = server.accept()
            except OSError:
                return
            held.append(client)

    threading.Thread(target=accept, daemon=True).start()
    yield server.getsockname()[1]
    server.close()
    for client in held:
        client.close()


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def failure(graph: Graph) -> tuple[CoderoomsError, float]:
    started = time.monotonic()
    with pytest.raises(CoderoomsError) as caught:
        graph.read("graph/server_version")
    return caught.value, time.monotonic() - started


def test_a_silent_port_fails_the_call_instead_of_hanging(silent_port: int) -> None:
    graph = Graph(Connection(f"bolt://127.0.0.1:{silent_port}", "neo4j", "secret"))
    try:
        error, took = failure(graph)
        assert took < NO_HANG_S
        assert error.code == "neo4j_unavailable"
        again, _ = failure(graph)  # known down: at once, saying since when and why
        assert "has not answered for" in again.message
        assert "retries it every" in again.hint
        assert graph.readiness.state()["answers"] is False
    finally:
        graph.close()


def test_a_closed_port_fails_fast_and_says_so() -> None:
    graph = Graph(Connection(f"bolt://127.0.0.1:{closed_port()}", "neo4j", "secret"))
    try:
        error, took = failure(graph)
        assert took < NO_HANG_S
        assert isinstance(error, GraphUnavailable)
        assert "not reachable" in error.message
        again, _ = failure(graph)
        assert "has not answered" in again.message
    finally:
        graph.close()


def test_a_database_that_is_starting_fails_fast_as_unavailable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Port open, database starting: Neo4j answers DatabaseUnavailable (transient), which was
    retried for 8 s per statement and then reported as a rejected statement."""
    graph = Graph(Connection(f"bolt://127.0.0.1:{closed_port()}", "neo4j", "secret"))
    calls = []

    def starting(query: object, *args: object, **kwargs: object) -> None:
        if getattr(query, "text", "") != "RETURN 1":  # the readiness probe's question
            calls.append(query)
        raise neo4j_errors.Neo4jError._hydrate_neo4j(
            code="Neo.TransientError.General.DatabaseUnavailable",
            message="The database is not currently available to serve your request",
        )

    monkeypatch.setattr(graph.driver, "execute_query", starting)
    try:
        error, took = failure(graph)
        assert took < NO_HANG_S
        assert isinstance(error, GraphUnavailable)
        assert "database is not available" in error.message
        assert len(calls) < 10  # given up after ~1.5 s of retries, not 8 s
        asked = len(calls)
        again, _ = failure(graph)
        assert "has not answered" in again.message
        assert len(calls) == asked
    finally:
        graph.close()


def test_the_probe_marks_the_graph_up_once_neo4j_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(readiness, "PROBE_INTERVAL_S", 0.01)
    answering = threading.Event()

    def probe() -> None:
        if not answering.is_set():
            raise GraphUnavailable("still starting")

    state = Readiness(probe, "bolt://example:7687")
    state.lost("not reachable")
    with pytest.raises(GraphUnavailable, match="has not answered"):
        state.require()
    assert state.state()["reason"] in {"not reachable", "still starting"}
    answering.set()
    deadline = time.monotonic() + DEADLINE_S
    while state.state()["answers"] is False:
        assert time.monotonic() < deadline, "the probe never saw Neo4j answer"
        time.sleep(0.01)
    state.require()  # up: calls go through
    state.lost("down again")  # and a later loss starts a new probe
    with pytest.raises(GraphUnavailable):
        state.require()
    state.close()
