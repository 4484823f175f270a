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
    the next collection frees). A one-file save pauses it with `collect=False`: the young
    collections its objects call for run after the save's write, not inside its latency
    (docs/ingest-speed.md)."""
    enabled = pause and gc.isenabled()
    if enabled:
        gc.disable()
    ended = False
    try:
        yield
        ended = True
    finally:
        if enabled:
            gc.enable()
            if collect:
                gc.unfreeze()
                gc.collect()
                if ended:  # not while an exception, its traceback and frames, is in flight
                    gc.freeze()
                    release_freed_memory()
