"""Engine pieces that need no database: backoff bounds, the re-entrancy guard, root checks."""

from __future__ import annotations

import threading
from pathlib import Path
from unittest.mock import MagicMock

import pytest

from coderooms.errors import InvalidInput
from coderooms.freshness.engine import FreshnessEngine, TickReport, WatchOptions
from coderooms.freshness.options import MAX_DEBOUNCE_MS, clamp_debounce_ms
from coderooms.freshness.pump import MAX_WAIT_S, MIN_WAIT_S, Pump, backoff_wait
from coderooms.graph.driver import Graph

DEADLINE_S = 10.0


def engine(tmp_path: Path, **options: object) -> FreshnessEngine:
    return FreshnessEngine(
        MagicMock(spec=Graph),
        [tmp_path],
        options=WatchOptions(observe=False, pump=False, persist=False, **options),  # type: ignore[arg-type]
    )


def test_idle_backoff_doubles_and_stays_within_bounds() -> None:
    waits = [backoff_wait(0.25, streak) for streak in range(20)]
    assert waits[:4] == [0.25, 0.5, 1.0, 2.0]
    assert all(MIN_WAIT_S <= w <= MAX_WAIT_S for w in waits)
    assert waits[-1] == MAX_WAIT_S
    assert backoff_wait(0.0, 0) == MIN_WAIT_S
    assert backoff_wait(0.25, -3) == 0.25


def test_debounce_is_clamped() -> None:
    assert clamp_debounce_ms(-5) == 0
    assert clamp_debounce_ms(10**9) == MAX_DEBOUNCE_MS
    assert clamp_debounce_ms(200) == 200


def test_a_tick_asked_for_during_a_tick_runs_once_after_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    subject = engine(tmp_path)
    entered, release = threading.Event(), threading.Event()
    calls: list[bool] = []
    concurrent = 0
    active = 0
    lock = threading.Lock()

    def slow_tick(force: bool) -> TickReport:
        nonlocal active, concurrent
        with lock:
            active += 1
            concurrent = max(concurrent, active)
        calls.append(force)
        if len(calls) == 1:
            entered.set()
            assert release.wait(DEADLINE_S)
        with lock:
            active -= 1
        return TickReport(len(calls), "idle")

    monkeypatch.setattr(subject, "_tick_once", slow_tick)
    first: list[TickReport] = []
    runner = threading.Thread(target=lambda: first.append(subject.tick()))
    runner.start()
    assert entered.wait(DEADLINE_S)
    coalesced = [subject.tick(force=True) for _ in range(3)]
    assert {r.status for r in coalesced} == {"coalesced"}
    release.set()
    runner.join(DEADLINE_S)
    assert calls == [False, True]  # the three requests ran as one rerun, with force kept
    assert first[0].number == 2
    assert concurrent == 1


def test_read_only_ticks_ingest_nothing(tmp_path: Path) -> None:
    subject = engine(tmp_path, read_only=True)
    subject.queue.add(str(tmp_path.resolve()), "a.py", "change", 0.0)
    assert subject.tick(force=True).status == "read_only"
    assert subject.queue.pending_paths() == 1
    subject.graph.write.assert_not_called()  # type: ignore[attr-defined]


def test_overlapping_roots_are_refused(tmp_path: Path) -> None:
    (tmp_path / "inner").mkdir()
    with pytest.raises(InvalidInput, match="overlap") as raised:
        FreshnessEngine(MagicMock(spec=Graph), [tmp_path, tmp_path / "inner"])
    assert raised.value.field == "roots"


def test_a_missing_root_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput, match="not a directory"):
        FreshnessEngine(MagicMock(spec=Graph), [tmp_path / "nope"])


def test_one_repo_per_root(tmp_path: Path) -> None:
    with pytest.raises(InvalidInput, match="one repo id per root"):
        FreshnessEngine(MagicMock(spec=Graph), [tmp_path], repos=["a", "b"])


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_pump_sleeps_until_work_is_due_and_backs_off_while_idle() -> None:
    clock = FakeClock()
    due: list[float | None] = [None]
    pump = Pump(lambda: None, lambda: due[0], clock=clock, idle_poll_s=0.25, name="t")
    pump.record(worked=True, failed=False)
    assert pump.next_deadline() == 100.25  # idle poll
    for _ in range(3):
        pump.record(worked=False, failed=False)
    assert pump.next_deadline() == 102.0  # 0.25 · 2³
    for _ in range(20):
        pump.record(worked=False, failed=False)
    assert pump.next_deadline() == 100.0 + MAX_WAIT_S  # bounded
    due[0] = 100.2
    assert pump.next_deadline() == 100.2  # a debounce elapsing comes first
    due[0] = 50.0
    assert pump.next_deadline() == 100.0 + MIN_WAIT_S  # overdue: after the minimum gap
    pump.request_tick()
    assert pump.next_deadline() == 100.0 + MIN_WAIT_S


def test_after_failures_the_pump_backs_off_even_with_work_due() -> None:
    clock = FakeClock()
    pump = Pump(lambda: None, lambda: 0.0, clock=clock, idle_poll_s=0.25, name="t")
    pump.record(worked=False, failed=True)
    pump.record(worked=False, failed=True)
    assert pump.next_deadline() == 101.0  # 0.25 · 2², not "due now"
    pump.record(worked=True, failed=False)
    assert pump.next_deadline() == 100.0 + MIN_WAIT_S
