"""The overview resources: what the graph holds, to orient before the first call.

`coderooms://overview` describes each repo this server reads (under its roots: at most
MAX_REPOS, by id; `total_repos` counts them all), `coderooms://overview/{repo}` one of them: its
id and root, files and lines per language, and its largest top-level entries (directories and
root files, by file count). Another operator's repo is unknown here, exactly like a missing one.
A client may attach one to a conversation; it costs nothing until read.
"""

from __future__ import annotations

from typing import Any

from coderooms.errors import NotFound
from coderooms.graph.driver import Graph
from coderooms.verbs.context import AppContext

OVERVIEW_URI = "coderooms://overview"
REPO_OVERVIEW_URI = "coderooms://overview/{repo}"
TOP_ENTRIES = 12
"""Top-level entries listed per repo (the largest by file count)."""
MAX_REPOS = 50
"""Repos `coderooms://overview` describes (the first by id)."""


def described_repos(graph: Graph, repos: list[str], limit: int) -> list[dict[str, Any]]:
    described = []
    for row in graph.read("system/repo_languages", repos=repos, limit=limit):
        entries = graph.read("system/repo_top_entries", repo=row["repo"], limit=TOP_ENTRIES)
        described.append(
            {
                "repo": row["repo"],
                "root": row["root"],
                "files": sum(int(lang["files"]) for lang in row["languages"]),
                "languages": row["languages"],
                "top_entries": {entry["entry"]: int(entry["files"]) for entry in entries},
            }
        )
    return described


def overview(ctx: AppContext) -> dict[str, Any]:
    graph = ctx.graph()
    readable = ctx.readable(graph)
    repos = described_repos(graph, readable, MAX_REPOS)
    total = len(readable)
    return {"repos": repos, "total_repos": total, "truncated": total > len(repos)}


def repo_overview(ctx: AppContext, repo: str) -> dict[str, Any]:
    graph = ctx.graph()
    readable = ctx.readable(graph)
    found = described_repos(graph, [repo], 1) if repo in readable else []
    if not found:
        raise NotFound(
            f"no ingested repo has the id {repo!r}",
            field="repo",
            hint=f"read {OVERVIEW_URI} for the repo ids",
        )
    return found[0]
