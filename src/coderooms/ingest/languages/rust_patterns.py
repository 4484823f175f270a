"""Rust: a name a pattern binds is the pattern's, not the function's (issue 32).

Closures, `for`, `if let` / `while let` and `match` arms bind names (`|r: &Request|`,
`for (i, r) in ..`, `Some(r)`) that are no definition: their calls are the enclosing
function's, whose scope facts say what each name is. Where the function says `r` is a `Router`
(a parameter, a `let`) and a pattern binds `r` to something else, a call on the pattern's `r`
inside it (`r.body()`) would be taken as `Router.body`. There the pattern's facts for the name
are dropped and each call on it inside the pattern's reach is written on the type the pattern
gives it (a closure parameter's written type: `Request.body`) or else on an unknown value
(`?.body`: only a unique name can answer). A name the function gives no fact is left alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tree_sitter import Node

from coderooms.languages.parsing.nodes import DOTTED_RE, text
from coderooms.resolution.vocabulary import CALLED, UNKNOWN_RECEIVER, VALUE_OF

if TYPE_CHECKING:
    from coderooms.languages.parsing.collector import Collector

_SKIPPED = frozenset({"scoped_identifier", "field_identifier", "type_identifier"})


class _Binder:
    __slots__ = ("end", "names", "start")

    def __init__(self, start: int, end: int) -> None:
        self.start, self.end = start, end
        self.names: dict[str, list[Node]] = {}


def pattern_scopes(root: Node, c: Collector, calls: list[Node]) -> dict[int, str]:
    """The callee of each call to rewrite, by its function node's start byte; drops the facts
    of the names a pattern binds where they clash with the enclosing function's."""
    source = c.source
    functions: list[tuple[Node, list[_Binder]]] = []
    stack = [root]
    while stack:
        node = stack.pop()
        if node.type == "function_item":
            binders = _binders(node, source)
            if binders:
                functions.append((node, binders))
        stack.extend(node.named_children)
    if not functions:
        return {}
    annotations: dict[int, set[str | None]] = {}
    named: dict[str, list[tuple[int, str | None]]] = {}
    for start, name, annotation in c.fact_names():
        annotations.setdefault(start, set()).add(annotation)
        named.setdefault(name, []).append((start, annotation))
    heads: dict[str, list[tuple[int, Node]]] = {}
    for call in calls:
        if call.type == "field_expression":
            raw = text(call, source)
            if DOTTED_RE.fullmatch(raw) is not None:
                heads.setdefault(raw.partition(".")[0], []).append((call.start_byte, call))
    dropped: set[int] = set()
    rewritten: dict[int, str] = {}
    for function, binders in functions:
        span = (function.start_byte, function.end_byte)
        for binder in binders:
            for name, at in binder.names.items():
                starts = {a.start_byte for a in at}
                inner = frozenset(k for s in starts for k in annotations.get(s, {None}))
                outer = {
                    annotation
                    for start, annotation in named.get(name, ())
                    if span[0] <= start < span[1] and not binder.start <= start < binder.end
                }
                if not outer or (len(outer) == 1 and inner == frozenset(outer)):
                    continue
                dropped |= starts
                owner = next(iter(inner)) if len(inner) == 1 else None
                if owner is None or owner.endswith(CALLED) or owner.startswith(VALUE_OF):
                    owner = UNKNOWN_RECEIVER
                for start, call in heads.get(name, ()):
                    if _innermost(binders, name, start) is binder:
                        rest = text(call, source).partition(".")[2]
                        rewritten[start] = f"{owner}.{rest}"
    if dropped:
        c.forget_facts(dropped)
    return rewritten


def _innermost(binders: list[_Binder], name: str, at: int) -> _Binder | None:
    found = None
    for binder in binders:
        reaches = name in binder.names and binder.start <= at < binder.end
        if reaches and (found is None or binder.start >= found.start):
            found = binder
    return found


def _binders(function: Node, source: bytes) -> list[_Binder]:
    """The closures, `for`s, `if let`/`while let`s and match arms of `function` (not of the
    functions nested in it), each with the names it binds and its reach."""
    found: list[_Binder] = []
    stack = list(function.named_children)
    while stack:
        node = stack.pop()
        kind = node.type
        if kind == "function_item":
            continue
        binder: _Binder | None = None
        patterns: list[Node | None] = []
        if kind == "closure_expression":
            binder = _Binder(node.start_byte, node.end_byte)
            params = node.child_by_field_name("parameters")
            patterns.extend(
                param.child_by_field_name("pattern") or param
                for param in (params.named_children if params is not None else ())
            )
        elif kind == "for_expression":
            body = node.child_by_field_name("body")
            if body is not None:
                binder = _Binder(body.start_byte, body.end_byte)
                patterns.append(node.child_by_field_name("pattern"))
        elif kind == "let_condition" and node.parent is not None:
            reach = node.parent.child_by_field_name(
                "consequence" if node.parent.type == "if_expression" else "body"
            )
            if reach is not None:
                binder = _Binder(node.end_byte, reach.end_byte)
                patterns.append(node.child_by_field_name("pattern"))
        elif kind == "match_arm":
            binder = _Binder(node.start_byte, node.end_byte)
            patterns.append(node.child_by_field_name("pattern"))
        if binder is not None:
            for pattern in patterns:
                for ident in _bound(pattern, source):
                    binder.names.setdefault(text(ident, source), []).append(ident)
            if binder.names:
                found.append(binder)
        stack.extend(node.named_children)
    return found


def _bound(pattern: Node | None, source: bytes) -> list[Node]:
    """The identifiers a pattern binds: not a path, a variant or constant (capitalised), `_`."""
    found: list[Node] = []
    stack = [pattern] if pattern is not None else []
    while stack:
        node = stack.pop()
        if node.type in ("identifier", "shorthand_field_identifier"):
            name = text(node, source)
            if name != "_" and not name[:1].isupper():
                found.append(node)
            continue
        if node.type in _SKIPPED or node.type.endswith("_type"):
            continue
        for i, child in enumerate(node.children):
            if child.is_named and node.field_name_for_child(i) not in ("type", "condition"):
                stack.append(child)
    return found
