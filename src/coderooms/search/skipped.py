"""The files a `glob` pattern matches that the graph does not hold, and why: git tracks them under
the repo's root, but ingest skipped them (a binary format or content, too large, a symlink, an
excluded directory such as `build/`, a path too long) or has not read them (`not_ingested`: an
ignore file leaves them out, or they came after the last ingest). A `glob` answer lists them
beside the files it found, so a package's files are never silently fewer than `git ls-files`
says. A root that is not a git work tree is not checked (`skipped_unchecked` says why).
"""

from __future__ import annotations

import os
import stat
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from coderooms.core import beneath
from coderooms.core.files import (
    BINARY_SNIFF_BYTES,
    MAX_FILE_BYTES,
    has_binary_suffix,
    is_excluded_dir,
    looks_binary,
    path_too_long,
)
from coderooms.core.git import NoRepository, find_repository, first_line, run_git
from coderooms.errors import CoderoomsError
from coderooms.search.path_glob import PathPattern

LS_FILES_TIMEOUT_S = 10.0
"""How long `git ls-files` may take before the check is given up (said)."""
SKIPPED_LISTED = 20
"""Skipped files a `glob` answer lists (the rest are counted by reason)."""


@dataclass(slots=True)
class Skipped:
    files: list[tuple[str, str]] = field(default_factory=list)
    """(path, reason) of each tracked file the pattern matches and the graph lacks."""
    unchecked: str | None = None


def skipped_files(root: Path, pattern: PathPattern, held: Iterable[str]) -> Skipped:
    """The files git tracks under `root` that `pattern` matches and `held` (the graph's paths)
    lacks, each with the reason ingest skipped it."""
    found = find_repository(root)
    if isinstance(found, NoRepository):
        return Skipped(unchecked=found.why)
    spec = f":(literal){pattern.prefix}" if pattern.prefix else "."
    try:
        done = run_git(found, ["ls-files", "-z", "--cached", "--", spec], LS_FILES_TIMEOUT_S)
    except (OSError, subprocess.TimeoutExpired) as e:
        return Skipped(unchecked=f"git ls-files failed: {e}")
    if done.returncode != 0:
        return Skipped(unchecked=first_line(done.stderr) or "git ls-files failed")
    have = set(held)
    listed = sorted({os.fsdecode(p) for p in done.stdout.split(b"\0") if p})
    return Skipped([(path, reason_skipped(root, path)) for path in listed
                    if path not in have and pattern.matches(path)])  # fmt: skip


def reason_skipped(root: Path, path: str) -> str:
    """Why ingest would not hold `path` (by the walker's and reader's rules)."""
    if any(is_excluded_dir(part) for part in path.split("/")[:-1]):
        return "excluded_dir"
    if path_too_long(path):
        return "path_too_long"
    if has_binary_suffix(path):
        return "binary"
    try:
        info = os.lstat(root / path)
    except OSError:
        return "deleted"
    if stat.S_ISLNK(info.st_mode):
        return "symlink"
    if info.st_size > MAX_FILE_BYTES:
        return "too_large"
    try:
        head = beneath.read_file(root, path, max_bytes=None).data[:BINARY_SNIFF_BYTES]
    except (CoderoomsError, OSError):
        return "unreadable"
    return "binary" if looks_binary(head) else "not_ingested"


def skipped_rows(skipped: list[tuple[str, str]]) -> dict[str, list[str]]:
    """The paths by reason, `{reason: [path, ...]}` (the reason written once), the first
    SKIPPED_LISTED in all; a reason with more ends `+N more`."""
    rows: dict[str, list[str]] = {}
    for path, reason in skipped[:SKIPPED_LISTED]:
        rows.setdefault(reason, []).append(path)
    rest: dict[str, int] = {}
    for _, reason in skipped[SKIPPED_LISTED:]:
        rest[reason] = rest.get(reason, 0) + 1
    for reason, n in sorted(rest.items()):
        rows.setdefault(reason, []).append(f"+{n} more")
    return rows
