"""The watcher: watchdog enqueues, a pump thread drains on its own clock, a tick at a time.

Threads:
- watchdog's observer threads call `EventRouter` (events.py), which only enqueues;
- one pump thread (pump.py) ticks when the queue says a path is due, on a git signal, on
  `request_tick`, or at the idle poll (bounded exponential backoff);
- any caller may run `tick()`: `TickGuard` never lets two overlap; a tick asked for while one
  runs is run once more right after it, and the caller gets a `coalesced` report.

Start: bind repos, claim the `:Watcher` node (state.py), start watching, then a catch-up tick
reconciles whatever changed while nothing watched, before any live event is drained. Stop: stop
watching, drain what is pending (unless git is mid-operation), persist `stopped`.

Read-only (`WatchOptions.read_only`): events still queue (bounded) so status can show them, but
a tick ingests nothing and nothing is persisted.
"""

from __future__ import annotations

import logging
import os
import socket
import time
import uuid
from collections import Counter, deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Literal

from coderooms.core.ids import repo_id_for, validate_repo_id
from coderooms.errors import CoderoomsError, Conflict, InvalidInput
from coderooms.freshness.alerts import AlertWriter
from coderooms.freshness.changes import MAX_PENDING_PATHS_PER_ROOT, ChangeKind, ChangeQueue
from coderooms.freshness.gitstate import probe_layout
from coderooms.freshness.observe import Watching
from coderooms.freshness.options import (
    DEFAULT_DEBOUNCE_MS,
    MAX_RECENT_TICKS,
    PENDING_SAMPLE,
    TickReport,
    TickStatus,
    WatchOptions,
    clamp_debounce_ms,
    process_alive,
    resolve_roots,
)
from coderooms.freshness.pump import Pump, TickGuard
from coderooms.freshness.rootsync import IngestFunctions, RootSync, root_status
from coderooms.freshness.state import (
    HEARTBEAT_INTERVAL_S,
    RootRecord,
    WatcherRecord,
    WatcherStore,
    watcher_id_for,
)
from coderooms.graph.driver import Graph
from coderooms.ingest import bind_repo, relative_path

log = logging.getLogger(__name__)

__all__ = ["DEFAULT_DEBOUNCE_MS", "FreshnessEngine", "TickReport", "WatchOptions"]


class FreshnessEngine:
    def __init__(
        self,
        graph: Graph,
        roots: Sequence[str | Path],
        *,
        repos: Sequence[str | None] | None = None,
        options: WatchOptions | None = None,
        functions: IngestFunctions | None = None,
        clock: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
        on_tick: Callable[[TickReport], None] | None = None,
        watcher_id: str | None = None,
    ) -> None:
        self.graph = graph
        self.options = options or WatchOptions()
        self.functions = functions or IngestFunctions()
        self._clock = clock
        self._wall_clock = wall_clock
        self._on_tick = on_tick
        self.roots_requested = resolve_roots(roots)
        self._repos_requested = list(repos) if repos else [None] * len(self.roots_requested)
        if len(self._repos_requested) != len(self.roots_requested):
            raise InvalidInput("give one repo id per root, or none", field="repo")
        self.debounce_ms = clamp_debounce_ms(self.options.debounce_ms)
        self._debounce_s = self.debounce_ms / 1000
        self.read_only = self.options.read_only
        self.watcher_id = watcher_id or watcher_id_for([str(r) for r in self.roots_requested])
        self.store = WatcherStore(graph, read_only=self.read_only or not self.options.persist)
        self.alerts = AlertWriter(graph) if self.options.alerts and not self.read_only else None
        self.queue = ChangeQueue(
            (str(r) for r in self.roots_requested),
            max_paths=min(self.options.max_pending_paths, MAX_PENDING_PATHS_PER_ROOT),
        )
        self.pump = Pump(
            self.tick,
            lambda: self.queue.next_due(self._debounce_s),
            clock=clock,
            idle_poll_s=max(self.options.idle_poll_ms, 1) / 1000,
            name=f"freshness-pump-{self.watcher_id}",
        )
        self._guard = TickGuard(
            lambda force: self._tick_once(force),  # noqa: PLW0108 (late-bound: tests patch it)
            lambda: TickReport(self._tick_number, "coalesced", self._now_ms()),
        )
        self.roots: list[RootSync] = []
        self.record: WatcherRecord | None = None
        self.previous: WatcherRecord | None = None
        self.catch_up: TickReport | None = None
        self.last_tick: TickReport | None = None
        self.recent: deque[TickReport] = deque(maxlen=MAX_RECENT_TICKS)
        self.counters: Counter[str] = Counter()
        self._base_counters: Counter[str] = Counter()
        self._tick_number = 0
        self._last_persist = -float("inf")
        self._watching: Watching | None = None
        self.state: Literal["new", "running", "stopped"] = "new"

    # --- lifecycle ------------------------------------------------------------------------------

    def start(self) -> TickReport | None:
        """Watch, catch up, then keep the graph fresh in the background. Returns the catch-up."""
        if self.state != "new":
            raise Conflict(f"watcher {self.watcher_id} was already started", hint="build a new one")
        repos = self._bind_repos()
        self.previous = self.store.load(self.watcher_id) if self.options.persist else None
        if self.previous is not None:
            self._base_counters = Counter(self.previous.counters)
        self._claim(repos)
        try:
            self._build_roots(repos)
            if self.options.observe:
                self._watching = Watching(
                    self.roots,
                    self.queue,
                    clock=self._clock,
                    wake=self.pump.wake,
                    on_events_lost=self._events_lost,
                )
            self.state = "running"
            if not self.read_only:
                self._catch_up()
            if self.options.pump:
                self.pump.start()
        except BaseException:
            self._teardown()
            self.state = "stopped"
            self._persist(status="stopped")
            raise
        return self.catch_up

    def _claim(self, repos: list[str]) -> None:
        now_ms = self._now_ms()
        self.record = WatcherRecord(
            watcher_id=self.watcher_id,
            kind=self.options.kind,
            roots=[
                RootRecord(str(r), repo)
                for r, repo in zip(self.roots_requested, repos, strict=True)
            ],
            owner=uuid.uuid4().hex,
            host=socket.gethostname(),
            pid=os.getpid(),
            status="running",
            debounce_ms=self.debounce_ms,
            started_ms=now_ms,
            heartbeat_ms=now_ms,
            counters=dict(self._base_counters),
        )
        previous = self.previous
        dead = (
            previous is not None
            and previous.host == self.record.host
            and previous.pid != self.record.pid
            and not process_alive(previous.pid)
        )
        self.store.claim(self.record, now_ms, previous_owner_dead=dead)

    def _catch_up(self) -> None:
        """Reconcile every root before any live event. A root whose catch-up fails is still
        watched: its reconciliation stays queued and the pump retries it, backing off like any
        failed batch (`pump.backoff_wait`), until it lands; the report says it failed."""
        now = self._clock()
        for root in self.roots:
            self.queue.request_reconcile(root.key, "catch_up", now, urgent=True)
        self.catch_up = self.tick()
        for failed in (r for r in self.catch_up.roots if r.status == "failed"):
            log.warning("catching up %s failed, retried: %s", failed.root, failed.reason)

    def stop(self, *, drain: bool = True) -> TickReport | None:
        """Stop watching; drain what is pending (not while git is mid-operation); persist."""
        if self.state != "running":
            return None
        self._teardown()
        try:
            final = self.tick(force=True) if drain and not self.read_only else None
        finally:  # a cancelled drain (auto_ingest_stop) still stops; the next catch-up ingests
            self.state = "stopped"
            self._persist(status="stopped")
        return final

    def suspend(self) -> None:
        """Stop watching without draining or recording a stop: the state in Neo4j still says
        running, so the next server of this host resumes the watcher once this process is gone
        (what a server shutting down does)."""
        if self.state == "running":
            self._teardown()
            self.state = "stopped"

    def _teardown(self) -> None:
        self.pump.stop()
        if self._watching is not None:
            self._watching.close()
            self._watching = None

    def _bind_repos(self) -> list[str]:
        repos = []
        for root, repo in zip(self.roots_requested, self._repos_requested, strict=True):
            if self.read_only:
                repos.append(validate_repo_id(repo) if repo else repo_id_for(root))
            else:
                repos.append(bind_repo(self.graph, root, repo))
        if len(set(repos)) != len(repos):
            raise InvalidInput("two roots would share one repo id", field="repo")
        return repos

    def _build_roots(self, repos: list[str]) -> None:
        for root, repo in zip(self.roots_requested, repos, strict=True):
            since = None
            if self.previous is not None:
                for old in self.previous.roots:
                    if old.root == str(root) and old.repo == repo:
                        since = old.since_ref
            self.roots.append(
                RootSync(
                    self.graph,
                    root,
                    repo,
                    probe_layout(root),
                    since_ref=since,
                    functions=self.functions,
                    track_signatures=self.alerts is not None,
                )
            )

    def _events_lost(self) -> None:
        self.counters["os_event_overflows"] += 1
        now = self._clock()
        for root in self.roots:
            self.queue.request_reconcile(root.key, "os_events_lost", now, urgent=False)
        self.pump.wake()

    # --- ticking --------------------------------------------------------------------------------

    def notify(self, paths: Sequence[str | Path], kind: ChangeKind = "change") -> int:
        """Enqueue paths someone knows changed (an edit verb after a write), as an event would;
        the pump drains them on its own clock. Returns how many were queued."""
        now = self._clock()
        queued = 0
        for path in paths:
            absolute = Path(path).expanduser()
            if not absolute.is_absolute() and self.roots:
                absolute = self.roots[0].root / absolute
            for root in self.roots:
                if absolute.is_relative_to(root.root) and absolute != root.root:
                    self.queue.add(root.key, relative_path(root.root, absolute), kind, now)
                    queued += 1
                    break
            else:
                raise InvalidInput(f"{path} is under no watched root", field="paths")
        self.pump.wake()
        return queued

    def request_tick(self) -> None:
        """Ask the pump for a tick now (without waiting for it)."""
        self.pump.request_tick()

    def tick(self, *, force: bool = False) -> TickReport:
        """One pass over every root. `force` takes pending paths without waiting for debounce."""
        return self._guard(force)

    def _tick_once(self, force: bool) -> TickReport:
        self._tick_number += 1
        if self.read_only:
            return TickReport(self._tick_number, "read_only", self._now_ms())
        started, started_ms = self._clock(), self._now_ms()
        roots = [
            root.step(self.queue, self._clock, self._debounce_s, force=force) for root in self.roots
        ]
        statuses = {r.status for r in roots}
        status: TickStatus = "idle"
        if "failed" in statuses:
            status = "failed"
        elif statuses & {"ingested", "reconciled"}:
            status = "worked"
        elif "deferred" in statuses:
            status = "deferred"
        report = TickReport(
            self._tick_number, status, started_ms, (self._clock() - started) * 1000, roots
        )
        self.counters["ticks"] += 1
        self.counters[f"ticks_{status}"] += 1
        self.last_tick = report
        if report.batches:
            self.recent.append(report)
        self._after_tick(report)
        return report

    def _after_tick(self, report: TickReport) -> None:
        self.pump.record(worked=report.status == "worked", failed=report.status == "failed")
        if self.alerts is not None and report.batches:
            try:
                written = self.alerts.from_tick(report.roots, self.watcher_id, self._now_ms())
            except CoderoomsError as e:  # alerts are advice: never fail the tick for them
                self.counters["alert_failures"] += 1
                log.warning("could not write alerts of watcher %s: %s", self.watcher_id, e.message)
            else:
                self.counters["alerts_written"] += written
        if report.status == "worked" or self._clock() - self._last_persist >= HEARTBEAT_INTERVAL_S:
            self._persist(status="running", last_tick_ms=report.started_ms)
        if self._on_tick is not None and report.batches:
            try:
                self._on_tick(report)
            except Exception:
                log.exception("on_tick callback failed")

    # --- state ----------------------------------------------------------------------------------

    def settled(self) -> bool:
        """Nothing pending, no tick running, no git operation, HEAD scanned (reads git files)."""
        if self.queue.has_work() or self._guard.busy:
            return False
        return all(root.settled() for root in self.roots)

    def all_counters(self) -> dict[str, int]:
        total: Counter[str] = Counter(self._base_counters)
        total.update(self.counters)
        total.update(self.queue.counts())
        for root in self.roots:
            total.update(root.counters)
        if self._guard.coalesced_count:
            total["ticks_coalesced"] += self._guard.coalesced_count
        return dict(sorted(total.items()))

    def _persist(
        self, *, status: Literal["running", "stopped"], last_tick_ms: int | None = None
    ) -> None:
        record = self.record
        if record is None or self.store.read_only:
            return
        record.status = status
        record.heartbeat_ms = self._now_ms()
        if last_tick_ms is not None:
            record.last_tick_ms = last_tick_ms
        record.queue_length = self.queue.pending_paths()
        record.counters = self.all_counters()
        for saved, root in zip(record.roots, self.roots, strict=False):
            saved.since_ref = root.since_ref
        failed = [r for r in self.last_tick.roots if r.status == "failed"] if self.last_tick else []
        record.last_error = failed[0].reason if failed else None
        self._last_persist = self._clock()
        try:
            if not self.store.update(record):
                self.counters["ownership_lost"] += 1
                log.warning("watcher %s was taken over by another process", self.watcher_id)
        except CoderoomsError as e:
            self.counters["persist_failures"] += 1
            log.warning("could not persist watcher %s: %s", self.watcher_id, e.message)

    def alive(self) -> bool:
        """Whether it watches now, asked of its threads rather than remembered: started and not
        stopped, its pump thread running (when it has one) and its observer too."""
        if self.state != "running":
            return False
        if self.options.pump and not self.pump.alive():
            return False
        return self._watching is None or self._watching.alive()

    def status(self) -> dict[str, Any]:
        """Everything a status verb shows about this in-process watcher; `state` is `died`
        when it was started and never stopped but its threads are gone."""
        return {
            "watcher_id": self.watcher_id,
            "kind": self.options.kind,
            "state": "died" if self.state == "running" and not self.alive() else self.state,
            "read_only": self.read_only,
            "debounce_ms": self.debounce_ms,
            "queue_length": self.queue.pending_paths(),
            "idle_streak": self.pump.idle_streak,
            "failure_streak": self.pump.failure_streak,
            "next_tick_in_ms": round(max(0.0, self.pump.next_deadline() - self._clock()) * 1000),
            "ticks": self._tick_number,
            "last_tick": self.last_tick.as_dict() if self.last_tick else None,
            "counters": self.all_counters(),
            "roots": [root_status(root, self.queue, PENDING_SAMPLE) for root in self.roots],
        }

    def _now_ms(self) -> int:
        return int(self._wall_clock() * 1000)
