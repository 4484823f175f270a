"""The cyclic collector around a changeset (collector.collector_paused): off inside, on after;
a large changeset's closing collection frees what died and freezes what survived, a one-file
save freezes what it left without walking it (up to collector.SAVE_SLACK objects)."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from coderooms.ingest import collector
from coderooms.ingest.collector import collector_paused


class Cycle:
    def __init__(self) -> None:
        self.me = self


@pytest.fixture(autouse=True)
def unfrozen() -> Iterator[None]:
    yield
    gc.unfreeze()
    gc.enable()


def test_paused_inside_and_enabled_after() -> None:
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_closing_collection_frees_cycles_and_freezes_the_survivors() -> None:
    kept = Cycle()
    with collector_paused():
        garbage = weakref.ref(Cycle())  # only the cyclic collector frees it
        assert garbage() is not None
    assert garbage() is None
    assert gc.get_freeze_count() > 0
    assert kept.me is kept


def test_closing_collection_frees_cycles_frozen_by_an_earlier_one() -> None:
    frozen = Cycle()
    dead = weakref.ref(frozen)
    with collector_paused():
        pass
    del frozen  # a cycle the first ingest froze dies
    gc.collect()
    assert dead() is not None  # frozen: no collection sees it
    with collector_paused():
        pass
    assert dead() is None


def test_a_save_freezes_what_it_left_unwalked_and_the_next_changeset_frees_it() -> None:
    with collector_paused():  # the ingest before the saves
        pass
    with collector_paused(collect=False):
        assert not gc.isenabled()
        garbage = weakref.ref(Cycle())
    assert gc.isenabled()
    assert garbage() is not None  # frozen with the save's survivors, not collected
    assert gc.get_freeze_count() > 0
    gc.collect()
    assert garbage() is not None
    with collector_paused():
        pass
    assert garbage() is None


def test_saves_past_the_slack_collect_in_full(monkeypatch: pytest.MonkeyPatch) -> None:
    with collector_paused():
        pass
    monkeypatch.setattr(collector, "SAVE_SLACK", 100)
    with collector_paused(collect=False):
        kept = [Cycle() for _ in range(1_000)]  # frozen: past the slack
        garbage = weakref.ref(Cycle())
    assert garbage() is not None
    with collector_paused(collect=False):  # the next save collects in full first
        pass
    assert garbage() is None
    assert all(cycle.me is cycle for cycle in kept)
    assert gc.isenabled()


def test_a_failed_save_is_collected_but_nothing_is_frozen() -> None:
    gc.unfreeze()
    garbage = weakref.ref(Cycle())
    with pytest.raises(RuntimeError), collector_paused(collect=False):
        raise RuntimeError("the write failed")
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0
    assert garbage() is None


def test_a_paused_collector_is_left_paused() -> None:
    gc.disable()
    with collector_paused():
        pass
    assert not gc.isenabled()
    assert gc.get_freeze_count() == 0


def _failing_changeset() -> weakref.ref[Cycle]:
    garbage = weakref.ref(Cycle())
    try:
        with collector_paused():
            raise RuntimeError("the write failed")
    except RuntimeError:
        return garbage
    raise AssertionError("the failure was swallowed")


def test_a_failed_changeset_is_collected_but_nothing_is_frozen() -> None:
    gc.unfreeze()
    garbage = _failing_changeset()
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0
    assert garbage() is None


def test_a_save_never_walks_the_frozen_objects(monkeypatch: pytest.MonkeyPatch) -> None:
    """`gc.get_freeze_count()` walks every frozen object: a save counts what it froze instead."""
    with collector_paused():
        pass

    def walked() -> int:
        raise AssertionError("a save walked the frozen objects")

    monkeypatch.setattr(gc, "get_freeze_count", walked)
    for _ in range(3):
        with collector_paused(collect=False):
            kept = [Cycle() for _ in range(100)]
    assert all(cycle.me is cycle for cycle in kept)


def test_young_objects_counts_what_a_paused_save_allocated() -> None:
    with collector_paused():
        pass
    gc.disable()
    before = collector.young_objects()
    kept = [Cycle() for _ in range(1_000)]
    assert collector.young_objects() - before >= 1_000
    gc.freeze()
    assert collector.young_objects() < 1_000  # moved out of the generations
    assert len(kept) == 1_000
