"""Cross-process write locks that every process writing a file finds, whatever its state
directory (`CODEROOMS_HOME`), user or container: they live with the repository, not with the
server.

A file's **coordination directory** (`coordination_dir`) is derived from where the file is:

- inside a git work tree: `<git dir>/coderooms/`, the git directory of the nearest enclosing work
  tree (a `.git` directory, or the one a `.git` file of a linked worktree or submodule names);
  agents never write there (path safety refuses every `.git` component);
- outside any work tree: `<repo root>/.coderooms/` (the ingest root the file resolved under),
  which the walker never ingests, path safety refuses, and a `.gitignore` inside hides from git.

The lock is an exclusive `flock` on `write.lock` in that directory, held from the read and hash
check of a write to its last rename. Two servers on one repo with different homes, a server in
a container on a bind mount and one on the host (one kernel, one inode), two OS users: all open
the same file, so they exclude each other. `flock` locks belong to an open file description,
so two threads of one process, each opening the lock file, exclude each other too, and a process
that dies releases its locks (the kernel's doing), which is how journal recovery tells a live
write from a crashed one. One lock per repository: writes of one repo are serialised for the
few milliseconds a write holds it. A write over several repositories takes their locks in
ascending (device, inode) order, the same in every process (paths differ across bind mounts,
inodes do not), so writes never deadlock. NFS is not covered (its `flock` is emulated, if at
all). The coordination directory and its files take the mode of the directory they are made in
(a group-shared repository stays group-shared), so another user who may write the repo may take
the lock and replay the journal.
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat
import time
from collections.abc import Iterable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path

from coderooms.errors import Conflict, Forbidden

LOCK_WAIT_S = 30.0
"""How long a write waits for another process's write of the same repository before giving up."""

LOCK_POLL_S = 0.005
LOCK_POLL_MAX_S = 0.05

GIT_DIR_COORDINATION = "coderooms"
"""The coordination directory's name inside a git directory."""

ROOT_COORDINATION = ".coderooms"
"""The coordination directory's name at a root outside any git work tree."""

LOCK_FILE_NAME = "write.lock"

HIDE_FROM_GIT = "*\n"
"""The `.gitignore` of a root's coordination directory: itself and everything in it."""


def coordination_dir(where: Path, root: Path) -> Path:
    """Where every writer of the files in directory `where` (canonical, absolute; it need not
    exist yet) of the repo at `root` meets: see the module."""
    for directory in (where, *where.parents):
        marker = directory / ".git"
        if marker.is_dir():
            return Path(os.path.realpath(marker)) / GIT_DIR_COORDINATION
        if marker.is_file():
            linked = _linked_git_dir(marker)
            if linked is not None:
                return linked / GIT_DIR_COORDINATION
            break  # a work tree whose git directory is unreadable: its root directory
    return root / ROOT_COORDINATION


def _linked_git_dir(marker: Path) -> Path | None:
    """The git directory a `.git` file names (`gitdir: <path>`), when it is one."""
    try:
        text = marker.read_text(encoding="utf-8", errors="strict").strip()
    except (OSError, UnicodeDecodeError):
        return None
    if not text.startswith("gitdir:"):
        return None
    named = Path(text.removeprefix("gitdir:").strip())
    git_dir = Path(os.path.realpath(marker.parent / named))
    return git_dir if git_dir.is_dir() else None


def places_of(targets: Iterable[tuple[Path, Path]]) -> list[Path]:
    """The coordination directories of `(canonical path, repo root)` pairs, made when missing,
    in lock order."""
    places = {coordination_dir(path.parent, root) for path, root in targets}
    return ordered([prepare(place) for place in places])


def ordered(places: Iterable[Path]) -> list[Path]:
    """`places` in the order every process takes their locks: (device, inode)."""

    def key(place: Path) -> tuple[int, int, str]:
        info = place.stat()
        return (info.st_dev, info.st_ino, str(place))

    return sorted(set(places), key=key)


def prepare(place: Path) -> Path:
    """Make the coordination directory `place` when missing, with its parent's mode."""
    if place.is_dir():
        return place
    try:
        make_dir_like_parent(place)
        if place.name == ROOT_COORDINATION:
            ignore = place / ".gitignore"
            if not ignore.exists():
                ignore.write_text(HIDE_FROM_GIT, encoding="utf-8")
                os.chmod(ignore, file_mode(place))
    except OSError as e:
        raise Forbidden(
            f"cannot make the lock directory {str(place)!r}: {e.strerror or e}",
            hint="every process that writes this repository meets there; let this server's "
            "user write it (the repository's git directory, or .coderooms at its root)",
        ) from e
    return place


def make_dir_like_parent(directory: Path) -> None:
    """`mkdir` with the parent's permission bits (setgid included), whatever the umask."""
    mode = stat.S_IMODE(directory.parent.stat().st_mode)
    try:
        os.mkdir(directory, mode)
    except FileExistsError:
        return
    os.chmod(directory, mode)


def file_mode(directory: Path) -> int:
    """The mode of a file coderooms keeps in `directory`: its read and write bits."""
    return stat.S_IMODE(directory.stat().st_mode) & 0o666


@contextmanager
def target_locks(places: Sequence[Path]) -> Iterator[None]:
    """Hold the locks of the coordination directories `places`, waiting up to LOCK_WAIT_S."""
    with ExitStack() as stack:
        if not try_locks(places, stack, wait_s=LOCK_WAIT_S):
            raise Conflict(
                f"another coderooms process kept these files locked for {LOCK_WAIT_S:.0f} s",
                hint="retry; if it persists, a stuck server holds the lock",
            )
        yield


def try_locks(places: Iterable[Path], stack: ExitStack, *, wait_s: float) -> bool:
    """Take the locks of `places` (coordination directories that exist) into `stack`, in lock
    order; False when one stayed busy for `wait_s`."""
    for place in ordered(places):
        fd = _open_lock(place)
        stack.callback(os.close, fd)
        if not _flock(fd, wait_s):
            return False
    return True


def _open_lock(place: Path) -> int:
    path = place / LOCK_FILE_NAME
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
    except FileExistsError:
        try:
            return os.open(path, os.O_RDWR | os.O_CLOEXEC)
        except PermissionError:
            # another user's lock file: `flock` needs no write access on a local file system
            return os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    os.fchmod(fd, file_mode(place))  # whoever may write the repository may open it
    return fd


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
        except OSError as e:
            if e.errno in (errno.ENOLCK, errno.EOPNOTSUPP, errno.EBADF, errno.EINVAL):
                raise Conflict(
                    "this file system does not support the locks coderooms writes under",
                    hint="serve repositories from a local file system (NFS is not supported)",
                ) from e
            raise
        else:
            return True
