"""Query tokenisation and Lucene escaping for seek."""

from __future__ import annotations

import pytest

from coderooms.graph.fulltext import repo_key
from coderooms.retrieval.graph_limits import MAX_QUERY_TOKENS
from coderooms.retrieval.tokens import (
    escape_lucene,
    fulltext_query,
    split_identifier,
    tokenize_query,
)


@pytest.mark.parametrize(
    ("word", "parts"),
    [
        ("JSONDecoder", ["json", "decoder"]),
        ("raw_decode", ["raw", "decode"]),
        ("JSONDecoder.raw_decode", ["json", "decoder", "raw", "decode"]),
        ("parseHTTPResponse2", ["parse", "http", "response", "2"]),
        ("__init__", ["init"]),
        ("base64", ["base", "64"]),
        ("getX", ["get", "x"]),
        ("Grüße_Welt", ["grüße", "welt"]),
        ("", []),
    ],
)
def test_split_identifier(word: str, parts: list[str]) -> None:
    assert split_identifier(word) == parts


def test_natural_language_drops_filler_words() -> None:
    tokens = tokenize_query("where is the thread pool executor?")
    assert tokens.tokens == ("thread", "pool", "executor")
    assert tokens.identifiers == ()
    assert tokens.usable


def test_identifier_query_keeps_exact_words() -> None:
    tokens = tokenize_query("JSONDecoder.raw_decode")
    assert tokens.words == ("JSONDecoder.raw_decode",)
    assert tokens.identifiers == ("JSONDecoder.raw_decode", "raw_decode")
    assert tokens.tokens == ("json", "decoder", "raw", "decode")


def test_one_word_query_is_an_identifier() -> None:
    assert tokenize_query("loads").identifiers == ("loads",)
    assert tokenize_query("call parse_args here").identifiers == ("parse_args",)


@pytest.mark.parametrize("query", ["", "   ", "the of a", "???", "42 7", "x"])
def test_queries_without_usable_tokens(query: str) -> None:
    assert not tokenize_query(query).usable


def test_tokens_are_unique_and_capped() -> None:
    words = " ".join(f"word{chr(97 + i)}x" for i in range(20))
    tokens = tokenize_query(words + " " + words)
    assert len(tokens.tokens) == MAX_QUERY_TOKENS
    assert len(set(tokens.tokens)) == len(tokens.tokens)
    assert tokens.dropped > 0


def test_lucene_syntax_is_escaped() -> None:
    assert escape_lucene('a+b-c&&d||e!(f){g}[h]^"i"~j*k?l:m\\n/o') == (
        'a\\+b\\-c\\&\\&d\\|\\|e\\!\\(f\\)\\{g\\}\\[h\\]\\^\\"i\\"\\~j\\*k\\?l\\:m\\\\n\\/o'
    )


CLAUSES = "jsondecoder.decode decode json json* decoder decoder* decode*"


def test_fulltext_query_has_terms_and_prefixes() -> None:
    query = fulltext_query(tokenize_query("JSONDecoder.decode"))
    assert query == " ".join(
        f"{field}:({CLAUSES})" for field in ("name", "qualname", "signature", "words")
    )


def test_fulltext_query_is_scoped_to_the_repo_in_lucene() -> None:
    query = fulltext_query(tokenize_query("JSONDecoder.decode"), "my-repo")
    assert query.startswith(f"+repo_key:{repo_key('my-repo')} +(name:(")
    assert repo_key("my-repo").isalnum()
    assert repo_key("my-repo") != repo_key("my-repo-old")
    assert query.endswith(f"words:({CLAUSES}))")


def test_fulltext_query_of_hostile_text_is_only_escaped_terms() -> None:
    query = fulltext_query(tokenize_query('name:(x OR y*) AND "z" title~2 [a TO b]'))
    [clauses] = {part.split(":(", 1)[1].rstrip(")") for part in query.split(") ")}
    for clause in clauses.split():
        body = clause.removesuffix("*")
        assert body.replace("\\", "").isalnum() or "\\" in body
    assert "OR" not in clauses.split()
    assert "AND" not in clauses.split()
