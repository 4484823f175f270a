"""Identifiers cut into lower-case words, the one way every part of coderooms does it: the query
tokens of `seek`, the `words` property the ingest writes on each symbol (indexed by the
`symbol_text` full-text index, so that `rule` finds `PriceRule`), and the lexical signal.

`JSONDecoder.raw_decode` -> `json`, `decoder`, `raw`, `decode`: cuts at `.`, `_` and every other
non-word character, at camelCase, at ACRONYMWord and at letter/digit boundaries, in any script.
"""

from __future__ import annotations

import re
from functools import lru_cache

_SEPARATORS = re.compile(r"[\W_]+", re.UNICODE)
_ASCII_PARTS = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")
SPLIT_CACHE_SIZE = 65_536
"""Identifiers whose split is remembered (names and signatures repeat across calls)."""


def split_identifier(word: str) -> list[str]:
    """Lower-case sub-tokens of one identifier, in order (duplicates kept)."""
    return list(_split_cached(word))


@lru_cache(maxsize=SPLIT_CACHE_SIZE)
def _split_cached(word: str) -> tuple[str, ...]:
    parts: list[str] = []
    for segment in _SEPARATORS.split(word):
        if segment.isascii():
            parts.extend(_ASCII_PARTS.findall(segment))
        else:
            parts.extend(_split_segment(segment))
    return tuple(part.lower() for part in parts if part)


def _split_segment(segment: str) -> list[str]:
    """camelCase, PascalCase, ACRONYMWord and letter/digit boundaries (any script)."""
    out: list[str] = []
    current = ""
    for i, char in enumerate(segment):
        if not current:
            current = char
            continue
        prev = current[-1]
        nxt = segment[i + 1] if i + 1 < len(segment) else ""
        boundary = (
            (prev.isdigit() != char.isdigit())
            or (prev.islower() and char.isupper())
            or (prev.isupper() and char.isupper() and nxt.islower())
        )
        if boundary:
            out.append(current)
            current = char
        else:
            current += char
    if current:
        out.append(current)
    return out


@lru_cache(maxsize=SPLIT_CACHE_SIZE)
def symbol_words(name: str, qualname: str) -> str:
    """The words of a symbol's qualname (its owners' and its own name's), then of its name when
    the qualname does not end with it, space-separated, each once: what the `words` property
    holds. `JSONDecoder.raw_decode` -> `json decoder raw decode`."""
    seen = dict.fromkeys(split_identifier(qualname))
    seen.update(dict.fromkeys(split_identifier(name)))
    return " ".join(seen)
