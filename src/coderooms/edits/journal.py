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
from coderooms.edits.locks import try_target_locks
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
        entries = [Entry(**entry) for entry in record["entries"]]
        state = record["state"]
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError):
        log.exception("unreadable write journal %s, left in place", path)
        return None
    if state not in ("staging", "forward", "back"):
        return None
    return Journal(path, state, entries)


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
