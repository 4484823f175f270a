"""The freshness room of one server process: its in-process watchers, and what every process
has recorded in Neo4j (watchers started by `coderooms watch` included).

Starting a watcher here runs the same engine as `coderooms watch`, in-process (kind `server`).
When the server starts, watchers of kind `server` that this host recorded as running and whose
process is gone are resumed (their roots must still exist, and lie under this server's roots: a
watcher some other server, or an older version, recorded for a directory the operator does not
serve now is left alone); read-only servers never do. Roots to watch are checked against the
operator's scope (`coderooms.scope`) like `ingest`'s.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from coderooms.errors import CoderoomsError, Forbidden, InvalidInput
from coderooms.freshness.alerts import unacked_counts
from coderooms.freshness.engine import FreshnessEngine, TickReport, WatchOptions
from coderooms.freshness.errors import WatcherNotRunning
from coderooms.freshness.options import MAX_ROOTS, process_alive
from coderooms.freshness.state import HEARTBEAT_STALE_S, WatcherRecord, WatcherStore
from coderooms.freshness.told import tell_changes
from coderooms.graph.driver import Graph
from coderooms.ingest import resolve_root
from coderooms.scope.served import served_scope
from coderooms.verbs.context import AppContext

log = logging.getLogger(__name__)

RESUME_POLL_S = 0.5
"""How often the resume thread looks whether the graph has connected."""
SHUTDOWN_POLL_S = 1.0
"""How often the room looks whether its server shut down (then it suspends its watchers)."""
MAX_RECENT_IN_STATUS = 10


class FreshnessRoom:
    def __init__(
        self,
        ctx: AppContext,
        *,
        clock: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
    ) -> None:
        self.ctx = ctx
        self._clock = clock
        self._wall_clock = wall_clock
        self._engines: dict[str, FreshnessEngine] = {}
        self._lock = threading.Lock()
        self.resumed: list[dict[str, Any]] = []
        """What the start-up resume did, for status."""
        self._served_roots_start = "off" if not ctx.settings.watch_roots else "after the ingest"
        """How starting the operator's watcher went, until it runs (`served_roots_watch`)."""
        self._operator_watcher: str | None = None
        """The watcher of the operator's roots (`serve --root`): agents may not stop it."""
        self._reaper: threading.Thread | None = None

    @property
    def served_roots_watch(self) -> str:
        """Whether this server watches the operator's roots, asked of the watcher itself (a
        watcher whose threads died is not `watching`, whatever was recorded at its start)."""
        watcher_id = self._operator_watcher
        if watcher_id is None:
            return self._served_roots_start
        with self._lock:
            engine = self._engines.get(watcher_id)
        if engine is not None and engine.alive():
            return "watching"
        return "not watching: the watcher of the served roots is no longer running"

    # --- verbs ----------------------------------------------------------------------------------

    def start(
        self, roots: list[str] | None, *, repo: str | None, debounce_ms: int, idle_poll_ms: int
    ) -> dict[str, Any]:
        if roots is not None and len(roots) > MAX_ROOTS:
            raise InvalidInput(f"at most {MAX_ROOTS} roots per watcher", field="roots")
        resolved = [str(root) for root in served_scope(self.ctx.settings).agent_roots(roots)]
        if len(resolved) > MAX_ROOTS:
            raise InvalidInput(f"at most {MAX_ROOTS} roots per watcher", field="roots")
        if repo is not None and len(resolved) > 1:
            raise InvalidInput("repo names one root; pass one root with it", field="repo")
        graph = self.ctx.graph()
        with self._lock:
            running = self._watching(resolved)
        if running is not None:
            return {"started": False, "watcher": running.status()}
        # started outside the lock: a catch-up can take a while and status must still answer;
        # a second start of the same roots meanwhile is refused by the claim in Neo4j
        engine = self._engine(graph, resolved, [repo] * len(resolved), debounce_ms, idle_poll_ms)
        catch_up = engine.start()
        with self._lock:
            self._adopt(engine)
        return {
            "started": True,
            "catch_up": catch_up.as_dict() if catch_up else None,
            "watcher": engine.status(),
        }

    def stop(self, roots: list[str] | None) -> dict[str, Any]:
        """Stop the watchers of `roots` (none given: every watcher agents started here); the
        operator's watcher of the served roots is refused."""
        with self._lock:
            chosen = self._select(roots)
            operators = [e for e in chosen if e.watcher_id == self._operator_watcher]
            if operators and (roots is not None or len(operators) == len(chosen)):
                raise Forbidden(
                    "the watcher of the served roots ("
                    + ", ".join(str(r) for r in operators[0].roots_requested)
                    + ") is the operator's: it keeps their graph fresh as long as this server "
                    "runs, and agents cannot stop it",
                    field="roots" if roots is not None else None,
                    hint="stop only watchers you started (auto_ingest_status lists them); the "
                    "operator turns it off with `serve --no-watch`",
                )
            chosen = [e for e in chosen if e not in operators]
            for engine in chosen:
                del self._engines[engine.watcher_id]
        stopped = []
        for engine in chosen:
            final = engine.stop()
            stopped.append(
                {
                    "watcher_id": engine.watcher_id,
                    "roots": [root.key for root in engine.roots],
                    "drained": final.as_dict() if final else None,
                }
            )
        return {"stopped": stopped}

    def tick(self, *, force: bool) -> dict[str, Any]:
        with self._lock:
            engines = list(self._engines.values())
        if not engines:
            raise WatcherNotRunning(
                "no watcher runs in this server",
                hint="call daemon_start (or auto_ingest_start) with the roots to watch",
            )
        reports: list[TickReport] = [engine.tick(force=force) for engine in engines]
        return {
            "ticks": [
                {"watcher_id": engine.watcher_id, **report.as_dict()}
                for engine, report in zip(engines, reports, strict=True)
            ]
        }

    def status(self, *, detail: bool) -> dict[str, Any]:
        with self._lock:
            engines = list(self._engines.values())
        in_process = []
        for engine in engines:
            state = engine.status()
            state["started_by"] = (
                "operator" if engine.watcher_id == self._operator_watcher else "agent"
            )
            if detail:
                state["recent"] = [t.as_dict() for t in list(engine.recent)[-MAX_RECENT_IN_STATUS:]]
            in_process.append(state)
        result: dict[str, Any] = {
            "in_process": in_process,
            "resumed_at_start": self.resumed,
            "served_roots": self.served_roots_watch,
        }
        graph = self.ctx.graphs.graph_or_none
        if graph is not None:
            now_ms = int(self._wall_clock() * 1000)
            records = self._visible(WatcherStore(graph).list())
            result["watchers"] = [record.describe(now_ms) for record in records]
            result["freshness"] = self._freshness(graph, engines, records, now_ms)
        return result

    def freshness(self, repo: str) -> dict[str, Any]:
        """How fresh one repo's graph is, this server's watchers included."""
        graph = self.ctx.graph()
        with self._lock:
            engines = list(self._engines.values())
        now_ms = int(self._wall_clock() * 1000)
        rows = self._freshness(graph, engines, WatcherStore(graph).list(), now_ms)
        return rows.get(repo, {"watched": False, "unacked_alerts": unacked_counts(graph, repo)})

    def now(self) -> float:
        """Wall-clock seconds (injected)."""
        return self._wall_clock()

    # --- helpers --------------------------------------------------------------------------------

    def _visible(self, records: list[WatcherRecord]) -> list[WatcherRecord]:
        """The watchers whose every root lies under this server's roots: another operator's
        watcher (its directories, its repos) is not shown, as its repos are not read."""
        try:
            scope = served_scope(self.ctx.settings)
        except CoderoomsError:
            return []
        return [r for r in records if all(scope.allows_root(root.root) for root in r.roots)]

    def _engine(
        self,
        graph: Graph,
        roots: list[str],
        repos: list[str | None],
        debounce_ms: int,
        idle_poll_ms: int,
    ) -> FreshnessEngine:
        return FreshnessEngine(
            graph,
            roots,
            repos=repos,
            options=WatchOptions(
                debounce_ms=debounce_ms,
                idle_poll_ms=idle_poll_ms,
                kind="server",
                read_only=self.ctx.settings.read_only,
            ),
            clock=self._clock,
            wall_clock=self._wall_clock,
            on_tick=lambda report: tell_changes(self.ctx, graph, report),
        )

    def _watching(self, roots: list[str]) -> FreshnessEngine | None:
        for engine in self._engines.values():
            if sorted(str(r) for r in engine.roots_requested) == sorted(roots):
                return engine
        return None

    def _adopt(self, engine: FreshnessEngine) -> None:
        """Keep a started engine; the first one starts the thread that suspends them all when
        the server shuts down (caller holds the lock)."""
        self._engines[engine.watcher_id] = engine
        if self._reaper is None:
            self._reaper = threading.Thread(
                target=self._suspend_at_shutdown, name="freshness-shutdown", daemon=True
            )
            self._reaper.start()

    def _suspend_at_shutdown(self) -> None:
        wait = threading.Event()
        while not self.ctx.graphs.closed:
            wait.wait(SHUTDOWN_POLL_S)
        with self._lock:
            engines = list(self._engines.values())
            self._engines.clear()
        for engine in engines:
            engine.suspend()

    def _select(self, roots: list[str] | None) -> list[FreshnessEngine]:
        if not self._engines:
            raise WatcherNotRunning(
                "no watcher runs in this server", hint="auto_ingest_status lists the watchers"
            )
        if roots is None:
            return list(self._engines.values())
        wanted = {str(resolve_root(Path(root))) for root in roots}
        chosen = [
            engine
            for engine in self._engines.values()
            if wanted & {str(r) for r in engine.roots_requested}
        ]
        if not chosen:
            raise WatcherNotRunning(
                "no watcher of this server watches those roots",
                field="roots",
                hint="auto_ingest_status lists the watchers and their roots",
            )
        return chosen

    def _freshness(
        self,
        graph: Graph,
        engines: list[FreshnessEngine],
        records: list[WatcherRecord],
        now_ms: int,
    ) -> dict[str, dict[str, Any]]:
        repos: dict[str, dict[str, Any]] = {}
        for record in records:
            described = record.describe(now_ms)
            for root in record.roots:
                if described["alive"]:
                    repos[root.repo] = {
                        "watched": True,
                        "watcher_id": record.watcher_id,
                        "pending": record.queue_length,
                        "last_tick_ms": record.last_tick_ms,
                        "heartbeat_age_ms": described["heartbeat_age_ms"],
                    }
        for engine in engines:
            for sync in engine.roots:
                repos[sync.repo] = {
                    "watched": engine.alive(),
                    "watcher_id": engine.watcher_id,
                    "pending": engine.queue.pending_paths(sync.key),
                    "last_tick_ms": engine.last_tick.started_ms if engine.last_tick else None,
                    "deferred_by": sync.deferred_by,
                }
        for repo, entry in repos.items():
            entry["unacked_alerts"] = unacked_counts(graph, repo)
        return dict(sorted(repos.items()))

    # --- resume at start ------------------------------------------------------------------------

    def resume_when_ready(self) -> None:
        """Resume, in the background, this host's server watchers whose process is gone; then,
        when the operator asked for it (`serve --root`), watch the served roots."""
        if self.ctx.settings.read_only:
            return
        threading.Thread(target=self._resume, name="freshness-resume", daemon=True).start()

    def _watch_served_roots(self) -> None:
        """One watcher over the operator's roots, once their startup ingest has finished (its
        catch-up then has nothing left to do). A root watched by another process stays so."""
        stop = threading.Event()
        while self.ctx.startup_busy() and not self.ctx.graphs.closed:
            stop.wait(RESUME_POLL_S)
        if self.ctx.graphs.closed:
            return
        try:
            started = self.start(
                None,
                repo=None,
                debounce_ms=WatchOptions().debounce_ms,
                idle_poll_ms=WatchOptions().idle_poll_ms,
            )
        except CoderoomsError as e:
            log.warning("not watching the served roots: %s", e.message)
            self._served_roots_start = f"not watching: {e.message}"
        else:  # a watcher an agent started on the same roots becomes the operator's
            self._operator_watcher = started["watcher"]["watcher_id"]

    def _resume(self) -> None:
        stop = threading.Event()
        while self.ctx.graphs.graph_or_none is None and not self.ctx.graphs.closed:
            stop.wait(RESUME_POLL_S)
        graph = self.ctx.graphs.graph_or_none
        if graph is None:
            return
        self._resume_watchers(graph)
        if self.ctx.settings.watch_roots:
            self._watch_served_roots()

    def _resume_watchers(self, graph: Graph) -> None:
        try:
            records = WatcherStore(graph).list(host=socket.gethostname(), kind="server")
        except CoderoomsError as e:
            log.warning("could not look for watchers to resume: %s", e.message)
            return
        now_ms = int(self._wall_clock() * 1000)
        for record in records:
            if record.status != "running" or record.pid == os.getpid():
                continue
            stale = now_ms - record.heartbeat_ms > HEARTBEAT_STALE_S * 1000
            if not stale and process_alive(record.pid):
                continue
            self.resumed.append(self._resume_one(graph, record))

    def _resume_one(self, graph: Graph, record: WatcherRecord) -> dict[str, Any]:
        roots = [r.root for r in record.roots]
        if not all(Path(root).is_dir() for root in roots):
            return {"watcher_id": record.watcher_id, "resumed": False, "why": "a root is gone"}
        scope = served_scope(self.ctx.settings)
        outside = [root for root in roots if not scope.allows_root(root)]
        if outside:
            log.warning("not resuming watcher %s: %s outside this server's roots",
                        record.watcher_id, ", ".join(outside))  # fmt: skip
            return {
                "watcher_id": record.watcher_id,
                "resumed": False,
                "why": f"outside this server's roots: {', '.join(outside)}",
            }
        try:
            engine = self._engine(
                graph,
                roots,
                [r.repo for r in record.roots],
                record.debounce_ms,
                WatchOptions().idle_poll_ms,
            )
            engine.start()
            with self._lock:
                self._adopt(engine)
        except CoderoomsError as e:
            return {"watcher_id": record.watcher_id, "resumed": False, "why": e.message}
        return {"watcher_id": record.watcher_id, "resumed": True, "roots": roots}
