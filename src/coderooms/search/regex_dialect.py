"""The regex dialect of `search(mode="regex")`: RE2, so a match costs time linear in the text
whatever the pattern (no backtracking: `(a+)+$` or `(\\w+\\s?)*$` cannot freeze the server).

RE2 is Python `re` without what needs backtracking: backreferences (`\\1`, `(?P=name)`),
lookarounds (`(?=`, `(?!`, `(?<=`, `(?<!`), atomic groups and possessive repeats, conditionals,
`\\Z` (use `\\z`), verbose mode `(?x)`; repeat counts stop at 1,000. Such a pattern is refused
with `invalid_input` naming `query`. `\\w`, `\\d`, `\\s` and `\\b` are ASCII (use `\\pL`, `\\pN`
or `[[:alpha:]]`-style classes for more); `(?i)` folds Unicode case.

A pattern compiles twice: `line` (matched against one line alone, grep semantics) and `chunk`
(multi-line, run over a chunk's UTF-8 bytes to find the lines worth checking). Over a chunk,
`^`/`$` mean line boundaries; a pattern that turns multi-line mode off or anchors at the text's
own edges (`\\A`, `\\z`) gets no chunk form and is checked line by line.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass
from typing import Any

from coderooms.errors import InvalidInput

# the google-re2 bindings have no stubs, hence Any
re2: Any = importlib.import_module("re2")

UNANCHORED = re2._Anchor.UNANCHORED

MAX_ERROR_CHARS = 200
"""RE2's error text quotes the pattern; at most this much of it is echoed back."""

RE2_MAX_MEM = 32 << 20
"""Memory one compiled pattern may take (RE2's default is 8 MiB); a larger one is refused."""

REGEX_HINT = (
    "search regexes are RE2 (linear time): no backreferences, lookarounds, atomic groups, "
    "possessive repeats or \\Z (use \\z); or use mode=literal to search for the text as is"
)

CHUNK_UNSAFE = re.compile(r"\\[Az]|\(\?[a-zA-Z]*-")
"""Pattern text that may make a search over a whole chunk miss a line's match (checked
conservatively: an escaped backslash before them counts too)."""

BOUNDARY = re.compile(r"\\[bB]")
"""Word-boundary assertions: over a piece of a line they see the piece's edge, not the text."""


@dataclass(frozen=True, slots=True)
class Re2Pattern:
    """A user's regex, compiled by RE2 for one line and (when safe) for a whole chunk."""

    pattern: str
    line: Any
    chunk: Any | None
    """The pattern with `(?m)`, searched over a chunk's UTF-8 bytes; None when unsafe."""
    has_boundary: bool

    def search_line(self, line: str) -> bool:
        return first_match(self.line, as_utf8(line), 0) != -1


def first_match(compiled: Any, data: bytes, at: int) -> int:
    """Where the first match of `compiled` in `data` at or after `at` starts, -1 for none.
    Straight to the binding's Match (what `search` calls, less its Match object: a third of
    the cost per call); `search` where a binding lacks it."""
    raw = getattr(compiled, "_regexp", None)
    if raw is None:
        found = compiled.search(data, at)
        return -1 if found is None else int(found.start())
    start, _end = raw.Match(UNANCHORED, data, at, len(data))[0]
    return int(start)


def as_utf8(text: str) -> bytes:
    """`text` as RE2 searches it: UTF-8, a lone surrogate (text decoded with surrogateescape)
    kept as the bytes that encode it, which RE2 matches only by `.`-like wildcards."""
    return text.encode("utf-8", "surrogatepass")


def _options() -> Any:
    options = re2.Options()
    options.log_errors = False
    options.never_capture = True
    options.max_mem = RE2_MAX_MEM
    return options


def compile_re2(pattern: str, *, field: str = "query") -> Re2Pattern:
    """`pattern` compiled by RE2, or InvalidInput naming `field` with what RE2 refused."""
    try:
        line = re2.compile(pattern, options=_options())
    except re2.error as e:
        raise InvalidInput(
            f"{field} is not a regular expression RE2 accepts: {error_reason(e)}",
            field=field,
            hint=REGEX_HINT,
        ) from e
    chunk = None
    if not CHUNK_UNSAFE.search(pattern):
        try:
            chunk = re2.compile("(?m)" + pattern, options=_options())
        except re2.error:
            chunk = None
    return Re2Pattern(pattern, line, chunk, has_boundary=bool(BOUNDARY.search(pattern)))


def compile_internal(pattern: str) -> Any:
    """An RE2 pattern built by coderooms itself (a glob's translation); raises re2.error."""
    return re2.compile(pattern, options=_options())


def error_reason(error: Exception) -> str:
    """RE2's reason for refusing a pattern, cut to MAX_ERROR_CHARS."""
    raw = error.args[0] if error.args else str(error)
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)
    return text if len(text) <= MAX_ERROR_CHARS else text[:MAX_ERROR_CHARS] + "…"
