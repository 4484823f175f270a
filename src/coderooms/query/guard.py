"""What an agent's query may hold: reads only, by construction of what it may name.

The query is read as Cypher reads it (`lexer`) and refused, naming what and why, when it:

- holds a clause that writes, loads, administers or runs elsewhere (`WRITING_WORDS`: `CREATE`,
  `MERGE`, `SET`, `DELETE`, `REMOVE`, `FOREACH`, `LOAD CSV`, `USE`, `SHOW`, `TERMINATE`,
  `CALL {...} IN TRANSACTIONS`, `GRANT`..., and `EXPLAIN`/`PROFILE`/`CYPHER` prefixes);
- calls any procedure (`CALL name`: no procedure is allowed; `CALL {` and `CALL (vars) {`
  subqueries are);
- calls a function outside `ALLOWED_FUNCTIONS` (pure scalar, string, list, math, temporal,
  spatial, aggregating and predicate functions: no `apoc.*`, `db.*`, `dbms.*`, `gds.*`,
  `graph.*`, no `file()`), however it is spelled (quoted names, comments, blanks between the
  name and its parenthesis);
- does not start with a reading clause, or holds more than one statement.

A word is a keyword only where Cypher reads one: a property (`n.set`) is not. Names are
static in Cypher (a procedure or function cannot be named by a string or a parameter), so a
name never seen here cannot be called. This is one of three locks: the query also runs in a
read transaction of a READ session (Neo4j refuses a write there), and its plan, from EXPLAIN,
is refused when it holds a writing, loading or procedure operator (`run.py`).
"""

from __future__ import annotations

from collections.abc import Sequence

from coderooms.errors import Forbidden, InvalidInput
from coderooms.query.lexer import NAME, PUNCT, WORD, Token

WRITING_WORDS = frozenset(
    {
        "CREATE", "MERGE", "SET", "DELETE", "DETACH", "REMOVE", "FOREACH", "LOAD", "CSV",
        "USE", "SHOW", "TERMINATE", "GRANT", "DENY", "REVOKE", "DROP", "ALTER",
        "TRANSACTIONS", "PERIODIC", "EXPLAIN", "PROFILE", "CYPHER", "INSERT",
    }
)  # fmt: skip
"""Words that begin or belong to a clause that writes, loads files or URLs, administers the
server, names another database or changes how the query runs: refused wherever they stand as
keywords."""

FIRST_WORDS = frozenset({"MATCH", "OPTIONAL", "WITH", "UNWIND", "RETURN", "CALL"})
"""A query starts with a reading clause."""

NOT_FUNCTIONS = frozenset(
    {
        "MATCH", "WHERE", "AND", "OR", "XOR", "NOT", "RETURN", "WITH", "IN", "WHEN", "THEN",
        "ELSE", "CASE", "DISTINCT", "UNION", "AS", "BY", "SKIP", "LIMIT", "UNWIND", "OPTIONAL",
        "IS", "STARTS", "ENDS", "CONTAINS", "ORDER", "ASC", "DESC", "ASCENDING", "DESCENDING",
        "OFFSET", "SHORTEST", "ANY", "ALL", "PATHS", "PATH", "GROUP", "GROUPS", "REPEATABLE",
        "DIFFERENT", "ELEMENTS", "ELEMENT", "RELATIONSHIPS", "CALL",
    }
)  # fmt: skip
"""Words a parenthesis may follow without being a call: it opens a pattern or an expression
(`MATCH (`, `WHERE (`, `IN (`, `CALL (x) {`, `MATCH ANY (a)-->(b)`...). `ALL` and `ANY` are also
functions (`any(x IN list WHERE ...)`): their parenthesis is looked at as a possible node pattern,
which a list predicate's `x IN` never is. `COUNT`, `EXISTS` and `COLLECT` open a subquery with
`{` and a call with `(`."""

ALLOWED_FUNCTIONS = frozenset(
    {
        # aggregating
        "count", "collect", "sum", "avg", "min", "max", "stdev", "stdevp", "percentilecont",
        "percentiledisc",
        # predicates and lists
        "all", "any", "none", "single", "exists", "isempty", "reduce", "range", "size",
        "head", "last", "tail", "reverse", "keys", "labels", "type", "nodes", "relationships",
        "startnode", "endnode", "properties", "elementid", "id", "length", "coalesce",
        "nullif", "valuetype",
        # conversion
        "toboolean", "tobooleanornull", "tofloat", "tofloatornull", "tointeger",
        "tointegerornull", "tostring", "tostringornull", "tobooleanlist", "tofloatlist",
        "tointegerlist", "tostringlist",
        # strings
        "left", "right", "ltrim", "rtrim", "trim", "btrim", "lower", "upper", "tolower",
        "toupper", "replace", "split", "substring", "normalize", "char_length",
        "character_length",
        # math
        "abs", "ceil", "floor", "round", "sign", "rand", "sqrt", "exp", "log", "log10", "e",
        "pi", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "cot", "degrees",
        "radians", "haversin", "isnan",
        # temporal and spatial values
        "date", "datetime", "localdatetime", "localtime", "time", "duration", "timestamp",
        "point", "point.distance", "point.withinbbox", "randomuuid",
        # paths
        "shortestpath", "allshortestpaths",
        # vectors
        "vector.similarity.cosine", "vector.similarity.euclidean",
    }
)  # fmt: skip
"""Functions a query may call (lower case): pure functions of their arguments. Everything else
(`apoc.*`, `db.*`, `dbms.*`, `gds.*`, `graph.*`, `genai.*`, user-defined functions, `file()`,
`linenumber()`) is refused."""

ALLOWED_FUNCTION_PREFIXES = (
    "date.",
    "datetime.",
    "localdatetime.",
    "localtime.",
    "time.",
    "duration.",
)
"""Namespaces of the temporal constructors (`date.truncate`, `duration.between`...)."""


def refuse(what: str, hint: str) -> Forbidden:
    return Forbidden(
        f"the query {what}; cypher runs reads of the code graph only", field="query", hint=hint
    )


def check(found: Sequence[Token]) -> list[Token]:
    """The tokens of one reading statement, a trailing `;` dropped; refused otherwise."""
    body = list(found)
    if body and body[-1].text == ";":
        body.pop()
    if not body:
        raise InvalidInput("query is empty", field="query")
    if any(t.kind == PUNCT and t.text == ";" for t in body):
        raise refuse("holds more than one statement", "send one statement a call")
    if body[0].upper not in FIRST_WORDS:
        raise refuse(
            f"starts with {body[0].text!r}",
            "start with MATCH, OPTIONAL MATCH, WITH, UNWIND, RETURN or CALL {",
        )
    for index, token in enumerate(body):
        if token.kind != WORD or _is_property(body, index):
            continue
        if token.upper in WRITING_WORDS:
            raise refuse(
                f"holds {token.text.upper()} (position {token.start})",
                "MATCH and RETURN what you need; writing, loading files or URLs, "
                "administration and other databases are not served",
            )
        if token.upper == "CALL":
            _check_call(body, index)
    for index, token in enumerate(body):
        if token.kind in (WORD, NAME) and not _is_property(body, index):
            _check_function(body, index)
    return body


def _is_property(body: Sequence[Token], index: int) -> bool:
    """A word right after `.` names a property (or a namespace's part), not a keyword."""
    return index > 0 and body[index - 1].text == "."


def _check_call(body: Sequence[Token], index: int) -> None:
    after = body[index + 1] if index + 1 < len(body) else None
    if after is None or after.text not in ("{", "("):
        named = after.text if after is not None else "nothing"
        raise refuse(
            f"calls the procedure {named!r}",
            "no procedure is served; the graph model is in this verb's description "
            "(help verb=cypher)",
        )


def function_name(body: Sequence[Token], index: int) -> tuple[str, int] | None:
    """The (dotted) name that starts at `index` and the index of the `(` after it, when the
    tokens there are a call: `name(`, `a.b.c(`, `` `a`.`b`( ``."""
    parts, at = [body[index].name], index + 1
    while at + 1 < len(body) and body[at].text == "." and body[at + 1].kind in (WORD, NAME):
        parts.append(body[at + 1].name)
        at += 2
    if at < len(body) and body[at].kind == PUNCT and body[at].text == "(":
        return ".".join(parts), at
    return None


def call_paren(body: Sequence[Token], index: int) -> int | None:
    """The index of the `(` of a function call whose name starts at `index` (None: no call
    starts there; a keyword before `(` opens a pattern or an expression)."""
    called = function_name(body, index)
    if called is None:
        return None
    name, paren = called
    if "." not in name and body[index].kind == WORD and body[index].upper in NOT_FUNCTIONS:
        return None
    return paren


def _check_function(body: Sequence[Token], index: int) -> None:
    if call_paren(body, index) is None:
        return
    name, _ = function_name(body, index) or ("", 0)
    lowered = name.lower()
    if lowered in ALLOWED_FUNCTIONS or lowered.startswith(ALLOWED_FUNCTION_PREFIXES):
        return
    raise refuse(
        f"calls the function {name!r}",
        "pure functions only (string, list, math, temporal, aggregates); no apoc, db, "
        "dbms, gds or user-defined function is served",
    )
