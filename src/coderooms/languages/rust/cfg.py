"""Rust `#[cfg(..)]` on a `use`: an import compiled out binds nothing (issue 32).

`#[cfg(test_node_semver)] use node::{req, VersionReq};` beside `#[cfg(not(test_node_semver))]
use semver::VersionReq;` and `use crate::util::*;`: in the build there is, only the second and
the glob are imports. A predicate is read with three values (`inactive`): a bare name that is
no configuration Cargo or rustc sets in an ordinary build (`test_node_semver`, `docsrs`,
`loom`, `fuzzing`, `doc`, `miri`) is false, as rustc reads an unset name; `test` and
`debug_assertions` are true (a debug or test build, what rust-analyzer assumes); a target's
names (`unix`, `windows`, `target_os = ..`), features (`feature = ".."`) and anything else
are not known, and a `use` whose predicate is not known is kept, as before. `not`, `all` and
`any` combine them. Only a predicate known to be false drops the `use`.
"""

from __future__ import annotations

import re

from tree_sitter import Node

from coderooms.languages.parsing.nodes import text

_TRUE = frozenset({"test", "debug_assertions"})
_TARGET = frozenset({"unix", "windows", "wasm"})
"""Bare names a target sets: not known here."""
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[A-Za-z_][A-Za-z0-9_]*|[(),=]')
_NESTED = 32
"""Predicates nested deeper than this are not read (not known)."""


def inactive(node: Node, source: bytes) -> bool:
    """Whether an outer `#[cfg(..)]` of item `node` is known to be false."""
    current = node.prev_named_sibling
    while current is not None and current.type in ("attribute_item", "line_comment"):
        if current.type == "attribute_item":
            predicate = _cfg_predicate(text(current, source))
            if predicate is not None and _value(predicate) is False:
                return True
        current = current.prev_named_sibling
    return False


def _cfg_predicate(written: str) -> list[str] | None:
    """The tokens of `P` in `#[cfg(P)]`, else None."""
    tokens = _TOKENS.findall(written)
    if len(tokens) < 4 or tokens[0] != "cfg" or tokens[1] != "(" or tokens[-1] != ")":
        return None
    return tokens[2:-1]


def _value(tokens: list[str]) -> bool | None:
    """True, False or None (not known) for one predicate's tokens."""
    parsed, rest = _predicate(tokens, 0)
    return parsed if not rest else None


def _predicate(tokens: list[str], depth: int) -> tuple[bool | None, list[str]]:
    if not tokens or depth > _NESTED:
        return None, ["?"]
    head, rest = tokens[0], tokens[1:]
    if head in ("not", "all", "any") and rest[:1] == ["("]:
        values: list[bool | None] = []
        rest = rest[1:]
        while rest and rest[0] != ")":
            value, rest = _predicate(rest, depth + 1)
            if rest == ["?"]:
                return None, rest
            values.append(value)
            if rest[:1] == [","]:
                rest = rest[1:]
        if not rest:
            return None, ["?"]
        return _combine(head, values), rest[1:]
    if rest[:1] == ["="]:  # `feature = "x"`, `target_os = "linux"`: not known
        return None, rest[2:]
    if not head[:1].isalpha() and head[:1] != "_":
        return None, ["?"]
    if head in _TRUE:
        return True, rest
    if head in _TARGET:
        return None, rest
    return False, rest


def _combine(head: str, values: list[bool | None]) -> bool | None:
    if head == "not":
        return None if len(values) != 1 or values[0] is None else not values[0]
    if head == "all":
        if any(v is False for v in values):
            return False
        return True if all(v is True for v in values) else None
    if any(v is True for v in values):
        return True
    return False if all(v is False for v in values) else None
