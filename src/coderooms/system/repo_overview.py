"""The `coderooms://overview` resource: what the graph holds, to orient before the first call.

Each ingested repo: its id and root, files and lines per language, and its largest top-level
entries (directories and root files, by file count). A client may attach it to a conversation;
it costs nothing until read.
"""

from __future__ import annotations

import json
from typing import Any

from fastmcp.exceptions import ResourceError
from fastmcp.resources import FunctionResource

from coderooms.context import AppContext
from coderooms.errors import CoderoomsError
from coderooms.tooling import error_text

OVERVIEW_URI = "coderooms://overview"
TOP_ENTRIES = 12
"""Top-level entries listed per repo (the largest by file count)."""


def repo_overview(ctx: AppContext) -> dict[str, Any]:
    graph = ctx.graph()
    repos = []
    for row in graph.read("system/repo_languages"):
        entries = graph.read("system/repo_top_entries", repo=row["repo"], limit=TOP_ENTRIES)
        repos.append(
            {
                "repo": row["repo"],
                "root": row["root"],
                "files": sum(int(lang["files"]) for lang in row["languages"]),
                "languages": row["languages"],
                "top_entries": {entry["entry"]: int(entry["files"]) for entry in entries},
            }
        )
    return {"repos": repos}


def overview_resource(ctx: AppContext) -> FunctionResource:
    def read_overview() -> str:
        try:
            return json.dumps(repo_overview(ctx), ensure_ascii=False)
        except CoderoomsError as e:
            raise ResourceError(error_text(e)) from e

    return FunctionResource.from_function(
        read_overview,
        OVERVIEW_URI,
        name="repo_overview",
        description="The ingested repos: root, files and lines per language, largest "
        "top-level entries.",
        mime_type="application/json",
    )
