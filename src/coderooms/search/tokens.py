"""Query and identifier tokenisation for `seek`, and the escaping of user text for Lucene.

A query is cut into *words* (runs of letters, digits, `_` and inner `.`), and every word into
lower-case *sub-tokens* at `.`, `_`, camelCase and letter/digit boundaries:
`JSONDecoder.raw_decode` → `json`, `decoder`, `raw`, `decode`. Sub-tokens that are pure digits,
shorter than MIN_TOKEN_CHARS, or English filler words (STOP_WORDS) are not usable: a query with no
usable sub-token is answered `blocked`, never with made-up results.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from coderooms.search.graph_limits import MAX_QUERY_TOKENS, MIN_PREFIX_CHARS, MIN_TOKEN_CHARS

_STOP_TEXT = """
a an and any are as at be by can could did do does for from have how i in into is it its me my of
on or our should that the their there these this those to was we what when where which who why
will with would you your
"""
STOP_WORDS = frozenset(_STOP_TEXT.split())
"""Filler words of natural-language queries; they name no code."""

_WORD = re.compile(r"[^\W_](?:[\w]|\.(?=\w))*|_+[^\W_]\w*", re.UNICODE)
_SEPARATORS = re.compile(r"[\W_]+", re.UNICODE)
_ASCII_PARTS = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")
SPLIT_CACHE_SIZE = 65_536
"""Identifiers whose split is remembered (names and signatures repeat across calls)."""
_LUCENE_SPECIAL = frozenset('+-&|!(){}[]^"~*?:\\/')


@dataclass(frozen=True, slots=True)
class QueryTokens:
    words: tuple[str, ...]
    """The query's words as typed (identifiers keep case, `_` and inner dots)."""
    tokens: tuple[str, ...]
    """Usable lower-case sub-tokens, unique, in query order (at most MAX_QUERY_TOKENS)."""
    identifiers: tuple[str, ...]
    """Words looked up exactly by name: every word of a one-word query, else the words that look
    like identifiers (contain `_`, `.`, a digit or an inner capital); plus each dotted word's last
    segment."""
    dropped: int = 0
    """Usable sub-tokens beyond MAX_QUERY_TOKENS that were ignored."""

    @property
    def usable(self) -> bool:
        return bool(self.tokens)


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


def _looks_like_identifier(word: str) -> bool:
    inner_capital = any(char.isupper() for char in word[1:])
    return inner_capital or any(char in "._" or char.isdigit() for char in word)


def usable_token(token: str) -> bool:
    return len(token) >= MIN_TOKEN_CHARS and not token.isdigit() and token not in STOP_WORDS


def tokenize_query(query: str) -> QueryTokens:
    words = tuple(_WORD.findall(query))
    seen: dict[str, None] = {}
    for word in words:
        for token in split_identifier(word):
            if usable_token(token):
                seen.setdefault(token, None)
    usable = list(seen)
    identifiers: dict[str, None] = {}
    for word in words:
        if len(words) == 1 or _looks_like_identifier(word):
            identifiers.setdefault(word, None)
            if "." in word:
                identifiers.setdefault(word.rsplit(".", 1)[1], None)
    return QueryTokens(
        words=words,
        tokens=tuple(usable[:MAX_QUERY_TOKENS]),
        identifiers=tuple(identifiers),
        dropped=max(0, len(usable) - MAX_QUERY_TOKENS),
    )


def escape_lucene(text: str) -> str:
    """`text` as one literal Lucene term: every query-syntax character backslash-escaped."""
    return "".join("\\" + char if char in _LUCENE_SPECIAL else char for char in text)


def fulltext_query(tokens: QueryTokens) -> str:
    """The Lucene query for the `symbol_text` index: each sub-token as a term and (from
    MIN_PREFIX_CHARS characters) as a prefix, and each identifier word as a term, OR-ed."""
    clauses: dict[str, None] = {}
    for word in tokens.identifiers:
        clauses.setdefault(escape_lucene(word.lower()), None)
    for token in tokens.tokens:
        term = escape_lucene(token)
        clauses.setdefault(term, None)
        if len(token) >= MIN_PREFIX_CHARS:
            clauses.setdefault(term + "*", None)
    return " ".join(clauses)
