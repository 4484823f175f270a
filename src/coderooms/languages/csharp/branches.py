"""C# `#elif` / `#else` branches, read as further programs of the same file.

The first reading of a C# file (`extract.first_branches`) takes the first branch of each `#if`:
one consistent program, as a compiler with those symbols defined would see. A definition in an
`#else` is still a definition of the repo (Newtonsoft's `DateTimeUtils.ToDateTimeFormat` for
the targets without `XmlDateTimeSerializationMode`), so the file is read again once per further
branch: reading `k` takes branch `k` of each `#if` that has one (its last branch where it has
fewer; an `#if` with no `#else` is read in every reading), every other byte of a directive or a
branch left out made a space (lines and offsets stay). A branch no configuration compiles is in
no reading: `#if false` / `#elif false`, and what follows a `#if true` / `#elif true` (commented-out
code, as Newtonsoft's `#if false [Test] public void StackOverflowTest()`); the branches counted are
the others.

What a further reading defines that the first does not (by qualname: a name defined in both
branches is one symbol, the first branch's) joins the extraction, with the calls, facts and
bases inside those definitions, and the `using` directives only that branch has. A reading that
parses with more errors than the first is not merged.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from coderooms.languages.parsing.branches import nth_branches as read_branches

_DIRECTIVE = re.compile(rb"^[ \t]*#[ \t]*([a-z]*)([^\n]*)", re.MULTILINE)
_OPENING = frozenset({b"if"})
"""The directives that open a conditional."""


def _condition(rest: bytes) -> bytes:
    """A directive's condition, its comment and spaces dropped (`false // off` -> `false`)."""
    return rest.split(b"//", 1)[0].strip()


def live_branches(source: bytes) -> list[list[int]]:
    """Of each `#if`, in the order they start, the indices of its branches some configuration
    compiles: all but a `false` one and those after a `true` one."""
    branches: list[list[int]] = []
    open_at: list[int] = []
    at: list[int] = []  # per open `#if`: the branch being read
    dead_after: list[bool] = []  # per open `#if`: a branch so far was `true`
    for match in _DIRECTIVE.finditer(source):
        word = match.group(1)
        if word == b"if":
            open_at.append(len(branches))
            at.append(0)
            dead_after.append(False)
            branches.append([])
        elif word in (b"elif", b"else") and open_at:
            at[-1] += 1
        elif word == b"endif" and open_at:
            open_at.pop()
            at.pop()
            dead_after.pop()
            continue
        else:
            continue
        condition = _condition(match.group(2)) if word != b"else" else b""
        if not dead_after[-1] and condition != b"false":
            branches[open_at[-1]].append(at[-1])
        dead_after[-1] = dead_after[-1] or condition == b"true"
    return branches


def branch_counts(source: bytes) -> list[int]:
    """The number of live branches (`live_branches`) of each `#if`, in the order they start."""
    return [len(live) for live in live_branches(source)]


def nth_branches(source: bytes, k: int) -> bytes:
    """`source` with its directives blanked and, of each `#if`, only its live branch `k` kept
    (its last where it has fewer than `k + 1`; none where none is live); `k = 0` is
    `csharp.first_branches`."""
    return read_branches(source, k, live_branches(source), _DIRECTIVE, _OPENING)


def other_branches(source: bytes) -> Iterator[bytes]:
    """The further readings of `source`: `nth_branches` for each `k` past the first."""
    counts = branch_counts(source) if b"#el" in source else []
    for k in range(1, max(counts, default=1)):
        yield nth_branches(source, k)
