"""One symbol as one short line of text, for answers: its signature with the name spelled as
the qualname (`def Config.from_pyfile(self, filename, silent=False) -> bool`), or the kind and
qualname when the signature does not start with a keyword and the name."""

from __future__ import annotations

import re

KEYWORDS = ("async def", "def", "class", "func", "fn", "function", "interface", "type", "struct")
"""Words a signature may start with before the symbol's name."""


def symbol_text(kind: str, name: str, qualname: str, signature: str | None) -> str:
    kind = kind.lower()
    qualname = qualname or name
    signature = signature or ""
    for keyword in KEYWORDS:
        head = f"{keyword} {name}"
        if signature.startswith(head) and not re.match(r"\w", signature[len(head) :]):
            return f"{keyword} {qualname}{signature[len(head) :]}"
    if signature.startswith(name) and not re.match(r"\w", signature[len(name) :]):
        return f"{kind} {qualname}{signature[len(name) :]}"
    return f"{kind} {qualname}: {signature}" if signature else f"{kind} {qualname}"
