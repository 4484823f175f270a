"""Atomic file writes: a reader sees the old file or the new one, never half of one.

The new content goes to a temp file in the target's directory (same filesystem, so the rename is
atomic), is flushed and fsynced, takes the old file's mode, and is renamed over the target; the
directory is fsynced so the rename itself survives a crash. The executable bits are dropped
unless the caller keeps them (the operator's `allow_exec_bit`): what an agent writes never
becomes, or stays, a program a hook or a shell would run by name. Any failure removes the temp
file and leaves the old file as it was. `stage` / `publish` split the two halves for
all-or-nothing batches; `keep_undo` keeps the old file under a name of its own (a hard link) so a
batch can be rolled back after a crash (see journal). Every name this module makes ends with
TEMP_SUFFIX, which the walker never ingests.

Everything happens through one descriptor of the target's directory, opened beneath the ingest
root without following a symlink (`core.beneath`; `Directories` keeps one per directory for a
whole write): the temp file is created there (`O_EXCL | O_NOFOLLOW`), renamed there, removed
there. A directory on the way swapped for a symlink after it was opened changes nothing: the
temp files and the renamed target stay in the directory that was checked, inside the root.
"""

from __future__ import annotations

import secrets
import stat
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from coderooms.core import beneath
from coderooms.core.beneath import Directory
from coderooms.core.files import WRITE_TEMP_SUFFIX

NEW_FILE_MODE = 0o644
"""Mode of a file an edit creates (an existing file keeps its own, less the exec bits)."""

EXEC_BITS = stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH

TEMP_SUFFIX = WRITE_TEMP_SUFFIX

TEMP_NAME_KEEPS_BYTES = 120
"""How much of the target's name a temp name repeats: with the dot, the random part, the kind
and the suffix it stays under the 255 bytes a name may have, however long the target's is."""


@dataclass(frozen=True, slots=True)
class Staged:
    """New content, durable in a temp file beside the target, not yet visible under its name."""

    directory: Directory
    """The target's directory, opened beneath the root; `name` and `temp` are in it."""
    name: str
    temp: str

    @property
    def target(self) -> str:
        """The target, repo-relative (for messages)."""
        return self.directory.path_of(self.name)


class Directories:
    """The directories of one write, each opened once beneath its root and kept open until the
    write ends: what is staged in one is renamed, rolled back and removed through the same
    descriptor."""

    def __init__(self) -> None:
        self._open: dict[tuple[str, str], Directory] = {}

    def __enter__(self) -> Directories:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def get(self, root: Path | str, relative: str, *, create: bool = False) -> Directory:
        """The directory `relative` beneath `root` (made with `create` when missing)."""
        key = (str(root), relative)
        if key not in self._open:
            self._open[key] = beneath.open_directory(root, relative, create=create)
        return self._open[key]

    def opened(self, root: Path | str, relative: str) -> Directory | None:
        """The directory if this write opened it (a temp can only be in such a one)."""
        return self._open.get((str(root), relative))

    def close(self) -> None:
        for directory in self._open.values():
            directory.close()
        self._open.clear()


def rewritten_mode(directory: Directory, name: str, *, keep_exec: bool = False) -> int:
    """The mode `name` gets when rewritten: its own, without exec bits unless kept (a new file,
    or anything that is not a regular file now, gets NEW_FILE_MODE)."""
    info = directory.lstat(name)
    if info is None or not stat.S_ISREG(info.st_mode):
        return NEW_FILE_MODE
    mode = stat.S_IMODE(info.st_mode)
    return mode if keep_exec else mode & ~EXEC_BITS


def temp_name(name: str, kind: str = "new") -> str:
    """A fresh name beside `name` for its new content (`new`) or its old file (`undo`)."""
    kept = name.encode()[:TEMP_NAME_KEEPS_BYTES].decode(errors="ignore")
    return f".{kept}.{secrets.token_hex(6)}.{kind}{TEMP_SUFFIX}"


def stage(
    directory: Directory,
    name: str,
    data: bytes,
    *,
    keep_exec: bool = False,
    mode: int | None = None,
    temp: str | None = None,
) -> Staged:
    """Write `data` to a fsynced temp file beside `name` in `directory` (named `temp`, which
    must not exist, when given) with `mode` (default: the target's own, less its exec bits
    unless `keep_exec`)."""
    if mode is None:
        mode = rewritten_mode(directory, name, keep_exec=keep_exec)
    temp = temp or temp_name(name)
    directory.create(temp, data, mode)
    return Staged(directory, name, temp)


def publish(staged: Staged) -> None:
    """Rename the temp file over the target and make the rename durable."""
    try:
        staged.directory.rename(staged.temp, staged.name)
    except BaseException:
        discard(staged)
        raise
    staged.directory.fsync()


def keep_undo(
    directory: Directory, name: str, undo: str, old_bytes: bytes, mode: int | None
) -> None:
    """Keep `name`'s current file reachable as `undo` (a hard link: no copy; a fsynced copy
    where the filesystem has no hard links)."""
    try:
        directory.link(name, undo)
    except FileExistsError:
        raise
    except OSError:
        stage(directory, name, old_bytes, mode=mode, temp=undo)


def discard(staged: Staged) -> None:
    staged.directory.unlink(staged.temp)


def fsync_directory(directory: Path) -> None:
    with beneath.open_root(directory) as opened:
        opened.fsync()


def write_atomic(
    target: Path, data: bytes, *, keep_exec: bool = False, mode: int | None = None
) -> None:
    """Replace `target` with `data` atomically (its directory is made when missing); `mode` as
    `stage`. For coderooms' own files (the state directory): the directory is trusted as given,
    only the file's name is resolved in it without following a link."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with beneath.open_root(target.parent) as directory:
        publish(stage(directory, target.name, data, keep_exec=keep_exec, mode=mode))
