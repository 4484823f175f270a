"""The graph handle: one neo4j driver, named statements, driver errors re-raised as ours.

Reads go through `execute_query(..., routing_=READ)`, writes through managed transactions, both
retried on transient errors (deadlocks, leader switches) for up to MAX_TRANSACTION_RETRY_S; a
server that is not reachable fails the call within about UNREACHABLE_FAIL_S instead (the
driver's own loop would retry it as long as a deadlock). The driver reconnects by itself when a
server that went away comes back, so a handle survives a Neo4j restart.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any, TypeVar, cast

import neo4j
from neo4j import GraphDatabase, RoutingControl
from neo4j import exceptions as neo4j_errors

from coderooms.errors import CoderoomsError, GraphUnavailable
from coderooms.graph.chunk_parts import for_parts
from coderooms.graph.cypher import load

T = TypeVar("T")

_SCALARS = frozenset({str, int, float, bool, type(None), bytes})


class _NotPlain(Exception):
    """A value that is no scalar, list or map (a node, relationship, path or temporal value)."""


COLLECTED = "rows"
"""A statement whose only column is `rows` returns its rows collected into one list of maps, and
is read as those rows (`plain_rows`). The driver spends ~30 µs on every record it receives (two
socket reads and a Record each), a list element costs ~1 µs: a statement that returns thousands
of rows (an ingest plan's reads, a spreading-activation hop) returns them collected."""


def plain_rows(records: list[neo4j.Record]) -> list[dict[str, Any]]:
    """The records as dicts; the rows of a collected statement (COLLECTED) unpacked."""
    if len(records) == 1 and records[0].keys() == [COLLECTED]:
        collected = records[0][COLLECTED]
        try:
            return [_plain(row) for row in collected]
        except _NotPlain:
            return list(records[0].data()[COLLECTED])
    return [plain_record(record) for record in records]


def plain_record(record: neo4j.Record) -> dict[str, Any]:
    """The record as a dict, like `record.data()`, which is slow (it type-checks every value
    against every graph type: ~30 µs per row of ten columns). Statements return scalars, lists
    and maps; a record holding anything else is left to `record.data()`."""
    try:
        return {
            key: _plain(value) for key, value in zip(record.keys(), record.values(), strict=True)
        }
    except _NotPlain:
        return record.data()


def _plain(value: Any) -> Any:
    """`value` itself once checked to hold only scalars, lists and maps (the driver decoded it
    into fresh objects: nothing to copy); _NotPlain for a node, a temporal and the like."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is list:
        items: Any = value
    elif kind is dict:
        items = value.values()
    else:
        raise _NotPlain
    for item in items:
        if type(item) not in _SCALARS:
            _plain(item)
    return value


CONNECTION_TIMEOUT_S = 2.0
"""How long one attempt to reach the server may take before it counts as unreachable."""

MAX_TRANSACTION_RETRY_S = 8.0
"""Transient failures (deadlocks, leader switches) are retried this long before they surface."""

DRIVER_RETRY_S = 0.0
"""The driver's own retry loop is off (one attempt); `_retried` judges each failure."""

UNREACHABLE_FAIL_S = 1.5
"""How long a call retries a server that refuses connections before it fails."""

RETRY_FIRST_DELAY_S = 0.05


@dataclass(frozen=True, slots=True)
class Connection:
    """Where the graph lives. `managed` is true for the local instance coderooms runs itself."""

    uri: str
    user: str
    password: str
    database: str = "neo4j"
    managed: bool = False

    def describe(self) -> str:
        return f"{self.uri} as {self.user}" + (" (managed local)" if self.managed else "")


@contextmanager
def translated_errors(connection: Connection) -> Iterator[None]:
    """Driver exceptions become one clear CoderoomsError naming the problem and the fix."""
    try:
        yield
    except neo4j_errors.AuthError as e:
        raise GraphUnavailable(
            f"Neo4j at {connection.uri} refused the credentials of user {connection.user!r}",
            hint="check NEO4J_USER and NEO4J_PASSWORD (managed instance: coderooms neo4j status)",
        ) from e
    except (neo4j_errors.ServiceUnavailable, neo4j_errors.SessionExpired, OSError) as e:
        raise GraphUnavailable(
            f"Neo4j at {connection.uri} is not reachable",
            hint="start it (coderooms neo4j start) or fix NEO4J_URI; calls may be retried",
        ) from e
    except neo4j_errors.ConfigurationError as e:
        raise GraphUnavailable(
            f"cannot use NEO4J_URI {connection.uri!r}: {e}",
            hint="use a neo4j://, neo4j+s://, bolt:// or bolt+s:// URI",
        ) from e
    except neo4j_errors.Neo4jError as e:
        raise CoderoomsError(f"Neo4j rejected a statement: {e.message or e}") from e


class Graph:
    """A connected graph. Thread-safe: the driver pools connections across threads."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        with translated_errors(connection):
            self.driver = GraphDatabase.driver(
                connection.uri,
                auth=(connection.user, connection.password),
                connection_timeout=CONNECTION_TIMEOUT_S,
                max_transaction_retry_time=DRIVER_RETRY_S,
                liveness_check_timeout=0,
                notifications_min_severity="OFF",
            )

    def close(self) -> None:
        self.driver.close()

    def verify(self) -> None:
        with translated_errors(self.connection):
            self.driver.verify_connectivity()

    def read(self, statement: str, /, **params: Any) -> list[dict[str, Any]]:
        """Run the named read statement; records as plain dicts."""
        return self.run_text(load(statement), routing=RoutingControl.READ, **params)

    def read_parts(
        self, statement: str, labels: Sequence[str], /, **params: Any
    ) -> list[dict[str, Any]]:
        """Run the named read statement, whose marked branch asks chunk part TEMPLATE_LABEL,
        over the chunk parts `labels` in one statement (graph/chunk_parts.py)."""
        return self.run_text(
            for_parts(load(statement), labels), routing=RoutingControl.READ, **params
        )

    def write(self, statement: str, /, **params: Any) -> list[dict[str, Any]]:
        """Run the named write statement in its own managed transaction."""
        return self.run_text(load(statement), routing=RoutingControl.WRITE, **params)

    def run_text(
        self, text: str, /, *, routing: RoutingControl = RoutingControl.WRITE, **params: Any
    ) -> list[dict[str, Any]]:
        with translated_errors(self.connection):
            records, _, _ = _retried(
                lambda: self.driver.execute_query(
                    text,
                    parameters_=params,
                    routing_=routing,
                    database_=self.connection.database,
                )
            )
        return plain_rows(records)

    def execute_write(self, work: Callable[[neo4j.ManagedTransaction], T]) -> T:
        """Run `work` as one managed write transaction (retried whole on transient errors)."""
        with (
            translated_errors(self.connection),
            self.driver.session(database=self.connection.database) as session,
        ):
            return _retried(lambda: session.execute_write(work))

    def rolled_back(self, work: Callable[[neo4j.ManagedTransaction], T]) -> T:
        """Run `work` in a write transaction that is always rolled back (nothing it writes
        stays): what it is for is what the server keeps of it, compiled plans and cached pages.
        An explicit transaction runs statements as a managed one does; not retried."""
        with (
            translated_errors(self.connection),
            self.driver.session(database=self.connection.database) as session,
        ):
            tx = session.begin_transaction()
            try:
                answer = work(cast(neo4j.ManagedTransaction, tx))
            except BaseException:
                with suppress(Exception):  # the error that stopped `work` is the one raised
                    tx.close()
                raise
            tx.close()  # an explicit transaction commits only when asked: this rolls back
            return answer

    def execute_read(self, work: Callable[[neo4j.ManagedTransaction], T]) -> T:
        with (
            translated_errors(self.connection),
            self.driver.session(
                database=self.connection.database, default_access_mode=neo4j.READ_ACCESS
            ) as session,
        ):
            return _retried(lambda: session.execute_read(work))

    def server_version(self) -> str:
        rows = self.read("graph/server_version")
        return str(rows[0]["version"]) if rows else "unknown"


def _retried(attempt: Callable[[], T]) -> T:
    """`attempt()`, run again with a growing, jittered delay while it fails with a transient
    error: for up to MAX_TRANSACTION_RETRY_S, or UNREACHABLE_FAIL_S when the server cannot be
    reached (a restart takes longer than that; an agent is better told at once)."""
    started = time.monotonic()
    delay = RETRY_FIRST_DELAY_S
    while True:
        try:
            return attempt()
        except (neo4j_errors.Neo4jError, neo4j_errors.DriverError) as e:
            if not e.is_retryable():
                raise
            unreachable = isinstance(
                e, (neo4j_errors.ServiceUnavailable, neo4j_errors.SessionExpired)
            )
            patience = UNREACHABLE_FAIL_S if unreachable else MAX_TRANSACTION_RETRY_S
            pause = delay * random.uniform(0.8, 1.2)
            if time.monotonic() + pause - started > patience:
                raise
            time.sleep(pause)
            delay = min(delay * 2, 1.0)


def run_named(
    tx: neo4j.ManagedTransaction, statement: str, /, **params: Any
) -> list[dict[str, Any]]:
    """Run a named statement inside a transaction someone else opened."""
    return plain_rows(list(tx.run(load(statement), params)))
