"""Query text for Neo4j's full-text (Lucene) indexes, written one way for every room."""

from __future__ import annotations

from blake3 import blake3

_LUCENE_SPECIAL = frozenset('+-&|!(){}[]^"~*?:\\/')


def escape_lucene(text: str) -> str:
    """`text` as one literal Lucene term: every query-syntax character backslash-escaped."""
    return "".join("\\" + char if char in _LUCENE_SPECIAL else char for char in text)


SYMBOL_TEXT_FIELDS = ("name", "qualname", "signature", "words")
"""The fields of the `symbol_text` index that hold a symbol's text (its `repo_key` field scopes)."""
REPO_KEY_CHARS = 20
"""Hex digits of the repo key's hash (80 bits: no two repos of one graph share a key)."""


def repo_key(repo: str) -> str:
    """The repo as one full-text term (`repo` + hex BLAKE3 of the id): every analyzer keeps it
    whole, so `+repo_key:<key>` matches exactly that repo's symbols, whatever characters the id
    has and whichever other id shares its words (`shop` and `shop-old`)."""
    return "repo" + blake3(repo.encode()).hexdigest()[:REPO_KEY_CHARS]


def symbol_text_query(clauses: str, repo: str | None) -> str:
    """A Lucene query for the `symbol_text` index: `clauses` (escaped, with at least one word)
    asked of each text field. With a repo, `+repo_key:<key>` keeps other repos' symbols out of
    the capped answer (Lucene filters before it ranks and cuts)."""
    fields = " ".join(f"{field}:({clauses})" for field in SYMBOL_TEXT_FIELDS)
    if repo is None:
        return fields
    return f"+repo_key:{repo_key(repo)} +({fields})"
