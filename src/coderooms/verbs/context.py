"""What every verb receives: settings, the graph (once it is ready), and who is calling.

The graph is connected in the background so the server answers at once; a verb that needs the
graph before it is ready gets a `NotReady` error that says to retry. The context also keeps the
state of the background work health reports (the startup ingest, run by
`coderooms.ingest.startup`; the embedding backfill and the model load, run by
`coderooms.semantic.background`). It imports no room: the rooms' verbs receive it.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from coderooms.config import Settings
from coderooms.connect import open_graph
from coderooms.errors import CoderoomsError, GraphUnavailable, NotReady
from coderooms.graph.driver import Graph
from coderooms.graph.session_entities import bind_session_store, record_agent
from coderooms.scope.readable import readable_repos
from coderooms.scope.served import served_scope
from coderooms.verbs.agents import AgentRegistry, validate_agent_id
from coderooms.verbs.changes import ChangeObserver, GraphChange, tell
from coderooms.verbs.presets import EDIT_WRITERS, parse_presets, selected_verbs
from coderooms.verbs.quotas import ServerQuotas

log = logging.getLogger(__name__)

RETRY_MIN_S = 0.5
RETRY_MAX_S = 10.0


class GraphProvider:
    """Owns the graph handle; connects (and migrates) in a background thread, retrying."""

    def __init__(self, settings: Settings, *, start_managed: bool = True) -> None:
        self.settings = settings
        self.start_managed = start_managed
        self._graph: Graph | None = None
        self._error: CoderoomsError | None = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._started_at = time.monotonic()
        self._owns_graph = True

    @classmethod
    def ready(cls, settings: Settings, graph: Graph) -> GraphProvider:
        """A provider around a graph someone already opened (tests, the CLI)."""
        provider = cls(settings, start_managed=False)
        provider._graph = graph
        provider._owns_graph = False
        bind_session_store(graph)
        return provider

    def start(self) -> None:
        if self._graph is not None or self._thread is not None:
            return
        self._thread = threading.Thread(
            target=self._connect_loop, name="graph-connect", daemon=True
        )
        self._thread.start()

    def _connect_loop(self) -> None:
        delay = RETRY_MIN_S
        while not self._stop.is_set():
            try:
                graph = open_graph(self.settings, start_managed=self.start_managed)
            except CoderoomsError as e:
                self._error = e
                log.warning("graph not ready: %s", e)
            except Exception as e:  # a bug must not kill the retry loop silently
                self._error = CoderoomsError(f"unexpected error while connecting: {e!r}")
                log.exception("graph connect failed")
            else:
                bind_session_store(graph)
                self._graph = graph
                self._error = None
                return
            self._stop.wait(delay)
            delay = min(delay * 2, RETRY_MAX_S)

    def require(self) -> Graph:
        if self._graph is not None:
            return self._graph
        waited = time.monotonic() - self._started_at
        reason = f" (last problem: {self._error.message})" if self._error else ""
        raise NotReady(
            f"the graph is not ready yet, {waited:.0f} s after start{reason}",
            hint=self._error.hint if self._error and self._error.hint else "retry in a few seconds",
        )

    @property
    def graph_or_none(self) -> Graph | None:
        return self._graph

    @property
    def last_error(self) -> CoderoomsError | None:
        return self._error

    @property
    def closed(self) -> bool:
        return self._stop.is_set()

    def wait_closed(self, seconds: float) -> bool:
        """Sleep up to `seconds`, woken by close(); True when closed."""
        return self._stop.wait(seconds)

    def close(self) -> None:
        self._stop.set()
        if self._graph is not None and self._owns_graph:
            self._graph.close()


@dataclass
class AppContext:
    """Shared by all verbs of one server process."""

    settings: Settings
    graphs: GraphProvider
    agents: AgentRegistry = field(default_factory=AgentRegistry)
    quotas: ServerQuotas = field(default_factory=ServerQuotas)
    """The caps this server keeps over every agent's session state, whatever their ids."""
    startup_ingest: dict[str, str] = field(default_factory=dict)
    """Root -> state of the ingest `serve --root` runs once the graph is ready."""
    embedding_backfill: dict[str, str] = field(default_factory=dict)
    """Repo -> state of the background computation of its symbol vectors."""
    change_observers: list[ChangeObserver] = field(default_factory=list)
    """Told after a verb or a watcher of this server changed a repo's code (`graph_changed`):
    the wiring (`server.py`) adds them, the writers know none of them."""
    _backfilling: set[str] = field(default_factory=set)
    _backfill_lock: threading.Lock = field(default_factory=threading.Lock)

    def startup_busy(self) -> bool:
        """Whether a startup ingest (`serve --root`) is still waiting or running."""
        return any(state in {"waiting for the graph", "ingesting"}
                   for state in self.startup_ingest.values())  # fmt: skip

    def graph_when_ready(self) -> Graph | None:
        """Wait (in a background thread) until the graph connects; None when closed first."""
        while self.graphs.graph_or_none is None and not self.graphs.closed:
            time.sleep(RETRY_MIN_S)
        return self.graphs.graph_or_none

    def start_backfill(self, repo: str) -> bool:
        """Claim `repo`'s backfill (one at a time per repo); False when one already runs."""
        with self._backfill_lock:
            if repo in self._backfilling:
                return False
            self._backfilling.add(repo)
            return True

    def end_backfill(self, repo: str) -> None:
        with self._backfill_lock:
            self._backfilling.discard(repo)

    def graph(self) -> Graph:
        return self.graphs.require()

    def graph_changed(self, graph: Graph, change: GraphChange) -> None:
        """Tell the observers the wiring added that `change` landed (never raises)."""
        tell(self.change_observers, graph, change)

    def readable(self, graph: Graph) -> list[str]:
        """The repos this server's verbs may read: those under its operator's roots (computed
        once per call, so a repo ingested or a root made since is seen at once)."""
        return readable_repos(graph, served_scope(self.settings))

    @property
    def edits_served(self) -> bool:
        """Whether this server serves a verb that writes files checked against a content hash
        (`apply`, `edit_commit`...): only then do read answers carry a file's `hash` and seek its
        `proof_state` (an agent without edit verbs has no use for them)."""
        if self.settings.read_only:
            return False
        return bool(selected_verbs(parse_presets(self.settings.tools), EDIT_WRITERS))

    def agent(self, agent_id: object) -> str:
        """Validate the caller's id; record it in the session store on first sight (unless this
        server may not write session state)."""
        valid = validate_agent_id(agent_id)
        if not self.settings.writes_session_state:
            return valid
        if self.graphs.graph_or_none is not None and self.agents.first_sight(valid):
            try:
                record_agent(valid)
            except Exception as e:
                self.agents.forget(valid)
                raise GraphUnavailable(f"could not record agent {valid!r}: {e}") from e
        return valid

    def describe_graph(self) -> dict[str, Any]:
        graph = self.graphs.graph_or_none
        if graph is None:
            return {"state": "starting", "connection": None}
        return {"state": "connected", "connection": graph.connection.describe()}
