"""Killing the managed Neo4j under a running server: health reports it down, and the same
process reconnects when it comes back, without a restart. Needs the managed test instance."""

from __future__ import annotations

import os
import signal
import time

import pytest

from coderooms.graph.driver import Connection
from coderooms.neo4j_local.instance import Instance
from coderooms.system.health import health
from coderooms.verbs.context import AppContext

RECOVERY_DEADLINE_S = 60.0


def test_health_reports_down_and_reconnects(
    neo4j_server: tuple[Connection, Instance | None], app_context: AppContext
) -> None:
    _, instance = neo4j_server
    if instance is None:
        pytest.skip("the tests do not run the Neo4j themselves (NEO4J_URI or a container)")
    assert health(app_context).status == "ok"
    pid = instance.pid()
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    deadline = time.monotonic() + RECOVERY_DEADLINE_S
    while instance.is_running() and time.monotonic() < deadline:
        time.sleep(0.1)
    down = health(app_context)
    assert down.status == "down"
    assert down.problem
    assert "not reachable" in down.problem
    state_before = instance.load_state()
    instance.start()
    state_after = instance.load_state()
    assert state_before is not None
    assert state_after is not None
    assert state_after.bolt_port == state_before.bolt_port
    deadline = time.monotonic() + RECOVERY_DEADLINE_S
    report = health(app_context)
    while report.status != "ok" and time.monotonic() < deadline:
        time.sleep(0.2)
        report = health(app_context)
    assert report.status == "ok"
    assert report.neo4j["version"].startswith("5.26")
