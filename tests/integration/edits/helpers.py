"""Shared by the surgical integration tests: a small repo, and the verbs by name."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from coderooms.core.hashing import content_hash
from coderooms.edits.tools import surgical_tools
from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root
from coderooms.verbs.context import AppContext

FILES = {
    "pkg/__init__.py": "",
    "pkg/core.py": (
        "def helper(x):\n    return x + 1\n\n\n"
        "def doomed(y):\n    return helper(y) * 2\n\n\n"
        "class Box:\n    def size(self):\n        return doomed(3)\n"
    ),
    "pkg/use.py": (
        "from pkg.core import doomed, helper\n\n\ndef run():\n    return doomed(helper(1))\n"
    ),
    "notes.md": "# notes\n",
}


def make_repo(graph: Graph, root: Path, repo_id: str) -> Path:
    for path, text in FILES.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    ingest_root(graph, root, repo=repo_id, workers=1, git=False)
    return root


def verbs(ctx: AppContext) -> dict[str, Callable[..., Any]]:
    return {spec.name: spec.fn for spec in surgical_tools(ctx)}


def disk_hash(path: Path) -> str:
    return content_hash(path.read_bytes())


def graph_hash(graph: Graph, repo: str, path: str) -> str | None:
    rows = graph.run_text("MATCH (f:File {repo: $repo, path: $path}) RETURN f.hash AS h",
                          repo=repo, path=path)  # fmt: skip
    return rows[0]["h"] if rows else None


def symbol_count(graph: Graph, symbol_id: str) -> int:
    rows = graph.run_text("MATCH (s:Symbol {id: $id}) RETURN count(s) AS n", id=symbol_id)
    return int(rows[0]["n"])


def edges_to(graph: Graph, symbol_id: str) -> int:
    rows = graph.run_text(
        "MATCH (s:Symbol {id: $id}) OPTIONAL MATCH (s)-[r]-() RETURN count(r) AS n", id=symbol_id
    )
    return int(rows[0]["n"]) if rows else 0
