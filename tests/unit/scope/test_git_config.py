"""`core.hooksPath` read from git config text, without running git."""

from __future__ import annotations

from pathlib import Path

import pytest

from coderooms.scope.git_config import hooks_dirs, hooks_paths, repos_around


@pytest.fixture(autouse=True)
def no_user_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The user's own ~/.gitconfig is not part of these tests."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))


def make_repo(root: Path, config: str) -> Path:
    (root / ".git").mkdir(parents=True)
    (root / ".git" / "config").write_text(config)
    return root


def test_hooks_path_with_quotes_comments_and_case(tmp_path: Path) -> None:
    repo = make_repo(
        tmp_path / "r",
        '[user]\n\tname = x\n[CORE]\n\tbare = false\n\tHooksPath = ".git hooks" ; why\n',
    )
    (found,) = repos_around(repo / "src")
    assert hooks_paths(found.git_dir) == [".git hooks"]
    assert hooks_dirs(found) == [repo / ".git hooks"]


def test_section_and_entry_on_one_line_and_continuations(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", "[core] hooksPath = .git\\\nhooks\n")
    (found,) = repos_around(repo)
    assert hooks_paths(found.git_dir) == [".githooks"]


def test_subsection_core_is_not_core(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", '[remote "core"]\n\thooksPath = nope\n')
    (found,) = repos_around(repo)
    assert hooks_paths(found.git_dir) == []


def test_includes_are_followed(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", "[include]\n\tpath = extra.cfg\n")
    (repo / ".git" / "extra.cfg").write_text('[includeIf "gitdir:/x/"]\n\tpath = more.cfg\n')
    (repo / ".git" / "more.cfg").write_text("[core]\nhooksPath=/opt/hooks\n")
    (found,) = repos_around(repo)
    assert hooks_paths(found.git_dir) == ["/opt/hooks"]


def test_an_include_loop_ends(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "r", "[include]\n\tpath = config\n[core]\n\thooksPath = h\n")
    (found,) = repos_around(repo)
    assert "h" in hooks_paths(found.git_dir)


def test_global_config_counts(tmp_path: Path) -> None:
    (tmp_path / "home" / ".gitconfig").write_text("[core]\n\thooksPath = ~/hooks\n")
    repo = make_repo(tmp_path / "r", "")
    (found,) = repos_around(repo)
    assert hooks_dirs(found) == [tmp_path / "home" / "hooks"]


def test_worktree_gitdir_file_and_nested_repos(tmp_path: Path) -> None:
    outer = make_repo(tmp_path / "outer", "[core]\n\thooksPath = outer-hooks\n")
    main_git = tmp_path / "store" / "worktrees" / "wt"
    main_git.mkdir(parents=True)
    (main_git / "commondir").write_text("../..\n")
    (tmp_path / "store" / "config").write_text("[core]\n\thooksPath = wt-hooks\n")
    inner = outer / "inner"
    inner.mkdir()
    (inner / ".git").write_text(f"gitdir: {main_git}\n")
    found = repos_around(inner / "src")
    assert [repo.worktree for repo in found] == [inner, outer]
    assert hooks_dirs(found[0]) == [inner / "wt-hooks"]
    assert hooks_dirs(found[1]) == [outer / "outer-hooks"]
