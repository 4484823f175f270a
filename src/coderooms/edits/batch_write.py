"""All files or none, across a crash too: a write of several files, journaled (journal.py).

Every new content is staged in a fsynced temp file beside its target, every old file kept as an
undo hard link, the journal committed (`forward`), then the temps renamed over their targets one
by one, each target's canonical path re-checked against the operator's scope just before. A
failure after the commit puts every old file back; a crash is finished by the next recovery.
The checks are on paths; the writes are through descriptors of the targets' directories opened
beneath their roots, so a directory swapped for a symlink after a check cannot redirect them.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from coderooms.core import beneath
from coderooms.core.paths import Target, canonical_path
from coderooms.edits import atomic, faults, journal
from coderooms.edits.journal import Entry, Journal
from coderooms.scope.roots import OperatorScope

log = logging.getLogger(__name__)


class Planned(Protocol):
    @property
    def target(self) -> Target: ...
    @property
    def old_bytes(self) -> bytes | None: ...
    @property
    def new_bytes(self) -> bytes: ...
    @property
    def old_mode(self) -> int | None: ...
    @property
    def old_hash(self) -> str: ...
    @property
    def new_hash(self) -> str: ...


def recheck_target(scope: OperatorScope, target: Target) -> None:
    """The write-time check: the file's canonical path now, against the operator's scope."""
    _check(scope, target.absolute, target.relative)


def write_check(scope: OperatorScope) -> journal.WriteCheck:
    """The write-time check of a journal's canonical target path (recovery has no Target)."""

    def check(path: Path) -> None:
        _check(scope, path, path.name)

    return check


def _check(scope: OperatorScope, path: Path, text: str) -> None:
    """A path swapped while it is resolved is a typed error (a conflict, a symlink), never an
    internal one."""
    try:
        scope.check_write(canonical_path(path, text, "path"), text, "path")
    except OSError as e:
        raise beneath.path_error(e, text) from None


def write_all(plans: Sequence[Planned], scope: OperatorScope, places: Sequence[Path]) -> None:
    """Write every plan's new content, or none of them; the caller holds the locks of their
    coordination directories `places` (locks.py), where the journal goes. Each target's
    directory is opened once beneath its root (`atomic.Directories`) and everything of the
    write happens through that descriptor, until the last temp is removed."""
    entries = [
        Entry(
            target=str(p.target.absolute),
            temp=atomic.temp_name(p.target.absolute.name),
            undo=atomic.temp_name(p.target.absolute.name, "undo")
            if p.old_bytes is not None
            else None,
            old_hash=p.old_hash,
            new_hash=p.new_hash,
            root=str(p.target.root),
        )
        for p in plans
    ]
    record = journal.begin(places, entries)
    with atomic.Directories() as dirs:
        try:
            staged = _stage(plans, entries, scope, dirs)
            record.save("forward")
        except BaseException:
            journal.drop_temps(record, dirs)
            record.finish()
            raise
        try:
            for count, (plan, item) in enumerate(zip(plans, staged, strict=True), start=1):
                recheck_target(scope, plan.target)
                atomic.publish(item)
                faults.after_rename(count)
        except BaseException:
            _back(record, dirs)
            raise
        journal.drop_temps(record, dirs)
        record.finish()


def _stage(
    plans: Sequence[Planned],
    entries: Sequence[Entry],
    scope: OperatorScope,
    dirs: atomic.Directories,
) -> list[atomic.Staged]:
    staged: list[atomic.Staged] = []
    for plan, entry in zip(plans, entries, strict=True):
        recheck_target(scope, plan.target)
        directory = dirs.get(plan.target.root, entry.directory, create=True)
        staged.append(
            atomic.stage(
                directory,
                entry.name,
                plan.new_bytes,
                keep_exec=scope.allow_exec_bit,
                temp=entry.temp,
            )
        )
        if entry.undo is not None and plan.old_bytes is not None:
            atomic.keep_undo(directory, entry.name, entry.undo, plan.old_bytes, plan.old_mode)
    for directory in {id(item.directory): item.directory for item in staged}.values():
        directory.fsync()
    return staged


def _back(record: Journal, dirs: atomic.Directories) -> None:
    try:
        record.save("back")
        journal.roll_back(record, dirs)
        record.finish()
    except OSError:
        log.exception("could not roll back a failed write; the next recovery finishes it")
