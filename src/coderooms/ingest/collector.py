"""The cyclic garbage collector around a changeset (`collector_paused`), and giving the memory
a large changeset freed back to the system (`release_freed_memory`)."""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache


@cache
def _malloc_trim() -> Callable[[int], int] | None:
    name = ctypes.util.find_library("c")
    try:
        trim: Callable[[int], int] = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError, TypeError):  # not glibc (macOS, musl): nothing to trim
        return None
    return trim


def release_freed_memory() -> None:
    """Give back to the system the heap memory that freed objects left (glibc keeps it for the
    process otherwise: after a failed 2 MiB bundle ingest the process stayed at 293 MB resident
    though its rows were freed, 84 MB at start). A few milliseconds; a no-op off glibc."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@contextmanager
def collector_paused(pause: bool = True, *, collect: bool = True) -> Iterator[None]:
    """The cyclic garbage collector off while a large changeset is read, planned and written:
    it builds millions of small objects that live until the write, and every full collection
    walks all of them again (stdlib: the plan takes 5.4 s with it paused, 10.0 s without).
    Reference counting still frees what is dropped. One full collection at the end sorts what
    survived into the oldest generation at once, so the next saves do not pay for it in young
    collections (35 ms) or a full one (100 ms) at an unlucky moment; what survived is then
    frozen (`gc.freeze`): the modules, the driver, the grammars (~50k objects, a full collection
    of them ~20 ms of CPU, 60-180 ms on a loaded host) are not walked by every later one. The
    closing collection unfreezes first, so cycles among what an earlier ingest froze are freed.
    A changeset that fails is collected but not frozen (its traceback holds the frames: cycles
    the next collection frees). A one-file save pauses it with `collect=False` and freezes what
    it left alive instead of walking it (`SAVE_SLACK` bounds how much; a failed save collects
    as a failed changeset does; docs/ingest-speed.md)."""
    enabled = pause and gc.isenabled()
    if enabled:
        gc.disable()
    ended = False
    try:
        yield
        ended = True
    finally:
        if enabled:
            if collect or not ended or saves_past_slack():
                gc.enable()
                gc.unfreeze()
                gc.collect()
                if ended:  # not while an exception, its traceback and frames, is in flight
                    _frozen_after_collection()
                    release_freed_memory()
            else:  # a save: what it left alive is frozen unwalked (see SAVE_SLACK)
                _freeze_save()
                gc.enable()


SAVE_SLACK = 2_000_000
"""Objects a run of saves may freeze beyond what the last full collection froze before the
next save collects in full (unfreezing first, so the cycles they froze are freed then). A save
used to enable the collector over everything it had allocated meanwhile: the collection that
followed walked them inside its latency (1.2 s of a 3-4 s save of a 5k-line file at load 25,
issue 31, item 5); frozen, they cost nothing until that bound or the next large changeset."""
_frozen_by_saves = 0
"""Objects the saves froze since the last full collection (`young_objects` before each)."""


def saves_past_slack() -> bool:
    """The saves since the last full collection froze more than SAVE_SLACK objects. Counted
    as they froze them, not by `gc.get_freeze_count()`: that walks every frozen object (a
    linked list spread over the heap), 8-20 ms of CPU a save at 100-200k frozen objects on
    a loaded host, growing with every save up to the slack (issue 31, item 5)."""
    return _frozen_by_saves > SAVE_SLACK


def young_objects() -> int:
    """What a `gc.freeze()` now would move, without walking it: the tracked objects allocated
    and not freed since the last collection (generation 0's count, which a paused collector
    never resets: a save's whole allocation) and the older generations' objects (what young
    collections promoted between saves, few once the process's objects are frozen). An
    estimate (a frozen object freed lowers the count), which is what the slack bounds: the
    growth the saves left behind. Listing generation 2 costs once what it holds: ~25 ms for
    the server's ~140k objects at the first save of a process that froze nothing (the server
    freezes them at its start, `system.warmup`), nothing much after."""
    return gc.get_count()[0] + len(gc.get_objects(1)) + len(gc.get_objects(2))


def _freeze_save() -> None:
    global _frozen_by_saves  # noqa: PLW0603 (the process's collector is global as well)
    _frozen_by_saves += young_objects()
    gc.freeze()


def _frozen_after_collection() -> None:
    global _frozen_by_saves  # noqa: PLW0603 (the process's collector is global as well)
    gc.freeze()
    _frozen_by_saves = 0
