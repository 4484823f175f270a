"""A journaled write is all or nothing: a crash at any step is finished by the next recovery
(forward once every temp is durable, back otherwise), and a write never waits on a dead one."""

from __future__ import annotations

import json
import multiprocessing
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path

import pytest

from coderooms.core.hashing import content_hash
from coderooms.core.paths import Target
from coderooms.edits import atomic, batch_write, faults, journal
from coderooms.edits.batch_write import write_all, write_check
from coderooms.edits.locks import places_of, target_locks, try_locks
from coderooms.ingest.targeted import check_path
from coderooms.ingest.walker import walk
from coderooms.scope.roots import OperatorScope, operator_scope
from coderooms.surgical.proof import ABSENT_HASH

FILES = 8


class Crash(BaseException):
    """The process dies here: nothing after it runs."""


@dataclass(frozen=True)
class Plan:
    target: Target
    old_bytes: bytes | None
    new_bytes: bytes
    old_mode: int | None = 0o644

    @property
    def old_hash(self) -> str:
        return content_hash(self.old_bytes) if self.old_bytes is not None else ABSENT_HASH

    @property
    def new_hash(self) -> str:
        return content_hash(self.new_bytes)


@pytest.fixture
def layout(tmp_path: Path) -> tuple[Path, Path, OperatorScope, list[Plan]]:
    """The repo, its coordination directory (locks.py: no git here), the scope, the plans."""
    root, home = tmp_path / "repo", tmp_path / "state"
    root.mkdir()
    (place,) = places_of([(root / "f0.py", root)])
    plans = []
    for i in range(FILES):
        old = None if i == FILES - 1 else f"old {i}\n".encode()  # the last one is created
        if old is not None:
            (root / f"f{i}.py").write_bytes(old)
        plans.append(Plan(Target("r", root, f"f{i}.py"), old, f"new {i}\n".encode()))
    return root, place, operator_scope([root], state_dirs=(home,)), plans


def state(root: Path) -> list[str]:
    return [
        (root / f"f{i}.py").read_text() if (root / f"f{i}.py").exists() else "-"
        for i in range(FILES)
    ]


def temps(root: Path) -> list[str]:
    return [p.name for p in root.iterdir() if p.name.endswith(atomic.TEMP_SUFFIX)]


OLD = [f"old {i}\n" for i in range(FILES - 1)] + ["-"]
NEW = [f"new {i}\n" for i in range(FILES)]


def test_a_crash_after_some_renames_is_rolled_forward(
    layout: tuple[Path, Path, OperatorScope, list[Plan]], monkeypatch: pytest.MonkeyPatch
) -> None:
    root, place, scope, plans = layout

    def die(count: int) -> None:
        if count == 3:
            raise Crash

    monkeypatch.setattr(faults, "after_rename", die)
    # a dead process cleans nothing
    monkeypatch.setattr(batch_write, "_back", lambda record, dirs: None)
    with pytest.raises(Crash):
        write_all(plans, scope, [place])
    assert state(root)[:3] == NEW[:3]
    assert state(root)[3:] == OLD[3:]
    assert temps(root)
    assert journal.recover([place], write_check(scope)) == {"forward": 1}
    assert state(root) == NEW
    assert temps(root) == []
    assert list(journal.journal_directory(place).iterdir()) == []


def test_a_crash_while_staging_leaves_every_file_old(
    layout: tuple[Path, Path, OperatorScope, list[Plan]], monkeypatch: pytest.MonkeyPatch
) -> None:
    root, place, scope, plans = layout
    real, staged = atomic.stage, [0]

    def stage_then_die(*args: object, **kwargs: object) -> atomic.Staged:
        staged[0] += 1
        if staged[0] == 5:
            raise Crash
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(atomic, "stage", stage_then_die)
    monkeypatch.setattr(journal, "drop_temps", lambda record, dirs: None)
    monkeypatch.setattr(journal.Journal, "finish", lambda self: None)
    with pytest.raises(Crash):
        write_all(plans, scope, [place])
    monkeypatch.undo()
    assert temps(root)
    assert journal.recover([place], write_check(scope)) == {"discarded": 1}
    assert state(root) == OLD
    assert temps(root) == []


def test_a_file_changed_since_the_crash_sends_the_batch_back(
    layout: tuple[Path, Path, OperatorScope, list[Plan]], monkeypatch: pytest.MonkeyPatch
) -> None:
    root, place, scope, plans = layout

    def die(count: int) -> None:
        if count == 2:
            raise Crash

    monkeypatch.setattr(faults, "after_rename", die)
    monkeypatch.setattr(batch_write, "_back", lambda record, dirs: None)
    with pytest.raises(Crash):
        write_all(plans, scope, [place])
    (root / "f5.py").write_text("someone else\n")  # never overwritten by a recovery
    assert journal.recover([place], write_check(scope)) == {"back": 1}
    expected = list(OLD)
    expected[5] = "someone else\n"
    assert state(root) == expected
    assert temps(root) == []


def test_a_failed_rename_puts_every_old_file_back_with_its_mode(
    layout: tuple[Path, Path, OperatorScope, list[Plan]], monkeypatch: pytest.MonkeyPatch
) -> None:
    root, place, scope, plans = layout
    (root / "f0.py").chmod(0o600)

    def fail(count: int) -> None:
        if count == 4:
            raise OSError("disk full")

    monkeypatch.setattr(faults, "after_rename", fail)
    with pytest.raises(OSError, match="disk full"):
        write_all(plans, scope, [place])
    assert state(root) == OLD
    assert (root / "f0.py").stat().st_mode & 0o777 == 0o600
    assert temps(root) == []
    assert list(journal.journal_directory(place).iterdir()) == []


def _hold(place: str, ready: object, release: object) -> None:
    with target_locks([Path(place)]):
        ready.set()  # type: ignore[attr-defined]
        release.wait(30)  # type: ignore[attr-defined]


def test_a_lock_held_by_another_process_excludes_until_it_is_released(tmp_path: Path) -> None:
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    (place,) = places_of([(tmp_path / "one" / "f.py", tmp_path / "one")])
    (other,) = places_of([(tmp_path / "two" / "f.py", tmp_path / "two")])
    context = multiprocessing.get_context("spawn")
    ready, release = context.Event(), context.Event()
    holder = context.Process(target=_hold, args=(str(place), ready, release))
    holder.start()
    try:
        assert ready.wait(30)
        with ExitStack() as stack:
            assert not try_locks([place], stack, wait_s=0.0)
        with ExitStack() as stack:  # another repository's lock is free
            assert try_locks([other], stack, wait_s=0.0)
    finally:
        release.set()
        holder.join(30)
    with ExitStack() as stack:
        assert try_locks([place], stack, wait_s=0.0)


def test_temp_files_are_never_ingested(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("A = 1\n")
    temp = atomic.temp_name("a.py")
    (tmp_path / temp).write_text("A = 2\n")
    (tmp_path / atomic.temp_name("a.py", "undo")).write_text("A = 0\n")
    walked = walk(tmp_path)
    assert [f.path for f in walked.files] == ["a.py"]
    assert check_path(tmp_path, temp) == "write_temp"


def test_a_journal_written_before_roots_were_recorded_is_still_replayed(
    layout: tuple[Path, Path, OperatorScope, list[Plan]],
) -> None:
    """An older record named its temps by absolute path and had no root: its directories are
    reached beneath `/` (its targets were canonical) and its temps by name."""
    root, place, scope, _ = layout
    target = root / "f0.py"
    temp = root / atomic.temp_name("f0.py")
    temp.write_text("new 0\n")
    old, new = content_hash(b"old 0\n"), content_hash(b"new 0\n")
    entry = {"target": str(target), "temp": str(temp), "undo": None,
             "old_hash": old, "new_hash": new}  # fmt: skip
    directory = journal.journal_directory(place)
    directory.mkdir(parents=True)
    record = directory / f"old{journal.JOURNAL_SUFFIX}"
    record.write_text(json.dumps({"state": "forward", "copies": [str(record)], "entries": [entry]}))
    assert journal.recover([place], write_check(scope)) == {"forward": 1}
    assert target.read_text() == "new 0\n"
    assert temps(root) == []


def test_a_journal_whose_directory_is_now_a_symlink_touches_nothing_through_it(
    layout: tuple[Path, Path, OperatorScope, list[Plan]], tmp_path: Path
) -> None:
    """A crashed write's directory replaced by a link to an outside one: recovery neither
    renames nor removes anything there, and the batch goes back."""
    root, place, scope, _ = layout
    (root / "sub").mkdir()
    (root / "sub" / "a.py").write_text("old\n")
    outside = tmp_path / "outside"
    outside.mkdir()
    temp = atomic.temp_name("a.py")
    (outside / temp).write_text("outside, same name\n")
    (outside / "a.py").write_text("old\n")
    entry = journal.Entry(str(root / "sub" / "a.py"), temp, None, content_hash(b"old\n"),
                          content_hash(b"new\n"), str(root))  # fmt: skip
    record = journal.begin([place], [entry])
    record.save("forward")
    (root / "sub").rename(root / "sub-away")
    (root / "sub").symlink_to(outside)
    assert journal.recover([place], write_check(scope)) == {"back": 1}
    assert sorted(p.name for p in outside.iterdir()) == sorted(["a.py", temp])
    assert (outside / "a.py").read_text() == "old\n"
