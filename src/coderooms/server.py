"""The wiring: every room's verbs, served by the app `coderooms.protocol` builds. Only that."""

from __future__ import annotations

from coderooms.deadcode.tools import dead_code_tools
from coderooms.edits import recover_writes
from coderooms.edits.tools import surgical_tools
from coderooms.freshness.tools import freshness_tools
from coderooms.impact.tools import impact_tools
from coderooms.ingest.tools import ingest_tools
from coderooms.notes import settle_change, symbol_notes
from coderooms.notes.tools import notes_tools
from coderooms.perspective.tools import perspective_tools
from coderooms.protocol.app import App, Auth, WebServing, build_app
from coderooms.query.tools import query_tools
from coderooms.retrieval.graph_tools import graph_search_tools
from coderooms.search.tools import search_tools
from coderooms.surgical.context_tools import surgical_context_tools
from coderooms.system.tools import system_tools
from coderooms.verbs.arguments import REPO_DOC
from coderooms.verbs.context import AppContext
from coderooms.verbs.spec import ToolSpec
from coderooms.web import View

INSTRUCTIONS = (
    "coderooms serves a code graph of the repositories it ingested. Every verb takes `agent_id`: "
    "a stable name you choose for yourself and keep in every call (your previews, perspectives "
    "and quotas are kept under it). A tool's description is its first paragraph; `help` lists "
    "the verbs served and the presets that add others, `help` with `verb` describes one in full. "
    "`health` says whether the graph is ready. Errors are JSON objects with `error`, `message`, "
    "and a `hint` on what to do. A list cut at `max_tokens` (default 6000) says `more` and gives "
    "`next_cursor`: the same call with `cursor` goes on. "
    f"{REPO_DOC}."
)


def room_tools(ctx: AppContext) -> list[ToolSpec]:
    """Every verb of every room; the operator's presets and mode choose those served."""
    specs: list[ToolSpec] = []
    specs.extend(system_tools(ctx, lambda: specs))
    specs.extend(ingest_tools(ctx))
    specs.extend(freshness_tools(ctx))
    specs.extend(search_tools(ctx))
    specs.extend(graph_search_tools(ctx))
    specs.extend(surgical_tools(ctx))
    specs.extend(surgical_context_tools(ctx))
    specs.extend(impact_tools(ctx))
    specs.extend(perspective_tools(ctx))
    specs.extend(notes_tools(ctx))
    specs.extend(query_tools(ctx))
    specs.extend(dead_code_tools(ctx))
    return specs


def create_server(
    ctx: AppContext,
    *,
    auth: Auth | None = None,
    web_url: str | None = None,
    token: str | None = None,
) -> App:
    """The app; `auth` guards the HTTP transport (the operator's bearer token); `web_url`: the
    address this server serves the web view at (HTTP only), `token` the one it asks for."""

    if not ctx.settings.read_only and settle_change not in ctx.change_observers:
        ctx.change_observers.append(settle_change)  # notes turn stale when their code changes

    def on_start() -> None:
        if not ctx.settings.read_only:  # a read-only server writes nothing, recovery included
            recover_writes(ctx.settings)

    web = WebServing(View(ctx, notes=symbol_notes), web_url, token) if web_url else None
    return build_app(
        ctx, room_tools(ctx), instructions=INSTRUCTIONS, on_start=on_start, auth=auth, web=web
    )
