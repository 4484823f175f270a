"""Git directories read as files: which directories git could take for one, and which
repository a directory lies in, found without running git (so nothing a config names can run
while we look).

git looks for a repository by walking up from its working directory: in each folder it takes
`.git` (a git directory, or a file `gitdir: <path>` naming one), else the folder itself when it
is a git directory: an *implicit bare repository*. That second way is how a directory planted in
a work tree (a checkout may hold `HEAD`, `config`, `objects/` and `refs/`; so could an agent's
writes) becomes the repository of every git command run below it, with its own
`core.fsmonitor`. `locate_git_dir` takes the first way only, like git with
`safe.bareRepository=explicit`, and refuses a repository whose git directory lies in its own
work tree without being a `.git` (or inside one).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

DOT_GIT = ".git"
MAX_GITFILE_BYTES = 4096
"""A `.git` file (or `commondir`) longer than this is not a pointer git wrote."""


@dataclass(frozen=True, slots=True)
class LocatedGitDir:
    work_tree: Path
    """The folder holding `.git`: the top level of the work tree (canonical)."""
    git_dir: Path
    """`<work_tree>/.git`, or the directory a `.git` file names (canonical)."""


@dataclass(frozen=True, slots=True)
class RefusedGitDir:
    why: str
    """The git directory git would use here, and why coderooms runs no git on it."""


def is_git_directory(path: Path) -> bool:
    """Whether git could take `path` for a git directory: it holds `HEAD`, and `commondir` or
    both `objects` and `refs` (git's `is_git_directory`). By existence only, so wider than git,
    which also reads HEAD: what this calls a git directory is refused, never trusted."""
    if not os.path.lexists(path / "HEAD"):
        return False
    if os.path.lexists(path / "commondir"):
        return True
    return os.path.lexists(path / "objects") and os.path.lexists(path / "refs")


def git_directory_holding(path: Path) -> Path | None:
    """The innermost git directory that is `path` or one of its parents, if any."""
    for folder in (path, *path.parents):
        if is_git_directory(folder):
            return folder
    return None


def read_pointer(file: Path, prefix: str = "") -> Path | None:
    """The path a `.git` file (`gitdir: <path>`) or a `commondir` file names, relative to the
    file's folder, read the way git reads it (one line, trailing CR/LF dropped), canonical."""
    try:
        with file.open("rb") as handle:
            data = handle.read(MAX_GITFILE_BYTES + 1)
    except OSError:
        return None
    text = os.fsdecode(data).rstrip("\r\n")
    if len(data) > MAX_GITFILE_BYTES or not text.startswith(prefix) or "\n" in text:
        return None
    named = text[len(prefix) :]
    if not named:
        return None
    return Path(os.path.realpath(file.parent / named))


def locate_git_dir(root: Path) -> LocatedGitDir | RefusedGitDir | None:
    """The repository the canonical directory `root` lies in, found the way git finds it with
    `safe.bareRepository=explicit` (stopping at a file-system boundary, as git does by default);
    None when there is none."""
    try:
        device = root.stat().st_dev
    except OSError:
        return None
    for folder in (root, *root.parents):
        try:
            if folder.stat().st_dev != device:
                return None
        except OSError:
            return None
        dot_git = folder / DOT_GIT
        if dot_git.is_dir():
            if is_git_directory(dot_git):
                return _checked(folder, dot_git)
        elif dot_git.is_file():
            named = read_pointer(dot_git, "gitdir: ")
            if named is None or not is_git_directory(named):
                return RefusedGitDir(f"{dot_git} does not name a git directory")
            return _checked(folder, named)
        if is_git_directory(folder):
            return RefusedGitDir(
                f"{folder} is a git directory that is no work tree's .git (git would use it "
                "as an implicit bare repository, with whatever config it holds)"
            )
    return None


def _checked(work_tree: Path, git_dir: Path) -> LocatedGitDir | RefusedGitDir:
    """Refuse a git directory (or its common directory) inside the work tree it serves but not
    in a `.git`: a planted one. git places them in `.git`, `.git/worktrees/<name>` or
    `.git/modules/<name>`; a separate git directory (`--separate-git-dir`, a bare repository
    with worktrees) lies outside the work tree."""
    for kind, directory in (("git", git_dir), ("common", _common_dir(git_dir))):
        if _planted(directory, work_tree):
            return RefusedGitDir(
                f"the {kind} directory {directory} of {work_tree} lies in its work tree "
                "outside any .git directory"
            )
    return LocatedGitDir(work_tree, git_dir)


def _common_dir(git_dir: Path) -> Path:
    """Where a worktree's git directory keeps its config, objects and refs (`commondir`)."""
    return read_pointer(git_dir / "commondir") or git_dir


def _planted(directory: Path, work_tree: Path) -> bool:
    inside = directory == work_tree or work_tree in directory.parents
    return inside and DOT_GIT not in directory.relative_to(work_tree).parts
