from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from coderooms.config import Settings
from coderooms.graph.driver import Connection, Graph
from coderooms.graph.schema import migrate
from coderooms.neo4j_local.instance import Instance
from coderooms.verbs.context import AppContext, GraphProvider
from tests.neo4j_server import instance_of_this_process, test_neo4j

# Tests never touch a user's managed instance or their NEO4J_* settings by accident; each xdist
# worker has an instance of its own (the servers and CLIs the tests start inherit it).
os.environ["CODEROOMS_INSTANCE"] = instance_of_this_process()


@pytest.fixture(scope="session")
def neo4j_server() -> Iterator[tuple[Connection, Instance | None]]:
    with test_neo4j() as server:
        yield server


@pytest.fixture(scope="session")
def connection(neo4j_server: tuple[Connection, Instance | None]) -> Connection:
    return neo4j_server[0]


@pytest.fixture(scope="session")
def graph(connection: Connection) -> Iterator[Graph]:
    handle = Graph(connection)
    handle.verify()
    migrate(handle)
    yield handle
    handle.close()


@pytest.fixture
def repo_id() -> str:
    """A repo id owned by one test, so tests never see each other's data."""
    return f"test-{uuid.uuid4().hex[:12]}"


PROJECT_ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def served_roots(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """The operator's roots of the tests' servers: every test's tmp_path, and this project
    (fixture repos). Tests of the scope itself build their own settings."""
    return [tmp_path_factory.getbasetemp(), PROJECT_ROOT]


@pytest.fixture
def settings(connection: Connection, served_roots: list[Path]) -> Settings:
    return Settings(
        neo4j_uri=connection.uri,
        neo4j_user=connection.user,
        neo4j_password=connection.password,
        neo4j_database=connection.database,
        roots=served_roots,
        tools="all",  # the tests of presets build their own settings
    )


@pytest.fixture
def app_context(settings: Settings, graph: Graph) -> AppContext:
    return AppContext(settings=settings, graphs=GraphProvider.ready(settings, graph))
