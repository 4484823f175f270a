"""Issue 29, class 1: every git process coderooms runs is pinned to the repository found once
for a root, and nothing written in a work tree (a planted git directory, a config file the
repository includes, `.gitattributes`) makes it run a program."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from coderooms.core.git import (
    DROPPED_ENV,
    PINNED_CONFIG,
    GitRepository,
    NoRepository,
    filter_drivers,
    find_repository,
    git_command,
    git_env,
    run_git,
)
from coderooms.core.git_dirs import LocatedGitDir, RefusedGitDir, locate_git_dir
from coderooms.freshness.gitstate import changed_paths, probe_layout, read_head
from coderooms.impact.git_diff import read_diff
from coderooms.impact.revisions import RevisionRange, Working
from coderooms.ingest.git_history import NoHistory, locate_work_tree, read_commits
from tests.unit.redteam.planting import (
    MISSING_COMMIT,
    Planted,
    git,
    make_repo,
    move_planted_ref,
    plant,
)


@pytest.fixture
def planted(tmp_path: Path) -> Planted:
    top = tmp_path / "repo"
    make_repo(top)
    return plant(top, tmp_path / "markers")


def test_plain_git_would_run_the_planted_programs(planted: Planted) -> None:
    """The fixture is live: git as a person runs it (discovery from `sub/inner`) fires."""
    subprocess.run(
        ["git", "status"], cwd=planted.inner, capture_output=True, timeout=30, check=False
    )
    assert planted.fired() != []


def test_a_folder_under_a_planted_git_directory_gets_no_git(planted: Planted) -> None:
    found = find_repository(planted.inner)
    assert isinstance(found, NoRepository)
    assert found.refused
    assert "implicit bare repository" in found.why
    assert probe_layout(planted.inner) is None
    assert isinstance(locate_work_tree(planted.inner), NoHistory)
    with pytest.raises(Exception, match="no git diff to read"):
        read_diff(planted.inner, Working())
    move_planted_ref(planted, git(planted.top, "rev-parse", "HEAD"))  # a ref git can read now
    itself = find_repository(planted.planted)
    assert isinstance(itself, NoRepository)
    assert itself.refused
    assert probe_layout(planted.inner) is None
    assert planted.fired() == []


def test_the_real_root_runs_nothing_its_work_tree_configures(planted: Planted) -> None:
    top = planted.top
    layout = probe_layout(top)
    assert layout is not None
    assert layout.git_dir == top / ".git"
    assert layout.filter_drivers == ("evil",)  # defined by the included team.gitconfig
    first = git(top, "rev-list", "--max-parents=0", "HEAD")
    head = read_head(layout)
    assert head == git(top, "rev-parse", "HEAD")
    (top / "pkg" / "a.py").write_text("def a():\n    return 3\n")
    changes = changed_paths(layout, first, head)
    assert changes.error is None
    assert {"pkg/a.py", "pkg/b.py", "team.gitconfig", "sub/HEAD"} <= changes.paths
    diff = read_diff(top, Working())
    assert "pkg/a.py" in [change.path for change in diff.files]
    ranged = read_diff(top, RevisionRange(base="HEAD~1", end="HEAD", symmetric=False))
    assert [change.path for change in ranged.files] == ["pkg/b.py"]
    location = locate_work_tree(top)
    assert not isinstance(location, NoHistory)
    assert len(read_commits(top, location, 10)) == 2
    assert planted.fired() == []


def test_a_gitfile_naming_a_directory_in_its_own_work_tree_is_refused(tmp_path: Path) -> None:
    top = tmp_path / "repo"
    make_repo(top)
    hidden = top / "data"
    subprocess.run(["git", "clone", "-q", "--bare", str(top), str(hidden)], check=True)
    other = tmp_path / "other"
    other.mkdir()
    (other / ".git").write_text(f"gitdir: {hidden}\n")
    assert isinstance(locate_git_dir(other), LocatedGitDir)  # outside its work tree: a person's
    (top / ".git").rename(tmp_path / "moved.git")
    (top / ".git").write_text(f"gitdir: {tmp_path / 'moved.git'}\n")  # a separate git dir
    assert isinstance(locate_git_dir(top), LocatedGitDir)
    (top / ".git").write_text("gitdir: data\n")  # the work tree's own folder `data`
    refused = locate_git_dir(top / "pkg")
    assert isinstance(refused, RefusedGitDir)
    assert "outside any .git directory" in refused.why


def test_worktrees_and_submodules_keep_their_git(tmp_path: Path) -> None:
    top = tmp_path / "repo"
    make_repo(top)
    tree = tmp_path / "tree"
    git(top, "worktree", "add", "-q", "--detach", str(tree))
    found = find_repository(tree / "pkg")
    assert isinstance(found, GitRepository)
    assert found.prefix == "pkg/"
    assert found.common_dir == top / ".git"
    modules = top / ".git" / "modules" / "lib"
    subprocess.run(["git", "clone", "-q", "--bare", str(top), str(modules)], check=True)
    (top / "lib").mkdir()
    (top / "lib" / ".git").write_text("gitdir: ../.git/modules/lib\n")
    located = locate_git_dir(top / "lib")
    assert isinstance(located, LocatedGitDir)
    assert located.git_dir == modules


def test_every_command_is_pinned(planted: Planted, monkeypatch: pytest.MonkeyPatch) -> None:
    found = find_repository(planted.top)
    assert isinstance(found, GitRepository)
    command = git_command(found, ["status"])
    assert command[1:3] == [f"--git-dir={planted.top / '.git'}", f"--work-tree={planted.top}"]
    for setting in (*PINNED_CONFIG, "filter.evil.clean=", "filter.evil.process="):
        assert setting in command
    monkeypatch.setenv("GIT_DIR", str(planted.planted))
    monkeypatch.setenv("GIT_CONFIG_PARAMETERS", "'core.fsmonitor'='true'")
    monkeypatch.setenv("GIT_CONFIG_KEY_0", "core.fsmonitor")
    env = git_env(found)
    assert not set(DROPPED_ENV) & set(env)
    assert "GIT_CONFIG_KEY_0" not in env
    assert env["GIT_CEILING_DIRECTORIES"] == str(planted.top.parent)
    assert env["GIT_ALLOW_PROTOCOL"] == ""
    done = run_git(found, ["rev-parse", "--absolute-git-dir"], 10)
    assert done.stdout.decode().strip() == str(planted.top / ".git")
    assert planted.fired() == []


def test_no_transport_runs_even_when_the_config_allows_it(planted: Planted) -> None:
    found = find_repository(planted.top)
    assert isinstance(found, GitRepository)
    done = run_git(found, ["fetch", "origin", MISSING_COMMIT], 10)
    assert done.returncode != 0
    assert b"not allowed" in done.stderr
    assert planted.fired() == []


def test_filter_drivers_are_read_from_the_listed_config() -> None:
    listed = (
        b"core.bare\nfalse\0filter.lfs.clean\ngit-lfs clean -- %f\0filter.lfs.required\ntrue\0"
        b"filter.My.Odd.Name.process\nx\0diff.evil.textconv\ny\0filter.bare\nz\0"
    )
    assert filter_drivers(listed) == ("My.Odd.Name", "lfs")


@pytest.mark.skipif(os.geteuid() != 0, reason="changing a file's owner needs root")
def test_a_repository_another_user_owns_is_refused_as_git_refuses_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pinning `--git-dir` skips git's own ownership check (`safe.directory`), which runs only
    when git looks for a repository: the confirming `rev-parse` looks, so the check holds."""
    monkeypatch.setenv("HOME", str(tmp_path / "home"))  # no safe.directory of the operator's
    monkeypatch.delenv("SUDO_UID", raising=False)
    top = tmp_path / "repo"
    make_repo(top)
    for path in (top, *top.rglob("*")):
        os.chown(path, 65534, 65534, follow_symlinks=False)
    found = find_repository(top / "pkg")
    assert isinstance(found, NoRepository)
    assert "dubious ownership" in found.why
