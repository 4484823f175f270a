"""Path safety without a database: hostile paths are refused with a field-naming error."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from coderooms.core.paths import MAX_PATH_CHARS, Root, resolve_target
from coderooms.errors import CoderoomsError, Forbidden, InvalidInput
from coderooms.scope.roots import FROM_FLAGS, OperatorScope


def served(*roots: Path, state: Path | None = None) -> OperatorScope:
    """The operator's scope, built directly: the layout keeps its state dir inside the repo,
    which `operator_scope` would refuse as a root."""
    return OperatorScope(tuple(r.resolve() for r in roots), FROM_FLAGS, (state,) if state else ())


@pytest.fixture
def layout(tmp_path: Path) -> tuple[Root, Path, Path]:
    root = tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "mod.py").write_text("x = 1\n")
    (root / ".git").mkdir()
    (root / ".git" / "config").write_text("[core]\n")
    (root / "sub" / ".git").mkdir(parents=True)
    (root / ".coderoomsignore").write_text("")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.py").write_text("s = 1\n")
    (root / "escape_dir").symlink_to(outside)
    (root / "escape_file.py").symlink_to(outside / "secret.py")
    (root / "abs_link").symlink_to("/etc")
    (root / "git_link").symlink_to(root / ".git")
    (root / "loop").symlink_to(root / "loop")
    home = root / "state-home"
    (home / "instances" / "default").mkdir(parents=True)
    (home / "instances" / "default" / "instance.json").write_text("{}")
    (root / "pkg" / "dir.py").mkdir()
    return Root("r", root.resolve()), outside, home


def hostile(root: Path, outside: Path) -> list[str]:
    parent = str(root.parent)
    return [
        "../outside/secret.py",
        "../../etc/passwd",
        "../" * 20 + "etc/passwd",
        "pkg/../../outside/secret.py",
        "pkg/../../../x.py",
        "./../x.py",
        "..",
        "../",
        ".",
        "./",
        "pkg/..",
        "pkg/../.",
        "/etc/passwd",
        "/etc/../etc/shadow",
        "/tmp/x.py",
        "/",
        "//etc/passwd",
        f"{outside}/secret.py",
        f"{parent}/outside/secret.py",
        f"{root}/../outside/secret.py",
        f"{root}/pkg/../../outside/x.py",
        str(root),
        f"{root}/",
        f"{root}/.",
        "escape_dir/secret.py",
        "escape_dir/new.py",
        "escape_file.py",
        "abs_link/passwd",
        "abs_link/new.conf",
        "git_link/config",
        "loop",
        "loop/x.py",
        f"{root}/escape_dir/secret.py",
        ".git/config",
        ".git/HEAD",
        ".git/hooks/pre-commit",
        "./.git/config",
        "pkg/../.git/config",
        "sub/.git/config",
        f"{root}/.git/config",
        ".hg/hgrc",
        ".svn/entries",
        ".coderoomsignore",
        "pkg/.coderoomsignore",
        "state-home/instances/default/instance.json",
        "state-home/new.py",
        "state-home",
        "pkg/dir.py",
        "pkg",
        "pkg/",
        "",
        "   ",
        "pkg/mod.py\x00.txt",
        "\x00",
        "pkg/\x1b[31mred.py",
        "pkg/line\nbreak.py",
        "pkg/tab\there.py",
        "pkg/evil\u202egnp.py",
        "pkg/\u2066isolate.py",
        "pkg/\udc80surrogate.py",
        "..\\..\\etc\\passwd",
        "pkg\\mod.py",
        "a/" * (MAX_PATH_CHARS // 2 + 1) + "x.py",
        "\u2025/x.py" + "/.." * 3 + "/../../etc/passwd",
    ]


HOSTILE_COUNT = 64


def test_there_are_at_least_fifty_hostile_paths(layout: tuple[Root, Path, Path]) -> None:
    root, outside, _ = layout
    assert len(hostile(root.root, outside)) == HOSTILE_COUNT >= 50


@pytest.mark.parametrize("index", range(HOSTILE_COUNT))
def test_hostile_path_is_refused_naming_the_field(
    layout: tuple[Root, Path, Path], index: int
) -> None:
    root, outside, home = layout
    paths = hostile(root.root, outside)
    with pytest.raises((Forbidden, InvalidInput)) as raised:
        resolve_target(
            [root], paths[index], scope=served(root.root, state=home), field="edits[3].path"
        )
    assert isinstance(raised.value, CoderoomsError)
    assert raised.value.field in {"edits[3].path", "repo"}
    assert raised.value.code in {"forbidden", "invalid_input"}


@pytest.mark.parametrize("bad", [None, 3, b"pkg/mod.py", ["pkg/mod.py"]])
def test_non_string_paths_are_invalid(layout: tuple[Root, Path, Path], bad: object) -> None:
    with pytest.raises(InvalidInput) as raised:
        resolve_target([layout[0]], bad, scope=served(layout[0].root))
    assert raised.value.field == "path"


def test_no_roots_means_no_writes(tmp_path: Path) -> None:
    with pytest.raises(Forbidden, match="no ingested repository"):
        resolve_target([], str(tmp_path / "a.py"), scope=served(tmp_path))


def test_a_server_without_roots_writes_nothing(layout: tuple[Root, Path, Path]) -> None:
    empty = OperatorScope((), "working directory", (), why_empty="started in /")
    with pytest.raises(Forbidden, match="this server has no roots: started in /"):
        resolve_target([layout[0]], "pkg/mod.py", scope=empty)


def test_an_ingest_root_outside_the_operators_roots_is_not_written(
    layout: tuple[Root, Path, Path], tmp_path: Path
) -> None:
    """The graph's `:Repo.root` is not trusted: the canonical target must be under a root the
    operator served."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    with pytest.raises(Forbidden, match="outside the roots this server was given"):
        resolve_target([layout[0]], "pkg/mod.py", scope=served(elsewhere))


def test_unknown_repo_is_refused(layout: tuple[Root, Path, Path]) -> None:
    with pytest.raises(InvalidInput) as raised:
        resolve_target([layout[0]], "pkg/mod.py", scope=served(layout[0].root), repo="other")
    assert raised.value.field == "repo"


def test_absolute_path_under_another_repo_is_refused(
    layout: tuple[Root, Path, Path], tmp_path: Path
) -> None:
    other = tmp_path / "other"
    other.mkdir()
    roots = [layout[0], Root("o", other.resolve())]
    with pytest.raises(Forbidden):
        resolve_target(roots, str(other / "x.py"), scope=served(tmp_path), repo="r")


def test_relative_path_with_several_roots_needs_a_repo(
    layout: tuple[Root, Path, Path], tmp_path: Path
) -> None:
    roots = [layout[0], Root("o", tmp_path.resolve())]
    with pytest.raises(InvalidInput) as raised:
        resolve_target(roots, "pkg/mod.py", scope=served(tmp_path))
    assert raised.value.field == "repo"


@pytest.mark.parametrize(
    ("path", "relative"),
    [
        ("pkg/mod.py", "pkg/mod.py"),
        ("./pkg/../pkg/mod.py", "pkg/mod.py"),
        ("pkg/new.py", "pkg/new.py"),
        ("new/deeper/file.py", "new/deeper/file.py"),
        ("ünïcode/ファイル.py", "ünïcode/ファイル.py"),
        (".gitignore", ".gitignore"),
        ("pkg/.github/x.yml", "pkg/.github/x.yml"),
    ],
)
def test_safe_paths_are_canonical(
    layout: tuple[Root, Path, Path], path: str, relative: str
) -> None:
    root = layout[0]
    target = resolve_target([root], path, scope=served(root.root, state=layout[2]))
    assert target.relative == relative
    assert target.absolute == root.root / relative


def test_absolute_path_picks_its_root(layout: tuple[Root, Path, Path]) -> None:
    root = layout[0]
    target = resolve_target([root], str(root.root / "pkg" / "mod.py"), scope=served(root.root))
    assert (target.repo, target.relative) == ("r", "pkg/mod.py")


def test_symlink_inside_the_root_writes_its_canonical_file(
    layout: tuple[Root, Path, Path],
) -> None:
    root = layout[0]
    os.symlink(root.root / "pkg" / "mod.py", root.root / "alias.py")
    assert resolve_target([root], "alias.py", scope=served(root.root)).relative == "pkg/mod.py"


GIT_SPELLINGS = [
    ".GIT/config",
    ".Git/config",
    ".git./config",
    ".git../config",
    ".git /config",
    ".git . /config",
    ".g\u200cit/config",
    ".git\ufeff/config",
    "\u00ad.git/config",
    "GIT~1/config",
    "git~2/config",
    ".git::$INDEX_ALLOCATION/config",
    "\uff0egit/config",
    ".HG/hgrc",
    "HG~1/hgrc",
    ".svn./entries",
    "SVN~1/entries",
    "pkg/.GIT/config",
    ".husky/pre-commit",
    ".HUSKY./pre-commit",
    "HUSKY~1/pre-commit",
    ".husky/_/h",
]


@pytest.mark.parametrize("path", GIT_SPELLINGS)
def test_vcs_and_hook_spellings_are_refused(layout: tuple[Root, Path, Path], path: str) -> None:
    root = layout[0]
    with pytest.raises(Forbidden, match="version-control state or hooks"):
        resolve_target([root], path, scope=served(root.root))


def test_core_hooks_path_is_refused_like_git(layout: tuple[Root, Path, Path]) -> None:
    root = layout[0]
    # `.githooks` is refused by name (scope.names.HOOK_DIR_NAMES); a name of the repo's own
    (root.root / ".git" / "config").write_text('[core]\n\thooksPath = ".ourhooks" # ours\n')
    with pytest.raises(Forbidden, match="hooks directory"):
        resolve_target([root], ".ourhooks/pre-commit", scope=served(root.root))
    with pytest.raises(Forbidden, match="hooks directory"):
        resolve_target([root], ".ourhooks/new/deeper", scope=served(root.root))
    # spelled as a case-insensitive or NTFS-like file system opens it
    for spelling in (".OURHOOKS/pre-commit", ".ourhooks./pre-commit", ".ourhooks /x", "OURHOO~1/x"):
        with pytest.raises(Forbidden, match="hooks directory"):
            resolve_target([root], spelling, scope=served(root.root))
    assert resolve_target([root], "ourhooks.md", scope=served(root.root)).relative == (
        "ourhooks.md"
    )
