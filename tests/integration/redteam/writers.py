"""Writers for the cross-process red-team tests: each runs in a process of its own (spawned:
a fresh interpreter), with a state directory (`CODEROOMS_HOME`) of its own, and writes through
the one write path every edit verb uses (`coderooms.edits.execute`)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from coderooms.config import Settings
from coderooms.core.hashing import content_hash
from coderooms.edits import EditRequest, execute
from coderooms.edits.faults import PAUSE_AFTER_ENV, PAUSE_FILE_ENV
from coderooms.errors import CoderoomsError
from coderooms.graph.driver import Connection, Graph

BARRIER_WAIT_S = 60.0


def settings_of(connection: Connection, home: str, root: str) -> Settings:
    return Settings(
        neo4j_uri=connection.uri,
        neo4j_user=connection.user,
        neo4j_password=connection.password,
        neo4j_database=connection.database,
        home=Path(home),
        roots=[Path(root)],
    )


def race(
    connection: Connection,
    home: str,
    root: str,
    repo: str,
    name: str,
    lines: list[int],
    rounds: int,
    barrier: Any,
    results: Any,
) -> None:
    """Edit `lines` of `lines.py` one by one (acknowledged ones reported), then race the
    other writer for `shared.py` once per round with the hash both read (wins reported)."""
    graph = Graph(connection)
    settings = settings_of(connection, home, root)
    acknowledged = []
    barrier.wait(BARRIER_WAIT_S)
    for line in lines:
        new = f"L{line} = {name}\n"
        execute(graph, settings, name, [EditRequest(
            "lines.py", repo, old_text=f"L{line} = 0\n", new_text=new,
        )])  # fmt: skip
        acknowledged.append(new)
    wins = []
    shared = Path(root) / "shared.py"
    for round_ in range(rounds):
        barrier.wait(BARRIER_WAIT_S)
        expected = content_hash(shared.read_bytes())
        barrier.wait(BARRIER_WAIT_S)  # both read the same hash before either writes
        content = f"WINNER = {name!r}  # round {round_}\n"
        try:
            execute(graph, settings, name, [EditRequest(
                "shared.py", repo, content=content, expected_hash=expected,
            )])  # fmt: skip
        except CoderoomsError as e:
            wins.append(e.code)
        else:
            wins.append(content)
        barrier.wait(BARRIER_WAIT_S)
    graph.close()
    results.put((name, acknowledged, wins))


def crash_mid_batch(
    connection: Connection, home: str, root: str, repo: str, files: int, pause_after: int
) -> None:
    """Write `files` files in one batch and stop for good after `pause_after` renames (the
    fault hook), for the test to SIGKILL."""
    os.environ[PAUSE_AFTER_ENV] = str(pause_after)
    os.environ[PAUSE_FILE_ENV] = str(Path(home) / "paused.pid")
    graph = Graph(connection)
    edits = [EditRequest(f"m/f{i:02d}.py", repo, content=f"NEW_{i} = 2\n") for i in range(files)]
    execute(graph, settings_of(connection, home, root), "crasher", edits)
