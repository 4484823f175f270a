"""Git layout, operations in progress, HEAD and changed paths, on real repositories."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from coderooms.freshness.gitstate import (
    changed_paths,
    operation_in_progress,
    probe_layout,
    read_head,
)


def git(cwd: Path, *args: str) -> str:
    done = subprocess.run(
        [
            "git",
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "-c",
            "init.defaultBranch=main",
            *args,
        ],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    git(root, "init", "-q")
    (root / "a.py").write_text("a = 1\n")
    (root / "sub").mkdir()
    (root / "sub" / "b.py").write_text("b = 1\n")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "one")
    return root


def test_a_plain_directory_has_no_layout(tmp_path: Path) -> None:
    assert probe_layout(tmp_path) is None


def test_head_is_read_from_files_and_agrees_with_git(repo: Path) -> None:
    layout = probe_layout(repo)
    assert layout is not None
    assert layout.prefix == ""
    assert read_head(layout) == git(repo, "rev-parse", "HEAD")
    git(repo, "pack-refs", "--all")  # the branch now lives in packed-refs only
    assert read_head(layout) == git(repo, "rev-parse", "HEAD")
    git(repo, "checkout", "-q", "--detach")
    assert read_head(layout) == git(repo, "rev-parse", "HEAD")


def test_an_unborn_branch_has_no_head(tmp_path: Path) -> None:
    git(tmp_path, "init", "-q")
    layout = probe_layout(tmp_path)
    assert layout is not None
    assert read_head(layout) is None


@pytest.mark.parametrize(
    ("marker", "operation"),
    [
        ("rebase-merge/", "rebase"),
        ("rebase-apply/", "rebase"),
        ("MERGE_HEAD", "merge"),
        ("CHERRY_PICK_HEAD", "cherry-pick"),
        ("REVERT_HEAD", "revert"),
        ("BISECT_LOG", "bisect"),
        ("index.lock", "index.lock"),
    ],
)
def test_operations_in_progress_are_seen(repo: Path, marker: str, operation: str) -> None:
    layout = probe_layout(repo)
    assert layout is not None
    assert operation_in_progress(layout) is None
    path = repo / ".git" / marker.rstrip("/")
    if marker.endswith("/"):
        path.mkdir()
    else:
        path.write_text("")
    assert operation_in_progress(layout) == operation


def test_a_worktree_whose_git_is_a_file(repo: Path, tmp_path: Path) -> None:
    tree = tmp_path / "tree"
    git(repo, "worktree", "add", "-q", "--detach", str(tree))
    assert (tree / ".git").is_file()
    layout = probe_layout(tree)
    assert layout is not None
    assert layout.git_dir != layout.common_dir
    assert not layout.git_dir.is_relative_to(tree)
    assert read_head(layout) == git(tree, "rev-parse", "HEAD")
    (layout.git_dir / "index.lock").write_text("")
    assert operation_in_progress(layout) == "index.lock"


def test_changed_paths_are_the_diff_plus_the_working_tree(repo: Path) -> None:
    layout = probe_layout(repo)
    assert layout is not None
    first = git(repo, "rev-parse", "HEAD")
    (repo / "sub" / "b.py").write_text("b = 2\n")
    (repo / "c.py").write_text("c = 1\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "two")
    second = git(repo, "rev-parse", "HEAD")
    (repo / "a.py").write_text("a = 2\n")  # modified, not committed
    (repo / "new dir").mkdir()
    (repo / "new dir" / "ü.py").write_text("")  # untracked, in an untracked directory
    changes = changed_paths(layout, first, second)
    assert changes.error is None
    assert changes.paths == {"sub/b.py", "c.py", "a.py", "new dir/ü.py"}


def test_changed_paths_of_a_subdirectory_root_are_relative_to_it(repo: Path) -> None:
    root = repo / "sub"
    layout = probe_layout(root)
    assert layout is not None
    assert layout.prefix == "sub/"
    first = git(repo, "rev-parse", "HEAD")
    (root / "b.py").write_text("b = 3\n")
    (repo / "a.py").write_text("outside the root\n")
    changes = changed_paths(layout, first, first)
    assert changes.paths == {"b.py"}


def test_an_unknown_commit_is_an_error_not_an_exception(repo: Path) -> None:
    layout = probe_layout(repo)
    assert layout is not None
    changes = changed_paths(layout, "0" * 40, git(repo, "rev-parse", "HEAD"))
    assert changes.error is not None
    assert "git diff" in changes.error
