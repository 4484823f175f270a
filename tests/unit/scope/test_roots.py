"""The operator's scope: which roots may be served or asked for, and where writes may go."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from coderooms.config import Settings
from coderooms.errors import Forbidden, InvalidInput
from coderooms.scope.roots import (
    FROM_FLAGS,
    FROM_WORKING_DIRECTORY,
    OperatorScope,
    operator_scope,
    root_refusal,
)
from coderooms.scope.served import served_scope


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    (root / ".git").mkdir()
    (root / ".git" / "config").write_text("[core]\n")
    (tmp_path / "outside").mkdir()
    return root.resolve()


@pytest.fixture
def state(tmp_path: Path) -> Path:
    return tmp_path / "state" / "coderooms"


def scope_of(repo: Path, state: Path) -> OperatorScope:
    return operator_scope([repo], state_dirs=(state,))


def test_root_refusals(repo: Path, state: Path) -> None:
    home = Path.home().resolve()
    assert root_refusal(Path("/"), (state,)) == "it is the file system root"
    assert root_refusal(home, (state,)) == "it is the home directory"
    assert "holds coderooms' state" in (root_refusal(state.parent.resolve(), (state,)) or "")
    assert "holds coderooms' state" in (root_refusal(state.resolve(), (state,)) or "")
    assert "version-control state" in (root_refusal(repo / ".git", (state,)) or "")
    assert "version-control state" in (root_refusal(repo / ".GIT." / "x", (state,)) or "")
    assert root_refusal(repo, (state,)) is None
    bare = repo.parent / "bare"
    for entry in ("objects", "refs"):
        (bare / entry).mkdir(parents=True)
    (bare / "HEAD").write_text("ref: refs/heads/main\n")
    assert "git directory" in (root_refusal(bare, (state,)) or "")


@pytest.mark.parametrize("bad", ["/", "~", "/etc/..", "~/"])
def test_operator_roots_that_may_not_be_roots_stop_the_server(bad: str, state: Path) -> None:
    with pytest.raises(InvalidInput) as raised:
        operator_scope([Path(bad)], state_dirs=(state,))
    assert raised.value.field == "--root"


def test_operator_root_must_be_a_directory(repo: Path, state: Path) -> None:
    with pytest.raises(InvalidInput, match="not a directory"):
        operator_scope([repo / "missing"], state_dirs=(state,))


def test_without_roots_the_working_directory_is_the_root(repo: Path, state: Path) -> None:
    scope = operator_scope([], state_dirs=(state,), cwd=repo)
    assert (scope.roots, scope.source) == ((repo,), FROM_WORKING_DIRECTORY)


@pytest.mark.parametrize("cwd", ["/", "~"])
def test_a_working_directory_that_may_not_be_a_root_leaves_the_scope_empty(
    cwd: str, state: Path
) -> None:
    scope = operator_scope([], state_dirs=(state,), cwd=Path(os.path.expanduser(cwd)))
    assert scope.roots == ()
    assert "started without --root" in scope.why_empty
    with pytest.raises(Forbidden, match="this server has no roots") as raised:
        scope.agent_roots(None)
    assert "serve --root" in raised.value.hint


def test_agent_roots_default_to_the_served_ones(repo: Path, state: Path) -> None:
    scope = scope_of(repo, state)
    assert scope.source == FROM_FLAGS
    assert scope.agent_roots(None) == [repo]
    with pytest.raises(InvalidInput, match="omit it"):
        scope.agent_roots([])
    assert scope.agent_roots([str(repo / "pkg"), "pkg", "."]) == [repo / "pkg", repo / "pkg", repo]


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        ("", InvalidInput),
        ("   ", InvalidInput),
        (3, InvalidInput),
        ("pkg\x00", InvalidInput),
        ("/", Forbidden),
        ("~", Forbidden),
        ("~/", Forbidden),
        ("..", Forbidden),
        ("../outside", Forbidden),
        ("/etc", Forbidden),
        ("/proc", Forbidden),
        (".git", Forbidden),
        (".GIT", Forbidden),
        ("GIT~1", Forbidden),
        (".git/hooks", Forbidden),
        ("pkg/../.git", Forbidden),
        ("missing", InvalidInput),
    ],
)
def test_agent_roots_outside_or_dangerous_are_refused(
    repo: Path, state: Path, value: object, kind: type[Exception]
) -> None:
    with pytest.raises(kind) as raised:
        scope_of(repo, state).agent_roots([str(repo / "pkg"), value])
    assert getattr(raised.value, "field", None) == "roots[1]"


def test_a_symlink_out_of_the_root_is_outside(repo: Path, state: Path) -> None:
    (repo / "out").symlink_to(repo.parent / "outside")
    with pytest.raises(Forbidden, match="outside the roots"):
        scope_of(repo, state).agent_root("out", "roots[0]")


def test_the_state_directory_and_its_parents_are_refused(repo: Path) -> None:
    state = repo / "pkg" / ".coderooms"
    state.mkdir()
    scope = OperatorScope((repo,), FROM_FLAGS, (state,))
    for value in (str(repo / "pkg"), str(state), str(state / "deeper")):
        with pytest.raises(Forbidden, match="state directory"):
            scope.agent_root(value, "roots[0]")


def test_stored_roots_are_allowed_only_under_the_served_ones(repo: Path, state: Path) -> None:
    scope = scope_of(repo, state)
    assert scope.allows_root(repo / "pkg")
    assert not scope.allows_root(repo.parent / "outside")
    assert not scope.allows_root(repo / ".git")


def test_writes_are_checked_at_their_canonical_path(repo: Path, state: Path) -> None:
    scope = scope_of(repo, state)
    scope.check_write(repo / "pkg" / "mod.py", "pkg/mod.py", "path")
    for path in (repo.parent / "outside" / "x.py", repo / ".git" / "config", repo / "GIT~1" / "x"):
        with pytest.raises(Forbidden):
            scope.check_write(path, str(path), "path")


def test_hooks_path_at_the_worktree_refuses_only_files_directly_in_it(
    repo: Path, state: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(repo.parent))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(repo.parent / "xdg"))
    (repo / ".git" / "config").write_text("[core]\n\thooksPath = .\n")
    scope = scope_of(repo, state)
    with pytest.raises(Forbidden, match="hooks directory"):
        scope.check_write(repo / "pre-commit", "pre-commit", "path")
    scope.check_write(repo / "pkg" / "pre-commit", "pkg/pre-commit", "path")


def test_settings_give_the_scope(repo: Path, state: Path) -> None:
    scope = served_scope(Settings(roots=[repo], home=state, allow_exec_bit=True))
    assert scope.roots == (repo,)
    assert scope.allow_exec_bit
    assert scope.describe() == {
        "roots": [str(repo)], "source": "--root", "exec_bit_kept": True,
        "hook_config_writable": False,
    }  # fmt: skip
    allowing = served_scope(Settings(roots=[repo], home=state, allow_hook_config=True))
    assert allowing.describe()["hook_config_writable"] is True


def test_roots_from_the_environment(repo: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CODEROOMS_ROOTS", f"{repo}{os.pathsep}{repo / 'pkg'}")
    assert Settings().roots == [repo, repo / "pkg"]


def test_a_refusal_never_names_where_an_agent_root_resolved_outside(
    repo: Path, state: Path
) -> None:
    """An agent's root linked into coderooms' state directory (outside every served root) is
    refused as outside, without naming that directory."""
    state.mkdir(parents=True)
    (repo / "pkg" / "away").symlink_to(state)
    with pytest.raises(Forbidden, match="outside the roots") as raised:
        scope_of(repo, state).agent_root("pkg/away", "roots[0]")
    assert str(state) not in raised.value.message
