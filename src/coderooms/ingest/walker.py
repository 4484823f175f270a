"""The files of an ingest root: `.gitignore`- and `.coderoomsignore`-aware, default excludes,
binary detection, a size cap (the rules: `coderooms.core.files`). Every text file becomes a
`:File` node; what is skipped is counted with its reason, never silently dropped.

An ignore file is the repository's, so untrusted: a line pathspec cannot compile (`\\`, `!`),
one over MAX_IGNORE_PATTERN_CHARS, the patterns past MAX_IGNORE_PATTERNS, are left out, each
with a problem naming the file and line; a set of patterns RE2 will not compile as one (50,000
short patterns overflow its memory budget) is compiled in parts. The walk never fails for an
ignore file. Matching runs on RE2 (`google-re2`, a dependency; pathspec picks it), in time
linear in the path, so no pattern backtracks; a file's compiled patterns are kept by its path
and stat (`_ignore_file`), as `check_path` loads them for every path it is asked about.
"""

from __future__ import annotations

import os
import posixpath
import stat
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import pathspec

from coderooms.core.files import (
    IGNORE_FILES,
    MAX_FILE_BYTES,
    MAX_PATH_BYTES,
    has_binary_suffix,
    is_excluded_dir,
    is_virtualenv,
    is_write_temp,
    path_too_long,
)
from coderooms.core.paths import is_utf8, printable
from coderooms.ingest.languages import KEPT_IN_EXCLUDED

MAX_SKIPPED_LISTED = 200
"""Skipped files named one by one in a walk's result (all are counted)."""
MAX_IGNORE_PATTERNS = 10_000
"""Patterns read from one ignore file; the rest are left out (with a problem)."""
MAX_IGNORE_PATTERN_CHARS = 1024
"""A longer line of an ignore file is left out (with a problem)."""
IGNORE_PATTERNS_PER_SPEC = 1000
"""Patterns compiled together (the last match still decides across the parts)."""
IGNORE_FILES_CACHED = 32
"""Ignore files whose compiled patterns are kept, by path and stat (`_ignore_file`)."""
IGNORE_SETTLED_NS = 2_000_000_000
"""An ignore file modified less than this long ago is compiled again on every read: within the
file system's timestamp granularity it may change without its stat moving (as files are
hashed then, `pipeline.RACY_WINDOW_NS`)."""


@dataclass(frozen=True, slots=True)
class WalkedFile:
    path: str
    """Repo-relative, `/`-separated."""
    absolute: Path
    size: int
    mtime_ns: int


@dataclass(slots=True)
class WalkResult:
    files: list[WalkedFile] = field(default_factory=list)
    skipped: Counter[str] = field(default_factory=Counter)
    skipped_examples: dict[str, str] = field(default_factory=dict)
    skipped_paths: list[tuple[str, str]] = field(default_factory=list)
    """(path, reason) of skipped files other than ignored ones, the first MAX_SKIPPED_LISTED."""
    problems: list[tuple[str, str]] = field(default_factory=list)
    """(ignore file, problem): the lines of ignore files left out."""

    def skip(self, reason: str, path: str) -> None:
        self.skipped[reason] += 1
        self.skipped_examples.setdefault(reason, path)
        if reason != "ignored" and len(self.skipped_paths) < MAX_SKIPPED_LISTED:
            self.skipped_paths.append((path, reason))


class IgnoreRules:
    """Gitignore semantics: patterns of a directory's ignore files apply below it."""

    def __init__(self) -> None:
        self._specs: list[tuple[str, pathspec.PathSpec[Any]]] = []

    def load(
        self, directory: Path, relative: str, problems: list[tuple[str, str]] | None = None
    ) -> IgnoreRules:
        """The rules below `directory` (`relative` to the root): these and its ignore files'.
        Lines left out are told to `problems` as (ignore file, problem)."""
        specs = list(self._specs)
        for name in IGNORE_FILES:
            where = f"{relative}/{name}" if relative else name
            try:
                info = (directory / name).stat()
                # a file modified this recently may change again without its stat moving
                settled = time.time_ns() - info.st_mtime_ns > IGNORE_SETTLED_NS
                read = _ignore_file if settled else _ignore_file.__wrapped__
                found, said = read(str(directory / name), _stamp(info), where)
            except OSError:
                continue
            specs.extend((relative, spec) for spec in found)
            if problems is not None:
                problems.extend(said)
        if len(specs) == len(self._specs):
            return self
        child = IgnoreRules()
        child._specs = specs
        return child

    def ignored(self, relative: str, *, is_dir: bool) -> bool:
        """The last matching pattern decides; specs run from the root down, so a deeper ignore
        file (and `.coderoomsignore` after `.gitignore`) can re-include with `!pattern`."""
        verdict: bool | None = None
        for base, spec in self._specs:
            if base and not relative.startswith(base + "/"):
                continue
            local = relative[len(base) + 1 :] if base else relative
            include = spec.check_file(local + "/" if is_dir else local).include
            if include is not None:
                verdict = include
        return bool(verdict)


def _stamp(info: os.stat_result) -> tuple[int, int, int, int]:
    return (info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


@lru_cache(maxsize=IGNORE_FILES_CACHED)
def _ignore_file(
    path: str, stamp: tuple[int, int, int, int], where: str
) -> tuple[tuple[pathspec.PathSpec[Any], ...], tuple[tuple[str, str], ...]]:
    """The compiled specs of the ignore file at `path` as it is at `stamp` (its inode, size and
    times), and its problems: a targeted ingest and the watcher check every path of a batch
    against the ignore files above it, and 10,000 patterns take ~1 s to compile."""
    text = Path(path).read_text(encoding="utf-8", errors="replace")
    problems: list[tuple[str, str]] = []
    return tuple(compile_ignore(text, where, problems)), tuple(problems)


def compile_ignore(
    text: str, where: str, problems: list[tuple[str, str]]
) -> list[pathspec.PathSpec[Any]]:
    """The specs of an ignore file's `text` (several when it is long); the lines left out go
    to `problems` as (`where`, why)."""
    numbered: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        if len(line) > MAX_IGNORE_PATTERN_CHARS:
            problems.append((where, f"line {number} left out: over {MAX_IGNORE_PATTERN_CHARS}"
                             " characters"))  # fmt: skip
        elif len(numbered) == MAX_IGNORE_PATTERNS:
            problems.append((where, f"lines from {number} on left out: over"
                             f" {MAX_IGNORE_PATTERNS} patterns"))  # fmt: skip
            break
        else:
            numbered.append((number, line))
    specs: list[pathspec.PathSpec[Any]] = []
    for start in range(0, len(numbered), IGNORE_PATTERNS_PER_SPEC):
        specs += _compiled(numbered[start : start + IGNORE_PATTERNS_PER_SPEC], where, problems)
    return specs


def _compiled(
    numbered: list[tuple[int, str]], where: str, problems: list[tuple[str, str]]
) -> list[pathspec.PathSpec[Any]]:
    """`numbered` lines as one spec, else its halves, down to the lines that fail alone."""
    try:
        return [pathspec.GitIgnoreSpec.from_lines([line for _, line in numbered])]
    except Exception as error:  # pathspec's pattern errors, RE2's "failed to compile Set"
        if len(numbered) == 1:
            reason = (str(error).splitlines() or [type(error).__name__])[0][:200]
            problems.append((where, f"line {numbered[0][0]} left out: {reason}"))
            return []
    half = len(numbered) // 2
    return _compiled(numbered[:half], where, problems) + _compiled(numbered[half:], where, problems)


def walk(root: Path, *, max_bytes: int = MAX_FILE_BYTES) -> WalkResult:
    """All ingestible files under `root`, sorted by path. Symlinks are not followed (a link to a
    file inside the root is the same file twice; a link to a directory can loop)."""
    result = WalkResult()
    root = root.resolve()
    for absolute, relative, rules in _walk_dirs(root, result):
        try:
            info = absolute.lstat()
        except OSError:
            result.skip("unreadable", relative)
            continue
        if stat.S_ISLNK(info.st_mode):
            result.skip("symlink", relative)
            continue
        if not stat.S_ISREG(info.st_mode):
            result.skip("not_a_regular_file", relative)
            continue
        if rules.ignored(relative, is_dir=False):
            result.skip("ignored", relative)
            continue
        if is_write_temp(relative):
            result.skip("write_temp", relative)
            continue
        if info.st_size > max_bytes:
            result.skip("too_large", relative)
            continue
        if path_too_long(relative):
            result.skip("path_too_long", printable(relative[: MAX_PATH_BYTES // 4]) + "…")
            continue
        if has_binary_suffix(relative):
            result.skip("binary", relative)
            continue
        result.files.append(WalkedFile(relative, absolute, info.st_size, info.st_mtime_ns))
    result.files.sort(key=lambda f: f.path)
    return result


def _walk_dirs(root: Path, result: WalkResult) -> Iterator[tuple[Path, str, IgnoreRules]]:
    said = result.problems
    stack: list[tuple[Path, str, IgnoreRules]] = [(root, "", IgnoreRules().load(root, "", said))]
    while stack:
        directory, relative, rules = stack.pop()
        try:
            entries = sorted(os.scandir(directory), key=lambda e: e.name)
        except OSError:
            result.skip("unreadable_directory", relative or ".")
            continue
        for entry in entries:
            child = f"{relative}/{entry.name}" if relative else entry.name
            if not is_utf8(entry.name):
                # the graph stores paths as UTF-8 strings: such a name cannot be written at all
                result.skip("undecodable_name", printable(child))
                continue
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                result.skip("unreadable", child)
                continue
            if is_dir:
                if is_excluded_dir(entry.name):
                    for kept in sorted(KEPT_IN_EXCLUDED):
                        if posixpath.dirname(kept) == child:
                            candidate = Path(entry.path) / posixpath.basename(kept)
                            if os.path.lexists(candidate):
                                yield candidate, kept, rules
                    continue
                if rules.ignored(child, is_dir=True):
                    result.skip("ignored", child + "/")
                    continue
                path = Path(entry.path)
                if is_virtualenv(path):
                    result.skip("virtualenv", child + "/")
                    continue
                stack.append((path, child, rules.load(path, child, said)))
            else:
                yield Path(entry.path), child, rules
