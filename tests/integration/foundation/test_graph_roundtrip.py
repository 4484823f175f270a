from __future__ import annotations

import pytest

from coderooms.errors import GraphUnavailable
from coderooms.graph.chunk_parts import CHUNK_PARTS
from coderooms.graph.cypher import statement_names
from coderooms.graph.driver import Connection, Graph
from coderooms.graph.schema import current_version, latest_version, migrate, migrations


def test_write_read_round_trip_through_bolt(graph: Graph, repo_id: str) -> None:
    graph.run_text("CREATE (:Repo {id: $id, root: $root})", id=repo_id, root="/tmp/ü x")
    rows = graph.run_text("MATCH (r:Repo {id: $id}) RETURN r.root AS root", id=repo_id)
    assert rows == [{"root": "/tmp/ü x"}]
    graph.run_text("MATCH (r:Repo {id: $id}) DELETE r", id=repo_id)


def test_migrations_are_idempotent(graph: Graph) -> None:
    assert current_version(graph) == latest_version()
    assert migrate(graph) == []

    def schema() -> list[tuple[str, str]]:
        constraints = graph.run_text("SHOW CONSTRAINTS YIELD name, type RETURN name, type")
        indexes = graph.run_text("SHOW INDEXES YIELD name, type RETURN name, type")
        return sorted((row["name"], row["type"]) for row in constraints + indexes)

    before = schema()
    for migration in migrations():  # apply everything again, as a second process would
        for statement in migration.statements():
            graph.run_text(statement)
    assert schema() == before
    names = {name for name, _ in before}
    wanted = {"file_id", "symbol_id", "symbol_text", "file_path_words"}
    assert wanted <= names
    # the trigram index is one per chunk part (graph/chunk_parts.py), none over every chunk
    parts = {f"chunk_text_part_{part:02d}" for part in range(CHUNK_PARTS)}
    assert parts <= names
    assert "chunk_text_trigrams" not in names


def test_unique_ids_are_enforced(graph: Graph, repo_id: str) -> None:
    graph.run_text("CREATE (:File {id: $id})", id=f"{repo_id}:a")
    with pytest.raises(Exception, match="already exists"):
        graph.run_text("CREATE (:File {id: $id})", id=f"{repo_id}:a")
    graph.run_text("MATCH (f:File {id: $id}) DELETE f", id=f"{repo_id}:a")


def test_every_cypher_statement_parses(graph: Graph) -> None:
    from coderooms.graph.cypher import load

    for name in statement_names():
        if name.startswith("schema/0"):
            continue  # schema commands cannot be EXPLAINed; applying them is the test above
        graph.run_text("EXPLAIN " + load(name))


def test_wrong_password_is_one_clear_error(connection: Connection) -> None:
    wrong = Graph(
        Connection(connection.uri, connection.user, "definitely-wrong", connection.database)
    )
    try:
        with pytest.raises(GraphUnavailable, match="refused the credentials"):
            wrong.verify()
    finally:
        wrong.close()


def test_unreachable_uri_is_one_clear_error() -> None:
    nowhere = Graph(Connection("bolt://127.0.0.1:1", "neo4j", "x"))
    try:
        with pytest.raises(GraphUnavailable, match="not reachable"):
            nowhere.verify()
    finally:
        nowhere.close()
