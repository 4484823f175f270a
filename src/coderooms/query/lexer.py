"""Cypher cut into tokens, enough to tell apart what the checks look at: words (keywords,
variables, function and procedure names), quoted names, strings, parameters, numbers and
punctuation. Comments and blanks are dropped (they separate tokens and nothing else), so a
keyword hidden by a comment (`CRE/**/ATE` is two words, `CALL/**/apoc.x()` is `CALL apoc.x`)
is seen as Cypher sees it. Anything the lexer does not know is refused, never skipped."""

from __future__ import annotations

import re
from dataclasses import dataclass

from coderooms.errors import InvalidInput

WORD, NAME, STRING, PARAM, NUMBER, PUNCT = "word", "name", "string", "param", "number", "punct"

_PATTERNS = (
    (None, r"\s+"),
    (None, r"//[^\n]*"),
    (None, r"/\*.*?\*/"),
    (STRING, r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\""),
    (NAME, r"`(?:[^`]|``)*`"),
    (PARAM, r"\$(?:[^\W\d]\w*|`(?:[^`]|``)*`|\d+)"),
    (NUMBER, r"0[xX][0-9a-fA-F]+|0[oO][0-7]+|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?"),
    (WORD, r"[^\W\d]\w*"),
    (PUNCT, r"->|<-|<>|<=|>=|=~|\.\.|::|\+=|[(){}\[\],.:;|=<>+\-*/%^!&]"),
)
_LEXER = re.compile("|".join(f"({pattern})" for _, pattern in _PATTERNS), re.DOTALL)


@dataclass(frozen=True, slots=True)
class Token:
    kind: str
    text: str
    start: int
    end: int

    @property
    def upper(self) -> str:
        """A word as a keyword compares (Cypher keywords ignore case)."""
        return self.text.upper() if self.kind == WORD else ""

    @property
    def name(self) -> str:
        """A word or a quoted name as the name it stands for."""
        if self.kind == NAME:
            return self.text[1:-1].replace("``", "`")
        return self.text


def tokens(text: str) -> list[Token]:
    """The tokens of `text`; refused (`field: query`) at the first character no Cypher token
    starts with, or an unterminated string, quoted name or comment."""
    found: list[Token] = []
    position = 0
    while position < len(text):
        match = _LEXER.match(text, position)
        if match is None or match.end() == position:
            raise InvalidInput(
                f"cannot read the query at character {position} "
                f"({text[position : position + 20]!r}): an unterminated string, quoted name or "
                "comment, or a character Cypher does not use",
                field="query",
            )
        kind = _PATTERNS[(match.lastindex or 1) - 1][0]
        if kind is not None:
            found.append(Token(kind, match.group(), match.start(), match.end()))
        position = match.end()
    return found
