"""Issue 29, class 8: every statement runs under a server-side time limit, so a runaway one is
rolled back and answered with a clear `neo4j_timeout` instead of holding a server thread."""

from __future__ import annotations

import time
from collections.abc import Iterator

import neo4j
import pytest
from neo4j import RoutingControl

from coderooms.errors import GraphTimeout
from coderooms.graph.driver import READ_TIMEOUT_S, WRITE_TIMEOUT_S, Connection, Graph

SLOW = "UNWIND range(1, 1000000000) AS x RETURN count(x) AS n"
"""Counts to a billion: minutes of work, no procedure needed."""
SMALL_TIMEOUT_S = 0.5
NO_HANG_S = 20.0

pytestmark = pytest.mark.integration


@pytest.fixture
def impatient(connection: Connection) -> Iterator[Graph]:
    graph = Graph(connection, read_timeout_s=SMALL_TIMEOUT_S, write_timeout_s=SMALL_TIMEOUT_S)
    yield graph
    graph.close()


def test_handles_limit_statements_by_default(graph: Graph) -> None:
    assert (graph.read_timeout_s, graph.write_timeout_s) == (READ_TIMEOUT_S, WRITE_TIMEOUT_S)


@pytest.mark.parametrize("routing", [RoutingControl.READ, RoutingControl.WRITE])
def test_a_runaway_statement_is_stopped_with_a_clear_error(
    impatient: Graph, routing: RoutingControl
) -> None:
    started = time.monotonic()
    with pytest.raises(GraphTimeout) as caught:
        impatient.run_text(SLOW, routing=routing)
    assert time.monotonic() - started < NO_HANG_S
    assert caught.value.code == "neo4j_timeout"
    assert "time limit" in caught.value.message


def test_a_runaway_transaction_is_stopped_too(impatient: Graph) -> None:
    def work(tx: neo4j.ManagedTransaction) -> list[neo4j.Record]:
        return list(tx.run(SLOW))

    for run in (impatient.execute_read, impatient.execute_write, impatient.rolled_back):
        with pytest.raises(GraphTimeout):
            run(work)
    assert impatient.run_text("RETURN 1 AS one") == [{"one": 1}]  # the handle still works
