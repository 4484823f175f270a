"""The gate of ingest/gate.py without a database: saves of other files of a repo run together,
saves of one file and a whole-repo ingest take turns, a waiting whole-repo ingest is not starved,
and a wait that outlasts its limit answers `conflict` and leaves nothing held."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest

from coderooms.errors import Conflict
from coderooms.ingest.gate import IngestGate

DEADLINE_S = 10.0


def started(work: Callable[[], None]) -> threading.Thread:
    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    return thread


def wait_for(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + DEADLINE_S
    while not condition():
        assert time.monotonic() < deadline
        time.sleep(0.005)


def test_other_files_go_together_one_file_waits() -> None:
    gate = IngestGate()
    order: list[str] = []
    with gate.paths("r", ["a.py"]):
        with gate.paths("r", ["b.py"], wait_s=0.0):  # another file: at once
            order.append("b")
        with gate.paths("other", ["a.py"], wait_s=0.0):  # another repo: at once
            order.append("other")
        with (
            pytest.raises(Conflict, match="another ingest of repo 'r'"),
            gate.paths("r", ["a.py", "c.py"], wait_s=0.01),
        ):
            pass

        def again() -> None:
            with gate.paths("r", ["a.py"]):
                order.append("again")

        second = started(again)
        time.sleep(0.05)  # time enough to get in, were it let in
        assert order == ["b", "other"]  # it waits for the first save of a.py
    second.join(DEADLINE_S)
    assert order == ["b", "other", "again"]
    assert not gate.busy("r")


def test_a_whole_repo_ingest_waits_for_saves_and_saves_wait_for_it() -> None:
    gate = IngestGate()
    events: list[str] = []
    release = threading.Event()

    def whole() -> None:
        with gate.whole("r"):
            events.append("whole")
            release.wait(DEADLINE_S)

    def save() -> None:
        with gate.paths("r", ["z.py"]):
            events.append("save")

    with gate.paths("r", ["a.py"]):
        waiting = started(whole)
        wait_for(lambda: gate.busy("r") and not events)
        time.sleep(0.05)
        later = started(save)  # arrives after the whole-repo ingest: goes after it
        time.sleep(0.05)
        assert events == []
    wait_for(lambda: events == ["whole"])
    release.set()
    waiting.join(DEADLINE_S)
    later.join(DEADLINE_S)
    assert events == ["whole", "save"]
    assert not gate.busy("r")


def test_a_whole_repo_wait_that_gives_up_lets_saves_in() -> None:
    gate = IngestGate()
    with gate.paths("r", ["a.py"]):
        with pytest.raises(Conflict), gate.whole("r", wait_s=0.01):
            pass
        with gate.paths("r", ["b.py"], wait_s=0.0):
            pass
    assert not gate.busy("r")
