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
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import secrets
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal

from coderooms.core.hashing import content_hash
from coderooms.edits import atomic
from coderooms.edits.locks import file_mode, make_dir_like_parent, try_locks
from coderooms.errors import CoderoomsError
from coderooms.surgical import ABSENT_HASH

log = logging.getLogger(__name__)

JOURNAL_DIR_NAME = "journal"
JOURNAL_SUFFIX = ".json"

State = Literal["staging", "forward", "back"]
WriteCheck = Callable[[Path], None]
"""Raises when a canonical target may not be written now (the operator's scope)."""


@dataclass(frozen=True, slots=True)
class Entry:
    target: str
    temp: str
    undo: str | None
    """Where the old file is kept while the write runs (None: the target did not exist)."""
    old_hash: str
    new_hash: str


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
        entries = [Entry(**entry) for entry in record["entries"]]
        state = record["state"]
        copies = [Path(copy) for copy in record["copies"]]
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError):
        log.exception("unreadable write journal %s, left in place", path)
        return None
    if state not in ("staging", "forward", "back") or path not in copies:
        return None
    if not all(_beside_target(entry) for entry in entries):
        log.warning("write journal %s names temp files away from their targets; ignored", path)
        return None
    return Journal(copies, state, entries)


def _beside_target(entry: Entry) -> bool:
    """Whether the entry's temp and undo are temp names in its target's directory, as
    batch_write makes them (a recovery renames them over the target)."""
    target = Path(entry.target)
    for name in (entry.temp, entry.undo):
        if name is None:
            continue
        temp = Path(name)
        if temp.parent != target.parent or not temp.name.endswith(atomic.TEMP_SUFFIX):
            return False
    return target.is_absolute()


def current_hash(path: Path) -> str:
    try:
        return content_hash(path.read_bytes())
    except FileNotFoundError:
        return ABSENT_HASH


def roll_back(journal: Journal) -> None:
    """Give every target that holds its new content its old file back; drop every temp."""
    for entry in reversed(journal.entries):
        target = Path(entry.target)
        if current_hash(target) == entry.new_hash:
            if entry.undo is not None and Path(entry.undo).exists():
                os.replace(entry.undo, target)
            elif entry.old_hash == ABSENT_HASH:
                target.unlink(missing_ok=True)
            atomic.fsync_directory(target.parent)
    drop_temps(journal)


def roll_forward(journal: Journal, check: WriteCheck) -> bool:
    """Rename every temp still there over its target; False (nothing renamed) when one target
    changed since or may not be written now: the batch must go back."""
    pending = [e for e in journal.entries if Path(e.temp).exists()]
    for entry in pending:
        if current_hash(Path(entry.target)) != entry.old_hash:
            log.warning("%s changed since a crashed write; that write is rolled back", entry.target)
            return False
        try:
            check(Path(entry.target))
        except CoderoomsError as e:
            log.warning("%s may not be written now (%s); rolled back", entry.target, e.message)
            return False
    for entry in pending:
        os.replace(entry.temp, entry.target)
        atomic.fsync_directory(Path(entry.target).parent)
    drop_temps(journal)
    return True


def drop_temps(journal: Journal) -> None:
    directories = set()
    for entry in journal.entries:
        for name in (entry.temp, entry.undo):
            if name is not None:
                with contextlib.suppress(FileNotFoundError):
                    Path(name).unlink()
                directories.add(Path(name).parent)
    for directory in directories:
        with contextlib.suppress(FileNotFoundError):
            atomic.fsync_directory(directory)


def replay(journal: Journal, check: WriteCheck) -> str:
    """Finish a dead write's journal; what was done: `discarded`, `forward` or `back`."""
    done = journal.state if journal.state != "staging" else "discarded"
    if journal.state == "forward" and not roll_forward(journal, check):
        journal.save("back")
        done = "back"
    if journal.state == "back":
        roll_back(journal)
    else:
        drop_temps(journal)
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
