"""Issue 29, class 7: writers with different state directories (`CODEROOMS_HOME`) on one repo,
as a compose server and a host server on a mounted repo, or two OS users. The locks and the
journal live with the repository, so no acknowledged write is lost, each hash race has one
winner, and a batch one of them crashed in is finished by the other."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from pathlib import Path

import pytest

from coderooms.edits import EditRequest, execute, recover_writes
from coderooms.edits.atomic import TEMP_SUFFIX
from coderooms.edits.errors import SourceModified
from coderooms.graph.driver import Connection, Graph
from coderooms.ingest.pipeline import ingest_root
from tests.integration.redteam import writers

EDITS_PER_WRITER = 25
RACES = 10
BATCH_FILES = 12
PAUSE_AFTER = 5
DEADLINE_S = 120.0

pytestmark = pytest.mark.integration


def test_two_homes_lose_no_write_and_each_race_has_one_winner(
    connection: Connection, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "lines.py").write_text("".join(f"L{i} = 0\n" for i in range(2 * EDITS_PER_WRITER)))
    (root / "shared.py").write_text("START = 0\n")
    ingest_root(graph, root, repo=repo_id, workers=1, git=False)
    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(2), context.Queue()
    processes = []
    for offset, name in enumerate(("a", "b")):
        lines = list(range(offset, 2 * EDITS_PER_WRITER, 2))
        home = str(tmp_path / f"home-{name}")
        arguments = (connection, home, str(root), repo_id, name, lines, RACES, barrier, results)
        processes.append(context.Process(target=writers.race, args=arguments))
    for process in processes:
        process.start()
    answers = [results.get(timeout=DEADLINE_S) for _ in processes]
    seen = {name: (acked, wins) for name, acked, wins in answers}
    for process in processes:
        process.join(DEADLINE_S)
    text = (root / "lines.py").read_text()
    lost = [line for acked, _ in seen.values() for line in acked if line not in text]
    rounds = [[seen[name][1][round_] for name in ("a", "b")] for round_ in range(RACES)]
    not_one_winner = [
        outcomes for outcomes in rounds if sum(o.startswith("WINNER") for o in outcomes) != 1
    ]
    assert sum(len(acked) for acked, _ in seen.values()) == 2 * EDITS_PER_WRITER
    assert (lost, not_one_winner) == ([], [])
    assert all(SourceModified.code in outcomes for outcomes in rounds)
    assert (root / "shared.py").read_text() in rounds[-1]


def crashed_batch(connection: Connection, graph: Graph, tmp_path: Path, repo_id: str) -> Path:
    """A repo whose batch of BATCH_FILES a writer with its own home was SIGKILLed in, after
    PAUSE_AFTER renames (the fault hook); its root."""
    root = tmp_path / "repo"
    (root / "m").mkdir(parents=True)
    for i in range(BATCH_FILES):
        (root / "m" / f"f{i:02d}.py").write_text(f"OLD_{i} = 1\n")
    ingest_root(graph, root, repo=repo_id, workers=1, git=False)
    home = tmp_path / "home-crashed"
    home.mkdir()
    crasher = multiprocessing.get_context("spawn").Process(
        target=writers.crash_mid_batch,
        args=(connection, str(home), str(root), repo_id, BATCH_FILES, PAUSE_AFTER),
    )
    crasher.start()
    marker = home / "paused.pid"
    deadline = time.monotonic() + DEADLINE_S
    while not (marker.exists() and marker.read_text()):
        assert crasher.is_alive(), "the writer died before its batch paused"
        assert time.monotonic() < deadline, "the batch never paused"
        time.sleep(0.02)
    os.kill(int(marker.read_text()), signal.SIGKILL)
    crasher.join(DEADLINE_S)
    assert sum(text.startswith("NEW_") for text in contents(root)) == PAUSE_AFTER  # half done
    return root


def contents(root: Path) -> list[str]:
    return [(root / "m" / f"f{i:02d}.py").read_text() for i in range(BATCH_FILES)]


def temps(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.name.endswith(TEMP_SUFFIX)]


def test_a_batch_crashed_under_one_home_is_finished_at_start_with_another(
    connection: Connection, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    root = crashed_batch(connection, graph, tmp_path, repo_id)
    settings = writers.settings_of(connection, str(tmp_path / "home-other"), str(root))
    assert recover_writes(settings) == {"forward": 1}
    assert all(text.startswith("NEW_") for text in contents(root))
    assert temps(root) == []
    execute(graph, settings, "after", [EditRequest("m/f00.py", repo_id, content="AFTER = 3\n")])
    assert (root / "m" / "f00.py").read_text() == "AFTER = 3\n"


def test_a_write_with_another_home_finishes_a_crashed_batch_before_it_writes(
    connection: Connection, graph: Graph, tmp_path: Path, repo_id: str
) -> None:
    """No server start in between: the next write into the repo replays it."""
    root = crashed_batch(connection, graph, tmp_path, repo_id)
    settings = writers.settings_of(connection, str(tmp_path / "home-other"), str(root))
    execute(graph, settings, "next", [EditRequest("other.py", repo_id, content="X = 1\n")])
    assert all(text.startswith("NEW_") for text in contents(root))
    assert temps(root) == []
