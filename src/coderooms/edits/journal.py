"""The write-ahead journal of a multi-file write: what keeps a batch all-or-nothing across a crash.

One JSON record per write, rewritten atomically as the write goes, in the `journal/` directory of
the coordination directory of every repository the write touches (locks.py: with the repository,
so a process with another state directory, user or container finds it; one copy per repository,
each naming every copy):

1. `staging`: the temp name of each target's new content and of its old file (an undo hard
   link), chosen before any of them exists; recovery deletes whatever of them exists;
2. `forward` (the commit point), once every temp is fsynced: recovery renames each temp still
   there over its target (whose hash must still be the old one, and whose canonical path must
   still be writable under the operator's scope; if one is not, the batch goes back instead);
3. `back`, when a rename failed: each target holding its new hash gets its old file back (the
   undo link renamed over it; a created file is removed);
4. the record is deleted once no temp is left.

A record belongs to a live write while its owner holds the locks of the coordination directories
its copies are in, so recovery (at server start, and before every write) only replays records
whose locks it can take at once: the owner died. A target changed by someone else since (its
hash neither old nor new) is never overwritten. A record is read as written by a coderooms
process (agents never write a coordination directory), and still refused unless each temp and
undo name lies beside its target and ends with the temp suffix.

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
from coderooms.edits.locks import file_mode, make_dir_like_parent, try_locks
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
    paths: list[Path]
    """Its copies, one in the journal directory of each coordination directory it locks."""
    state: State
    entries: list[Entry]

    @property
    def places(self) -> list[Path]:
        """The coordination directories whose locks its owner holds."""
        return [path.parent.parent for path in self.paths]

    def save(self, state: State) -> None:
        self.state = state
        record = {
            "state": state,
            "copies": [str(path) for path in self.paths],
            "entries": [asdict(e) for e in self.entries],
        }
        for path in self.paths:
            data = json.dumps(record).encode()
            atomic.write_atomic(path, data, mode=file_mode(path.parent))

    def finish(self) -> None:
        for path in self.paths:
            path.unlink(missing_ok=True)
            atomic.fsync_directory(path.parent)


def journal_directory(place: Path) -> Path:
    """The journal directory of the coordination directory `place` (locks.py)."""
    return place / JOURNAL_DIR_NAME


def begin(places: Sequence[Path], entries: Sequence[Entry]) -> Journal:
    """A record of `entries` in every coordination directory of `places` (their locks held)."""
    name = f"{secrets.token_hex(8)}{JOURNAL_SUFFIX}"
    paths = []
    for place in places:
        directory = journal_directory(place)
        make_dir_like_parent(directory)
        paths.append(directory / name)
    journal = Journal(paths, "staging", list(entries))
    journal.save("staging")
    return journal


def load(path: Path) -> Journal | None:
    try:
        record: dict[str, Any] = json.loads(path.read_bytes())
        state = record["state"]
        copies = [Path(copy) for copy in record["copies"]]
        entries = [_entry(fields) for fields in record["entries"]]
    except FileNotFoundError:
        return None
    except TempAway:
        log.warning("write journal %s names temp files away from their targets; ignored", path)
        return None
    except (OSError, ValueError, KeyError, TypeError):
        log.exception("unreadable write journal %s, left in place", path)
        return None
    if state not in ("staging", "forward", "back") or path not in copies:
        return None
    return Journal(copies, state, entries)


class TempAway(ValueError):
    """A recorded temp or undo that is not a temp name in its target's directory."""


def _entry(fields: dict[str, Any]) -> Entry:
    """An entry as recorded (its temps by their names in the target's directory; an older
    record's as absolute paths there). TempAway for a temp or undo that is not a temp name
    beside its target (a recovery renames them over the target); ValueError for a target
    outside its root."""
    entry = Entry(**fields)
    target = PurePosixPath(entry.target)
    for recorded in (entry.temp, entry.undo):
        if recorded is None:
            continue
        where = posixpath.dirname(recorded)
        if (where and where != str(target.parent)) or not recorded.endswith(atomic.TEMP_SUFFIX):
            raise TempAway(recorded)
    if not target.is_absolute():
        raise TempAway(entry.target)
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


def recover(places: Sequence[Path], check: WriteCheck) -> dict[str, int]:
    """Replay the journals in the coordination directories `places` of writes whose process
    died (whichever state directory, user or container it ran with); counts per outcome."""
    outcomes: dict[str, int] = {}
    for place in places:
        try:
            paths = sorted(
                p for p in journal_directory(place).iterdir() if p.name.endswith(JOURNAL_SUFFIX)
            )
        except (FileNotFoundError, NotADirectoryError):
            continue
        for path in paths:
            done = _recover_one(path, check)
            if done is not None:
                outcomes[done] = outcomes.get(done, 0) + 1
    return outcomes


def _recover_one(path: Path, check: WriteCheck) -> str | None:
    journal = load(path)
    if journal is None:
        return None
    with ExitStack() as stack:
        try:
            if not try_locks(journal.places, stack, wait_s=0.0):
                return None  # its owner is alive and still writing
        except FileNotFoundError:  # a copy's directory is gone: its owner finished
            return None
        journal = load(path)  # the owner may have finished before the locks were taken
        if journal is None:
            return None
        done = replay(journal, check)
    log.warning("recovered an interrupted write (%s): %s", path.name, done)
    return done
