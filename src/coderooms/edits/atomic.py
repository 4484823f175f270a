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
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from dataclasses import dataclass
from pathlib import Path

from coderooms.core.files import WRITE_TEMP_SUFFIX

NEW_FILE_MODE = 0o644
"""Mode of a file an edit creates (an existing file keeps its own, less the exec bits)."""

EXEC_BITS = stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH

TEMP_SUFFIX = WRITE_TEMP_SUFFIX


@dataclass(frozen=True, slots=True)
class Staged:
    """New content, durable in a temp file beside `target`, not yet visible under its name."""

    target: Path
    temp: Path


def rewritten_mode(target: Path, *, keep_exec: bool = False) -> int:
    """The mode `target` gets when rewritten: its own, without exec bits unless kept."""
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        return NEW_FILE_MODE
    return mode if keep_exec else mode & ~EXEC_BITS


def temp_path(target: Path, kind: str = "new") -> Path:
    """A fresh name beside `target` for its new content (`new`) or its old file (`undo`)."""
    return target.with_name(f".{target.name}.{secrets.token_hex(6)}.{kind}{TEMP_SUFFIX}")


def stage(
    target: Path,
    data: bytes,
    *,
    keep_exec: bool = False,
    mode: int | None = None,
    temp: Path | None = None,
) -> Staged:
    """Write `data` to a fsynced temp file next to `target` (at `temp`, which must not exist,
    when given) with `mode` (default: the target's own, less its exec bits unless
    `keep_exec`)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    if mode is None:
        mode = rewritten_mode(target, keep_exec=keep_exec)
    temp = temp or temp_path(target)
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
            os.fchmod(handle.fileno(), mode)
    except BaseException:
        discard(Staged(target, temp))
        raise
    return Staged(target, temp)


def publish(staged: Staged) -> None:
    """Rename the temp file over the target and make the rename durable."""
    _rename_into_place(staged)


def _rename_into_place(staged: Staged) -> None:
    try:
        os.replace(staged.temp, staged.target)
    except BaseException:
        discard(staged)
        raise
    fsync_directory(staged.target.parent)


def keep_undo(target: Path, undo: Path, old_bytes: bytes, mode: int | None) -> None:
    """Keep `target`'s current file reachable as `undo` (a hard link: no copy; a fsynced copy
    where the filesystem has no hard links)."""
    try:
        os.link(target, undo)
    except FileExistsError:
        raise
    except OSError:
        stage(target, old_bytes, mode=mode, temp=undo)


def discard(staged: Staged) -> None:
    with contextlib.suppress(FileNotFoundError):
        staged.temp.unlink()


def fsync_directory(directory: Path) -> None:
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomic(
    target: Path, data: bytes, *, keep_exec: bool = False, mode: int | None = None
) -> None:
    """Replace `target` with `data` atomically (create it when missing); `mode` as `stage`."""
    _rename_into_place(stage(target, data, keep_exec=keep_exec, mode=mode))
