"""The repo overview resources (`coderooms://overview`, `coderooms://overview/{repo}`): the
system room's answers (`coderooms.system.repo_overview`) served as MCP resources, their errors in
the JSON error contract."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from fastmcp.exceptions import ResourceError
from fastmcp.resources import FunctionResource, ResourceTemplate

from coderooms.errors import CoderoomsError
from coderooms.system.repo_overview import (
    OVERVIEW_URI,
    REPO_OVERVIEW_URI,
    overview,
    repo_overview,
)
from coderooms.verbs.context import AppContext
from coderooms.verbs.spec import error_text


def as_json(answer: Callable[[], dict[str, Any]]) -> str:
    try:
        return json.dumps(answer(), ensure_ascii=False)
    except CoderoomsError as e:
        raise ResourceError(error_text(e)) from e


def overview_resources(ctx: AppContext) -> tuple[FunctionResource, ResourceTemplate]:
    def read_overview() -> str:
        return as_json(lambda: overview(ctx))

    def read_repo_overview(repo: str) -> str:
        return as_json(lambda: repo_overview(ctx, repo))

    every = FunctionResource.from_function(
        read_overview,
        OVERVIEW_URI,
        name="repo_overview",
        description="The ingested repos: root, files and lines per language, largest "
        "top-level entries.",
        mime_type="application/json",
    )
    one = ResourceTemplate.from_function(
        read_repo_overview,
        REPO_OVERVIEW_URI,
        name="one_repo_overview",
        description="One ingested repo: root, files and lines per language, largest top-level "
        "entries.",
        mime_type="application/json",
    )
    return every, one
