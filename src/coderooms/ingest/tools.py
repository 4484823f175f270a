"""The MCP verb `ingest`."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field

from coderooms.context import AppContext
from coderooms.errors import Conflict, InvalidInput
from coderooms.ingest.pipeline import ingest_root
from coderooms.tooling import ToolSpec

MAX_ROOTS_PER_CALL = 16

_running: set[str] = set()
_running_lock = threading.Lock()


def ingest_roots(
    ctx: AppContext,
    roots: list[str],
    *,
    mode: Literal["full", "incremental"] = "incremental",
    repo: str | None = None,
) -> dict[str, Any]:
    """Ingest each root (one repo per root) and return its report."""
    if not roots:
        raise InvalidInput("roots is empty", field="roots", hint="pass at least one directory")
    if len(roots) > MAX_ROOTS_PER_CALL:
        raise InvalidInput(f"at most {MAX_ROOTS_PER_CALL} roots per call", field="roots")
    if repo is not None and len(roots) > 1:
        raise InvalidInput("repo names one root; pass one root with it", field="repo")
    graph = ctx.graph()
    reports = []
    for root in roots:
        key = str(Path(root).expanduser().resolve())
        with _running_lock:
            if key in _running:
                raise Conflict(
                    f"an ingest of {key} is already running in this server",
                    hint="retry when it ends",
                )
            _running.add(key)
        try:
            report = ingest_root(graph, Path(root), repo=repo, mode=mode)
            reports.append(report.as_dict())
            if report.embeddings.get("deferred"):  # too many for inline: vectors in background
                ctx.embed_in_background(report.repo)
        finally:
            with _running_lock:
                _running.discard(key)
    return {"reports": reports}


def ingest_tools(ctx: AppContext) -> list[ToolSpec]:
    def ingest(
        agent_id: str,
        roots: Annotated[list[str], Field(description="Directories to ingest; each is one repo.")],
        mode: Annotated[
            Literal["full", "incremental"],
            Field(description="incremental skips unchanged files; full re-reads everything."),
        ] = "incremental",
        repo: Annotated[
            str | None,
            Field(description="Repo id for a single root (default: its directory name)."),
        ] = None,
    ) -> dict[str, Any]:
        """Parse directories into the code graph (or bring it up to date with the files on disk).

        Files changed, added, deleted or renamed since the last ingest replace exactly what they
        contributed before (symbols they no longer define disappear with their edges). Returns per
        root: files seen/unchanged/added/changed/deleted/renamed, skipped files with reasons,
        parse problems, write counts and timings in seconds.
        """
        ctx.agent(agent_id)
        return ingest_roots(ctx, roots, mode=mode, repo=repo)

    return [ToolSpec(ingest, read_only=False)]
