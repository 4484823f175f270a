"""The pending-change queue on an injected clock: coalescing, debounce, bounds, restore."""

from __future__ import annotations

import math

from coderooms.freshness.changes import MAX_PENDING_AGE_S, OVERFLOW, ChangeQueue

ROOT = "/r"
DEBOUNCE = 0.2


def test_a_path_coalesces_and_the_last_kind_wins() -> None:
    queue = ChangeQueue([ROOT])
    queue.add(ROOT, "a.py", "change", 0.0)
    queue.add(ROOT, "a.py", "delete", 0.05)
    queue.add(ROOT, "a.py", "change", 0.1)
    assert queue.pending_paths() == 1
    assert queue.take_ready(ROOT, 0.25, DEBOUNCE).paths == {}  # last event 0.15 s ago
    batch = queue.take_ready(ROOT, 0.35, DEBOUNCE)
    assert batch.paths == {"a.py": "change"}
    assert batch.first_seen == 0.0
    assert queue.counts()["events_coalesced"] == 2
    assert not queue.has_work()


def test_a_batch_is_every_path_whose_debounce_elapsed() -> None:
    queue = ChangeQueue([ROOT])
    queue.add(ROOT, "old.py", "change", 0.0)
    queue.add(ROOT, "new.py", "delete", 0.15)
    assert queue.next_due(DEBOUNCE) == DEBOUNCE
    assert queue.take_ready(ROOT, 0.2, DEBOUNCE).paths == {"old.py": "change"}
    assert queue.next_due(DEBOUNCE) == 0.15 + DEBOUNCE
    assert queue.take_ready(ROOT, 0.2, DEBOUNCE, force=True).paths == {"new.py": "delete"}
    assert queue.next_due(DEBOUNCE) is None


def test_a_path_written_without_pause_is_taken_after_the_maximum_age() -> None:
    queue = ChangeQueue([ROOT])
    t = 0.0
    while t < MAX_PENDING_AGE_S:
        queue.add(ROOT, "log.py", "change", t)
        assert queue.take_ready(ROOT, t, DEBOUNCE).paths == {}
        t += 0.1
    assert queue.next_due(DEBOUNCE) == MAX_PENDING_AGE_S
    assert queue.take_ready(ROOT, MAX_PENDING_AGE_S, DEBOUNCE).paths == {"log.py": "change"}


def test_overflow_drops_the_paths_and_asks_for_one_reconciliation() -> None:
    queue = ChangeQueue([ROOT, "/other"], max_paths=3)
    for i in range(3):
        queue.add(ROOT, f"f{i}.py", "change", 0.0)
    queue.add("/other", "x.py", "change", 0.0)
    queue.add(ROOT, "f3.py", "change", 0.01)  # one too many
    queue.add(ROOT, "f4.py", "change", 0.02)  # the walk will find it
    assert queue.pending_paths(ROOT) == 0
    assert queue.reconcile_reasons(ROOT) == [OVERFLOW]
    assert queue.counts()["overflows"] == 1
    assert queue.take_ready(ROOT, 0.1, DEBOUNCE).reconcile == ()  # not quiet yet
    batch = queue.take_ready(ROOT, 0.3, DEBOUNCE)
    assert batch.reconcile == (OVERFLOW,)
    assert queue.pending_paths("/other") == 1  # other roots keep their paths
    queue.add(ROOT, "f5.py", "change", 0.4)
    assert queue.pending_paths(ROOT) == 1  # bounded again, back to normal


def test_an_urgent_reconciliation_takes_everything_at_once() -> None:
    queue = ChangeQueue([ROOT])
    queue.add(ROOT, "a.py", "change", 1.0)
    queue.add_gone_dir(ROOT, "pkg", 1.0)
    queue.request_reconcile(ROOT, "catch_up", 1.0, urgent=True)
    assert queue.next_due(DEBOUNCE) == -math.inf
    batch = queue.take_ready(ROOT, 1.0, DEBOUNCE)
    assert batch.reconcile == ("catch_up",)
    assert batch.paths == {"a.py": "change"}
    assert batch.gone_dirs == ("pkg",)
    assert not queue.has_work()


def test_restore_puts_a_failed_batch_back_without_overwriting_newer_events() -> None:
    queue = ChangeQueue([ROOT])
    queue.add(ROOT, "a.py", "change", 0.0)
    queue.add(ROOT, "b.py", "change", 0.0)
    batch = queue.take_ready(ROOT, 1.0, DEBOUNCE)
    queue.add(ROOT, "b.py", "delete", 1.1)
    queue.restore(batch, 1.2)
    again = queue.take_ready(ROOT, 2.0, DEBOUNCE)
    assert again.paths == {"a.py": "change", "b.py": "delete"}


def test_removed_directories_are_bounded_too() -> None:
    queue = ChangeQueue([ROOT], max_gone_dirs=2)
    queue.add_gone_dir(ROOT, "a", 0.0)
    queue.add_gone_dir(ROOT, "b", 0.0)
    queue.add_gone_dir(ROOT, "a", 0.0)
    assert queue.reconcile_reasons(ROOT) == []
    queue.add_gone_dir(ROOT, "c", 0.0)
    assert queue.reconcile_reasons(ROOT) == [OVERFLOW]


def test_a_git_signal_is_due_at_once_and_taken_once() -> None:
    queue = ChangeQueue([ROOT])
    queue.signal_git(ROOT)
    assert queue.next_due(DEBOUNCE) == -math.inf
    assert queue.take_git_signal(ROOT)
    assert not queue.take_git_signal(ROOT)
    assert queue.next_due(DEBOUNCE) is None


def test_sample_lists_the_quietest_paths_first() -> None:
    queue = ChangeQueue([ROOT])
    queue.add(ROOT, "a.py", "change", 0.0)
    queue.add(ROOT, "b.py", "change", 0.1)
    queue.add(ROOT, "a.py", "delete", 0.2)
    assert queue.sample(ROOT, 5) == [
        {"path": "b.py", "kind": "change"},
        {"path": "a.py", "kind": "delete"},
    ]
