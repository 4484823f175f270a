"""The `cypher` verb's checks and scoping, without a database: what is refused and why, and
which parentheses get the repo predicate."""

from __future__ import annotations

import pytest

from coderooms.errors import CoderoomsError
from coderooms.query.guard import check
from coderooms.query.lexer import tokens
from coderooms.query.run import prepare
from coderooms.query.scoping import scoped


def refusal(query: str) -> str:
    with pytest.raises(CoderoomsError) as raised:
        check(tokens(query))
    return raised.value.message


@pytest.mark.parametrize(
    ("query", "why"),
    [
        ("CREATE (n)", "starts with 'CREATE'"),
        ("MATCH (n) SET n.x = 1", "holds SET"),
        ("MATCH (n) sEt n.x = 1", "holds SET"),
        ("MATCH (n) DETACH DELETE n", "holds DETACH"),
        ("MATCH (n) CALL { CREATE (m) } RETURN n", "holds CREATE"),
        ("MATCH (n) CALL (n) { RETURN 1 AS x } IN TRANSACTIONS RETURN n", "TRANSACTIONS"),
        ("LOAD CSV FROM 'file:///etc/passwd' AS r RETURN r", "starts with 'LOAD'"),
        ("MATCH (n) LOAD CSV FROM 'x' AS r RETURN r", "holds LOAD"),
        ("CALL db.labels()", "calls the procedure 'db'"),
        ("CALL /* x */ `db`.labels()", "calls the procedure '`db`'"),
        ("RETURN apoc.text.join(['a'], ',')", "calls the function 'apoc.text.join'"),
        ("RETURN `apoc`.`util`.md5(['a'])", "calls the function 'apoc.util.md5'"),
        ("RETURN apoc . coll . sum([1])", "calls the function 'apoc.coll.sum'"),
        ("RETURN file()", "calls the function 'file'"),
        ("SHOW TRANSACTIONS", "starts with 'SHOW'"),
        ("USE system MATCH (n) RETURN n", "starts with 'USE'"),
        ("MATCH (n) RETURN n; MATCH (m) RETURN m", "more than one statement"),
        ("EXPLAIN MATCH (n) RETURN n", "starts with 'EXPLAIN'"),
    ],
)
def test_refused(query: str, why: str) -> None:
    assert why in refusal(query)


@pytest.mark.parametrize(
    "query",
    [
        "MATCH (n:File) WHERE n.set = 1 AND n.delete IS NULL RETURN n.create",
        "MATCH (n) RETURN count(n), collect(n.path), toUpper /* c */ ('a'), date.truncate('day')",
        "MATCH (n) WHERE 'CREATE (x)' <> n.path RETURN n // SET n.x = 1",
        "MATCH (n) RETURN n;",
        "UNWIND [1] AS x RETURN any(y IN [x] WHERE y > 0) AS a",
    ],
)
def test_reads_pass(query: str) -> None:
    assert check(tokens(query))


def test_unreadable_text_is_refused() -> None:
    for query in ("RETURN 'open", "RETURN `open", "MATCH (n) RETURN n —", "RETURN $"):
        with pytest.raises(CoderoomsError, match="cannot read the query"):
            tokens(query)


def scope(query: str) -> str:
    return scoped(query, check(tokens(query))).replace("$cr_readable", "$R")


def test_every_node_pattern_is_scoped_and_nothing_else() -> None:
    text = scope(
        "MATCH (a:File {path: 'x'})-[:DEFINES]->(s) WHERE (s.start_line + 1) > 3 "
        "RETURN count(a), [(a)-->() | 1]"
    )
    assert text.count("IN $R OR") == 4  # a, s, and both nodes of the comprehension
    assert "(s.start_line + 1) > 3" in text
    assert "count(a)" in text
    where = scope("MATCH (n WHERE n.x > 1 OR n.y = 2) RETURN n")
    assert "AND ( n.x > 1 OR n.y = 2)" in where
    assert scope("MATCH (f:File) CALL (f) { RETURN 1 AS x } RETURN x").count("IN $R OR") == 1
    assert scope("MATCH ANY (a)-->+(b) RETURN a").count("IN $R OR") == 2
    assert scope("UNWIND [1] AS x RETURN any(y IN [x] WHERE y > 0)").count("$R") == 0


def test_reserved_names_are_refused() -> None:
    with pytest.raises(CoderoomsError, match="coderooms'"):
        prepare("MATCH (cr_n1) RETURN cr_n1", None, ["r"])
    with pytest.raises(CoderoomsError, match="coderooms'"):
        prepare("RETURN 1", {"cr_readable": ["theirs"]}, ["r"])
