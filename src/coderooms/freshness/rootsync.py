"""One root's side of a tick: defer while git rewrites the tree, else take what is ready and
bring it into the graph by the cheapest path that is still complete.

1. a git operation in progress (rebase, merge, cherry-pick, revert, bisect, `index.lock`):
   nothing is taken or ingested; after a long operation ends, one reconciliation;
2. a reconciliation is due (catch-up at start, queue overflow, ignore rules changed, events lost,
   after a long git operation, git could not answer): `ingest_root(mode="incremental")`, the
   walk with the size/mtime prefilter and the hash check;
3. HEAD moved since `since_ref`: the paths of `git diff since_ref HEAD` and of `git status`, plus
   the ready events, through `ingest_paths`; CO_CHANGES are brought to the new HEAD;
4. otherwise the ready events through `ingest_paths`.

`since_ref` advances to the HEAD read before the scan, and only when the scan succeeded. A failed
ingest puts the batch back in the queue.
"""

from __future__ import annotations

import logging
import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

from coderooms.core.ids import file_id
from coderooms.errors import CoderoomsError
from coderooms.freshness.changes import Batch, ChangeQueue
from coderooms.freshness.gitstate import (
    LONG_OPERATIONS,
    GitLayout,
    changed_paths,
    operation_in_progress,
    read_head,
)
from coderooms.graph.driver import Graph
from coderooms.ingest import (
    MAX_PATHS_PER_CALL,
    CoChangeReport,
    IngestReport,
    WalkedFile,
    check_path,
    ingest_paths,
    ingest_root,
    release_freed_memory,
    update_co_changes,
    warm_saves,
)
from coderooms.steps import current_steps

log = logging.getLogger(__name__)

MAX_CHANGED_PATHS_REPORTED = 200
MAX_SIGNATURE_CHANGES_REPORTED = 200
MAX_SKIP_EXAMPLES = 10
MAX_FILES_UNDER_GONE_DIR = MAX_PATHS_PER_CALL

RootStatus = Literal["idle", "deferred", "ingested", "reconciled", "failed"]
IngestPaths = Callable[..., IngestReport]
IngestRoot = Callable[..., IngestReport]
CoChanges = Callable[..., CoChangeReport]
WarmSaves = Callable[[Graph, Path, str], float | None]


@dataclass(slots=True)
class IngestFunctions:
    """What a tick calls to write the graph; tests wrap them to count calls."""

    paths: IngestPaths = ingest_paths
    root: IngestRoot = ingest_root
    co_changes: CoChanges = update_co_changes
    warm: WarmSaves = warm_saves
    """After the catch-up: the statements of a save compiled before the first one comes."""


@dataclass(slots=True)
class RootTickReport:
    root: str
    repo: str
    status: RootStatus = "idle"
    reason: str = ""
    """Why a reconciliation ran, which git operation deferred, or what failed."""
    paths: int = 0
    files_added: int = 0
    files_changed: int = 0
    files_deleted: int = 0
    files_unchanged: int = 0
    skipped: dict[str, int] = field(default_factory=dict)
    """Paths of the batch the ingest rules leave out, by reason."""
    git_skipped: dict[str, int] = field(default_factory=dict)
    """Paths git reported changed that the walker skips, by reason (never dropped silently)."""
    git_skipped_examples: list[str] = field(default_factory=list)
    head: str | None = None
    head_moved_from: str | None = None
    duration_ms: float = 0.0
    latency_ms: float | None = None
    """From the oldest event of the batch to the graph written."""
    changed_paths: list[str] = field(default_factory=list)
    """Ingestible paths of a batch that wrote files (for alerts); capped."""
    signature_changes: list[dict[str, str]] = field(default_factory=list)
    """Symbols of the batch whose signature changed: id, file, qualname, old, new; capped."""
    scanned: list[str] = field(default_factory=list, repr=False)
    """Paths a git scan brought up to date (events older than the scan are covered)."""

    @property
    def worked(self) -> bool:
        return self.status in {"ingested", "reconciled"}

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        del data["scanned"]
        return data


class RootSync:
    """One watched root: its repo, git layout, `since_ref`, and the per-root tick."""

    def __init__(
        self,
        graph: Graph,
        root: Path,
        repo: str,
        layout: GitLayout | None,
        *,
        since_ref: str | None,
        functions: IngestFunctions,
        track_signatures: bool = False,
    ) -> None:
        self.graph = graph
        self.track_signatures = track_signatures
        self.root = root
        self.key = str(root)
        self.repo = repo
        self.layout = layout
        self.since_ref = since_ref
        self.functions = functions
        self.deferred_by: str | None = None
        self._long_operation: str | None = None
        self.counters: Counter[str] = Counter()
        self.last_report: RootTickReport | None = None

    # --- reading --------------------------------------------------------------------------------

    def head(self) -> str | None:
        return read_head(self.layout) if self.layout else None

    def operation(self) -> str | None:
        return operation_in_progress(self.layout) if self.layout else None

    def settled(self) -> bool:
        """No git operation, and HEAD is the commit last scanned."""
        if self.layout is None:
            return True
        return self.operation() is None and self.head() == self.since_ref

    # --- the tick -------------------------------------------------------------------------------

    def step(
        self, queue: ChangeQueue, clock: Callable[[], float], debounce_s: float, *, force: bool
    ) -> RootTickReport:
        started = clock()
        report = RootTickReport(self.key, self.repo)
        queue.take_git_signal(self.key)  # this tick looks at git anyway
        operation = self.operation()
        if operation is not None:
            if self.deferred_by is None:
                self.counters["deferrals"] += 1
            if operation in LONG_OPERATIONS:
                self._long_operation = operation
            self.deferred_by = operation
            report.status, report.reason = "deferred", operation
            return self._finish(report, started, clock)
        if self.deferred_by is not None:
            if self._long_operation is not None:
                queue.request_reconcile(
                    self.key, f"after_git_{self._long_operation}", started, urgent=True
                )
            self.deferred_by = self._long_operation = None
        head = self.head()
        report.head = head
        batch = queue.take_ready(self.key, started, debounce_s, force=force)
        try:
            if batch.reconcile:
                self._reconcile(report, ",".join(batch.reconcile), head)
            elif self.layout is not None and head is not None and head != self.since_ref:
                self._git_scan(report, batch, head)
                queue.discard_covered(self.key, report.scanned, started)
            elif batch.paths or batch.gone_dirs:
                self._ingest(report, batch.paths, batch.gone_dirs)
        except Exception as e:
            queue.restore(batch, clock())
            self.counters["failures"] += 1
            report.status = "failed"
            report.reason = (
                e.message if isinstance(e, CoderoomsError) else f"{type(e).__name__}: {e}"
            )
            if not isinstance(e, CoderoomsError):
                log.exception("tick of %s failed", self.key)
        except BaseException:  # the call running this tick was cancelled: the batch waits
            queue.restore(batch, clock())
            raise
        if report.status == "failed":  # the exception and the batch's rows are gone by now
            release_freed_memory()
            return self._finish(report, started, clock)
        if report.worked and batch.first_seen != math.inf:
            report.latency_ms = (clock() - batch.first_seen) * 1000
        return self._finish(report, started, clock)

    def _finish(
        self, report: RootTickReport, started: float, clock: Callable[[], float]
    ) -> RootTickReport:
        report.duration_ms = (clock() - started) * 1000
        if report.status != "idle":
            self.last_report = report
        return report

    def _reconcile(self, report: RootTickReport, reason: str, head: str | None) -> None:
        result = self.functions.root(
            self.graph, self.root, repo=self.repo, mode="incremental", steps=current_steps().part()
        )  # a catch-up inside a verb (auto_ingest_start) reports progress, stops when cancelled
        self.counters["reconciliations"] += 1
        report.status, report.reason = "reconciled", reason
        if "catch_up" in reason.split(","):
            current_steps().checkpoint()  # a cancelled start stops before the warm-up
            self.functions.warm(self.graph, self.root, self.repo)
        if head != self.since_ref:
            report.head_moved_from = self.since_ref
        self._absorb(report, result)
        self.since_ref = head

    def _git_scan(self, report: RootTickReport, batch: Batch, head: str) -> None:
        assert self.layout is not None
        if self.since_ref is None:
            self._reconcile(report, "no_previous_commit", head)
            return
        changes = changed_paths(self.layout, self.since_ref, head)
        if changes.error is not None:
            self.counters["git_fallbacks"] += 1
            log.warning("%s: %s; reconciling by fingerprints", self.key, changes.error)
            self._reconcile(report, "git_unavailable", head)
            return
        report.head_moved_from = self.since_ref
        if changes.undecodable:
            report.git_skipped["undecodable_name"] = changes.undecodable
        git_paths = changes.paths - set(batch.paths)
        paths = {**dict.fromkeys(git_paths, "change"), **batch.paths}
        if len(paths) > MAX_PATHS_PER_CALL:
            self._reconcile(report, "too_many_changes", head)
            return
        verdicts = self._ingest(report, paths, batch.gone_dirs)
        for path in sorted(changes.paths):
            verdict = verdicts.get(path)
            if isinstance(verdict, str) and verdict != "missing":
                report.git_skipped[verdict] = report.git_skipped.get(verdict, 0) + 1
                if len(report.git_skipped_examples) < MAX_SKIP_EXAMPLES:
                    report.git_skipped_examples.append(path)
        if report.git_skipped:
            self.counters["git_paths_skipped"] += sum(report.git_skipped.values())
        self.functions.co_changes(self.graph, self.repo, self.root)
        report.scanned = sorted(paths)
        self.counters["git_scans"] += 1
        if report.status == "idle":
            report.status = "ingested"
        self.since_ref = head

    def _ingest(
        self, report: RootTickReport, paths: Mapping[str, str], gone_dirs: Iterable[str]
    ) -> dict[str, WalkedFile | str]:
        wanted = set(paths)
        for directory in gone_dirs:
            wanted.update(self._files_under(directory))
        verdicts = {path: check_path(self.root, path) for path in sorted(wanted)}
        not_files = [path for path, verdict in verdicts.items() if isinstance(verdict, str)]
        known = self._known(not_files)
        keep = []
        for path, verdict in verdicts.items():
            if isinstance(verdict, str) and path not in known:
                # nothing to add and nothing to delete: a temporary file, an ignored path
                report.skipped[verdict] = report.skipped.get(verdict, 0) + 1
            else:
                keep.append(path)
        report.paths = len(wanted)
        if not keep:
            return verdicts
        before = self._signatures(keep)
        result = self.functions.paths(self.graph, self.root, keep, repo=self.repo)
        self.counters["batches"] += 1
        report.status = "ingested"
        self._absorb(report, result)
        if result.files_added or result.files_changed:
            report.changed_paths = [p for p in keep if not isinstance(verdicts[p], str)][
                :MAX_CHANGED_PATHS_REPORTED
            ]
            if before:
                report.signature_changes = _signature_changes(before, self._signatures(keep))
        return verdicts

    def _signatures(self, paths: list[str]) -> dict[str, dict[str, str]]:
        """Signatures of the symbols of `paths` (only when alerts want them)."""
        if not self.track_signatures or not paths:
            return {}
        claims = [file_id(self.repo, path) for path in paths]
        rows = self.graph.read("freshness/symbol_signatures", claims=claims)
        return {row["id"]: row for row in rows}

    def _known(self, paths: list[str]) -> set[str]:
        if not paths:
            return set()
        rows = self.graph.read("freshness/known_paths", repo=self.repo, paths=paths)
        return {row["path"] for row in rows}

    def _files_under(self, directory: str) -> list[str]:
        rows = self.graph.read(
            "freshness/file_paths_under",
            repo=self.repo,
            prefix=directory.rstrip("/") + "/",
            limit=MAX_FILES_UNDER_GONE_DIR,
        )
        return [row["path"] for row in rows]

    def _absorb(self, report: RootTickReport, result: IngestReport) -> None:
        report.files_added += result.files_added
        report.files_changed += result.files_changed
        report.files_deleted += result.files_deleted
        report.files_unchanged += result.files_unchanged
        for reason, count in result.skipped.items():
            report.skipped[reason] = report.skipped.get(reason, 0) + count
        self.counters["files_written"] += result.files_added + result.files_changed
        self.counters["files_deleted"] += result.files_deleted


def _signature_changes(
    before: dict[str, dict[str, str]], after: dict[str, dict[str, str]]
) -> list[dict[str, str]]:
    changes = []
    for symbol_id in sorted(before.keys() & after.keys()):
        old, new = before[symbol_id], after[symbol_id]
        if old["signature"] != new["signature"]:
            changes.append(
                {
                    "id": symbol_id,
                    "file": new["file"],
                    "qualname": new["qualname"],
                    "old": old["signature"] or "",
                    "new": new["signature"] or "",
                }
            )
    return changes[:MAX_SIGNATURE_CHANGES_REPORTED]


def root_status(root: RootSync, queue: ChangeQueue, sample: int) -> dict[str, Any]:
    """What a status verb shows of one root of an in-process watcher (`sample` pending paths)."""
    return {
        "root": root.key,
        "repo": root.repo,
        "git": root.layout is not None,
        "since_ref": root.since_ref,
        "deferred_by": root.deferred_by,
        "pending": queue.pending_paths(root.key),
        "pending_sample": queue.sample(root.key, sample),
        "reconcile_pending": queue.reconcile_reasons(root.key),
        "last_batch": root.last_report.as_dict() if root.last_report else None,
    }
