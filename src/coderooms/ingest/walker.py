"""The files of an ingest root: `.gitignore`- and `.coderoomsignore`-aware, default excludes,
binary detection, a size cap. Every text file becomes a `:File` node; what is skipped is counted
with its reason, never silently dropped.
"""

from __future__ import annotations

import os
import stat
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pathspec

MAX_FILE_BYTES = 2 * 1024 * 1024
"""Files larger than this are not ingested (reason `too_large`)."""

BINARY_SNIFF_BYTES = 8192
MAX_SKIPPED_LISTED = 200
"""Skipped files named one by one in a walk's result (all are counted)."""

DEFAULT_EXCLUDED_DIRS = frozenset(
    {
        ".git", ".hg", ".svn", "node_modules", "__pycache__",
        ".mypy_cache", ".pytest_cache", ".ruff_cache", ".tox", ".nox", ".hypothesis", "build",
        "dist", "target", ".gradle", ".idea", ".vscode", ".next", ".cache", "site-packages",
        ".eggs", "coverage", ".terraform",
    }
)  # fmt: skip
DEFAULT_EXCLUDED_SUFFIXES = (".egg-info", ".dist-info")
VIRTUALENV_MARKERS = ("pyvenv.cfg", "conda-meta")
"""A directory holding one of these is a Python environment (venv, virtualenv, conda), whatever
its name: never ingested. By name alone, the standard library's own `venv` package was lost."""
IGNORE_FILES = (".gitignore", ".coderoomsignore")
BINARY_SUFFIXES = frozenset(
    {
        ".png", ".jpg", ".jpeg", ".gif", ".bmp", ".ico", ".icns", ".webp", ".tif", ".tiff",
        ".pdf", ".zip", ".gz", ".tgz", ".bz2", ".xz", ".zst", ".7z", ".tar", ".jar", ".war",
        ".whl", ".egg", ".so", ".dylib", ".dll", ".exe", ".o", ".a", ".lib", ".obj", ".class",
        ".pyc", ".pyo", ".pyd", ".wasm", ".bin", ".dat", ".db", ".sqlite", ".woff", ".woff2",
        ".ttf", ".otf", ".eot", ".mp3", ".mp4", ".wav", ".ogg", ".flac", ".avi", ".mov",
        ".mkv", ".webm", ".psd", ".xcf", ".npy", ".npz", ".pkl", ".pickle", ".parquet",
    }
)  # fmt: skip
"""Known binary formats, skipped by name (reason `binary`) without reading them; anything else
is sniffed for NUL bytes when read."""


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


WRITE_TEMP_SUFFIX = ".coderooms-tmp"
"""The suffix of the temp files an edit stages beside its targets: never ingested."""


def is_write_temp(path: str) -> bool:
    return path.endswith(WRITE_TEMP_SUFFIX)


def is_excluded_dir(name: str) -> bool:
    return name in DEFAULT_EXCLUDED_DIRS or name.endswith(DEFAULT_EXCLUDED_SUFFIXES)


def is_virtualenv(directory: Path) -> bool:
    return any(os.path.lexists(directory / marker) for marker in VIRTUALENV_MARKERS)


def has_binary_suffix(path: str) -> bool:
    dot = path.rfind(".")
    return dot > path.rfind("/") and path[dot:].lower() in BINARY_SUFFIXES


def looks_binary(head: bytes) -> bool:
    return b"\x00" in head


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
            if not _utf8_name(entry.name):
                # the graph stores paths as UTF-8 strings: such a name cannot be written at all
                result.skip("undecodable_name", _printable(child))
                continue
            try:
                is_dir = entry.is_dir(follow_symlinks=False)
            except OSError:
                result.skip("unreadable", child)
                continue
            if is_dir:
                if is_excluded_dir(entry.name):
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


def _utf8_name(name: str) -> bool:
    """False for a name with bytes that are not UTF-8 (decoded by the OS as lone surrogates)."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _printable(path: str) -> str:
    return path.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
