"""Running an agent's query: prepared (checked, scoped), planned (EXPLAIN: its plan refused when
it writes, loads or calls a procedure, its type when not a read), then run in a read transaction
of a READ session (Neo4j refuses a write there, whatever the checks missed) under a server-side
time limit, streaming only the rows of the page asked for.

A failure while planning (a syntax or type error) answers Neo4j's message: planning reads no
data. A failure while running answers one of a few fixed messages (timed out, out of memory,
failed), never Neo4j's: a runtime error's message can quote a value (`Text cannot be parsed to
a Date "..."`) of a node the query's other predicates were evaluated on before its scope's.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import neo4j
from neo4j import exceptions as neo4j_errors

from coderooms.errors import CoderoomsError, Forbidden, GraphTimeout, InvalidInput
from coderooms.graph.driver import TIMED_OUT_CODES, Graph, translated_errors, unavailable
from coderooms.query.guard import check, refuse
from coderooms.query.lexer import NAME, PARAM, WORD, tokens
from coderooms.query.limits import (
    MAX_PARAMS_CHARS,
    MAX_QUERY_CHARS,
    QUERY_TIMEOUT_S,
    RUNTIME_FAILURES_PER_MINUTE,
)
from coderooms.query.scoping import READABLE_PARAM, RESERVED_PREFIX, scoped

DENIED_OPERATORS = (
    "Create", "Merge", "Delete", "Set", "Remove", "Foreach", "Load", "Procedure", "Transaction",
    "Show", "Terminate", "Command", "Administration", "Lock",
)  # fmt: skip
"""Parts of a plan operator's name that refuse the query (SetProperty, LoadCSV,
ProcedureCall, TransactionForeach, ShowTransactions...): a read plan holds none."""

PLANNING_HINT = (
    "coderooms puts a repo predicate inside every node pattern (`(n:File WHERE ...)`): write a "
    "label test without parentheses (`WHERE n:File`), a pattern predicate as `EXISTS { ... }`"
)
MEMORY_CODES = ("OutOfMemory", "MemoryLimit", "MemoryPool")


@dataclass(frozen=True, slots=True)
class Prepared:
    text: str
    """The query as it runs: scoped."""
    params: dict[str, Any]
    ordered: bool
    """It holds ORDER BY (its pages are stable)."""


def prepare(query: str, params: dict[str, Any] | None, readable: Sequence[str]) -> Prepared:
    """The agent's query checked and scoped to `readable`; refused naming what and why."""
    if not isinstance(query, str) or not query.strip():
        raise InvalidInput("query is empty", field="query")
    if len(query) > MAX_QUERY_CHARS:
        raise InvalidInput(f"query is over {MAX_QUERY_CHARS} characters", field="query")
    given = dict(params or {})
    if len(json.dumps(given, default=str)) > MAX_PARAMS_CHARS:
        raise InvalidInput(f"params are over {MAX_PARAMS_CHARS} characters", field="params")
    if any(not isinstance(k, str) or k.startswith(RESERVED_PREFIX) for k in given):
        raise InvalidInput(
            f"parameter names starting {RESERVED_PREFIX!r} are coderooms'", field="params"
        )
    body = check(tokens(query))
    for token in body:
        if token.kind in (WORD, NAME, PARAM) and token.name.lstrip("$").startswith(RESERVED_PREFIX):
            raise InvalidInput(
                f"names starting {RESERVED_PREFIX!r} are coderooms' ({token.text!r})", field="query"
            )
    ordered = any(t.upper == "ORDER" for t in body)
    text = scoped(query[: body[-1].end], body)
    return Prepared(text, {**given, READABLE_PARAM: list(readable)}, ordered)


@dataclass
class FailureWindow:
    """Runtime failures of the last minute (a bound on how fast failing is asked)."""

    limit: int = RUNTIME_FAILURES_PER_MINUTE
    stamps: deque[float] = field(default_factory=deque)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def admit(self) -> None:
        with self._lock:
            self._forget()
            if len(self.stamps) >= self.limit:
                raise Forbidden(
                    f"{self.limit} queries of this server failed while running in the last "
                    "minute; cypher waits for the minute to end",
                    field="query",
                    hint="fix the query (a failure's details are withheld: see docs/cypher.md)",
                )

    def failed(self) -> None:
        with self._lock:
            self.stamps.append(time.monotonic())

    def _forget(self) -> None:
        while self.stamps and time.monotonic() - self.stamps[0] > 60:
            self.stamps.popleft()


@dataclass(frozen=True, slots=True)
class Page:
    columns: list[str]
    records: list[neo4j.Record]
    more: bool


def run_page(
    graph: Graph,
    driver: neo4j.Driver,
    prepared: Prepared,
    *,
    offset: int,
    rows: int,
    failures: FailureWindow,
) -> Page:
    """Rows `offset`.. of the query (at most `rows`, and whether more follow)."""
    failures.admit()
    graph.readiness.require()
    database = graph.connection.database
    with (
        translated_errors(graph.connection),
        driver.session(database=database, default_access_mode=neo4j.READ_ACCESS) as session,
    ):
        try:
            plan = session.run(
                neo4j.Query("EXPLAIN " + prepared.text, timeout=QUERY_TIMEOUT_S), prepared.params
            ).consume()
        except neo4j_errors.Neo4jError as e:
            if unavailable(e):
                raise
            raise _planning_error(e) from None
        _check_plan(plan)

        def work(tx: neo4j.ManagedTransaction) -> Page:
            result = tx.run(prepared.text, prepared.params)
            taken: list[neo4j.Record] = []
            for index, record in enumerate(result):
                if index < offset:
                    continue
                if len(taken) == rows:
                    return Page(list(result.keys()), taken, True)
                taken.append(record)
            return Page(list(result.keys()), taken, False)

        try:
            return session.execute_read(neo4j.unit_of_work(timeout=QUERY_TIMEOUT_S)(work))
        except neo4j_errors.Neo4jError as e:
            if unavailable(e):
                raise
            failures.failed()
            raise _runtime_error(e) from None


def _check_plan(summary: neo4j.ResultSummary) -> None:
    if summary.query_type not in (None, "r"):
        raise refuse(f"plans as a {summary.query_type!r} query, not a read", "read only")
    operators: list[str] = []

    def walk(node: Any) -> None:
        operators.append(str(node.get("operatorType", "")).split("@")[0])
        for child in node.get("children", []):
            walk(child)

    if summary.plan:
        walk(summary.plan)
    denied = sorted({op for op in operators if any(part in op for part in DENIED_OPERATORS)})
    if denied:
        raise refuse(f"plans {', '.join(denied)}", "read only: no write, load or procedure")


def _planning_error(error: neo4j_errors.Neo4jError) -> CoderoomsError:
    code = error.code or ""
    if "AccessMode" in code or "Forbidden" in code or "Security" in code:
        return refuse("is refused by Neo4j (it would write or administer)", "read only")
    message = (error.message or "").split("\n")[0][:400]
    return InvalidInput(
        f"Neo4j cannot plan the query: {message}", field="query", hint=PLANNING_HINT
    )


def _runtime_error(error: neo4j_errors.Neo4jError) -> CoderoomsError:
    """One of a few fixed messages: Neo4j's own may quote a value it read."""
    code = error.code or ""
    if code in TIMED_OUT_CODES:
        return GraphTimeout(
            f"the query ran past its {QUERY_TIMEOUT_S:g} s limit and was stopped",
            hint="narrow it: a label, a property, a LIMIT, fewer hops",
        )
    if any(part in code for part in MEMORY_CODES):
        return Forbidden(
            "the query used more memory than Neo4j allows a transaction",
            field="query",
            hint="narrow it: fewer rows collected",
        )
    if "AccessMode" in code or "Forbidden" in code or "Security" in code:
        return refuse("tried to write, and Neo4j refused it", "read only")
    return InvalidInput(
        "the query failed while running (a runtime error: a division by zero, a type mismatch, "
        "a value that does not parse...); its message is withheld, as it could quote values of "
        "code this server does not read",
        field="query",
        hint="check the expressions on the values you match; failures are rate-limited",
    )
