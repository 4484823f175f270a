"""Which Neo4j to use: one code path, a Bolt URI, whichever way the server came to be.

`NEO4J_URI` (+ user/password) wins; otherwise the managed local instance is used, started on
demand when `start_managed` is set. It stands above both `coderooms.graph` (the handle) and
`coderooms.neo4j_local` (the managed instance, which itself uses the handle), so neither of them
imports the other's way back.
"""

from __future__ import annotations

from coderooms.config import Settings
from coderooms.errors import GraphUnavailable
from coderooms.graph.driver import Connection, Graph
from coderooms.graph.schema import current_version, latest_version, migrate
from coderooms.neo4j_local.instance import Instance


def resolve_connection(settings: Settings, *, start_managed: bool = False) -> Connection:
    if settings.neo4j_uri is not None:
        if settings.neo4j_password is None:
            raise GraphUnavailable(
                f"NEO4J_URI is set to {settings.neo4j_uri} but NEO4J_PASSWORD is not",
                hint="export NEO4J_PASSWORD (and NEO4J_USER when it is not 'neo4j')",
            )
        return Connection(
            uri=settings.neo4j_uri,
            user=settings.neo4j_user,
            password=settings.neo4j_password,
            database=settings.neo4j_database,
        )
    instance = Instance(settings)
    if start_managed:
        instance.start()
    elif not instance.is_running():
        raise GraphUnavailable(
            "no NEO4J_URI is set and the managed local Neo4j is not running",
            hint="run `coderooms neo4j start`, or set NEO4J_URI / NEO4J_PASSWORD",
        )
    return instance.connection()


def open_graph(settings: Settings, *, start_managed: bool = False) -> Graph:
    """A verified, migrated graph handle; read-only, it checks the schema instead of migrating."""
    graph = Graph(resolve_connection(settings, start_managed=start_managed))
    try:
        graph.verify()
        if settings.read_only:
            require_current_schema(graph)
        else:
            migrate(graph)
    except Exception:
        graph.close()
        raise
    return graph


def require_current_schema(graph: Graph) -> None:
    """A read-only server writes nothing, schema included: it needs a graph already migrated."""
    have, need = current_version(graph), latest_version()
    if have < need:
        raise GraphUnavailable(
            f"the graph's schema is at version {have}, this coderooms needs {need}, and a "
            "read-only server does not migrate it",
            hint="run `coderooms ingest` (or a server without --read-only) once against this "
            "Neo4j to migrate it",
        )
