"""Every node a query can match, restricted to the repos this server reads, inside the query.

A query can reach a node only through a node pattern: `MATCH`, `OPTIONAL MATCH`, a pattern in
`EXISTS {}`, `COUNT {}`, `COLLECT {}` or a `CALL {}` subquery, a pattern comprehension, a
quantified path pattern, `shortestPath(...)`. Every node pattern gets an inline predicate
(`(n:File {path: 'a'} WHERE <scope>)`, an anonymous one a fresh variable), so no node outside
the readable repos, and no node outside the code graph (the session store: agents, previews,
notes, alerts), is ever bound. Relationships and paths are bound between scoped nodes, and every
edge of the code graph lies inside one repo (a reference resolves in its repo, a Ghost is per
repo), so what lies between them is in the same repo.

Recognising a node pattern needs no full parser: a `(` that is not a function call's opens a
node pattern when what follows is empty, a variable then `)`, `:`, `IS` (a label), `{` or
`WHERE`, or directly `:`, `{` or `WHERE`; anything else (`(a.x + 1)`, `(a OR b)`, `((a)-->(b))`)
is an expression or a group, whose own parentheses are looked at in turn. The recognition errs
one way only: a parenthesised expression taken for a node (`WHERE (n:File)`, `RETURN (x)`)
gets a predicate where Cypher allows none, and Neo4j refuses the query; a node pattern is never
taken for an expression, because every node pattern has one of those shapes.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from coderooms.errors import InvalidInput
from coderooms.query.guard import call_paren
from coderooms.query.lexer import NAME, PARAM, PUNCT, WORD, Token

READABLE_PARAM = "cr_readable"
"""The parameter holding the readable repo ids; an agent's parameters may not use the prefix."""
RESERVED_PREFIX = "cr_"

OPENERS = {"(": ")", "[": "]", "{": "}"}
NOT_LABELS = frozenset({"NULL", "NOT", "NORMALIZED", "TYPED", "NFC", "NFD", "NFKC", "NFKD"})
"""Words after `IS` that make `(x IS ...)` an expression, not a node with a label."""


def scope_predicate(variable: str) -> str:
    """Cypher true of a node of the code graph in a readable repo (one line)."""
    v = variable
    return (
        f"(({v}:File OR {v}:Symbol OR {v}:Ghost OR {v}:Chunk) AND {v}.repo IN "
        f"${READABLE_PARAM} OR {v}:Repo AND {v}.id IN ${READABLE_PARAM})"
    )


def scoped(text: str, body: Sequence[Token]) -> str:
    """`text` with a scope predicate in each of its node patterns."""
    closers = matching(body)
    calls = {
        paren
        for index in range(len(body))
        if body[index].kind in (WORD, NAME) and (paren := call_paren(body, index))
    }
    taken = {t.text for t in body if t.kind in (WORD, NAME)}
    edits: list[tuple[int, str]] = []
    for index, token in enumerate(body):
        if token.kind != PUNCT or token.text != "(" or index in calls:
            continue
        if index > 0 and body[index - 1].upper == "CALL":
            continue  # `CALL (x) {`: the variables a subquery imports
        close = closers[index]
        node = _node_shape(body, index, close, closers)
        if node is None:
            continue
        variable, where = node
        if variable is None:
            variable = _fresh(taken)
            edits.append((token.end, f"{variable} "))
        predicate = scope_predicate(variable)
        if where is None:
            edits.append((body[close].start, f" WHERE {predicate}"))
        else:
            edits.append((body[where].end, f" {predicate} AND ("))
            edits.append((body[close].start, ")"))
    for position, insert in sorted(edits, key=lambda e: e[0], reverse=True):
        text = text[:position] + insert + text[position:]
    return text


def matching(body: Sequence[Token]) -> dict[int, int]:
    """Opener index -> its closer's; an unbalanced query is refused."""
    stack: list[int] = []
    pairs: dict[int, int] = {}
    for index, token in enumerate(body):
        if token.kind != PUNCT:
            continue
        if token.text in OPENERS:
            stack.append(index)
        elif token.text in OPENERS.values():
            if not stack or OPENERS[body[stack[-1]].text] != token.text:
                raise InvalidInput(
                    f"unbalanced {token.text!r} at position {token.start}", field="query"
                )
            pairs[stack.pop()] = index
    if stack:
        raise InvalidInput(
            f"unclosed {body[stack[-1]].text!r} at position {body[stack[-1]].start}", field="query"
        )
    return pairs


def _node_shape(
    body: Sequence[Token], open_index: int, close: int, closers: dict[int, int]
) -> tuple[str | None, int | None] | None:
    """(its variable's text or None, the index of its top-level WHERE or None) when the
    parentheses hold a node pattern; None when they hold an expression or a group."""
    inner = list(range(open_index + 1, close))
    if not inner:
        return None, None
    first = body[inner[0]]
    if first.text == "(":
        return None
    if first.kind == PUNCT and first.text in (":", "{"):
        return None, _top_level_where(body, open_index, close, closers)
    if first.kind == WORD and first.upper == "WHERE":
        return None, inner[0]
    if first.kind not in (WORD, NAME):
        return None
    second = body[inner[1]] if len(inner) > 1 else None
    if second is not None and not _starts_node_rest(body, inner[1], close):
        return None
    return first.text, _top_level_where(body, open_index, close, closers)


def _starts_node_rest(body: Sequence[Token], index: int, close: int) -> bool:
    token = body[index]
    if token.kind == PUNCT and token.text in (":", "{"):
        return True
    if token.kind == PARAM:
        return True
    if token.upper == "WHERE":
        return True
    if token.upper == "IS":
        after = body[index + 1] if index + 1 < close else None
        return after is not None and after.kind in (WORD, NAME) and after.upper not in NOT_LABELS
    return False


def _top_level_where(
    body: Sequence[Token], open_index: int, close: int, closers: dict[int, int]
) -> int | None:
    index = open_index + 1
    while index < close:
        token = body[index]
        if token.kind == PUNCT and token.text in OPENERS:
            index = closers[index] + 1
            continue
        if token.upper == "WHERE":
            return index
        index += 1
    return None


def _fresh(taken: set[str]) -> str:
    while True:
        name = f"{RESERVED_PREFIX}n{secrets.token_hex(4)}"
        if name not in taken:
            taken.add(name)
            return name
