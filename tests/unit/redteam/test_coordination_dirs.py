"""Issue 29, class 7, without a database: where a file's writers meet (edits/locks.py) depends
on the file's place only, never on a server's state directory; a spawned process with another
home is excluded by the lock; agents can neither write nor have ingested what is kept there."""

from __future__ import annotations

import multiprocessing
import subprocess
from contextlib import ExitStack
from pathlib import Path

import pytest

from coderooms.core.paths import Root, resolve_target
from coderooms.edits.locks import (
    GIT_DIR_COORDINATION,
    ROOT_COORDINATION,
    coordination_dir,
    places_of,
    target_locks,
    try_locks,
)
from coderooms.errors import Forbidden
from coderooms.ingest.targeted import check_path
from coderooms.ingest.walker import walk
from coderooms.scope.roots import FROM_FLAGS, OperatorScope


def test_a_file_in_a_git_work_tree_meets_in_its_git_dir(tmp_path: Path) -> None:
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    deep = tmp_path / "repo" / "pkg" / "not" / "made" / "yet"
    expected = tmp_path / "repo" / ".git" / GIT_DIR_COORDINATION
    # the repo root an ingest chose (a subdirectory, the work tree) does not matter
    assert coordination_dir(deep, tmp_path / "repo" / "pkg") == expected
    assert coordination_dir(deep, tmp_path / "repo") == expected


def test_a_linked_worktree_meets_in_the_git_dir_its_git_file_names(tmp_path: Path) -> None:
    git_dir = tmp_path / "main" / ".git" / "worktrees" / "wt"
    git_dir.mkdir(parents=True)
    (tmp_path / "wt").mkdir()
    (tmp_path / "wt" / ".git").write_text(f"gitdir: {git_dir}\n")
    assert coordination_dir(tmp_path / "wt" / "src", tmp_path / "wt") == (
        git_dir / GIT_DIR_COORDINATION
    )


def test_a_root_without_git_meets_in_a_hidden_directory_git_and_the_walker_ignore(
    tmp_path: Path,
) -> None:
    root = tmp_path / "plain"
    root.mkdir()
    (root / "a.py").write_text("A = 1\n")
    (place,) = places_of([(root / "sub" / "b.py", root)])
    assert place == root / ROOT_COORDINATION
    (place / "journal").mkdir()
    (place / "journal" / "x.json").write_text("{}")
    assert [f.path for f in walk(root).files] == ["a.py"]
    assert check_path(root, f"{ROOT_COORDINATION}/journal/x.py") == "excluded"
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    status = subprocess.run(
        ["git", "-C", str(root), "status", "--porcelain", "--untracked-files=all"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert status.stdout.splitlines() == ["?? a.py"]


@pytest.mark.parametrize(
    "path", [".coderooms/journal/x.json", ".coderooms/write.lock", ".CODEROOMS/x", "a/.coderooms/x"]
)
def test_agents_never_write_a_coordination_directory(tmp_path: Path, path: str) -> None:
    root = tmp_path / "plain"
    root.mkdir()
    scope = OperatorScope((root,), FROM_FLAGS, ())
    with pytest.raises(Forbidden):
        resolve_target([Root("r", root)], path, scope=scope)


def _hold(place: str, ready: object, release: object) -> None:
    with target_locks([Path(place)]):
        ready.set()  # type: ignore[attr-defined]
        release.wait(30)  # type: ignore[attr-defined]


def test_a_process_of_another_home_holding_a_repos_lock_excludes_this_one(
    tmp_path: Path,
) -> None:
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    (place,) = places_of([(tmp_path / "repo" / "f.py", tmp_path / "repo")])
    context = multiprocessing.get_context("spawn")
    ready, release = context.Event(), context.Event()
    holder = context.Process(target=_hold, args=(str(place), ready, release))
    holder.start()
    try:
        assert ready.wait(30)
        # another spelling of the same directory (a bind mount's path): the same lock
        (tmp_path / "mounted").symlink_to(tmp_path / "repo")
        (same,) = places_of([(tmp_path / "mounted" / "g.py", tmp_path / "mounted")])
        with ExitStack() as stack:
            assert not try_locks([same], stack, wait_s=0.0)
    finally:
        release.set()
        holder.join(30)
    with ExitStack() as stack:
        assert try_locks([place], stack, wait_s=0.0)
