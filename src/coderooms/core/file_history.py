"""One file's own git history: the files committed with it, and how often (its co-change
partners, counted over the file's commits rather than a window of the repository's).

`git log --full-diff -- path` lists, for each commit that changed the file, every file that
commit changed: a partner's weight is the number of the file's commits it shares. The graph's
`CO_CHANGES` edges count pairs over the repository's last commits only (ingest's window), so a
file changed rarely, or not lately, loses its partners there; read from the file's history they
are exact up to FILE_COMMITS_MAX of its commits (beyond, the answer says it counted that many).
Merges are left out (they list no files of their own). Run through `core.git` (pinned to the
root's repository, no program started); paths are made relative to the root.
"""

from __future__ import annotations

import os
import subprocess
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from coderooms.core.git import (
    NO_EXEC_DIFF_OPTIONS,
    NoRepository,
    find_repository,
    first_line,
    root_relative,
    run_git,
)

FILE_COMMITS_MAX = 1_000
"""Commits of one file's history read (newest first); a longer history is counted that far."""
HISTORY_TIMEOUT_S = 10.0
"""How long one file's `git log` may take before the answer falls back to the graph's edges."""
COMMIT_MARKER = b"\x1e"


@dataclass(slots=True)
class FileHistory:
    """What one file's history says: its commits read, each partner's shared commits."""

    commits: int = 0
    partners: Counter[str] = field(default_factory=Counter)
    complete: bool = True
    """Every commit of the file was read (none past FILE_COMMITS_MAX)."""
    unavailable: str | None = None
    """Why no history could be read (no repository, git failed or was too slow)."""


def file_history(root: Path, path: str, max_commits: int = FILE_COMMITS_MAX) -> FileHistory:
    """The co-change partners of `path` (relative to `root`) over its last `max_commits`
    non-merge commits of HEAD."""
    found = find_repository(root)
    if isinstance(found, NoRepository):
        return FileHistory(unavailable=found.why)
    args = ["log", "-z", "--name-only", "--no-renames", "--no-merges", "--full-diff",
            *NO_EXEC_DIFF_OPTIONS, "--format=%x1e%H", f"--max-count={max_commits + 1}",
            "HEAD", "--", f":(literal){path}"]  # fmt: skip
    try:
        done = run_git(found, args, HISTORY_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return FileHistory(unavailable=f"git log took over {HISTORY_TIMEOUT_S:.0f} s")
    except OSError as e:
        return FileHistory(unavailable=f"git could not be run: {e}")
    if done.returncode != 0:
        return FileHistory(unavailable=first_line(done.stderr) or "git log failed")
    commits = parse_commits(done.stdout)
    history = FileHistory(complete=len(commits) <= max_commits)
    for paths in commits[:max_commits]:
        history.commits += 1
        history.partners.update(set(root_relative(paths, found.prefix)) - {path})
    return history


def parse_commits(output: bytes) -> list[list[str]]:
    """The paths of each commit of `git log -z --name-only --format=%x1e%H`: a header token
    `\\x1e<sha>`, then the commit's paths as NUL-terminated tokens (the first after a newline)."""
    commits: list[list[str]] = []
    for token in output.split(b"\0"):
        if token.startswith(COMMIT_MARKER):
            commits.append([])
            continue
        name = token.removeprefix(b"\n")
        if name and commits:
            commits[-1].append(os.fsdecode(name))
    return commits
