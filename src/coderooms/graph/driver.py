"""The graph handle: one neo4j driver, named statements, driver errors re-raised as ours.

Reads go through `execute_query(..., routing_=READ)`, writes through managed transactions, both
retried on transient errors (deadlocks, leader switches) for up to MAX_TRANSACTION_RETRY_S. A
server that is not reachable, or whose database is not available (starting or stopping: its
port is open, every transaction waits a second and fails `DatabaseUnavailable`), fails the call
within about UNREACHABLE_FAIL_S instead (the driver's own loop would retry it as long as a
deadlock), and marks the handle down: until Neo4j answers its readiness probe again, calls fail
at once (readiness.py). Taking a connection is bounded by CONNECTION_ACQUISITION_TIMEOUT_S
(a starting server may hold the handshake), every statement by a server-side timeout
(READ_TIMEOUT_S, WRITE_TIMEOUT_S: `timeout_s` of the handle), past which it is rolled back and
answers `neo4j_timeout`. Pooled connections are checked before they are handed out, so after a
restart the next call uses a fresh one.
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

from coderooms.errors import CoderoomsError, GraphTimeout, GraphUnavailable
from coderooms.graph.chunk_parts import for_parts
from coderooms.graph.cypher import load
from coderooms.graph.readiness import Readiness

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

CONNECTION_ACQUISITION_TIMEOUT_S = 2.0
"""How long taking a connection from the pool may take: a new one's connect and handshake
(HELLO, which a starting Neo4j holds until it can authenticate), an idle one's liveness check."""

READ_TIMEOUT_S = 60.0
"""Server-side limit of one read statement (or read transaction): rolled back past it."""

WRITE_TIMEOUT_S = 600.0
"""Server-side limit of one write transaction (a large ingest's phases take tens of seconds)."""

PROBE_TIMEOUT_S = 2.0
"""Server-side limit of the readiness probe's question."""

UNAVAILABLE_CODES = frozenset(
    {
        "Neo.TransientError.General.DatabaseUnavailable",
        "Neo.TransientError.Database.DatabaseUnavailable",
    }
)
"""What a server whose database is starting or stopping answers: as good as unreachable."""

TIMED_OUT_CODES = frozenset(
    {
        "Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration",
        "Neo.ClientError.Transaction.TransactionTimedOut",
        "Neo.TransientError.Transaction.TransactionTimedOut",
    }
)

MAX_TRANSACTION_RETRY_S = 8.0
"""Transient failures (deadlocks, leader switches) are retried this long before they surface."""

DRIVER_RETRY_S = 0.0
"""The driver's own retry loop is off (one attempt); `_retried` judges each failure."""

UNREACHABLE_FAIL_S = 1.5
"""How long a call retries a server that refuses connections, or whose database is not
available, before it fails (and marks the handle down: readiness.py)."""

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


def unavailable(error: Exception) -> bool:
    """Whether `error` says the server cannot be reached or its database cannot serve now."""
    if isinstance(error, (neo4j_errors.ServiceUnavailable, neo4j_errors.SessionExpired)):
        return True
    return isinstance(error, neo4j_errors.Neo4jError) and error.code in UNAVAILABLE_CODES


@contextmanager
def translated_errors(
    connection: Connection, on_unavailable: Callable[[str], None] | None = None
) -> Iterator[None]:
    """Driver exceptions become one clear CoderoomsError naming the problem and the fix;
    `on_unavailable` is told when the server is unreachable or its database unavailable."""
    try:
        yield
    except neo4j_errors.AuthError as e:
        raise GraphUnavailable(
            f"Neo4j at {connection.uri} refused the credentials of user {connection.user!r}",
            hint="check NEO4J_USER and NEO4J_PASSWORD (managed instance: coderooms neo4j status)",
        ) from e
    except (neo4j_errors.ServiceUnavailable, neo4j_errors.SessionExpired, OSError) as e:
        if on_unavailable is not None and unavailable(e):  # the driver's word, not a file's
            on_unavailable(f"not reachable: {e}")
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
        raise _statement_error(connection, e, on_unavailable) from e


def _statement_error(
    connection: Connection,
    error: neo4j_errors.Neo4jError,
    on_unavailable: Callable[[str], None] | None,
) -> CoderoomsError:
    if error.code in UNAVAILABLE_CODES:
        if on_unavailable is not None:
            on_unavailable("its database is not available: starting or stopping")
        return GraphUnavailable(
            f"Neo4j at {connection.uri} answers but its database is not available "
            "(starting or stopping)",
            hint="retry in a few seconds (coderooms neo4j status shows a managed instance)",
        )
    if error.code in TIMED_OUT_CODES:
        return GraphTimeout(
            f"a statement ran past its time limit and was rolled back: {error.message or error}",
            hint="narrow the request (a repo, a smaller page); Neo4j may also be overloaded",
        )
    return CoderoomsError(f"Neo4j rejected a statement: {error.message or error}")


class Graph:
    """A connected graph. Thread-safe: the driver pools connections across threads.
    `read_timeout_s` and `write_timeout_s` limit each statement on the server."""

    def __init__(
        self,
        connection: Connection,
        *,
        read_timeout_s: float = READ_TIMEOUT_S,
        write_timeout_s: float = WRITE_TIMEOUT_S,
    ) -> None:
        self.connection = connection
        self.read_timeout_s = read_timeout_s
        self.write_timeout_s = write_timeout_s
        self.readiness = Readiness(self._probe, connection.uri)
        with translated_errors(connection):
            self.driver = GraphDatabase.driver(
                connection.uri,
                auth=(connection.user, connection.password),
                connection_timeout=CONNECTION_TIMEOUT_S,
                connection_acquisition_timeout=CONNECTION_ACQUISITION_TIMEOUT_S,
                max_transaction_retry_time=DRIVER_RETRY_S,
                liveness_check_timeout=0,
                notifications_min_severity="OFF",
            )

    def close(self) -> None:
        self.readiness.close()
        self.driver.close()

    def verify(self) -> None:
        with translated_errors(self.connection):
            self.driver.verify_connectivity()

    @contextmanager
    def _guarded(self) -> Iterator[None]:
        """Fail at once while Neo4j is known down; mark it down when a call finds it so."""
        self.readiness.require()
        with translated_errors(self.connection, self.readiness.lost):
            yield

    def _probe(self) -> None:
        with translated_errors(self.connection):
            self.driver.execute_query(
                neo4j.Query("RETURN 1", timeout=PROBE_TIMEOUT_S),
                routing_=RoutingControl.READ,
                database_=self.connection.database,
            )

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
        reading = routing == RoutingControl.READ
        query = neo4j.Query(text, timeout=self.read_timeout_s if reading else self.write_timeout_s)
        with self._guarded():
            records, _, _ = _retried(
                lambda: self.driver.execute_query(
                    query,
                    parameters_=params,
                    routing_=routing,
                    database_=self.connection.database,
                )
            )
        return plain_rows(records)

    def execute_write(self, work: Callable[[neo4j.ManagedTransaction], T]) -> T:
        """Run `work` as one managed write transaction (retried whole on transient errors)."""
        timed = neo4j.unit_of_work(timeout=self.write_timeout_s)(work)
        with (
            self._guarded(),
            self.driver.session(database=self.connection.database) as session,
        ):
            return _retried(lambda: session.execute_write(timed))

    def rolled_back(self, work: Callable[[neo4j.ManagedTransaction], T]) -> T:
        """Run `work` in a write transaction that is always rolled back (nothing it writes
        stays): what it is for is what the server keeps of it, compiled plans and cached pages.
        An explicit transaction runs statements as a managed one does; not retried."""
        with (
            self._guarded(),
            self.driver.session(database=self.connection.database) as session,
        ):
            tx = session.begin_transaction(timeout=self.write_timeout_s)
            try:
                answer = work(cast(neo4j.ManagedTransaction, tx))
            except BaseException:
                with suppress(Exception):  # the error that stopped `work` is the one raised
                    tx.close()
                raise
            tx.close()  # an explicit transaction commits only when asked: this rolls back
            return answer

    def execute_read(
        self, work: Callable[[neo4j.ManagedTransaction], T], *, timeout_s: float | None = None
    ) -> T:
        """`work` in a read transaction, limited to `timeout_s` (default: `read_timeout_s`)."""
        timed = neo4j.unit_of_work(timeout=timeout_s or self.read_timeout_s)(work)
        with (
            self._guarded(),
            self.driver.session(
                database=self.connection.database, default_access_mode=neo4j.READ_ACCESS
            ) as session,
        ):
            return _retried(lambda: session.execute_read(timed))

    def server_version(self) -> str:
        rows = self.read("graph/server_version")
        return str(rows[0]["version"]) if rows else "unknown"


def _retried(attempt: Callable[[], T]) -> T:
    """`attempt()`, run again with a growing, jittered delay while it fails with a transient
    error: for up to MAX_TRANSACTION_RETRY_S, or UNREACHABLE_FAIL_S when the server cannot be
    reached or its database cannot serve (a restart takes longer than that; an agent is better
    told at once)."""
    started = time.monotonic()
    delay = RETRY_FIRST_DELAY_S
    while True:
        try:
            return attempt()
        except (neo4j_errors.Neo4jError, neo4j_errors.DriverError) as e:
            if not e.is_retryable():
                raise
            patience = UNREACHABLE_FAIL_S if unavailable(e) else MAX_TRANSACTION_RETRY_S
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
