"""The MCP verb `ingest`: only the operator's roots, or directories under them
(`coderooms.scope`); its work is `agent_ingest`'s."""

from __future__ import annotations

from typing import Any

from coderooms.core.clamps import Clamps
from coderooms.ingest.agent_ingest import IngestArguments, ingest_roots, problems_within
from coderooms.semantic import embed_in_background
from coderooms.steps import current_steps
from coderooms.verbs.budget import clamp_max_tokens
from coderooms.verbs.changes import GraphChange
from coderooms.verbs.context import AppContext
from coderooms.verbs.declaring import Verb
from coderooms.verbs.effects import Effect, Writes
from coderooms.verbs.spec import ToolSpec


def ingest(ctx: AppContext, agent: str, r: IngestArguments) -> dict[str, Any]:
    """Bring the graph up to date with the files on disk, or parse new directories.

    Files changed, added, deleted or renamed since the last ingest replace exactly what they
    contributed before (symbols they no longer define disappear with their edges). Returns per
    root: files seen/unchanged/added/changed/deleted/renamed, skipped files with reasons,
    parse problems, write counts and timings in seconds. Only the roots the operator served
    (`health` lists them) or directories under them; others are refused. Sends progress
    (files read and written) when the call asks for it; a cancelled ingest stops at a safe
    point, what it wrote whole per file (run it again to complete it). Problems past
    max_tokens are counted, not listed (`problems_more`).
    """
    budget = clamp_max_tokens(Clamps(), r.max_tokens)
    answer = ingest_roots(
        ctx.graph,
        ctx.settings,
        r.roots,
        mode=r.mode,
        repo=r.repo,
        steps=current_steps(),
        embed_in_background=lambda repo: embed_in_background(ctx, repo),
    )
    graph = ctx.graph()
    for report in answer["reports"]:  # notes anchored there turn stale (server.py wires it)
        if report["files_added"] or report["files_changed"] or report["files_deleted"]:
            change = GraphChange(report["repo"], None, "ingest", f"ingest by {agent}")
            ctx.graph_changed(graph, change)
    return problems_within(answer, budget)


VERBS = (Verb(ingest, IngestArguments, Effect(Writes.GRAPH, idempotent=True)),)


def ingest_tools(ctx: AppContext) -> list[ToolSpec]:
    return [verb.spec(ctx) for verb in VERBS]
