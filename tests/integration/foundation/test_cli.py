from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest
from typer.testing import CliRunner

from coderooms.cli import app
from coderooms.graph.driver import Connection, Graph
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


def _cli_env(connection: Connection, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NEO4J_URI", connection.uri)
    monkeypatch.setenv("NEO4J_USER", connection.user)
    monkeypatch.setenv("NEO4J_PASSWORD", connection.password)
    monkeypatch.setenv("NEO4J_DATABASE", connection.database)


def _repo_tree(root: Path) -> None:
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("from pkg.core import run\n")
    (root / "pkg" / "core.py").write_text(
        "def run():\n    return helper()\n\n\ndef helper():\n    return 1\n"
    )


def test_ingest_no_embed_computes_no_vector_not_even_inline(
    connection: Connection, graph: Graph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _cli_env(connection, monkeypatch)
    repo = f"cli-{uuid.uuid4().hex[:8]}"
    _repo_tree(tmp_path / repo)
    result = runner.invoke(app, ["ingest", str(tmp_path / repo), "--no-embed", "--json"])
    assert result.exit_code == 0, result.output
    (report,) = json.loads(result.output)
    assert report["embeddings"]["off"].startswith("--embed off")
    assert report["embeddings"]["pending"] == report["embeddings"]["symbols"] > 0
    vectors = graph.run_text(
        "MATCH (s:Symbol {repo: $repo}) WHERE s.embedding IS NOT NULL RETURN count(s) AS n",
        repo=repo,
    )
    assert vectors == [{"n": 0}]
    runner.invoke(app, ["repos", "remove", repo])


def test_repos_list_names_a_repo_and_remove_takes_out_all_it_holds(
    connection: Connection, graph: Graph, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _cli_env(connection, monkeypatch)
    repo, kept = f"cli-{uuid.uuid4().hex[:8]}", f"cli-{uuid.uuid4().hex[:8]}"
    for name in (repo, kept):
        _repo_tree(tmp_path / name)
        assert runner.invoke(app, ["ingest", str(tmp_path / name), "--no-embed"]).exit_code == 0
    listed = runner.invoke(app, ["repos", "list", "--json"])
    assert listed.exit_code == 0, listed.output
    rows = {row["repo"]: row for row in json.loads(listed.output)}
    assert rows[repo]["files"] == 2
    assert rows[repo]["root"] == str((tmp_path / repo).resolve())

    removed = runner.invoke(app, ["repos", "remove", repo, "--json"])
    assert removed.exit_code == 0, removed.output
    deleted = json.loads(removed.output)["deleted"]
    assert deleted["files"] == 2
    assert deleted["symbols"] >= 4  # two modules, run, helper
    left = graph.run_text(
        "MATCH (n) WHERE n.id STARTS WITH $prefix OR n.id = $repo RETURN count(n) AS n",
        prefix=f"{repo}:",
        repo=repo,
    )
    assert left == [{"n": 0}]
    kept_files = graph.run_text("MATCH (f:File {repo: $repo}) RETURN count(f) AS n", repo=kept)
    assert kept_files == [{"n": 2}]  # the other repo is untouched

    again = runner.invoke(app, ["repos", "remove", repo])
    assert again.exit_code == 1
    assert "no repo" in again.output
    runner.invoke(app, ["repos", "remove", kept])
