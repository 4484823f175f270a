"""The limits of the `cypher` verb, each a named constant (docs/cypher.md, "Limits")."""

from __future__ import annotations

MAX_QUERY_CHARS = 10_000
"""Characters of one query."""
MAX_PARAMS_CHARS = 20_000
"""Characters of its parameters, as JSON."""
QUERY_TIMEOUT_S = 10.0
"""Server-side limit of one query (its EXPLAIN and its run each): past it Neo4j stops it and
the answer says so. The graph's own reads have 60 s (graph/driver.py)."""

ROWS_DEFAULT = 50
ROWS_MAX = 500
"""Rows one answer returns at most (then cut to max_tokens); `next_cursor` goes on."""
MAX_OFFSET = 10_000
"""The furthest a cursor pages: a page is the query run again, its first rows skipped."""

MAX_VALUE_CHARS = 2_000
"""Characters of one string in an answer (a chunk's text, a long signature): cut past it."""
MAX_LIST_ITEMS = 100
"""Items of one list value in an answer: cut past it."""
MAX_DEPTH = 8
"""Nesting of a value (lists in maps in lists...) shown; deeper is cut."""

RUNTIME_FAILURES_PER_MINUTE = 10
"""Queries of this server that may fail while running in one minute; past it `cypher` refuses
until the minute is over. A failure's message is withheld (it could hold values the query
should not see), but that a query failed is one bit: this bounds how fast it can be asked."""
