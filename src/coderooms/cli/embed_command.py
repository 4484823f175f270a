"""`coderooms embed [--repo R]`: compute the missing or stale symbol vectors (the backfill);
`--status`: how far each repo's vectors are and which backfill runs. `coderooms ingest` starts
it detached (`--detached`) so that the ingest returns with the graph (background_embed.py)."""

from __future__ import annotations

import json
import logging
import time
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from coderooms.cli.console import console, fail_on_error
from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.errors import NotFound
from coderooms.graph.driver import Graph
from coderooms.semantic import model
from coderooms.semantic.backfill_claim import BackfillClaim, claim_state
from coderooms.semantic.store import EmbedReport, coverage, embed_pending


def embed(
    repo: Annotated[
        str | None, typer.Option(help="Repo id to embed (default: every ingested repo).")
    ] = None,
    budget: Annotated[
        int | None, typer.Option(min=1, help="Embed at most this many symbols per repo.")
    ] = None,
    status: Annotated[
        bool,
        typer.Option(
            "--status",
            help="Compute nothing: say per repo how many symbols have a current vector and "
            "whether a backfill runs (and how far it got).",
        ),
    ] = False,
    detached: Annotated[
        bool,
        typer.Option(
            "--detached",
            hidden=True,
            help="Run as the background backfill coderooms ingest starts: quiet, and gone at "
            "once when another process already computes the repo's vectors.",
        ),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for machines.")] = False,
) -> None:
    """Compute symbol vectors for semantic search where they are missing or stale (resumes
    where any earlier backfill stopped; waits while another process computes a repo's)."""
    logging.getLogger("neo4j").setLevel(logging.ERROR)
    settings = Settings()
    with fail_on_error():
        graph = open_graph(settings, start_managed=not status)
        try:
            repos = [str(row["id"]) for row in graph.read("search/repo_ids")]
            if repo is not None:
                if repo not in repos:
                    raise NotFound(f"no repo {repo!r} in the graph", field="--repo")
                repos = [repo]
            if status:
                states = repo_states(graph, settings, repos)
            else:
                reports = {
                    r: claimed_backfill(
                        graph,
                        settings,
                        r,
                        budget=budget,
                        quiet=as_json or detached,
                        wait=not detached,
                    )
                    for r in repos
                }
        finally:
            graph.close()
    if status:
        if as_json:
            typer.echo(json.dumps(states, indent=1))
        for name, state in states.items():
            if not as_json:
                console.print(describe_state(name, state), highlight=False)
        return
    if as_json:
        typer.echo(json.dumps({r: rep.as_dict() for r, rep in reports.items()}, indent=1))
        return
    for name, report in reports.items():
        console.print(describe(name, report))


def claimed_backfill(
    graph: Graph, settings: Settings, repo: str, *, budget: int | None, quiet: bool, wait: bool
) -> EmbedReport:
    """The backfill of one repo under its claim (`semantic.backfill_claim`): waiting for
    another process's backfill to end first when `wait` (then doing what it left), else
    reporting that one runs."""
    with BackfillClaim(settings, repo) as claim:
        if not claim.acquire(wait=False):
            if not wait:
                pid = claim_state(settings, repo).get("pid", "?")
                return EmbedReport(skipped=f"computed by another process (pid {pid})")
            if not quiet:
                console.print(f"{repo}: another process computes its vectors; waiting for it")
            claim.acquire(wait=True)
        report = embed_repo(graph, repo, budget=budget, quiet=quiet, claim=claim)
        claim.note(report.embedded, report.embedded + report.deferred, "ended", force=True)
        return report


def embed_repo(
    graph: Graph, repo: str, *, budget: int | None, quiet: bool, claim: BackfillClaim | None = None
) -> EmbedReport:
    """The backfill of one repo, with a progress bar unless `quiet` (progress noted on the
    claim when given)."""

    def note(done: int, total: int) -> None:
        if claim is not None:
            claim.note(done, total)

    if quiet or not model.available():
        return embed_pending(graph, repo, budget=budget, progress=note)
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
            note(done, total)

        return embed_pending(graph, repo, budget=budget, progress=advance)


def repo_states(graph: Graph, settings: Settings, repos: list[str]) -> dict[str, dict[str, Any]]:
    """Per repo: the graph's counts (`symbols`, `current`) and the backfill's claim state."""
    counts = coverage(graph, repos) if repos else {}
    states: dict[str, dict[str, Any]] = {}
    for name in repos:
        found = counts.get(name, {"symbols": 0, "current": 0})
        states[name] = {
            "symbols": found["symbols"],
            "current": found["current"],
            "backfill": claim_state(settings, name),
        }
    off = model.unavailable_reason()
    if off is not None:
        for state in states.values():
            state["off"] = off
    return states


def describe_state(repo: str, state: dict[str, Any]) -> str:
    line = f"{repo}: {state['current']:,} of {state['symbols']:,} symbols have a current vector"
    backfill = state["backfill"]
    if "off" in state:
        return f"{line}; vectors off: {state['off']}"
    if backfill.get("running"):
        ago = time.time() - float(backfill.get("updated", time.time()))
        return (
            f"{line}; backfill running (pid {backfill.get('pid', '?')}): "
            f"{backfill.get('embedded', 0):,} of {backfill.get('total', 0):,} "
            f"(noted {ago:.0f} s ago)"
        )
    if state["current"] < state["symbols"]:
        return f"{line}; no backfill running: `coderooms embed` computes the rest"
    return line


def describe(repo: str, report: EmbedReport) -> str:
    if report.skipped:
        return f"{repo}: no vectors computed: {report.skipped}"
    rate: Any = report.extra.get("symbols_per_s", 0)
    return (
        f"{repo}: {report.embedded:,} symbols embedded in {report.seconds:.1f} s "
        f"({rate} symbols/s); {report.deferred:,} still without a current vector"
    )
