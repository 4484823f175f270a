"""What the `changes` argument of `impact` may say, checked before git sees any of it.

`"working"` is the working tree (staged and unstaged changes, and untracked files) against
HEAD. Otherwise a revision range: `A..B` (B's changes since A), `A...B` (B's changes since the
merge base of A and B), either side left empty meaning HEAD, as git reads them. Each side is a
revision name of a conservative alphabet: it never starts with `-` (so no side can be read as an
option such as `--output=...`), and holds no whitespace, `:` (a path in a revision), `..`,
control characters or glob characters. Names are then resolved to commits by
`git rev-parse --verify --end-of-options`, so what reaches `git diff` is two hexadecimal ids.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from coderooms.errors import InvalidInput

WORKING = "working"
MAX_REVISION_CHARS = 200
"""Longest side of a range accepted."""
REVISION_PATTERN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_./~^@{}+-]*")
"""A revision name: branch, tag, sha, `HEAD~3`, `main^2`, `origin/main`, `HEAD@{1}`."""
HEAD = "HEAD"

_HINT = "pass 'working' (the working tree against HEAD) or a range such as HEAD~3..HEAD"


@dataclass(frozen=True, slots=True)
class Working:
    """The working tree against HEAD."""


@dataclass(frozen=True, slots=True)
class RevisionRange:
    base: str
    end: str
    symmetric: bool
    """`A...B`: the base is the merge base of A and B."""

    @property
    def text(self) -> str:
        return f"{self.base}{'...' if self.symmetric else '..'}{self.end}"


Changes = Working | RevisionRange


def parse_changes(value: object) -> Changes:
    """The `changes` argument, checked; InvalidInput (field `changes`) otherwise."""
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput("changes must be a non-empty string", field="changes", hint=_HINT)
    if value == WORKING:
        return Working()
    symmetric = "..." in value
    base, sep, end = value.partition("..." if symmetric else "..")
    if not sep:
        raise InvalidInput(
            f"changes {value[:80]!r} is neither 'working' nor a revision range",
            field="changes",
            hint="one commit X is X~1..X; X and the work since it: X..HEAD",
        )
    return RevisionRange(_revision(base or HEAD), _revision(end or HEAD), symmetric)


def _revision(side: str) -> str:
    if len(side) > MAX_REVISION_CHARS:
        raise InvalidInput(
            f"a revision is longer than {MAX_REVISION_CHARS} characters", field="changes"
        )
    if side.startswith("-"):
        raise InvalidInput(
            f"revision {side[:80]!r} starts with '-': options are not revisions",
            field="changes",
            hint=_HINT,
        )
    if not REVISION_PATTERN.fullmatch(side) or ".." in side or "@{-" in side:
        raise InvalidInput(
            f"revision {side[:80]!r} is not a plain revision name",
            field="changes",
            hint="names of branches, tags, commits, with ~N ^N @{N}: " + _HINT,
        )
    return side
