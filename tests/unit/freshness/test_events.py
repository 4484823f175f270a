"""The watchdog callback only enqueues: routing of synthetic events, no observer, no I/O."""

from __future__ import annotations

from pathlib import Path

from watchdog.events import (
    DirCreatedEvent,
    DirDeletedEvent,
    DirMovedEvent,
    FileClosedEvent,
    FileCreatedEvent,
    FileDeletedEvent,
    FileModifiedEvent,
    FileMovedEvent,
)

from coderooms.freshness.changes import ChangeQueue
from coderooms.freshness.events import IGNORE_RULES_CHANGED, EventRouter


class Harness:
    def __init__(self, root: Path, outside_git: Path | None = None) -> None:
        self.root = str(root)
        self.queue = ChangeQueue([self.root])
        self.wakes = 0
        git_dirs = {str(outside_git): self.root} if outside_git else {}
        self.router = EventRouter(
            self.queue, [self.root], git_dirs=git_dirs, clock=lambda: 1.0, wake=self._wake
        )

    def _wake(self) -> None:
        self.wakes += 1

    def pending(self) -> dict[str, str]:
        return self.queue.take_ready(self.root, 99.0, 0.2).paths


def test_file_events_become_changes_and_deletes(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    (tmp_path / "a.py").write_text("x = 1\n")
    h.router.dispatch(FileCreatedEvent(str(tmp_path / "a.py")))
    h.router.dispatch(FileModifiedEvent(str(tmp_path / "a.py")))
    h.router.dispatch(FileClosedEvent(str(tmp_path / "a.py")))
    h.router.dispatch(FileDeletedEvent(str(tmp_path / "gone.py")))
    # a modification reported after the file vanished is a delete
    h.router.dispatch(FileModifiedEvent(str(tmp_path / "vanished.py")))
    assert h.pending() == {"a.py": "change", "gone.py": "delete", "vanished.py": "delete"}
    assert h.wakes == 5


def test_a_move_enqueues_both_paths(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "new.py").write_text("")
    h.router.dispatch(FileMovedEvent(str(tmp_path / "old.py"), str(tmp_path / "pkg" / "new.py")))
    assert h.pending() == {"old.py": "delete", "pkg/new.py": "change"}


def test_directories_are_never_enqueued(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.router.dispatch(DirCreatedEvent(str(tmp_path / "pkg")))
    h.router.dispatch(DirDeletedEvent(str(tmp_path / "old")))
    h.router.dispatch(DirMovedEvent(str(tmp_path / "src"), str(tmp_path / "dst")))
    batch = h.queue.take_ready(h.root, 99.0, 0.2)
    assert batch.paths == {}
    assert sorted(batch.gone_dirs) == ["old", "src"]  # their files are looked up in the graph


def test_git_directory_events_only_signal(tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere" / "worktrees" / "w"
    h = Harness(tmp_path / "root", outside_git=outside)
    h.router.dispatch(FileModifiedEvent(str(tmp_path / "root" / ".git" / "index")))
    h.router.dispatch(FileCreatedEvent(str(tmp_path / "root" / "sub" / ".git" / "HEAD")))
    assert h.queue.take_git_signal(h.root)
    h.router.dispatch(FileCreatedEvent(str(outside / "index.lock")))
    assert h.queue.take_git_signal(h.root)
    assert h.pending() == {}


def test_excluded_and_foreign_paths_are_dropped_and_counted(tmp_path: Path) -> None:
    h = Harness(tmp_path / "root")
    h.router.dispatch(FileModifiedEvent(str(tmp_path / "root" / "node_modules" / "m.js")))
    h.router.dispatch(FileModifiedEvent(str(tmp_path / "root" / "a" / "__pycache__" / "x.pyc")))
    h.router.dispatch(FileModifiedEvent(str(tmp_path / "rootless.py")))  # not under the root
    h.router.dispatch(FileModifiedEvent(str(tmp_path / "root" / "bad-\udcff.py")))
    assert h.pending() == {}
    counts = h.queue.counts()
    assert counts["events_excluded"] == 2
    assert counts["events_undecodable"] == 1


def test_a_build_compilation_database_is_watched_in_its_excluded_directory(
    tmp_path: Path,
) -> None:
    h = Harness(tmp_path / "root")
    h.router.dispatch(FileModifiedEvent(str(tmp_path / "root" / "build" / "compile_commands.json")))
    h.router.dispatch(FileModifiedEvent(str(tmp_path / "root" / "build" / "main.o.d")))
    assert list(h.pending()) == ["build/compile_commands.json"]
    assert h.queue.counts()["events_excluded"] == 1


def test_events_inside_a_python_environment_are_dropped_and_counted(tmp_path: Path) -> None:
    """`pip install` into a venv must not flood the queue; the stdlib's `venv` package (no
    marker) is source like any other."""
    root = tmp_path / "root"
    (root / "tools" / "py").mkdir(parents=True)
    (root / "tools" / "py" / "pyvenv.cfg").write_text("home = /usr\n")
    h = Harness(root)
    h.router.dispatch(FileCreatedEvent(str(root / "tools" / "py" / "lib" / "site.py")))
    h.router.dispatch(FileModifiedEvent(str(root / "venv" / "__init__.py")))
    assert list(h.pending()) == ["venv/__init__.py"]
    assert h.queue.counts()["events_excluded"] == 1


def test_an_ignore_file_change_asks_for_a_reconciliation(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    (tmp_path / ".gitignore").write_text("*.log\n")
    h.router.dispatch(FileModifiedEvent(str(tmp_path / ".gitignore")))
    assert h.queue.reconcile_reasons(h.root) == [IGNORE_RULES_CHANGED]


def test_unicode_paths_route(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    (tmp_path / "ünï code.py").write_text("")
    h.router.dispatch(FileCreatedEvent(str(tmp_path / "ünï code.py")))
    assert h.pending() == {"ünï code.py": "change"}


def test_a_broken_event_never_raises_into_watchdog(tmp_path: Path) -> None:
    h = Harness(tmp_path)
    h.router.dispatch(FileCreatedEvent(None))  # type: ignore[arg-type]
    assert h.pending() == {}
