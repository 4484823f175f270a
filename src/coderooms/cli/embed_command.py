"""`coderooms embed [--repo R]`: compute the missing or stale symbol vectors (the backfill)."""

from __future__ import annotations

import json
import logging
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from coderooms.cli.console import console, fail_on_error
from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.errors import NotFound
from coderooms.graph.driver import Graph
from coderooms.semantic import model
from coderooms.semantic.store import EmbedReport, embed_pending


def embed(
    repo: Annotated[
        str | None, typer.Option(help="Repo id to embed (default: every ingested repo).")
    ] = None,
    budget: Annotated[
        int | None, typer.Option(min=1, help="Embed at most this many symbols per repo.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for machines.")] = False,
) -> None:
    """Compute symbol vectors for semantic search where they are missing or stale."""
    logging.getLogger("neo4j").setLevel(logging.ERROR)
    with fail_on_error():
        graph = open_graph(Settings(), start_managed=True)
        try:
            repos = [str(row["id"]) for row in graph.read("search/repo_ids")]
            if repo is not None:
                if repo not in repos:
                    raise NotFound(f"no repo {repo!r} in the graph", field="--repo")
                repos = [repo]
            reports = {r: embed_repo(graph, r, budget=budget, quiet=as_json) for r in repos}
        finally:
            graph.close()
    if as_json:
        typer.echo(json.dumps({r: rep.as_dict() for r, rep in reports.items()}, indent=1))
        return
    for name, report in reports.items():
        console.print(describe(name, report))


def embed_repo(graph: Graph, repo: str, *, budget: int | None, quiet: bool) -> EmbedReport:
    """The backfill of one repo, with a progress bar unless `quiet`."""
    if quiet or not model.available():
        return embed_pending(graph, repo, budget=budget)
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
    ) as progress:
        task = progress.add_task(f"embedding {repo}", total=None)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        return embed_pending(graph, repo, budget=budget, progress=advance)


def describe(repo: str, report: EmbedReport) -> str:
    if report.skipped:
        return f"{repo}: no vectors computed: {report.skipped}"
    rate: Any = report.extra.get("symbols_per_s", 0)
    return (
        f"{repo}: {report.embedded:,} symbols embedded in {report.seconds:.1f} s "
        f"({rate} symbols/s); {report.deferred:,} still without a current vector"
    )
