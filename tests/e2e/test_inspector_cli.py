"""The server driven by another real MCP client: MCP Inspector's CLI, a TypeScript client on the
official TypeScript SDK (issue 17), pinned in tests/e2e/inspector/package.json and installed
there by scripts/test where node is (skipped, saying so, where it is not). Each call starts the
server over stdio as a client configured by a user would: the default listing is `core`, every
tool has its schema and annotations, a search answers from the graph, and arguments the schema
refuses come back as the JSON error naming the field, not as a client-side crash."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from coderooms.graph.driver import Connection, Graph
from coderooms.ingest.pipeline import ingest_root
from coderooms.verbs.presets import PRESETS
from tests.integration.ingest.graph_snapshot import wipe

INSPECTOR = Path(__file__).parent / "inspector" / "node_modules" / ".bin" / "mcp-inspector"
FIXTURE = Path(__file__).parents[1] / "fixtures" / "repos" / "python"
AGENT = "e2e-inspector"
CALL_TIMEOUT_S = 120
TOOL_IS_ERROR = 5
"""The CLI's exit status when the tool answered `isError: true` (its JSON is still printed)."""

pytestmark = pytest.mark.skipif(
    not os.access(INSPECTOR, os.X_OK),
    reason="MCP Inspector is not installed (npm ci --prefix tests/e2e/inspector)",
)


def inspect(connection: Connection, roots: Path, *method: str) -> Any:
    """One Inspector CLI call against a fresh `coderooms serve` (its JSON output)."""
    env = {
        "NEO4J_URI": connection.uri,
        "NEO4J_USER": connection.user,
        "NEO4J_PASSWORD": connection.password,
        "NEO4J_DATABASE": connection.database,
        "CODEROOMS_ROOTS": str(roots),
        "HOME": os.environ.get("HOME", str(roots)),
    }
    flags = [part for key, value in env.items() for part in ("-e", f"{key}={value}")]
    done = subprocess.run(
        [str(INSPECTOR), "--cli", *flags, sys.executable, "-m", "coderooms", "serve", *method],
        capture_output=True,
        text=True,
        timeout=CALL_TIMEOUT_S,
        check=False,
    )
    assert done.returncode in (0, TOOL_IS_ERROR), done.stderr[-2000:]
    return json.loads(done.stdout)


def call(connection: Connection, roots: Path, tool: str, **arguments: str) -> tuple[bool, Any]:
    """(is_error, the answer's JSON) of one tools/call with key=value arguments."""
    pairs = [f"{key}={value}" for key, value in {"agent_id": AGENT, **arguments}.items()]
    result = inspect(
        connection, roots, "--method", "tools/call", "--tool-name", tool, "--tool-arg", *pairs
    )
    text = "".join(part.get("text", "") for part in result["content"])
    return bool(result.get("isError")), json.loads(text)


def test_a_typescript_client_lists_calls_and_gets_json_errors(
    connection: Connection, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    root = tmp_path / "shop"
    shutil.copytree(FIXTURE, root)
    ingest_root(graph, root, repo=repo_id, workers=1, git=False)
    try:
        listed = inspect(connection, tmp_path, "--method", "tools/list")["tools"]
        assert {tool["name"] for tool in listed} == set(PRESETS["core"])
        for tool in listed:
            assert tool["inputSchema"]["type"] == "object", tool["name"]
            assert "agent_id" in tool["inputSchema"]["required"], tool["name"]
            assert "readOnlyHint" in tool["annotations"], tool["name"]

        failed, found = call(connection, tmp_path, "search", query="def total", repo=repo_id)
        assert not failed, found
        assert "shop/models.py" in json.dumps(found)

        # an argument that may not be null (the Inspector sends an unparsable nullable one as null)
        failed, refused = call(connection, tmp_path, "glob", pattern="**", top_k="many")
        assert failed
        assert (refused["error"], refused["field"]) == ("invalid_input", "top_k")

        failed, missing = call(connection, tmp_path, "view")
        assert failed
        assert (missing["error"], missing["field"]) == ("invalid_input", "path")
    finally:
        wipe(graph, repo_id)
