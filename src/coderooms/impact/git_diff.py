"""The files and lines a `changes` argument names, read from git with fixed argument lists.

Revisions were checked by `revisions.parse_changes`; here each is resolved to a commit id by
`git rev-parse --verify --end-of-options`, so `git diff` only ever receives hexadecimal ids and
`--` before the path. Options that user configuration could bend are pinned (prefixes, colour),
and git runs pinned to the root's repository with nothing it could start (`core.git`: no
fsmonitor, hooks, filters, external diff drivers or text conversion; reading a diff writes
nothing).
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

from coderooms.core.git import (
    NO_EXEC_DIFF_OPTIONS,
    NO_SUBMODULE_PROCESSES,
    GitRepository,
    NoRepository,
    find_repository,
    run_git,
)
from coderooms.core.paths import is_utf8
from coderooms.errors import CoderoomsError, InvalidInput
from coderooms.impact.hunks import (
    Span,
    carry_span,
    merge_spans,
    parse_hunk_headers,
    parse_hunks,
    parse_name_status,
)
from coderooms.impact.limits import GIT_DIFF_TIMEOUT_S
from coderooms.impact.revisions import HEAD, Changes, RevisionRange, Working

ADDED = "added"
MODIFIED = "modified"
DELETED = "deleted"
STATUS_NAMES = {"A": ADDED, "D": DELETED}
"""Other letters (M, T) are modifications; renames are off (`--no-renames`): a delete and an
add."""
DIFF_OPTIONS = (
    "--no-renames",
    "--relative",
    "--no-color",
    *NO_EXEC_DIFF_OPTIONS,
    *NO_SUBMODULE_PROCESSES,  # a submodule is no file of the graph
    "--src-prefix=a/",
    "--dst-prefix=b/",
)


@dataclass(frozen=True, slots=True)
class FileChange:
    path: str
    """Relative to the ingest root."""
    status: str
    spans: tuple[Span, ...] = ()
    """New-side lines touched (a modified file); an added or deleted file is touched whole."""


@dataclass(frozen=True, slots=True)
class Diff:
    described: str
    """What was compared, with the commit ids: `working tree against HEAD (1a2b3c4d5e6f)`."""
    files: list[FileChange]
    carried: int = 0
    """Files of a range whose lines were carried onto the working tree (changed since its
    end), so that they are the graph's lines when the graph is fresh."""
    undecodable: int = 0
    """Changed paths that are not UTF-8 (the graph holds no such path): left out, counted."""


def read_diff(root: Path, changes: Changes) -> Diff:
    """The changed files under `root` and the lines touched."""
    found = find_repository(root)
    if isinstance(found, NoRepository):
        raise InvalidInput(
            f"the repo root {root} has no git diff to read: {found.why}",
            field="changes",
            hint="pass symbol or path instead",
        )
    repo = found
    if isinstance(changes, Working):
        base = _commit(repo, HEAD, "the repository has no commit yet (HEAD)")
        revisions = [base]
        described = f"working tree against HEAD ({base[:12]})"
    else:
        revisions = _range_commits(repo, changes)
        described = f"{changes.text} ({revisions[0][:12]}..{revisions[1][:12]})"
    status = parse_name_status(_git(repo, ["diff", "--name-status", "-z", *DIFF_OPTIONS,
                                           *revisions, "--", "."]))  # fmt: skip
    hunks = parse_hunks(_git(repo, ["diff", "-U0", *DIFF_OPTIONS, *revisions, "--", "."]))
    files = [
        FileChange(path, STATUS_NAMES.get(letter, MODIFIED),
                   tuple(merge_spans(hunks.get(path, []))) if letter not in STATUS_NAMES else ())
        for letter, path in status
    ]  # fmt: skip
    carried = 0
    if not isinstance(changes, Working):
        files, carried = _carried(repo, revisions[1], files)
    else:
        listed = {f.path for f in files}
        untracked = _git(repo, ["ls-files", "-z", "--others", "--exclude-standard", "--", "."])
        for raw in untracked.split(b"\0"):
            path = os.fsdecode(raw)
            if path and path not in listed:
                files.append(FileChange(path, ADDED))
    kept = sorted((f for f in files if is_utf8(f.path)), key=lambda f: f.path)
    return Diff(described, kept, carried=carried, undecodable=len(files) - len(kept))


def _carried(
    repo: GitRepository, end: str, files: list[FileChange]
) -> tuple[list[FileChange], int]:
    """The range's files with their lines carried from `end` onto the working tree."""
    since = parse_hunk_headers(_git(repo, ["diff", "-U0", *DIFF_OPTIONS, end, "--", "."]))
    carried = 0
    moved: list[FileChange] = []
    for change in files:
        hunks = since.get(change.path)
        if hunks and change.spans:
            spans = tuple(merge_spans(carry_span(span, hunks) for span in change.spans))
            moved.append(FileChange(change.path, change.status, spans))
            carried += 1
        else:
            moved.append(change)
    return moved, carried


def _range_commits(repo: GitRepository, changes: RevisionRange) -> list[str]:
    base = _commit(repo, changes.base, f"no commit is named {changes.base!r}")
    end = _commit(repo, changes.end, f"no commit is named {changes.end!r}")
    if changes.symmetric:
        merge_base = _git(repo, ["merge-base", base, end]).decode("ascii", "replace").strip()
        if not _is_sha(merge_base):
            raise InvalidInput(
                f"{changes.text!r}: the two sides have no common ancestor", field="changes"
            )
        base = merge_base
    return [base, end]


def _commit(repo: GitRepository, revision: str, missing: str) -> str:
    done = _run(repo, ["rev-parse", "--verify", "--quiet", "--end-of-options",
                       f"{revision}^{{commit}}"])  # fmt: skip
    sha = done.stdout.decode("ascii", "replace").strip()
    if done.returncode != 0 or not _is_sha(sha):
        raise InvalidInput(
            missing,
            field="changes",
            hint="name a commit of this repository: a branch, tag, sha or HEAD~N",
        )
    return sha


def _git(repo: GitRepository, args: list[str]) -> bytes:
    done = _run(repo, args)
    if done.returncode != 0:
        lines = os.fsdecode(done.stderr).strip().splitlines()
        raise CoderoomsError(
            f"git {args[0]} failed in {repo.root}: {lines[0] if lines else done.returncode}",
            hint="check that the repository is readable (git status)",
        )
    return done.stdout


def _run(repo: GitRepository, args: list[str]) -> subprocess.CompletedProcess[bytes]:
    try:
        return run_git(repo, args, GIT_DIFF_TIMEOUT_S)
    except OSError as e:
        raise CoderoomsError(f"git could not be run: {e}", hint="install git") from e
    except subprocess.TimeoutExpired as e:
        raise CoderoomsError(
            f"git {args[0]} took over {GIT_DIFF_TIMEOUT_S} s in {repo.root}",
            hint="narrow the range, or pass symbol or path instead",
        ) from e


def _is_sha(text: str) -> bool:
    return len(text) in {40, 64} and set(text) <= set("0123456789abcdef")
