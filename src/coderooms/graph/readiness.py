"""Whether Neo4j answers, as a graph handle last saw it: the readiness probe.

While Neo4j answers, nothing runs here. Once a call finds it unreachable or its database not
available (a restart: the port refuses, or it is open while the database starts or stops), the
handle is marked down and one probe thread asks Neo4j a trivial question every
PROBE_INTERVAL_S until it answers. While it is down every call fails at once with
`neo4j_unavailable`, saying since when and why, instead of each waiting out its own retries;
the probe's first answer marks it up, so the next call goes through (its pool dropped the dead
connections: each idle one is checked before it is handed out).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from coderooms.errors import CoderoomsError, GraphUnavailable

log = logging.getLogger(__name__)

PROBE_INTERVAL_S = 0.25
"""How often a handle that found Neo4j down asks it again."""


class Readiness:
    """Up, or down since a moment for a reason, with a probe running while down."""

    def __init__(self, probe: Callable[[], None], where: str) -> None:
        self._probe = probe
        self._where = where
        self._lock = threading.Lock()
        self._down_since: float | None = None
        self._reason = ""
        self._prober: threading.Thread | None = None
        self._closed = threading.Event()

    def require(self) -> None:
        """Raise GraphUnavailable at once while the handle is down."""
        down_since, reason = self._down_since, self._reason
        if down_since is None:
            return
        raise GraphUnavailable(
            f"Neo4j at {self._where} has not answered for {time.monotonic() - down_since:.1f} s "
            f"({reason})",
            hint="it is stopped, starting or restarting; coderooms retries it every "
            f"{PROBE_INTERVAL_S:g} s and the next call after it answers goes through",
        )

    def lost(self, reason: str) -> None:
        """A call found Neo4j unreachable or its database unavailable: down until it answers."""
        with self._lock:
            if self._closed.is_set():
                return
            if self._down_since is None:
                self._down_since = time.monotonic()
                log.warning("Neo4j at %s is down: %s", self._where, reason)
            self._reason = reason
            if self._prober is None:
                self._prober = threading.Thread(
                    target=self._wait_up, name="neo4j-ready", daemon=True
                )
                self._prober.start()

    def state(self) -> dict[str, Any]:
        down_since = self._down_since
        if down_since is None:
            return {"answers": True}
        return {
            "answers": False,
            "down_for_s": round(time.monotonic() - down_since, 1),
            "reason": self._reason,
        }

    def close(self) -> None:
        self._closed.set()

    def _wait_up(self) -> None:
        while not self._closed.wait(PROBE_INTERVAL_S):
            try:
                self._probe()
            except CoderoomsError as e:
                self._reason = e.message
                continue
            except Exception as e:  # the probe must outlive anything a driver raises
                self._reason = repr(e)
                continue
            with self._lock:
                log.warning("Neo4j at %s answers again", self._where)
                self._down_since = None
                self._reason = ""
                self._prober = None
            return
        with self._lock:
            self._prober = None
