"""The rules about files every room shares. What coderooms never reads as source, shared by the
ingest walk, a targeted ingest, the freshness watcher and edits: default-excluded directories,
Python environments, the ignore files, binary formats (by name, then by a NUL byte in the first
bytes), the size cap, and the temp files an edit stages beside its targets. Which files are
tests is the languages' rule (`coderooms.languages.TEST_PATH_PATTERN`)."""

from __future__ import annotations

import os
from pathlib import Path

MAX_FILE_BYTES = 2 * 1024 * 1024
"""Files larger than this are not ingested (reason `too_large`)."""
MAX_PATH_BYTES = 1024
"""Files whose repo-relative path is longer (UTF-8) are not ingested (reason `path_too_long`):
a path is in the ids of the file, its chunks and its symbols, which Neo4j indexes in keys of at
most 8 KB; 1 KB keeps every id under 2 KB (`languages.parsing.limits`)."""


def path_too_long(relative: str) -> bool:
    return len(relative) > MAX_PATH_BYTES // 4 and len(relative.encode("utf-8")) > MAX_PATH_BYTES


BINARY_SNIFF_BYTES = 8192

DEFAULT_EXCLUDED_DIRS = frozenset(
    {
        ".git", ".hg", ".svn", ".coderooms", "node_modules", "__pycache__",
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
