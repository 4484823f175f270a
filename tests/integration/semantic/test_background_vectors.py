"""`coderooms ingest` returns with the graph complete and leaves the vectors to a detached
backfill, which resumes where an interrupted one stopped; the console says when vectors are off
and why. Real processes against the real Neo4j (the detached one is waited for, not timed)."""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from coderooms.cli import app
from coderooms.config import Settings
from coderooms.graph.driver import Connection, Graph
from coderooms.semantic.backfill_claim import BackfillClaim, claim_state
from coderooms.semantic.store import coverage
from tests.integration.semantic.conftest import SEMANTIC_REPO

runner = CliRunner()
WAIT_S = 600
"""How long a test waits for the detached backfill on a loaded machine (never a timing check)."""


@pytest.fixture
def cli_env(connection: Connection, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Settings:
    """The CLI (and the processes it starts) on the tests' Neo4j, its state under tmp_path."""
    monkeypatch.setenv("NEO4J_URI", connection.uri)
    monkeypatch.setenv("NEO4J_USER", connection.user)
    monkeypatch.setenv("NEO4J_PASSWORD", connection.password)
    monkeypatch.setenv("NEO4J_DATABASE", connection.database)
    monkeypatch.setenv("CODEROOMS_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("CODEROOMS_EMBEDDINGS", raising=False)
    return Settings()


@pytest.fixture
def shop(tmp_path: Path) -> Path:
    root = tmp_path / "shop"
    shutil.copytree(SEMANTIC_REPO, root)
    return root


def ingest_json(root: Path, repo: str, *flags: str) -> dict[str, Any]:
    result = runner.invoke(app, ["ingest", str(root), "--repo", repo, "--json", *flags])
    assert result.exit_code == 0, result.output
    (report,) = json.loads(result.output)
    return dict(report)


def wait_for_vectors(graph: Graph, settings: Settings, repo: str) -> dict[str, Any]:
    """Once every symbol has a current vector and the backfill's process let its claim go: the
    progress it last wrote."""
    deadline = time.monotonic() + WAIT_S
    while True:
        counts = coverage(graph, [repo])[repo]
        state = claim_state(settings, repo)
        if counts["current"] == counts["symbols"] and not state["running"]:
            return state
        assert time.monotonic() < deadline, (counts, state)
        time.sleep(0.5)


def test_ingest_returns_with_the_graph_and_leaves_the_vectors_to_a_detached_backfill(
    cli_env: Settings, graph: Graph, repo_id: str, shop: Path
) -> None:
    report = ingest_json(shop, repo_id)
    symbols = report["writes"]["symbols_written"]
    assert symbols > 60
    vectors = report["embeddings"]
    assert vectors["symbols"] == vectors["pending"] == symbols  # none computed before return
    assert vectors["current"] == 0
    assert isinstance(vectors["background_pid"], int)
    assert "off" not in vectors
    # the graph was complete when it returned: every symbol, and the calls between them
    calls = graph.run_text(
        "MATCH (:Symbol {repo: $repo})-[c:CALLS]->(:Symbol {repo: $repo}) RETURN count(c) AS n",
        repo=repo_id,
    )
    assert calls[0]["n"] > 0
    last = wait_for_vectors(graph, cli_env, repo_id)
    assert last["pid"] == vectors["background_pid"]
    assert (last["state"], last["embedded"], last["total"]) == ("ended", symbols, symbols)
    status = runner.invoke(app, ["embed", "--status", "--repo", repo_id, "--json"])
    assert status.exit_code == 0, status.output
    state = json.loads(status.output)[repo_id]
    assert state["current"] == state["symbols"] == symbols
    assert state["backfill"]["running"] is False


def test_a_backfill_resumes_with_what_an_interrupted_one_left(
    cli_env: Settings, graph: Graph, repo_id: str, shop: Path
) -> None:
    report = ingest_json(shop, repo_id, "--embed", "off")
    symbols = report["writes"]["symbols_written"]
    assert report["embeddings"]["pending"] == symbols
    assert report["embeddings"]["off"].startswith("--embed off")
    assert coverage(graph, [repo_id])[repo_id]["current"] == 0
    # a backfill that stopped after 10 symbols (killed, or its budget spent)
    partial = runner.invoke(app, ["embed", "--repo", repo_id, "--budget", "10", "--json"])
    assert partial.exit_code == 0, partial.output
    assert json.loads(partial.output)[repo_id]["embedded"] == 10
    # the next ingest (nothing changed on disk) starts one for the rest, which does only that
    again = ingest_json(shop, repo_id)
    assert again["files_unchanged"] == again["files_seen"]
    assert again["embeddings"]["current"] == 10
    assert again["embeddings"]["pending"] == symbols - 10
    last = wait_for_vectors(graph, cli_env, repo_id)
    assert last["pid"] == again["embeddings"]["background_pid"]
    assert (last["embedded"], last["total"]) == (symbols - 10, symbols - 10)
    # all current: a further ingest starts nothing
    done = ingest_json(shop, repo_id)
    assert done["embeddings"]["pending"] == 0
    assert "background_pid" not in done["embeddings"]


def test_a_detached_backfill_leaves_at_once_while_another_process_holds_the_repo(
    cli_env: Settings, graph: Graph, repo_id: str, shop: Path
) -> None:
    ingest_json(shop, repo_id, "--no-embed")
    with BackfillClaim(cli_env, repo_id) as held:
        assert held.acquire()
        held.note(3, 90, force=True)
        result = runner.invoke(app, ["embed", "--repo", repo_id, "--detached", "--json"])
        assert result.exit_code == 0, result.output
        report = json.loads(result.output)[repo_id]
        assert report["embedded"] == 0
        assert report["skipped"].startswith("computed by another process")
        status = runner.invoke(app, ["embed", "--status", "--repo", repo_id])
        assert "backfill running" in status.output
        assert "3 of 90" in status.output
    assert coverage(graph, [repo_id])[repo_id]["current"] == 0
    assert claim_state(cli_env, repo_id)["running"] is False


def test_the_console_says_vectors_are_off_and_why(
    cli_env: Settings, graph: Graph, repo_id: str, shop: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CODEROOMS_EMBEDDINGS", "off")
    result = runner.invoke(app, ["ingest", str(shop), "--repo", repo_id])
    assert result.exit_code == 0, result.output
    line = " ".join(result.output.split())  # rich wraps to the terminal's width
    assert "vectors: off: embeddings switched off (CODEROOMS_EMBEDDINGS=off)" in line
    assert "0 of " in line
    assert not (cli_env.home / "backfill").exists()  # nothing started
    monkeypatch.delenv("CODEROOMS_EMBEDDINGS")
    result = runner.invoke(app, ["ingest", str(shop), "--repo", repo_id, "--embed", "off"])
    line = " ".join(result.output.split())
    assert "vectors: off: --embed off (later: coderooms embed)" in line
