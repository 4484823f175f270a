"""`coderooms ingest PATH...`: a progress bar with files/s, then a summary table (or JSON)."""

from __future__ import annotations

import json
import logging
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskProgressColumn,
    TextColumn,
    TimeElapsedColumn,
)
from rich.table import Table

from coderooms.cli.background_embed import start_backfill
from coderooms.cli.console import console, fail_on_error
from coderooms.cli.embed_command import claimed_backfill, describe
from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.ingest.pipeline import IngestReport, Mode, ingest_root
from coderooms.notes import settle_change
from coderooms.semantic.store import EmbedReport, left_to_embed
from coderooms.verbs.changes import GraphChange


class RateColumn(TextColumn):
    """Files per second of the running task."""

    def __init__(self) -> None:
        super().__init__("")

    def render(self, task: Any) -> Any:
        speed = task.finished_speed or task.speed
        return f"{speed:,.0f} files/s" if speed else "… files/s"


class EmbedMode(StrEnum):
    background = "background"
    wait = "wait"
    off = "off"


def ingest(
    paths: Annotated[list[Path], typer.Argument(help="Directories to ingest (one repo each).")],
    repo: Annotated[
        str | None, typer.Option(help="Repo id (one path only; default: directory name).")
    ] = None,
    full: Annotated[
        bool, typer.Option("--full", help="Re-read every file instead of only changed ones.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for machines.")] = False,
    embed: Annotated[
        EmbedMode,
        typer.Option(
            "--embed",
            help="Symbol vectors for semantic search: computed by a detached process once the "
            "graph is written (background; progress: coderooms embed --status), here before "
            "returning (wait), or not at all (off; later: coderooms embed).",
        ),
    ] = EmbedMode.background,
    no_embed: Annotated[bool, typer.Option("--no-embed", help="The same as --embed off.")] = False,
) -> None:
    """Parse directories into the code graph, or bring it up to date with the files on disk.
    Returns once the graph is complete; the symbol vectors semantic search needs follow in the
    background (--embed wait: before returning; --embed off: not at all)."""
    logging.getLogger("neo4j").setLevel(logging.ERROR)
    mode = EmbedMode.off if no_embed else embed
    reports: list[IngestReport] = []
    settings = Settings()
    with fail_on_error():
        if repo is not None and len(paths) > 1:
            raise typer.BadParameter("--repo names one path; pass one path with it")
        graph = open_graph(settings, start_managed=True)
        try:
            wait = mode is EmbedMode.wait
            reports.extend(
                _ingest_one(graph, path, repo, full, quiet=as_json, embed=wait) for path in paths
            )
            for report in reports:  # the notes anchored to what changed turn stale
                if report.files_added or report.files_changed or report.files_deleted:
                    change = GraphChange(report.repo, None, "ingest", "coderooms ingest")
                    settle_change(graph, change)
            for report in reports:
                if wait:
                    embedded = claimed_backfill(
                        graph, settings, report.repo, budget=None, quiet=as_json, wait=True
                    )
                    report.embeddings = {"inline": report.embeddings, **embedded.as_dict()}
                else:
                    report.embeddings = vectors_after(graph, settings, report.repo, mode)
        finally:
            graph.close()
    if as_json:
        typer.echo(json.dumps([r.as_dict() for r in reports], indent=1))
        return
    for report in reports:
        console.print(summary_table(report))
        console.print(vectors_line(report.repo, report.embeddings), highlight=False)


def vectors_after(graph: Any, settings: Settings, repo: str, mode: EmbedMode) -> dict[str, Any]:
    """What is left of the repo's vectors after an ingest that did not wait for them, and the
    backfill started for it (mode `background`, when any are pending and the model is on)."""
    state = left_to_embed(graph, repo)
    if mode is EmbedMode.off:
        state["off"] = "--embed off (later: coderooms embed)"
    elif "off" not in state and state["pending"] > 0:
        state["background_pid"] = start_backfill(settings, repo)
    return state


def vectors_line(repo: str, embeddings: dict[str, Any]) -> str:
    """The console's line about vectors, whatever the mode."""
    if "inline" in embeddings:  # --embed wait
        return describe(repo, EmbedReport(**{k: v for k, v in embeddings.items() if k != "inline"}))
    counts = f"{embeddings['current']:,} of {embeddings['symbols']:,} symbols have a vector"
    if "off" in embeddings:
        return f"vectors: off: {embeddings['off']} ({counts}; semantic search answers lexically)"
    if "background_pid" in embeddings:
        return (
            f"vectors: {embeddings['pending']:,} symbols left, computed in the background "
            f"(pid {embeddings['background_pid']}; progress: coderooms embed --status)"
        )
    return f"vectors: all current ({counts})"


def _ingest_one(
    graph: Any, path: Path, repo: str | None, full: bool, *, quiet: bool, embed: bool
) -> IngestReport:
    """One root; with `embed` off, not even the few written symbols get vectors inline (the
    background backfill computes them all, after the ingest returns)."""
    mode: Mode = "full" if full else "incremental"
    if quiet:
        return ingest_root(graph, path, repo=repo, mode=mode, embed=embed)
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        RateColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=False,
    ) as progress:
        task = progress.add_task(f"reading {path}", total=None)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        report = ingest_root(graph, path, repo=repo, mode=mode, progress=advance, embed=embed)
        progress.update(task, description=f"written {report.repo}")
    return report


def summary_table(report: IngestReport) -> Table:
    table = Table(title=f"{report.repo}  ({report.root}, {report.mode})", show_header=False)
    table.add_column("what")
    table.add_column("value", justify="right", overflow="fold")
    rows = [
        ("files seen", report.files_seen),
        ("unchanged", report.files_unchanged),
        ("added", report.files_added),
        ("changed", report.files_changed),
        ("deleted", report.files_deleted),
        ("renamed", report.files_renamed),
        ("lines parsed", report.lines_parsed),
        ("symbols written", report.writes.symbols_written),
        ("symbols deleted", report.writes.symbols_deleted),
        ("edges written", report.writes.edges_written),
        ("edges moved (line only)", report.writes.edges_moved),
        ("chunks written", report.writes.chunks_written),
        ("chunks moved (lines only)", report.writes.chunks_moved),
        ("references re-resolved", report.writes.references_reresolved),
        ("ghosts collected", report.writes.ghosts_collected),
    ]
    rows += [(f"skipped: {reason}", count) for reason, count in sorted(report.skipped.items())]
    for what, count in rows:
        table.add_row(what, f"{count:,}")
    timings = ", ".join(f"{k.removesuffix('_s')} {v:.2f} s" for k, v in report.timings.items())
    total = report.timings.get("total_s") or 0.0
    rate = report.lines_parsed / total if total else 0.0
    table.add_row("time", timings)
    table.add_row("lines/s", f"{rate:,.0f}")
    if report.problems:
        table.add_row(
            "problems (first)", f"{report.problems[0]['path']}: {report.problems[0]['problem']}"
        )
    return table
