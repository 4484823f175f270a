"""Cross-process write locks: `flock` on lock files in the state directory, one per stripe of
canonical target paths, held across read, hash check and rename.

Every server process of one user shares the state directory (`CODEROOMS_HOME`), so two servers
writing one file take the same lock; a process that dies releases its locks with its file
descriptors (the kernel's doing), which is also how journal recovery tells a live batch from a
crashed one. `flock` locks belong to an open file description, so two threads of one process,
each opening the lock file, exclude each other too. Paths hash into LOCK_STRIPES lock files: a
bounded set that is never deleted (deleting a lock file another process holds open would split
the lock); two paths sharing a stripe only wait for each other. Stripes are taken in ascending
order, so batches never deadlock.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import time
from collections.abc import Iterable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from coderooms.errors import Conflict

LOCK_STRIPES = 1024
"""Lock files per state directory; paths hash into them."""

LOCK_WAIT_S = 30.0
"""How long a write waits for another process's write of the same files before giving up."""

LOCK_POLL_S = 0.005
LOCK_POLL_MAX_S = 0.05

LOCK_DIR_NAME = "locks"


def lock_directory(home: Path) -> Path:
    return home / LOCK_DIR_NAME


def stripe_of(path: Path) -> int:
    digest = hashlib.blake2b(os.fsencode(path), digest_size=8).digest()
    return int.from_bytes(digest, "big") % LOCK_STRIPES


@contextmanager
def target_locks(home: Path, paths: Iterable[Path]) -> Iterator[None]:
    """Hold the locks of `paths` (canonical, absolute), waiting up to LOCK_WAIT_S."""
    with ExitStack() as stack:
        if not try_target_locks(home, paths, stack, wait_s=LOCK_WAIT_S):
            raise Conflict(
                f"another coderooms process kept these files locked for {LOCK_WAIT_S:.0f} s",
                hint="retry; if it persists, a stuck server holds the lock",
            )
        yield


def try_target_locks(home: Path, paths: Iterable[Path], stack: ExitStack, *, wait_s: float) -> bool:
    """Take the locks of `paths` into `stack`; False when one stayed busy for `wait_s`."""
    directory = lock_directory(home)
    directory.mkdir(parents=True, exist_ok=True)
    for stripe in sorted({stripe_of(path) for path in paths}):
        fd = os.open(directory / f"{stripe:04d}.lock", os.O_RDWR | os.O_CREAT, 0o600)
        stack.callback(os.close, fd)
        if not _flock(fd, wait_s):
            return False
    return True


def _flock(fd: int, wait_s: float) -> bool:
    deadline = time.monotonic() + wait_s
    pause = LOCK_POLL_S
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(pause)  # a lock held across a few renames; polling keeps a deadline
            pause = min(pause * 2, LOCK_POLL_MAX_S)
        else:
            return True
