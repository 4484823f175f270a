"""Where the tests' Neo4j comes from: NEO4J_URI if set, else testcontainers when a Docker engine
answers, else the project's own managed local Neo4j: the instance CODEROOMS_INSTANCE names
(`test` when unset), so that several checkouts testing at once each keep a database of their
own. Under pytest-xdist each worker takes an instance of its own, `<name>-<worker>`
(`test-gw0`, `test-gw1`): a test may restart its Neo4j or read the whole database, and no other
worker sees it."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager

from coderooms.config import Settings
from coderooms.graph.driver import Connection
from coderooms.neo4j_local.instance import Instance

TEST_INSTANCE = "test"
CONTAINER_IMAGE = "neo4j:5.26-community"


def docker_engine_answers() -> bool:
    try:
        result = subprocess.run(["docker", "info"], capture_output=True, timeout=10, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return result.returncode == 0


def instance_of_this_process(environ: dict[str, str] | None = None) -> str:
    """The instance this pytest process runs on: CODEROOMS_INSTANCE (else `test`), with the
    xdist worker's id appended in a worker. Idempotent: a name already ending in the worker's id is
    kept."""
    env = os.environ if environ is None else environ
    base = env.get("CODEROOMS_INSTANCE") or TEST_INSTANCE
    worker = env.get("PYTEST_XDIST_WORKER")
    if not worker or base.endswith(f"-{worker}"):
        return base
    return f"{base}-{worker}"


def instance_for_tests() -> str:
    """The managed instance the tests run on: CODEROOMS_INSTANCE, else `test`."""
    return os.environ.get("CODEROOMS_INSTANCE") or TEST_INSTANCE


def managed_test_instance() -> Instance:
    return Instance(Settings(instance=instance_for_tests(), neo4j_uri=None))


@contextmanager
def test_neo4j() -> Iterator[tuple[Connection, Instance | None]]:
    """Yield a connection, and the managed instance when the tests run one (restartable)."""
    uri = os.environ.get("NEO4J_URI")
    if uri:
        yield (
            Connection(
                uri=uri,
                user=os.environ.get("NEO4J_USER", "neo4j"),
                password=os.environ.get("NEO4J_PASSWORD", ""),
                database=os.environ.get("NEO4J_DATABASE", "neo4j"),
            ),
            None,
        )
        return
    if docker_engine_answers():
        from testcontainers.neo4j import Neo4jContainer

        with Neo4jContainer(CONTAINER_IMAGE) as container:
            yield (
                Connection(
                    uri=container.get_connection_url(),
                    user="neo4j",
                    password=container.password,
                ),
                None,
            )
        return
    instance = managed_test_instance()
    was_running = instance.is_running()
    instance.start()
    try:
        yield instance.connection(), instance
    finally:
        if not was_running and os.environ.get("CODEROOMS_KEEP_TEST_NEO4J") != "1":
            instance.stop()
