"""All files or none, across a crash too: a write of several files, journaled (journal.py).

Every new content is staged in a fsynced temp file beside its target, every old file kept as an
undo hard link, the journal committed (`forward`), then the temps renamed over their targets one
by one, each target's canonical path re-checked against the operator's scope just before. A
failure after the commit puts every old file back; a crash is finished by the next recovery.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from coderooms.core.paths import Target
from coderooms.edits import atomic, faults, journal
from coderooms.edits.journal import Entry, Journal
from coderooms.scope.roots import OperatorScope, canonical

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
    scope.check_write(canonical(target.absolute), target.relative, "path")


def write_check(scope: OperatorScope) -> journal.WriteCheck:
    """The write-time check of a journal's canonical target path (recovery has no Target)."""

    def check(path: Path) -> None:
        scope.check_write(canonical(path), path.name, "path")

    return check


def write_all(plans: Sequence[Planned], scope: OperatorScope, places: Sequence[Path]) -> None:
    """Write every plan's new content, or none of them; the caller holds the locks of their
    coordination directories `places` (locks.py), where the journal goes."""
    entries = [
        Entry(
            target=str(p.target.absolute),
            temp=str(atomic.temp_path(p.target.absolute)),
            undo=str(atomic.temp_path(p.target.absolute, "undo"))
            if p.old_bytes is not None
            else None,
            old_hash=p.old_hash,
            new_hash=p.new_hash,
        )
        for p in plans
    ]
    record = journal.begin(places, entries)
    try:
        staged = _stage(plans, entries, scope)
        record.save("forward")
    except BaseException:
        journal.drop_temps(record)
        record.finish()
        raise
    try:
        for count, (plan, item) in enumerate(zip(plans, staged, strict=True), start=1):
            recheck_target(scope, plan.target)
            atomic.publish(item)
            faults.after_rename(count)
    except BaseException:
        _back(record)
        raise
    journal.drop_temps(record)
    record.finish()


def _stage(
    plans: Sequence[Planned], entries: Sequence[Entry], scope: OperatorScope
) -> list[atomic.Staged]:
    staged: list[atomic.Staged] = []
    directories: set[Path] = set()
    for plan, entry in zip(plans, entries, strict=True):
        recheck_target(scope, plan.target)
        target = plan.target.absolute
        staged.append(
            atomic.stage(
                target, plan.new_bytes, keep_exec=scope.allow_exec_bit, temp=Path(entry.temp)
            )
        )
        if entry.undo is not None and plan.old_bytes is not None:
            atomic.keep_undo(target, Path(entry.undo), plan.old_bytes, plan.old_mode)
        directories.add(target.parent)
    for directory in directories:
        atomic.fsync_directory(directory)
    return staged


def _back(record: Journal) -> None:
    try:
        record.save("back")
        journal.roll_back(record)
        record.finish()
    except OSError:
        log.exception("could not roll back a failed write; the next recovery finishes it")
