"""The write-ahead journal of a multi-file write: what keeps a batch all-or-nothing across a crash.

One JSON record per write in `<state dir>/journal/`, rewritten atomically as the write goes:

1. `staging`: the temp name of each target's new content and of its old file (an undo hard
   link), chosen before any of them exists; recovery deletes whatever of them exists;
2. `forward` (the commit point), once every temp is fsynced: recovery renames each temp still
   there over its target (whose hash must still be the old one, and whose canonical path must
   still be writable under the operator's scope; if one is not, the batch goes back instead);
3. `back`, when a rename failed: each target holding its new hash gets its old file back (the
   undo link renamed over it; a created file is removed);
4. the record is deleted once no temp is left.

A record belongs to a live write while its owner holds the targets' locks (locks.py), so
recovery (at server start, and before every write) only replays records whose locks it can take
at once: the owner died. A target changed by someone else since (its hash neither old nor new)
is never overwritten.

An entry names its temps by their names in the target's directory, and the ingest root that
directory lies beneath: every rename, hash and removal goes through a descriptor of that
directory opened beneath the root (`atomic.Directories`, the live write's own while it runs),
never through a path a symlink could redirect. A directory that can no longer be reached that
way (a symlink now) is left alone, and a batch that would need it goes back.
"""

from __future__ import annotations

import json
import logging
import posixpath
import secrets
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import asdict, dataclass
from pathlib import Path, PurePosixPath
from typing import Any, Literal

from coderooms.core import beneath
from coderooms.core.beneath import Directory
from coderooms.core.hashing import content_hash
from coderooms.edits import atomic
from coderooms.edits.atomic import Directories
from coderooms.edits.locks import try_target_locks
from coderooms.errors import CoderoomsError
from coderooms.surgical import ABSENT_HASH

log = logging.getLogger(__name__)

JOURNAL_DIR_NAME = "journal"
JOURNAL_SUFFIX = ".json"
UNREACHABLE_HASH = "unreachable"
"""What a target that cannot be read beneath its root (a symlink, a FIFO now) hashes to: neither
its old nor its new hash, so it is never overwritten nor removed."""

State = Literal["staging", "forward", "back"]
WriteCheck = Callable[[Path], None]
"""Raises when a canonical target may not be written now (the operator's scope)."""


@dataclass(frozen=True, slots=True)
class Entry:
    target: str
    """The target's absolute path (its locks, the scope check, messages)."""
    temp: str
    """The name of its new content's temp file, in the target's directory."""
    undo: str | None
    """The name the old file is kept under while the write runs (None: it did not exist)."""
    old_hash: str
    new_hash: str
    root: str = "/"
    """The ingest root the target's directory is opened beneath. "/" for a record written
    before roots were recorded: its target was canonical, so no symlink lies on the way."""

    @property
    def directory(self) -> str:
        """The target's directory, relative to `root`."""
        return posixpath.dirname(PurePosixPath(self.target).relative_to(self.root).as_posix())

    @property
    def name(self) -> str:
        return posixpath.basename(self.target)


@dataclass
class Journal:
    path: Path
    state: State
    entries: list[Entry]

    def save(self, state: State) -> None:
        self.state = state
        record = {"state": state, "entries": [asdict(e) for e in self.entries]}
        atomic.write_atomic(self.path, json.dumps(record).encode(), mode=0o600)

    def finish(self) -> None:
        self.path.unlink(missing_ok=True)
        atomic.fsync_directory(self.path.parent)


def journal_directory(home: Path) -> Path:
    return home / JOURNAL_DIR_NAME


def begin(home: Path, entries: Sequence[Entry]) -> Journal:
    directory = journal_directory(home)
    directory.mkdir(parents=True, exist_ok=True)
    journal = Journal(directory / f"{secrets.token_hex(8)}{JOURNAL_SUFFIX}", "staging", [])
    journal.entries = list(entries)
    journal.save("staging")
    return journal


def load(path: Path) -> Journal | None:
    try:
        record: dict[str, Any] = json.loads(path.read_bytes())
        entries = [_entry(fields) for fields in record["entries"]]
        state = record["state"]
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError):
        log.exception("unreadable write journal %s, left in place", path)
        return None
    if state not in ("staging", "forward", "back"):
        return None
    return Journal(path, state, entries)


def _entry(fields: dict[str, Any]) -> Entry:
    """An entry as recorded; an older record's temps were absolute paths in the target's
    directory: their names. ValueError for a target outside its root."""
    entry = Entry(**fields)
    undo = posixpath.basename(entry.undo) if entry.undo is not None else None
    entry = Entry(entry.target, posixpath.basename(entry.temp), undo, entry.old_hash,
                  entry.new_hash, entry.root)  # fmt: skip
    if not entry.name or ".." in entry.directory.split("/"):
        raise ValueError(f"{entry.target} is not beneath {entry.root}")
    return entry


def directory_of(dirs: Directories, entry: Entry) -> Directory | None:
    """The entry's directory: the one this write opened, else opened now beneath its root;
    None (logged) when it cannot be reached that way."""
    opened = dirs.opened(entry.root, entry.directory)
    if opened is not None:
        return opened
    try:
        return dirs.get(entry.root, entry.directory)
    except (CoderoomsError, OSError) as e:
        log.warning("%s cannot be reached beneath %s now (%s)", entry.target, entry.root, e)
        return None


def current_hash(directory: Directory, name: str) -> str:
    try:
        return content_hash(directory.read(name, max_bytes=None).data)
    except beneath.Missing:
        return ABSENT_HASH
    except (CoderoomsError, OSError):
        return UNREACHABLE_HASH


def roll_back(journal: Journal, dirs: Directories) -> None:
    """Give every target that holds its new content its old file back; drop every temp."""
    for entry in reversed(journal.entries):
        directory = directory_of(dirs, entry)
        if directory is None:
            continue
        if current_hash(directory, entry.name) == entry.new_hash:
            if entry.undo is not None and directory.lstat(entry.undo) is not None:
                directory.rename(entry.undo, entry.name)
            elif entry.old_hash == ABSENT_HASH:
                directory.unlink(entry.name)
            directory.fsync()
    drop_temps(journal, dirs)


def roll_forward(journal: Journal, check: WriteCheck, dirs: Directories) -> bool:
    """Rename every temp still there over its target; False (nothing renamed) when one target
    changed since, may not be written now or cannot be reached: the batch must go back."""
    pending: list[tuple[Entry, Directory]] = []
    for entry in journal.entries:
        directory = directory_of(dirs, entry)
        if directory is None:
            return False
        if directory.lstat(entry.temp) is not None:
            pending.append((entry, directory))
    for entry, directory in pending:
        if current_hash(directory, entry.name) != entry.old_hash:
            log.warning("%s changed since a crashed write; that write is rolled back", entry.target)
            return False
        try:
            check(Path(entry.target))
        except CoderoomsError as e:
            log.warning("%s may not be written now (%s); rolled back", entry.target, e.message)
            return False
    for entry, directory in pending:
        directory.rename(entry.temp, entry.name)
        directory.fsync()
    drop_temps(journal, dirs)
    return True


def drop_temps(journal: Journal, dirs: Directories) -> None:
    """Remove every temp of the journal, through its directory's descriptor."""
    touched: list[Directory] = []
    for entry in journal.entries:
        directory = directory_of(dirs, entry)
        if directory is None:
            continue
        for name in (entry.temp, entry.undo):
            if name is not None:
                directory.unlink(name)
        if all(directory is not seen for seen in touched):
            touched.append(directory)
    for directory in touched:
        directory.fsync()


def replay(journal: Journal, check: WriteCheck) -> str:
    """Finish a dead write's journal; what was done: `discarded`, `forward` or `back`."""
    done = journal.state if journal.state != "staging" else "discarded"
    with Directories() as dirs:
        if journal.state == "forward" and not roll_forward(journal, check, dirs):
            journal.save("back")
            done = "back"
        if journal.state == "back":
            roll_back(journal, dirs)
        else:
            drop_temps(journal, dirs)
    journal.finish()
    return done


def recover(home: Path, check: WriteCheck) -> dict[str, int]:
    """Replay the journals of writes whose process died; counts per outcome."""
    directory = journal_directory(home)
    try:
        paths = sorted(p for p in directory.iterdir() if p.name.endswith(JOURNAL_SUFFIX))
    except FileNotFoundError:
        return {}
    outcomes: dict[str, int] = {}
    for path in paths:
        journal = load(path)
        if journal is None:
            continue
        with ExitStack() as stack:
            targets = [Path(e.target) for e in journal.entries]
            if not try_target_locks(home, targets, stack, wait_s=0.0):
                continue  # its owner is alive and still writing
            journal = load(path)  # the owner may have finished before the locks were taken
            if journal is None:
                continue
            done = replay(journal, check)
            log.warning("recovered an interrupted write (%s): %s", path.name, done)
            outcomes[done] = outcomes.get(done, 0) + 1
    return outcomes
