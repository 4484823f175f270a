"""Path patterns for `glob` and the `path_glob` scope of `search`, gitignore-style.

Matched against the whole repo-relative path (`/`-separated):

- `*` matches within one path segment, `?` one character of a segment, `[abc]`/`[!abc]` a class;
- `**` matches across segments: `src/**/*.py` is every `.py` under `src/` at any depth
  (including `src/a.py`), `**/test_*.py` any such file anywhere, `docs/**` everything under docs;
- a pattern without `/` matches the file name at any depth (`*.py`, `Makefile`);
- a leading `/` anchors at the repo root (`/setup.py` is only the top-level one); a trailing `/`
  means everything under that directory.

The literal text before the first wildcard of an anchored pattern becomes a `STARTS WITH` prefix
on the path index.

Patterns compile to RE2 (linear in the path's length, whatever the pattern: `**/**/…/x` cannot
backtrack), with repeated `**/` collapsed into one first (they match the same paths).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from coderooms.errors import InvalidInput
from coderooms.search.regex_dialect import compile_internal, error_reason, re2

_WILDCARDS = "*?[\\"
MAX_PATTERN_CHARS = 1_000


@dataclass(frozen=True, slots=True)
class PathPattern:
    pattern: str
    regex: Any
    """The RE2 translation, matched against a path's UTF-8 bytes."""
    prefix: str
    """Every matching path starts with this (empty when the pattern is not anchored)."""

    def matches(self, path: str) -> bool:
        return self.regex.fullmatch(path.encode("utf-8", "surrogatepass")) is not None


def compile_path_pattern(pattern: str, *, field: str) -> PathPattern:
    text = pattern.strip()
    if not text:
        raise InvalidInput(f"{field} is empty", field=field, hint="pass a pattern like src/**/*.py")
    if len(text) > MAX_PATTERN_CHARS:
        raise InvalidInput(f"{field} is longer than {MAX_PATTERN_CHARS} characters", field=field)
    if "\x00" in text:
        raise InvalidInput(f"{field} contains a NUL character", field=field)
    directory = text.endswith("/")
    body = text.strip("/") if text.startswith("/") else text.rstrip("/")
    anchored = text.startswith("/") or "/" in body
    if not body:
        raise InvalidInput(f"{field} names no path", field=field)
    source = translate(body)
    if directory:
        source += "/.*"
    if not anchored:
        source = "(?:.*/)?" + source
    try:
        regex = compile_internal("(?s)" + source)
    except re2.error as e:
        raise InvalidInput(f"{field} is not a valid pattern: {error_reason(e)}", field=field) from e
    return PathPattern(text, regex, literal_prefix(body) if anchored else "")


def literal_prefix(body: str) -> str:
    for index, char in enumerate(body):
        if char in _WILDCARDS:
            return body[:index]
    return body


def translate(body: str) -> str:
    """Regex source for a gitignore-style pattern body (no leading or trailing `/`)."""
    out: list[str] = []
    i, n = 0, len(body)
    while i < n:
        char = body[i]
        if body.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
            while body.startswith("**/", i):  # `**/**/` matches what `**/` matches
                i += 3
        elif body.startswith("**", i):
            out.append(".*")
            i += 2
        elif char == "*":
            out.append("[^/]*")
            i += 1
        elif char == "?":
            out.append("[^/]")
            i += 1
        elif char == "[":
            end = _class_end(body, i)
            if end < 0:
                out.append(_literal(char))
                i += 1
                continue
            inner = body[i + 1 : end]
            if inner.startswith("!"):
                inner = "^" + inner[1:]
            out.append("[" + inner.replace("\\", "\\\\") + "]")
            i = end + 1
        elif char == "\\" and i + 1 < n:
            out.append(_literal(body[i + 1]))
            i += 2
        else:
            out.append(_literal(char))
            i += 1
    return "".join(out)


def _literal(char: str) -> str:
    """`char` as RE2 pattern text matching exactly it."""
    if char.isascii() and (char.isalnum() or char in "_/-"):
        return char
    return f"\\x{{{ord(char):x}}}"


def _class_end(body: str, start: int) -> int:
    i = start + 1
    if i < len(body) and body[i] in "!^":
        i += 1
    if i < len(body) and body[i] == "]":
        i += 1
    return body.find("]", i)
