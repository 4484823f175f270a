"""The shapes the semantic (lexical fallback) and resonant families compare: name tokens and
normalised parameter lists, and the full-text queries that find candidates for them."""

from __future__ import annotations

import re

from coderooms.graph.fulltext import escape_lucene

MIN_TOKEN_CHARS = 3
"""Shorter name tokens (`a`, `to`, `id`) are too common to say two names are alike."""
MAX_QUERY_TOKENS = 8

_TOKEN = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")
_RECEIVERS = frozenset({"self", "cls", "this"})


def name_tokens(name: str) -> frozenset[str]:
    """Lower-case words of a name: `parse_known_args` -> parse, known, args; `JSONDecoder` ->
    json, decoder; a dotted name counts its last part (`re.compile` -> compile)."""
    last = name.rsplit(".", 1)[-1]
    return frozenset(t.lower() for t in _TOKEN.findall(last) if len(t) >= MIN_TOKEN_CHARS)


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a and b else 0.0


def repo_clause(repo: str) -> str:
    """`+repo:"<words of the repo id>" ` for the `symbol_words` index: keeps other repos' symbols
    out of Lucene's top hits (letters only, so it may admit a few; the exact repo is checked
    after). Empty when the repo id has no letters."""
    repo_words = re.findall(r"[^\W\d_]+", repo)
    return f'+repo:"{" ".join(repo_words)}" ' if repo_words else ""


def words_query(tokens: frozenset[str], repo: str, field: str = "name") -> str | None:
    """`+repo:"<repo>" +name:(w1 OR w2)` for the `symbol_words` index (`+path:(...)` for
    `file_words`), whose `simple` analyzer indexes lower-case letter runs (`parse_known_args` as
    parse, known, args; `email/_header_value_parser.py` as email, header, value, parser, py)."""
    chosen = sorted(tokens)[:MAX_QUERY_TOKENS]
    if not chosen:
        return None
    words = " OR ".join(escape_lucene(t) for t in chosen)
    return repo_clause(repo) + f"+{field}:({words})"


def parameter_names(
    signature: str | None, name: str, language: str | None
) -> tuple[str, ...] | None:
    """The normalised parameter list of a definition's signature: names only, in order, with
    `*`/`**`/`...` markers kept and annotations, defaults and a leading self/cls/this dropped.
    None when the signature holds no complete parameter list (cut, or not a callable)."""
    if not signature:
        return None
    start = signature.find(name + "(") if name else -1
    start = signature.find("(") if start < 0 else start + len(name)
    if start < 0:
        return None
    params = _top_level_params(signature, start)
    if params is None:
        return None
    names = [n for n in (_param_name(p, language) for p in params) if n]
    if names and names[0].lstrip("*&") in _RECEIVERS:
        names = names[1:]
    return tuple(names)


def _top_level_params(signature: str, open_at: int) -> list[str] | None:
    depth = 0
    current: list[str] = []
    params: list[str] = []
    for char in signature[open_at:]:
        if char in "([{<":
            depth += 1
            if depth == 1:
                continue
        elif char in ")]}>":
            depth -= 1
            if depth == 0:
                params.append("".join(current))
                return [p.strip() for p in params if p.strip()]
        elif char == "," and depth == 1:
            params.append("".join(current))
            current = []
            continue
        current.append(char)
    return None


_IDENT = re.compile(r"[*.&]*[A-Za-z_$][A-Za-z0-9_$]*")


def _param_name(param: str, language: str | None) -> str | None:
    head = param.split("=", 1)[0]
    if language == "go":
        first: list[str] = _IDENT.findall(head)
        return first[0] if first else None
    if language == "java":
        typed: list[str] = _IDENT.findall(head.split("@")[-1])
        return typed[-1] if typed else None
    head = head.split(":", 1)[0].strip()
    if head in ("*", "/"):
        return None
    words: list[str] = _IDENT.findall(head)
    if not words:
        return None
    stars = "**" if head.startswith("**") else "*" if head.startswith("*") else ""
    return stars + words[-1].lstrip("*&.")


def signature_query(params: tuple[str, ...], repo: str) -> str:
    """`+repo:"<repo>" +signature:w1 +signature:w2 ...`: definitions in the repo whose signature
    holds every word of every parameter name (`max_len` -> max, len), as `simple` indexes them."""
    words = sorted({w.lower() for p in params for w in re.findall(r"[^\W\d_]+", p)})
    return repo_clause(repo) + " ".join("+signature:" + escape_lucene(w) for w in words)
