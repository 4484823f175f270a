"""The MCP verb `cypher`: an agent's read-only Cypher over the code graph of the repos this
server reads (`run`), answered within a row and token budget with a cursor."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Annotated, Any

import neo4j
from pydantic import Field

from coderooms.core.clamps import Clamps
from coderooms.graph.driver import (
    CONNECTION_ACQUISITION_TIMEOUT_S,
    CONNECTION_TIMEOUT_S,
    Graph,
)
from coderooms.query.limits import MAX_OFFSET, ROWS_DEFAULT, ROWS_MAX
from coderooms.query.run import FailureWindow, prepare, run_page
from coderooms.query.values import plain
from coderooms.verbs.budget import (
    MAX_TOKENS_DEFAULT,
    CursorArg,
    MaxTokensArg,
    Question,
    clamp_max_tokens,
    fit,
    room,
)
from coderooms.verbs.context import AppContext
from coderooms.verbs.declaring import Verb
from coderooms.verbs.effects import READS
from coderooms.verbs.spec import ToolSpec


@dataclass(frozen=True, slots=True)
class CypherRequest:
    """The arguments of `cypher`."""

    query: Annotated[str, Field(description="One read-only Cypher statement.")]
    params: Annotated[
        dict[str, Any] | None, Field(description="Its parameters ($name), JSON values.")
    ] = None
    rows: Annotated[int, Field(description=f"Most rows returned (1..{ROWS_MAX}).")] = ROWS_DEFAULT
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    cursor: CursorArg = None


@dataclass
class QueryRoom:
    """What the verb keeps in one server process: its runtime failures of the last minute,
    and the reader connection when the operator gave one."""

    ctx: AppContext
    failures: FailureWindow = field(default_factory=FailureWindow)
    _reader: neo4j.Driver | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def driver(self, graph: Graph) -> neo4j.Driver:
        settings = self.ctx.settings
        if not settings.cypher_user:
            return graph.driver
        with self._lock:
            if self._reader is None:
                self._reader = neo4j.GraphDatabase.driver(
                    graph.connection.uri,
                    auth=(settings.cypher_user, settings.cypher_password or ""),
                    connection_timeout=CONNECTION_TIMEOUT_S,
                    connection_acquisition_timeout=CONNECTION_ACQUISITION_TIMEOUT_S,
                    max_transaction_retry_time=0.0,
                    notifications_min_severity="OFF",
                )
            return self._reader


def cypher(room_: QueryRoom, agent: str, r: CypherRequest) -> dict[str, Any]:
    """Ask the code graph in read-only Cypher. Nodes: `(:Repo {id, root})`, `(:File {id, repo,
    path, language, lines, hash})`, `(:Symbol {id, repo, name, qualname, kind, file,
    start_line, end_line, signature, doc})` labelled by kind (`:Function :Method :Class
    :Module :Interface :Variable`), `(:Ghost {id, repo, name})` (what resolves to nothing),
    `(:Chunk {file, start_line, end_line, text})`; edges `(:Repo)-[:HAS_FILE]->(:File)`,
    `(:File)-[:DEFINES]->(:Symbol)`, `(:Symbol)-[:CONTAINS]->(:Symbol)`,
    `(:File)-[:IMPORTS {line}]->(:File|Ghost)`, `(:Symbol)-[:CALLS {line, count, via,
    confidence}]->(:Symbol|Ghost)`, `(:Symbol)-[:INHERITS]->(:Symbol|Ghost)`,
    `(:File)-[:CO_CHANGES {weight}]->(:File)`. Ids: `repo:path::Qual.name`.

    Reads only: MATCH, OPTIONAL MATCH, WITH, UNWIND, RETURN, CALL { } subqueries, EXISTS/
    COUNT/COLLECT { }, pattern comprehensions, pure functions. Refused (`forbidden`, naming
    what): writes, LOAD CSV, procedures (CALL name), functions outside the pure ones (no
    apoc, db, dbms, gds), USE, SHOW, several statements. Only the repos this server reads are
    matched: every node pattern gets a repo predicate, so `WHERE (n:File)` must be written
    `WHERE n:File` and pattern predicates `EXISTS { (a)-->(b) }`. A query runs at most 10 s.
    Answer: `columns`, `rows` (one list per row; nodes as their properties and `labels`,
    paths as ids and edges), cut to `rows` and max_tokens; `next_cursor` runs it again from
    the next row (add ORDER BY for stable pages: `order` says when there is none). A failure
    while running answers a fixed message (Neo4j's could quote values it read); such failures
    are limited per minute.
    """
    ctx = room_.ctx
    clamps = Clamps()
    budget = clamp_max_tokens(clamps, r.max_tokens)
    take = clamps.clamp("rows", r.rows, 1, ROWS_MAX)
    question = Question.of("cypher", query=r.query, params=r.params)
    _, offset = question.read(r.cursor)
    offset = min(offset, MAX_OFFSET)
    graph = ctx.graph()
    readable = ctx.readable(graph)
    prepared = prepare(r.query, r.params, readable)
    page = run_page(
        graph, room_.driver(graph), prepared, offset=offset, rows=take, failures=room_.failures
    )
    rows = [[plain(value, readable) for value in record.values()] for record in page.records]
    answer: dict[str, Any] = {"columns": page.columns, "count": 0}
    if not prepared.ordered:
        answer["order"] = "as Neo4j returns rows: add ORDER BY for pages that hold still"
    if clamps.changes:
        answer["clamped"] = clamps.as_dict()
    fitted = fit(rows, room(budget, answer))
    answer["rows"] = rows[: fitted.shown]
    answer["count"] = fitted.shown
    if offset:
        answer["offset"] = offset
    if fitted.shown < len(rows) or page.more:
        if offset + fitted.shown < MAX_OFFSET:
            answer |= question.more(offset + fitted.shown, None, "rows")
        else:
            answer["more"] = f"more rows past row {MAX_OFFSET}: narrow the query"
    return answer


VERBS = (Verb(cypher, CypherRequest, READS),)


def query_tools(ctx: AppContext) -> list[ToolSpec]:
    room_ = QueryRoom(ctx)
    return [verb.spec(ctx, using=room_) for verb in VERBS]
