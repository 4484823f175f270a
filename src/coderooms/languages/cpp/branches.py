"""C/C++ `#elif` / `#else` branches, read as further programs of a file kept with its first.

A C++ file that tree-sitter reads only with the first branch of every conditional taken
(`c.macros.first_branches`: a `#if` inside a template argument list splits it) loses what its
other branches define: nlohmann/json's `operator<` and `operator>` under the `#else` of `#if
JSON_HAS_THREE_WAY_COMPARISON`, whose first branch has the C++20 `operator<=>`. Such a file is
read again once per further branch, as C# files are (`languages.csharp.branches`): reading `k` takes
branch `k` of each conditional that has one (its last where it has fewer; one with no `#else`
is read in every reading). A `#if 0` branch is in no reading (its `#else`, when there is one,
is in all). What a further reading defines that the kept one does not (by qualname: the first
definition of a name wins) joins the extraction (`parsing.branches.merge_other_branches`); a
reading that parses with more errors than the kept one is not merged. A file whose plain
reading is kept needs none of this: tree-sitter reads every branch of its conditionals.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from coderooms.languages.parsing.branches import nth_branches as read_branches

_CONDITIONAL = re.compile(
    rb"^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif)\b((?:[^\n]*\\\n)*[^\n]*)", re.MULTILINE
)
_OPENING = frozenset({b"if", b"ifdef", b"ifndef"})
"""The directives that open a conditional."""


def _opens_dead(word: bytes, rest: bytes) -> bool:
    return word == b"if" and rest.split(b"//", 1)[0].split(b"/*", 1)[0].strip() == b"0"


def live_branches(source: bytes) -> list[list[int]]:
    """Of each conditional, in the order they start, the indices of its branches some
    configuration compiles: all but the first branch of a `#if 0`."""
    branches: list[list[int]] = []
    open_at: list[int] = []
    at: list[int] = []  # per open conditional: the branch being read
    for match in _CONDITIONAL.finditer(source):
        word = match.group(1)
        if word in (b"if", b"ifdef", b"ifndef"):
            open_at.append(len(branches))
            at.append(0)
            branches.append([] if _opens_dead(word, match.group(2)) else [0])
        elif word in (b"elif", b"else") and open_at:
            at[-1] += 1
            branches[open_at[-1]].append(at[-1])
        elif word == b"endif" and open_at:
            open_at.pop()
            at.pop()
    return branches


def other_branches(source: bytes) -> Iterator[bytes]:
    """The further readings of `source`: `nth_branches` for each `k` past the first."""
    for k in range(1, max((len(live) for live in live_branches(source)), default=1)):
        yield nth_branches(source, k)


def nth_branches(source: bytes, k: int) -> bytes:
    """`source` with its conditional directives blanked and, of each conditional, only its live
    branch `k` kept (its last where it has fewer than `k + 1`; none where none is live); `k = 0`
    is `c.macros.first_branches` but for the `#define`s it keeps. Lines and offsets stay."""
    return read_branches(source, k, live_branches(source), _CONDITIONAL, _OPENING)
