"""`coderooms watch PATH...`: keep the graph equal to the files on disk until Ctrl-C / SIGTERM.

Catches up first (what changed while nothing watched), then prints one line per batch. Without
PATH it resumes the most recent watcher of this host (its roots and repo ids, from Neo4j).
A clean stop drains what is pending and records the watcher as stopped.
"""

from __future__ import annotations

import logging
import signal
import socket
import threading
import time
from pathlib import Path
from types import FrameType
from typing import Annotated

import typer

from coderooms.cli.console import console, fail_on_error
from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.errors import Forbidden, InvalidInput
from coderooms.freshness.engine import (
    DEFAULT_DEBOUNCE_MS,
    FreshnessEngine,
    TickReport,
    WatchOptions,
)
from coderooms.freshness.rootsync import RootTickReport
from coderooms.freshness.state import WatcherStore
from coderooms.freshness.told import change_of
from coderooms.graph.driver import Graph
from coderooms.notes import settle_change

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def watch(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(
            help="Directories to keep fresh (one repo each). None: resume this host's last watcher."
        ),
    ] = None,
    debounce_ms: Annotated[
        int,
        typer.Option(help="Wait this long after the last event of a file before ingesting it."),
    ] = DEFAULT_DEBOUNCE_MS,
    repo: Annotated[
        str | None, typer.Option(help="Repo id (one path only; default: directory name).")
    ] = None,
) -> None:
    """Watch directories and keep their code graph fresh (debounced, git-aware)."""
    logging.getLogger("neo4j").setLevel(logging.ERROR)
    with fail_on_error():
        settings = Settings()
        if settings.read_only:
            raise Forbidden(
                "coderooms watch writes the graph and CODEROOMS_READ_ONLY is set",
                hint="unset CODEROOMS_READ_ONLY to watch",
            )
        if repo is not None and paths is not None and len(paths) > 1:
            raise InvalidInput("--repo names one path; pass one path with it", field="--repo")
        graph = open_graph(settings, start_managed=True)
        try:
            roots, repos = _targets(graph, paths, repo)
            _run(graph, roots, repos, debounce_ms)
        finally:
            graph.close()


def _targets(
    graph: Graph, paths: list[Path] | None, repo: str | None
) -> tuple[list[Path], list[str | None]]:
    if paths:
        return list(paths), [repo] * len(paths) if repo else [None] * len(paths)
    previous = WatcherStore(graph).list(host=socket.gethostname(), kind="cli", limit=1)
    if not previous:
        raise InvalidInput(
            "no PATH given and no earlier watcher of this host to resume",
            field="paths",
            hint="coderooms watch DIRECTORY",
        )
    record = previous[0]
    console.print(
        f"resuming watcher {record.watcher_id}", markup=False, highlight=False, soft_wrap=True
    )
    return [Path(r.root) for r in record.roots], [r.repo for r in record.roots]


def _told(graph: Graph, printer: BatchPrinter, report: TickReport) -> None:
    """A tick printed, and the notes anchored to what it changed settled."""
    printer.tick(report)
    for root in report.roots:
        change = change_of(root)
        if change is not None:
            settle_change(graph, change)


def _run(graph: Graph, roots: list[Path], repos: list[str | None], debounce_ms: int) -> None:
    stop = threading.Event()
    printer = BatchPrinter()
    engine = FreshnessEngine(
        graph,
        roots,
        repos=repos,
        options=WatchOptions(debounce_ms=debounce_ms, kind="cli"),
        on_tick=lambda report: _told(graph, printer, report),
    )

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stop.set()

    previous = {sig: signal.signal(sig, on_signal) for sig in STOP_SIGNALS}
    try:
        engine.start()  # the catch-up tick is printed through on_tick
        for root in engine.roots:
            git = f"git at {root.since_ref[:12]}" if root.since_ref else "no git"
            console.print(
                f"watching {root.key} as {root.repo} ({git})",
                markup=False,
                highlight=False,
                soft_wrap=True,
            )
        console.print(
            f"debounce {engine.debounce_ms} ms; Ctrl-C to stop (state: {engine.watcher_id})",
            highlight=False,
            soft_wrap=True,
        )
        stop.wait()
    finally:
        final = engine.stop()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    if final is not None:
        printer.tick(final)
    console.print(f"stopped; state saved as {engine.watcher_id}", highlight=False)


class BatchPrinter:
    """One line per root and batch; a deferral is printed when it starts, not at every tick."""

    def __init__(self) -> None:
        self._deferred: dict[str, str] = {}

    def tick(self, report: TickReport) -> None:
        for root in report.roots:
            line = self.line(root)
            if line:
                style = "red" if root.status == "failed" else None
                console.print(line, style=style, markup=False, highlight=False, soft_wrap=True)

    def line(self, root: RootTickReport) -> str | None:
        stamp = time.strftime("%H:%M:%S")
        if root.status == "deferred":
            if self._deferred.get(root.root) == root.reason:
                return None
            self._deferred[root.root] = root.reason
            return f"{stamp}  {root.repo}  deferred: git {root.reason} in progress"
        self._deferred.pop(root.root, None)
        if root.status == "failed":
            return f"{stamp}  {root.repo}  failed: {root.reason} (kept queued, retrying)"
        if root.status not in {"ingested", "reconciled"}:
            return None
        what = f"reconciled ({root.reason})" if root.status == "reconciled" else "ingested"
        line = (
            f"{stamp}  {root.repo}  {what}: {root.files_added} added, {root.files_changed} "
            f"changed, {root.files_deleted} deleted, {root.files_unchanged} unchanged "
            f"in {root.duration_ms:.0f} ms"
        )
        if root.head_moved_from and root.head:
            line += f"  (HEAD {root.head_moved_from[:8]} → {root.head[:8]})"
        if root.git_skipped:
            counts = ", ".join(f"{k} {v}" for k, v in sorted(root.git_skipped.items()))
            line += f"\n          git changed paths the walker skips: {counts}"
            if root.git_skipped_examples:
                line += f" (e.g. {root.git_skipped_examples[0]})"
        return line
