"""Path safety: the text of a path argument, and where an edit may write: canonical paths under
an ingest root the operator serves, never version-control state, hooks or runtime state.

The ingest roots are the `:Repo {root}` nodes of the graph that lie under the operator's roots
(`coderooms.scope.readable.ingest_roots`); a root the graph holds but the operator does not serve
is unknown here. A target is a repo id plus a repo-relative path, or an absolute path under one
root. The path is
canonicalised (`..` and symlinks resolved, the way the kernel would follow them on write) and
must still lie strictly under the root and under a served root (`OperatorScope.check_write`); the
file written is the canonical one, so a symlink is never replaced by a file. What the file system
refuses (a name too long, a parent that is a file, a FIFO) is `invalid_input`, found by walking
the canonical path beneath the root (`core.beneath`). These checks look at a path; the reads and
writes that follow open it beneath the root by descriptor again, which keeps them true when the
path is swapped meanwhile.
"""

from __future__ import annotations

import os
import stat
import unicodedata
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Protocol

from coderooms.core import beneath
from coderooms.errors import Conflict, Forbidden, InvalidInput

MAX_PATH_CHARS = 4096
"""Longest target path accepted (Linux PATH_MAX)."""

STATE_FILE_NAMES = frozenset({".coderoomsignore"})
"""coderooms' own configuration inside a repo: it decides what is ingested, so edits may not."""

BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")
"""Characters that make a path display as something else (Trojan Source)."""


class WriteScope(Protocol):
    """What a target is checked against: the operator's scope (`coderooms.scope.roots`)."""

    def require_roots(self, field: str) -> None: ...

    def check_write(self, path: Path, text: str, field: str) -> None: ...


@dataclass(frozen=True, slots=True)
class Root:
    repo: str
    root: Path
    """Canonical (resolved) root directory."""


@dataclass(frozen=True, slots=True)
class Target:
    """A file an edit may write: canonical, under `root`, not runtime state."""

    repo: str
    root: Path
    relative: str
    """Repo-relative, `/`-separated, canonical."""

    @property
    def absolute(self) -> Path:
        return self.root / self.relative

    @property
    def key(self) -> tuple[str, str]:
        return (self.repo, self.relative)


def check_path_text(path: object, field: str) -> str:
    """The raw text of a path argument, or one clear error naming the field."""
    if not isinstance(path, str) or not path.strip():
        raise InvalidInput("path must be a non-empty string", field=field)
    if len(path) > MAX_PATH_CHARS:
        raise InvalidInput(f"path is longer than {MAX_PATH_CHARS} characters", field=field)
    if "\x00" in path:
        raise InvalidInput("path contains a NUL byte", field=field)
    for ch in path:
        if unicodedata.category(ch) in {"Cc", "Cs"} or ch in BIDI_CONTROLS:
            raise InvalidInput(
                f"path contains the control character U+{ord(ch):04X}",
                field=field,
                hint="paths may not hold control, surrogate or bidirectional-override characters",
            )
    if "\\" in path:
        raise InvalidInput(
            "path contains a backslash", field=field, hint="separate directories with '/'"
        )
    if path.endswith("/"):
        raise InvalidInput("path names a directory, not a file", field=field)
    return path  # not normalised: the bytes on disk are what they are (NFC or NFD)


def resolve_target(
    roots: list[Root],
    path: object,
    *,
    scope: WriteScope,
    repo: str | None = None,
    field: str = "path",
) -> Target:
    """The canonical file `path` names, or Forbidden / InvalidInput naming `field`."""
    text = check_path_text(path, field)
    scope.require_roots(field)
    if not roots and repo is None:
        raise Forbidden(
            "no ingested repository lies under this server's roots, so no file may be written",
            field=field,
            hint="ingest a served root first (the `ingest` verb); edits stay inside its root",
        )
    root = _choose_root(roots, text, repo, field)
    lexical = Path(text) if Path(text).is_absolute() else root.root / text
    canonical = canonical_path(lexical, text, field)
    try:
        relative = canonical.relative_to(root.root)
    except ValueError:
        # never where it leads: that would tell an agent what lies outside the root
        raise Forbidden(
            f"{text!r} leads outside the ingest root {str(root.root)!r}",
            field=field,
            hint="edits are confined to the repository's root; `..` and symlinks may not leave it",
        ) from None
    parts = PurePosixPath(relative.as_posix()).parts
    if not parts or relative.as_posix() == ".":
        raise InvalidInput(f"{text!r} is the ingest root itself, not a file", field=field)
    if parts[-1] in STATE_FILE_NAMES:
        raise Forbidden(f"{text!r} is coderooms configuration ({parts[-1]})", field=field)
    try:
        scope.check_write(canonical, text, field)
        # component by component from the root, following no symlink: a link realpath left
        # in place (a loop, a dangling chain), a parent that is a file, a name too long
        entry = beneath.lstat_file(root.root, relative.as_posix(), field)
    except OSError as e:
        raise beneath.path_error(e, text, field) from None
    if entry is not None and stat.S_ISLNK(entry.st_mode):
        raise Forbidden(f"{text!r} passes through a symlink that does not resolve", field=field)
    if entry is not None and not stat.S_ISREG(entry.st_mode):
        raise InvalidInput(f"{text!r} is not a regular file", field=field)
    return Target(root.repo, root.root, relative.as_posix())


def canonical_path(path: Path | str, text: str, field: str) -> Path:
    """`path` canonical (symlinks and `..` resolved); a symlink swapped while realpath reads it
    (readlink of what is no longer a link: EINVAL, ENOENT) is a conflict to retry, never an
    internal error."""
    try:
        return Path(os.path.realpath(path))
    except OSError as e:
        raise Conflict(
            f"{text!r} changed on disk while it was being resolved",
            field=field,
            hint="retry; a file or directory on the way was replaced meanwhile",
        ) from e


def _choose_root(roots: list[Root], text: str, repo: str | None, field: str) -> Root:
    if repo is not None:
        for root in roots:
            if root.repo == repo:
                return root
        raise InvalidInput(
            f"no ingested repo has the id {repo!r}",
            field="repo",
            hint="pass the id of an ingested repo, or an absolute path under its root",
        )
    if Path(text).is_absolute():
        lexical = Path(os.path.normpath(text))
        # the deepest root wins when roots nest; the canonical check still follows
        candidates = [r for r in roots if lexical == r.root or r.root in lexical.parents]
        if not candidates:
            canonical = canonical_path(text, text, field)
            candidates = [r for r in roots if r.root in canonical.parents]
        if not candidates:
            raise Forbidden(
                f"{text!r} is not under any ingest root", field=field,
                hint="edits are confined to ingested repositories",
            )  # fmt: skip
        return max(candidates, key=lambda r: len(r.root.parts))
    if len(roots) == 1:
        return roots[0]
    raise InvalidInput(
        f"{text!r} is relative and {len(roots)} repos are ingested",
        field="repo",
        hint="pass `repo` (the repo id) or an absolute path",
    )


def is_utf8(path: str) -> bool:
    """False for a path with bytes that are not UTF-8 (decoded by the OS as lone surrogates):
    the graph stores paths as UTF-8 strings, so such a path cannot be written at all."""
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def printable(path: str) -> str:
    """A path that `is_utf8` refused, its undecodable bytes shown as U+FFFD."""
    return path.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
