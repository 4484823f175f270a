"""Issue 29, class 2 (and the write half of class 1): no write makes or changes a git directory,
writes a file the repository's git config includes, or configures a hook manager; ordinary
files with the same words in their names still write. And no root lies in a git directory."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from coderooms.core.git_dirs import git_directory_holding, is_git_directory
from coderooms.errors import Forbidden
from coderooms.scope.git_writes import git_structure_refusal
from coderooms.scope.names import HOOK_CONFIG_NAMES, hook_config_name
from coderooms.scope.roots import OperatorScope, operator_scope, root_refusal


@pytest.fixture(autouse=True)
def no_user_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = (tmp_path / "repo").resolve()
    (root / ".git" / "objects").mkdir(parents=True)
    (root / ".git" / "refs").mkdir()
    (root / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (root / ".git" / "config").write_text(
        "[core]\n\tbare = false\n[include]\n\tpath = ../team.gitconfig\n"
        '[includeIf "gitdir:~/work/"]\n\tpath = ../config/git/extra.cfg\n'
    )
    (root / "config" / "git").mkdir(parents=True)
    (root / "config" / "git" / "extra.cfg").write_text("[include]\n\tpath = deeper.cfg\n")
    return root


def scope(repo: Path, *, allow_hook_config: bool = False) -> OperatorScope:
    return operator_scope(
        [repo], state_dirs=(repo.parent / "state",), allow_hook_config=allow_hook_config
    )


def refused(repo: Path, relative: str, **kw: bool) -> str:
    with pytest.raises(Forbidden) as raised:
        scope(repo, **kw).check_write(repo / relative, relative, "path")
    return str(raised.value)


def allowed(repo: Path, relative: str, **kw: bool) -> None:
    scope(repo, **kw).check_write(repo / relative, relative, "path")


@pytest.mark.parametrize(
    "relative",
    [
        "sub/HEAD",
        "HEAD",
        "sub/head",  # a case-insensitive file system opens HEAD
        "sub/HEAD.",  # NTFS drops trailing dots
        "sub/HEAD::$DATA",  # NTFS stream
        "sub/H\u200cEAD",  # an ignorable code point
        "sub/commondir",
        "deep/er/COMMONDIR",
    ],
)
def test_the_files_that_make_a_git_directory_are_never_written(repo: Path, relative: str) -> None:
    assert "git directory" in refused(repo, relative)


def test_objects_and_refs_beside_an_existing_head_are_refused(repo: Path) -> None:
    (repo / "sub").mkdir()
    (repo / "sub" / "HEAD").write_text("ref: refs/heads/main\n")  # a checkout put it there
    for relative in ("sub/objects/info/alternates", "sub/refs/heads/main", "sub/OBJECTS/x"):
        assert "would make it a git directory" in refused(repo, relative)
    allowed(repo, "sub/config")  # without objects/ and refs/ no git directory
    allowed(repo, "sub/src/refs/x.ts")  # no HEAD beside this refs/


def test_nothing_is_written_inside_an_existing_git_directory(repo: Path) -> None:
    bare = repo / "tests" / "fixtures" / "a.git"
    for folder in ("objects", "refs", "hooks", "info"):
        (bare / folder).mkdir(parents=True)
    (bare / "HEAD").write_text("ref: refs/heads/main\n")
    for relative in ("config", "hooks/pre-commit", "info/attributes", "packed-refs", "x/y.py"):
        assert "is a git directory" in refused(repo, f"tests/fixtures/a.git/{relative}")
    worktree_dir = repo / "wt-admin"  # a worktree's git directory: HEAD and commondir
    worktree_dir.mkdir()
    (worktree_dir / "HEAD").write_text("0" * 40 + "\n")
    (worktree_dir / "commondir").write_text("../.git\n")
    assert "is a git directory" in refused(repo, "wt-admin/config.worktree")


@pytest.mark.parametrize(
    "relative",
    ["sub/.git", ".git", "a/.GIT", "a/.git.", "a/GIT~1"],  # a gitfile (`gitdir: ...`) anywhere
)
def test_a_git_file_is_never_written(repo: Path, relative: str) -> None:
    assert "version-control state" in refused(repo, relative)


def test_files_the_git_config_includes_are_never_written(repo: Path) -> None:
    for relative in ("team.gitconfig", "TEAM.GITCONFIG", "config/git/extra.cfg"):
        assert "git config includes" in refused(repo, relative)
    # included by an included file, and not there yet: refused all the same
    assert "git config includes" in refused(repo, "config/git/deeper.cfg")
    allowed(repo, "config/git/other.cfg")


def test_the_global_config_counts_too(repo: Path) -> None:
    Path(os.environ["HOME"], ".gitconfig").write_text(f"[include]\n\tpath = {repo}/shared.cfg\n")
    assert "git config includes" in refused(repo, "shared.cfg")


@pytest.mark.parametrize(
    "relative",
    [
        ".pre-commit-config.yaml",
        ".pre-commit-config.yml",
        ".pre-commit-hooks.yaml",
        "lefthook.yml",
        ".lefthook.toml",
        ".config/lefthook.yml",
        "lefthook-local.yaml",
        "LEFTHOOK.YML",
        "LEFTHO~1.YML",  # an 8.3 short name
        "nested/project/.pre-commit-config.yaml",
        ".overcommit.yml",
        "captainhook.json",
        ".simple-git-hooks.json",
        "simple-git-hooks.cjs",
        ".huskyrc",
        ".huskyrc.json",
        "husky.config.js",
        ".lintstagedrc",
        "lint-staged.config.mjs",
        "hk.pkl",
        "prek.toml",
    ],
)
def test_hook_manager_configuration_is_refused(repo: Path, relative: str) -> None:
    assert "hook-manager configuration" in refused(repo, relative)
    allowed(repo, relative, allow_hook_config=True)  # the operator's opt-in


@pytest.mark.parametrize(
    "relative",
    [".husky/pre-commit", ".lefthook/pre-commit/lint.sh", ".git-hooks/pre_commit/x.rb",
     ".githooks/pre-push", ".cargo-husky/hooks/pre-commit", ".lefthook-local/x"],
)  # fmt: skip
def test_hook_script_directories_are_refused_even_with_the_opt_in(
    repo: Path, relative: str
) -> None:
    assert "hooks" in refused(repo, relative, allow_hook_config=True)


@pytest.mark.parametrize(
    "relative",
    ["config.py", "src/config", "config", "docs/HEAD.md", "refs.py", "src/refs/index.ts",
     "objects/x.json", "packed-refs.md", "index", "package.json", "pre-commit-config.md",
     "lefthook.md", "src/hooks/useThing.ts", "gitdir.txt", "team.gitconfig.example"],
)  # fmt: skip
def test_ordinary_files_still_write(repo: Path, relative: str) -> None:
    allowed(repo, relative)


def test_the_rule_names_no_git_directory_where_there_is_none(repo: Path) -> None:
    (repo / "objects").mkdir()
    (repo / "refs").mkdir()  # a project with folders called objects and refs, and no HEAD
    assert git_structure_refusal(repo / "refs" / "x.py", repo) is None
    assert not is_git_directory(repo)


def test_every_hook_config_name_is_folded_to_itself() -> None:
    for name in HOOK_CONFIG_NAMES:
        assert name == name.lower()
        assert hook_config_name(name) == name


def test_no_root_lies_in_a_git_directory(tmp_path: Path) -> None:
    state = (tmp_path / "state",)
    planted = tmp_path / "repo" / "sub"
    for folder in ("objects", "refs/heads", "inner/deeper"):
        (planted / folder).mkdir(parents=True)
    (planted / "HEAD").write_text("ref: refs/heads/main\n")
    assert git_directory_holding(planted / "inner" / "deeper") == planted
    for root in (planted, planted / "inner", planted / "inner" / "deeper"):
        why = root_refusal(root, state)
        assert why is not None
        assert "git directory" in why
    worktree_dir = tmp_path / "repo" / "wt"  # commondir-style: HEAD and commondir
    (worktree_dir / "x").mkdir(parents=True)
    (worktree_dir / "HEAD").write_text("0" * 40 + "\n")
    (worktree_dir / "commondir").write_text("../.git\n")
    assert root_refusal(worktree_dir / "x", state) is not None
    assert root_refusal(tmp_path / "repo", state) is None
