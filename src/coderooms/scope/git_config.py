"""`core.hooksPath` of a repository and the files its config includes, read from git's config
files as text: no git process runs, so nothing a config names (`core.fsmonitor`, aliases,
filters) can execute while we look.

The files read are the ones git reads for the repository: system, global (`~/.gitconfig`,
`$XDG_CONFIG_HOME/git/config`), the repository's `config` (its common dir for a worktree) and
`config.worktree`, and every file they `[include]` or `[includeIf]` (conditions are taken as
true: a hooks path git might use is treated as one it uses). An unreadable file adds nothing.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

MAX_INCLUDE_DEPTH = 10
"""git's own limit on nested includes."""

MAX_CONFIG_BYTES = 1 << 20
"""A config file larger than this is not read (git configs are a few KiB)."""

INCLUDE_SECTIONS = ("include", "includeif")

_SECTION = re.compile(r'\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]')
_ENTRY = re.compile(r"([A-Za-z][A-Za-z0-9-]*)\s*(?:=\s*(.*))?$")


@dataclass(frozen=True, slots=True)
class GitRepo:
    worktree: Path
    """Where hooks run, and what a relative `core.hooksPath` is relative to."""
    git_dir: Path


def repos_around(directory: Path) -> list[GitRepo]:
    """Every repository `directory` may lie in (nested ones too), innermost first: each folder
    from `directory` up to `/` with a `.git` directory, or a `.git` file naming one."""
    found: list[GitRepo] = []
    for folder in (directory, *directory.parents):
        dot_git = folder / ".git"
        if dot_git.is_dir():
            found.append(GitRepo(folder, dot_git))
        elif dot_git.is_file():
            pointed = _gitdir_of_file(dot_git)
            if pointed is not None:
                found.append(GitRepo(folder, pointed))
    return found


def hooks_dirs(repo: GitRepo) -> list[Path]:
    """The directories `core.hooksPath` names for `repo`, absolute (not resolved)."""
    dirs = []
    for value in hooks_paths(repo.git_dir):
        if value:
            path = Path(os.path.expanduser(value))
            dirs.append(path if path.is_absolute() else repo.worktree / path)
    return dirs


def _gitdir_of_file(dot_git: Path) -> Path | None:
    try:
        text = dot_git.read_text(encoding="utf-8", errors="replace")[:4096]
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith("gitdir:"):
            target = Path(line[len("gitdir:") :].strip())
            return target if target.is_absolute() else dot_git.parent / target
    return None


def config_files(git_dir: Path) -> list[Path]:
    """The config files git reads for the repository whose git directory is `git_dir`."""
    common = git_dir
    commondir = git_dir / "commondir"
    if commondir.is_file():
        try:
            named = Path(commondir.read_text(encoding="utf-8").strip())
        except OSError:
            named = Path()
        if str(named):
            common = named if named.is_absolute() else git_dir / named
    xdg = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return [
        Path("/etc/gitconfig"),
        xdg / "git" / "config",
        Path.home() / ".gitconfig",
        common / "config",
        git_dir / "config.worktree",
    ]


def hooks_paths(git_dir: Path) -> list[str]:
    """Every value `core.hooksPath` has in the files git reads for `git_dir` (raw text)."""
    return [
        value
        for file in config_files(git_dir)
        for section, name, value in _entries(file, depth=0)
        if (section, name) == ("core", "hookspath")
    ]


def included_files(git_dir: Path) -> list[Path]:
    """Every file the config files git reads for `git_dir` include (`[include]`,
    `[includeIf]`, whatever the condition), at any depth, absolute (not resolved): git reads
    them as its own config, so they are as dangerous to write as `.git/config`."""
    return [
        Path(value)
        for file in config_files(git_dir)
        for section, name, value in _entries(file, depth=0)
        if section in INCLUDE_SECTIONS and name == "path"
    ]


def _entries(file: Path, *, depth: int) -> Iterator[tuple[str, str, str]]:
    """(section, name, value) of each entry of `file`, in order, each include entry (its value
    made absolute) followed by the entries of the file it includes."""
    if depth > MAX_INCLUDE_DEPTH:
        return
    try:
        if file.stat().st_size > MAX_CONFIG_BYTES:
            return
        text = file.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return
    current = ""
    for raw in _logical_lines(text):
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        header = _SECTION.match(line)
        if header:
            current = header.group(1).lower()
            line = line[header.end() :].strip()
            if not line or line[0] in "#;":
                continue
        entry = _ENTRY.match(line)
        if not entry:
            continue
        name, value = entry.group(1).lower(), _unquote(entry.group(2) or "")
        if current in INCLUDE_SECTIONS and name == "path" and value:
            included = Path(os.path.expanduser(value))
            if not included.is_absolute():
                included = file.parent / included
            yield current, name, str(included)
            yield from _entries(included, depth=depth + 1)
        else:
            yield current, name, value


def _logical_lines(text: str) -> Iterator[str]:
    """Lines with git's trailing-backslash continuations joined."""
    pending = ""
    for line in text.splitlines():
        if line.endswith("\\") and not line.endswith("\\\\"):
            pending += line[:-1]
            continue
        yield pending + line
        pending = ""
    if pending:
        yield pending


def _unquote(value: str) -> str:
    """A config value without its comment and quotes, escapes undone (git's rules, simplified:
    a `#` or `;` outside quotes starts a comment)."""
    out: list[str] = []
    quoted = False
    chars = iter(value.strip())
    for ch in chars:
        if ch == "\\":
            escaped = next(chars, "")
            out.append({"n": "\n", "t": "\t", "b": "\b"}.get(escaped, escaped))
        elif ch == '"':
            quoted = not quoted
        elif ch in "#;" and not quoted:
            break
        else:
            out.append(ch)
    return "".join(out).strip()
