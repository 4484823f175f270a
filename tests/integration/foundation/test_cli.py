from __future__ import annotations

import pytest
from typer.testing import CliRunner

from coderooms.cli import app
from coderooms.graph.driver import Connection
from coderooms.neo4j_local.instance import Instance

runner = CliRunner()


def test_neo4j_start_twice_is_harmless(
    neo4j_server: tuple[Connection, Instance | None], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, instance = neo4j_server
    if instance is None:
        pytest.skip("the tests do not run the Neo4j themselves")
    monkeypatch.delenv("NEO4J_URI", raising=False)
    monkeypatch.setenv("CODEROOMS_INSTANCE", instance.settings.instance)
    result = runner.invoke(app, ["neo4j", "start"])
    assert result.exit_code == 0, result.output
    assert "already running" in result.output
    status = runner.invoke(app, ["neo4j", "status", "--json"])
    assert status.exit_code == 0
    assert '"browser_answers": true' in status.output


def test_wrong_password_is_one_line_not_a_traceback(
    connection: Connection, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NEO4J_URI", connection.uri)
    monkeypatch.setenv("NEO4J_PASSWORD", "wrong-password")
    result = runner.invoke(app, ["doctor"])
    assert result.exit_code == 1
    assert "refused the credentials" in result.output
    assert "Traceback" not in result.output


def test_unreachable_uri_is_reported_by_doctor(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_URI", "bolt://127.0.0.1:1")
    monkeypatch.setenv("NEO4J_PASSWORD", "x")
    result = runner.invoke(app, ["doctor"])
    assert result.exit_code == 1
    assert "not reachable" in result.output
