"""The files of an ingest root: `.gitignore`- and `.coderoomsignore`-aware, default excludes,
binary detection, a size cap (the rules: `coderooms.core.files`). Every text file becomes a
`:File` node; what is skipped is counted with its reason, never silently dropped.
"""

from __future__ import annotations

import os
import posixpath
import stat
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pathspec

from coderooms.core.files import (
    IGNORE_FILES,
    KEPT_IN_EXCLUDED,
    MAX_FILE_BYTES,
    has_binary_suffix,
    is_excluded_dir,
    is_virtualenv,
    is_write_temp,
)
from coderooms.core.paths import is_utf8, printable

MAX_SKIPPED_LISTED = 200
"""Skipped files named one by one in a walk's result (all are counted)."""


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

    def skip(self, reason: str, path: str) -> None:
        self.skipped[reason] += 1
        self.skipped_examples.setdefault(reason, path)
        if reason != "ignored" and len(self.skipped_paths) < MAX_SKIPPED_LISTED:
            self.skipped_paths.append((path, reason))


class IgnoreRules:
    """Gitignore semantics: patterns of a directory's ignore files apply below it."""

    def __init__(self) -> None:
        self._specs: list[tuple[str, pathspec.PathSpec[Any]]] = []

    def load(self, directory: Path, relative: str) -> IgnoreRules:
        specs = list(self._specs)
        for name in IGNORE_FILES:
            try:
                lines = (directory / name).read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
            specs.append((relative, pathspec.GitIgnoreSpec.from_lines(lines.splitlines())))
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
        if has_binary_suffix(relative):
            result.skip("binary", relative)
            continue
        result.files.append(WalkedFile(relative, absolute, info.st_size, info.st_mtime_ns))
    result.files.sort(key=lambda f: f.path)
    return result


def _walk_dirs(root: Path, result: WalkResult) -> Iterator[tuple[Path, str, IgnoreRules]]:
    stack: list[tuple[Path, str, IgnoreRules]] = [(root, "", IgnoreRules().load(root, ""))]
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
                stack.append((path, child, rules.load(path, child)))
            else:
                yield Path(entry.path), child, rules
