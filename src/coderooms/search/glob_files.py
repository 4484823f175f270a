"""`glob`: file nodes whose path matches a gitignore-style pattern, in (repo, path) order."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from coderooms.core.clamps import Clamps
from coderooms.graph.driver import Graph
from coderooms.search.limits import GLOB_TOP_K_MAX, GLOB_TOP_K_MIN
from coderooms.search.path_glob import compile_path_pattern
from coderooms.search.scope import resolve_repos


def glob_files(
    graph: Graph,
    pattern: str,
    *,
    repo: str | None,
    top_k: int,
    offset: int = 0,
    readable: Sequence[str] | None = None,
) -> dict[str, Any]:
    compiled = compile_path_pattern(pattern, field="pattern")
    clamps = Clamps()
    limit = clamps.clamp("top_k", top_k, GLOB_TOP_K_MIN, GLOB_TOP_K_MAX)
    repos = resolve_repos(graph, repo, readable)
    rows = graph.read("search/files_by_prefix", repos=repos, prefix=compiled.prefix)
    matched = [row for row in rows if compiled.matches(row["path"])]
    return {
        "pattern": compiled.pattern,
        "repos": repos,
        "index": "path prefix" if compiled.prefix else "repo",
        "index_prefix": compiled.prefix,
        "files": matched[offset : offset + limit],
        "returned": len(matched[offset : offset + limit]),
        "total": len(matched),
        "truncated": len(matched) > offset + limit,
        "clamped": clamps.as_dict(),
        "held": {r: {row["path"] for row in matched if row["repo"] == r} for r in repos},
        "compiled": compiled,
    }
