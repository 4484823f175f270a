"""`coderooms repos list|remove`: what the graph holds, and taking a repo out of it."""

from __future__ import annotations

import json
import logging
import time
from typing import Annotated

import typer
from rich.table import Table

from coderooms.cli.console import console, fail_on_error
from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.errors import Conflict
from coderooms.freshness.state import WatcherStore
from coderooms.graph.driver import Graph
from coderooms.graph.repos import list_repos, remove_repo

repos_app = typer.Typer(help="List the repos in the graph, or remove one.")

JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON for machines.")]


@repos_app.command("list")
def list_command(as_json: JsonFlag = False) -> None:
    """Every repo in the graph: its id, root, files and when it was last ingested."""
    logging.getLogger("neo4j").setLevel(logging.ERROR)
    with fail_on_error():
        graph = open_graph(Settings(), start_managed=True)
        try:
            rows = list_repos(graph)
        finally:
            graph.close()
    if as_json:
        typer.echo(json.dumps(rows, indent=1))
        return
    table = Table("repo", "root", "files", "MB", "last ingest")
    for row in rows:
        table.add_row(row["repo"], str(row["root"]), f"{row['files']:,}",
                      f"{row['bytes'] / 1e6:,.1f}", str(row["updated_at"] or ""))  # fmt: skip
    console.print(table if rows else "no repos in the graph (coderooms ingest DIR adds one)")


@repos_app.command("remove")
def remove_command(
    repo: Annotated[str, typer.Argument(help="The repo id (coderooms repos list).")],
    as_json: JsonFlag = False,
) -> None:
    """Delete a repo from the graph: its files, symbols, chunks, ghosts, and the alerts, proof
    marks and previews agents kept about it. Files on disk are not touched; ingest the
    directory again to bring it back. Refused while a live watcher keeps the repo fresh."""
    logging.getLogger("neo4j").setLevel(logging.ERROR)
    with fail_on_error():
        graph = open_graph(Settings(), start_managed=True)
        try:
            _refuse_if_watched(graph, repo)
            removal = remove_repo(graph, repo)
        finally:
            graph.close()
    if as_json:
        typer.echo(json.dumps(removal.as_dict(), indent=1))
        return
    said = ", ".join(f"{count:,} {what}" for what, count in removal.deleted.items())
    console.print(f"removed {repo}: {said}")


def _refuse_if_watched(graph: Graph, repo: str) -> None:
    now_ms = int(time.time() * 1000)
    for record in WatcherStore(graph).list():
        watched = any(root.repo == repo for root in record.roots)
        if watched and record.describe(now_ms)["alive"]:
            where = f"pid {record.pid} on {record.host or 'this host'}"
            raise Conflict(
                f"repo {repo!r} is kept fresh by a live watcher ({record.watcher_id}, {where})",
                hint="stop it first (auto_ingest_stop, or end that coderooms watch/serve)",
            )
