"""Stable, readable ids. Every id starts with the repo id, so several repos share one database
without touching each other:

- file    `<repo>:<path>`                      `cpython:Lib/os.py`
- symbol  `<repo>:<path>::<qualname>`          `cpython:Lib/os.py::PathLike.__fspath__`
- module  `<repo>:<path>::`                    (the file's module symbol, empty qualname)
- ghost   `<repo>:?:<name>`                    `cpython:?:numpy.array`

A file's id is also its *claim*: every node and edge that file produced carries it.
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from coderooms.errors import InvalidInput

REPO_ID_PATTERN = re.compile(r"^[\w.\-]{1,64}$", re.UNICODE)


def repo_id_for(root: Path) -> str:
    """Default repo id: the root directory's name, reduced to safe characters."""
    name = re.sub(r"[^\w.\-]+", "-", root.resolve().name, flags=re.UNICODE).strip("-")
    return name[:64] or "repo"


def validate_repo_id(repo: str) -> str:
    if not REPO_ID_PATTERN.match(repo):
        raise InvalidInput(
            f"repo id {repo!r} must be 1-64 letters, digits, '.', '_' or '-'", field="repo"
        )
    return repo


def file_id(repo: str, path: str) -> str:
    return f"{repo}:{path}"


def chunk_id(repo: str, path: str, seq: int) -> str:
    return f"{file_id(repo, path)}#{seq}"


def symbol_id(repo: str, path: str, qualname: str) -> str:
    return f"{repo}:{path}::{qualname}"


def ghost_id(repo: str, name: str) -> str:
    return f"{repo}:?:{name}"


def directory_of(path: str) -> str:
    parent = str(PurePosixPath(path).parent)
    return "" if parent == "." else parent
