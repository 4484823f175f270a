"""Rust: a name bound twice in one function, read by line (issue 32).

A `let` shadows the name from its line on; a pattern's name (a `match` arm, an `if let` /
`while let`, a closure's parameters, a `for`) and a `let` of an inner block hold only until the
arm, body, closure or block ends, where the binding visible before it is again. Rust's rules
say so (`RustRules.block_scoped_types`, `block_scoped_values`): a name one function binds twice
has, at a reference, what its last binding above it says (`resolution.file_records
.declared_lines`), and `restore_shadowed` writes, after each such region, the binding visible
before it again (a fact on the line after the region's end), so that `let e = map.entry(2);
match e { Entry::Occupied(ref e) => .., _ => .. } e.or_insert(..)` reads the last `e` as the
`let`'s. One reference still stands for all its sites in a function (the sites of `e.key()`
must all see one binding, else the call stays unknown).
"""

from __future__ import annotations

from dataclasses import dataclass

from tree_sitter import Node

from coderooms.languages.parsing.collector import Collector
from coderooms.languages.parsing.nodes import text
from coderooms.resolution.extraction import FactKind
from coderooms.resolution.vocabulary import UNKNOWN_RECEIVER

_NAMES = frozenset({"identifier", "shorthand_field_identifier"})
_OWN_SCOPES = frozenset({"function_item", "closure_expression"})


@dataclass(frozen=True, slots=True)
class _Bound:
    name: str
    start: int
    region: Node


def restore_shadowed(functions: list[Node], c: Collector) -> None:
    """After each region of each of `functions` that binds a name again (see the module), a
    fact restoring the binding visible before it: its annotation where it has one, else `?`
    (an outer region's last where two end together)."""
    annotations = c.fact_annotations()
    facts = set(annotations)
    restores: list[tuple[int, int, int, str, str]] = []
    for function in functions:
        body = function.child_by_field_name("body")
        if body is None:
            continue
        by_name: dict[str, list[_Bound]] = {}
        for inner in _bindings(function, body, facts, c.source):
            earlier = by_name.setdefault(inner.name, [])
            region = inner.region
            if region.end_byte < body.end_byte:  # not the function's own scope (to its end)
                outer = next(
                    (b for b in reversed(earlier) if b.region.end_byte > inner.start), None
                )
                if outer is not None:
                    restores.append(_restore(inner, outer, annotations))
            earlier.append(inner)
    for end, _, line, name, annotation in sorted(restores):
        c.fact_at(end - 1, line, FactKind.ASSIGN, name, annotation=annotation)


def _restore(
    inner: _Bound, outer: _Bound, annotations: dict[int, set[str | None]]
) -> tuple[int, int, int, str, str]:
    """The fact restating `outer` after `inner`'s region: (end, -start, line, name, type)."""
    region = inner.region
    found = annotations.get(outer.start, set())
    annotation = next(iter(found)) if len(found) == 1 else None
    return (
        region.end_byte,
        -region.start_byte,
        region.end_point.row + 2,
        inner.name,
        annotation or UNKNOWN_RECEIVER,
    )


def _bindings(function: Node, body: Node, facts: set[int], source: bytes) -> list[_Bound]:
    """The names `function` binds where a fact was written (outside nested functions), in
    order, each with the node whose end ends its scope."""
    found: list[_Bound] = []
    stack = [function]
    while stack:
        node = stack.pop()
        if node.type in _NAMES and node.start_byte in facts:
            region = _region(node, body)
            if region is not None:
                found.append(_Bound(text(node, source), node.start_byte, region))
            continue
        stack.extend(c for c in reversed(node.children) if c.type != "function_item")
    found.sort(key=lambda b: b.start)
    return found


def _region(name: Node, body: Node) -> Node | None:
    """Where the binding at `name` holds: the arm of a `match`, the body of an `if let` /
    `while let` / `for`, a closure, the block of a `let` (None: no binding there)."""
    node = name.parent
    while node is not None:
        kind = node.type
        if kind == "let_declaration":
            return node.parent or body
        if kind == "parameter":
            parent = node.parent
            closure = parent is not None and parent.type == "closure_parameters"
            return parent.parent if closure and parent is not None else body
        if kind == "closure_parameters":
            return node.parent
        if kind == "for_expression":
            return node
        if kind == "match_arm":
            return node
        if kind == "let_condition":
            return _conditional(node) or body
        if kind in _OWN_SCOPES or kind == "block":
            return None
        node = node.parent
    return None


def _conditional(condition: Node) -> Node | None:
    """The block an `if let` / `while let` binds for (its consequence, its body)."""
    node = condition.parent
    while node is not None and node.type == "let_chain":
        node = node.parent
    if node is None:
        return None
    if node.type == "if_expression":
        return node.child_by_field_name("consequence")
    if node.type == "while_expression":
        return node.child_by_field_name("body")
    return None
