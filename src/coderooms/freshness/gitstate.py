"""What git is doing in a root's work tree: where its git directory is, whether an operation that
rewrites the work tree is in progress, which commit HEAD is, and which paths changed.

Probing the layout runs git twice per root (`core.git.find_repository`: the repository every
later command is pinned to); everything a tick needs afterwards is a few `stat`s and small file
reads (HEAD, a loose ref or packed-refs), so an idle watcher costs nothing but those. A worktree
whose `.git` is a file is handled: the per-worktree git directory holds HEAD, the index and the
operation markers; branch refs live in the common directory.
"""

from __future__ import annotations

import logging
import os
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from coderooms.core.git import (
    GIT_PROBE_TIMEOUT_S,
    NO_EXEC_DIFF_OPTIONS,
    NO_SUBMODULE_PROCESSES,
    GitRepository,
    NoRepository,
    find_repository,
    root_relative,
    run_git,
)
from coderooms.core.paths import is_utf8

GIT_DIFF_TIMEOUT_S = 30.0
"""`git diff` / `git status` slower than this falls back to a reconciliation walk."""

OPERATION_MARKERS: tuple[tuple[str, str], ...] = (
    ("rebase-merge", "rebase"),
    ("rebase-apply", "rebase"),
    ("MERGE_HEAD", "merge"),
    ("CHERRY_PICK_HEAD", "cherry-pick"),
    ("REVERT_HEAD", "revert"),
    ("BISECT_LOG", "bisect"),
    ("index.lock", "index.lock"),
)
"""Files or directories in the (per-worktree) git directory while git rewrites the work tree."""
LONG_OPERATIONS = frozenset({"rebase", "merge", "cherry-pick", "revert", "bisect"})
"""Operations after which the root is reconciled whole; `index.lock` alone (a checkout, a
commit) is followed by the usual git-diff scan."""

HEX = frozenset("0123456789abcdef")

log = logging.getLogger(__name__)


GitLayout = GitRepository
"""A root's git layout: the repository every git command of the root is pinned to."""


@dataclass(slots=True)
class GitChanges:
    """Paths (root-relative) that differ between two commits or in the working tree."""

    paths: set[str] = field(default_factory=set)
    undecodable: int = 0
    error: str | None = None


def probe_layout(root: Path) -> GitLayout | None:
    """The root's git layout, or None when the root is not inside a git work tree (or inside one
    coderooms runs no git on: a planted git directory)."""
    found = find_repository(root)
    if isinstance(found, NoRepository):
        if found.refused:
            log.warning("%s: %s; watching it without git", root, found.why)
        return None
    return found


def operation_in_progress(layout: GitLayout) -> str | None:
    """The name of the operation rewriting the work tree, if any."""
    for marker, operation in OPERATION_MARKERS:
        if os.path.lexists(layout.git_dir / marker):
            return operation
    return None


def read_head(layout: GitLayout) -> str | None:
    """The commit HEAD points at, or None on an unborn branch. Reads files; asks git only for
    what files cannot answer (reftable, a ref it cannot find)."""
    try:
        text = (layout.git_dir / "HEAD").read_text(encoding="utf-8").strip()
    except OSError:
        return _rev_parse_head(layout)
    if not text.startswith("ref: "):
        return text if _is_sha(text) else _rev_parse_head(layout)
    ref = text.removeprefix("ref: ")
    for base in (layout.git_dir, layout.common_dir):
        try:
            value = (base / ref).read_text(encoding="utf-8").strip()
        except OSError:
            continue
        return value if _is_sha(value) else _rev_parse_head(layout)
    try:
        packed = (layout.common_dir / "packed-refs").read_text(encoding="utf-8")
    except OSError:
        return _rev_parse_head(layout)
    for line in packed.splitlines():
        sha, _, name = line.partition(" ")
        if name == ref and _is_sha(sha):
            return sha
    return _rev_parse_head(layout)


def _rev_parse_head(layout: GitLayout) -> str | None:
    try:
        done = run_git(layout, ["rev-parse", "--verify", "--quiet", "HEAD"], GIT_PROBE_TIMEOUT_S)
    except (OSError, subprocess.TimeoutExpired):
        return None
    sha = done.stdout.decode("ascii", "replace").strip()
    return sha if done.returncode == 0 and _is_sha(sha) else None


def _is_sha(text: str) -> bool:
    return len(text) in {40, 64} and set(text) <= HEX


def changed_paths(layout: GitLayout, since: str, head: str) -> GitChanges:
    """Paths under the root changed from `since` to `head`, plus every path `git status` reports
    in the working tree (modified, staged, untracked, deleted)."""
    changes = GitChanges()
    names = ["diff", "--name-only", "-z", "--no-renames", *NO_EXEC_DIFF_OPTIONS]
    diff = _git_paths(layout, [*names, since, head, "--", "."])
    if isinstance(diff, str):
        changes.error = f"git diff {since[:12]}..{head[:12]} failed: {diff}"
        return changes
    status = _git_paths(
        layout,
        [
            "status",  # takes no index.lock under the user: GIT_OPTIONAL_LOCKS=0 (core.git)
            *NO_SUBMODULE_PROCESSES,
            "--porcelain=v1",
            "-z",
            "--untracked-files=all",
            "--no-renames",
            "--",
            ".",
        ],
        status=True,
    )
    if isinstance(status, str):
        changes.error = f"git status failed: {status}"
        return changes
    for raw in root_relative(diff + status, layout.prefix):
        if is_utf8(raw):
            changes.paths.add(raw)
        else:
            changes.undecodable += 1
    return changes


def _git_paths(layout: GitLayout, args: list[str], *, status: bool = False) -> list[str] | str:
    """NUL-separated paths of a git command (status entries lose their `XY ` columns), or why
    the command failed."""
    try:
        done = run_git(layout, args, GIT_DIFF_TIMEOUT_S)
    except OSError as e:
        return f"git could not be run: {e}"
    except subprocess.TimeoutExpired:
        return f"took over {GIT_DIFF_TIMEOUT_S} s"
    if done.returncode != 0:
        lines = os.fsdecode(done.stderr).strip().splitlines()
        return lines[0] if lines else f"exit status {done.returncode}"
    tokens = [token for token in done.stdout.split(b"\0") if token]
    if status:
        tokens = [token[3:] for token in tokens if len(token) > 3]
    return [os.fsdecode(token) for token in tokens]
