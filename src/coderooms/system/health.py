"""`health`: is the graph reachable, which Neo4j and schema, how much is in it."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from coderooms import __version__
from coderooms.errors import CoderoomsError
from coderooms.freshness import freshness_of
from coderooms.graph.schema import current_version, latest_version
from coderooms.scope.served import served_scope
from coderooms.semantic import describe_model, embedding_counts
from coderooms.verbs.context import AppContext


class HealthReport(BaseModel):
    status: str
    """`ok`, `starting` (graph not connected yet) or `down` (connected once, unreachable now)."""
    coderooms_version: str
    neo4j: dict[str, Any]
    schema_version: int | None
    schema_latest: int
    counts: dict[str, int]
    """Totals of the whole shared graph (other servers' repos included: numbers, no names)."""
    repos: list[str] = []
    """The repos this server reads: those whose root lies under its roots (scope)."""
    problem: str | None = None
    hint: str | None = None
    read_only: bool
    scope: dict[str, Any] = {}
    """The operator's roots (what agents may ingest, watch, read and write) and where they came
    from; `why_empty` when there are none."""
    startup_ingest: dict[str, str] = {}
    """What `serve --root` is doing with each root."""
    freshness: dict[str, dict[str, Any]] = {}
    """Per repo: watched by a live watcher?, files pending, last tick, unacknowledged alerts."""
    embeddings: dict[str, Any] = {}
    """The embedding model (installed?, why not) and symbols with a current vector / total."""


def _scope(ctx: AppContext) -> dict[str, Any]:
    try:
        return served_scope(ctx.settings).describe()
    except CoderoomsError as e:  # a root removed since start: say so, health still answers
        return {"roots": [], "why_empty": e.message}


def health(ctx: AppContext) -> HealthReport:
    base: dict[str, Any] = {
        "coderooms_version": __version__,
        "schema_latest": latest_version(),
        "read_only": ctx.settings.read_only,
        "scope": _scope(ctx),
        "schema_version": None,
        "counts": {},
        "startup_ingest": dict(ctx.startup_ingest),
        "embeddings": {**describe_model(), "backfill": dict(ctx.embedding_backfill)},
    }
    graph = ctx.graphs.graph_or_none
    if graph is None:
        error = ctx.graphs.last_error
        return HealthReport(
            status="starting",
            neo4j={"connection": None},
            problem=error.message if error else None,
            hint=(error.hint if error else None) or "retry in a few seconds",
            **base,
        )
    neo4j_info: dict[str, Any] = {"connection": graph.connection.describe()}
    try:
        graph.verify()  # fails fast when the server is down; queries would retry first
        neo4j_info["version"] = graph.server_version()
        base["schema_version"] = current_version(graph)
        rows = graph.read("system/counts")
        base["counts"] = {key: int(value) for key, value in rows[0].items()}
        repos = ctx.readable(graph)
        base["repos"] = repos
        base["freshness"] = freshness_of(graph, repos)
        base["embeddings"] |= embedding_counts(graph, repos)
    except CoderoomsError as e:
        return HealthReport(
            status="down", neo4j=neo4j_info, problem=e.message, hint=e.hint or None, **base
        )
    return HealthReport(status="ok", neo4j=neo4j_info, **base)
