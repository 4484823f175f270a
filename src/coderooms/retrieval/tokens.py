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

from coderooms.core.words import split_identifier
from coderooms.graph.fulltext import escape_lucene, symbol_text_query
from coderooms.retrieval.graph_limits import MAX_QUERY_TOKENS, MIN_PREFIX_CHARS, MIN_TOKEN_CHARS

_STOP_TEXT = """
a an and any are as at be by can could did do does for from have how i in into is it its me my of
on or our should that the their there these this those to was we what when where which who why
will with would you your
"""
STOP_WORDS = frozenset(_STOP_TEXT.split())
"""Filler words of natural-language queries; they name no code."""

_WORD = re.compile(r"[^\W_](?:[\w]|\.(?=\w))*|_+[^\W_]\w*", re.UNICODE)


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


def fulltext_query(tokens: QueryTokens, repo: str | None = None) -> str:
    """The Lucene query for the `symbol_text` index: each sub-token as a term and (from
    MIN_PREFIX_CHARS characters) as a prefix, and each identifier word as a term, OR-ed, asked
    of the text fields (`symbol_text_query`)."""
    clauses: dict[str, None] = {}
    for word in tokens.identifiers:
        clauses.setdefault(escape_lucene(word.lower()), None)
    for token in tokens.tokens:
        term = escape_lucene(token)
        clauses.setdefault(term, None)
        if len(token) >= MIN_PREFIX_CHARS:
            clauses.setdefault(term + "*", None)
    return symbol_text_query(" ".join(clauses), repo)
