"""Callee names for grammars whose member accesses have no object/name fields (Kotlin's and
Swift's `navigation_expression`) or have them under other names (Scala's `field_expression`).

`chain_callee` follows `nodes.callee_name`'s conventions: a chain of plain identifiers is
written dotted (`a.b.c`, Kotlin `a?.b` -> `a.b`); a member of anything else is `?.` and the
trailing identifiers (`a!!.b` -> `?.b`); a member of a named call is written with `()`
(`a.b().c` -> `a.b().c`), so that what the inner call is declared to return may answer it.
"""

from __future__ import annotations

from collections.abc import Callable

from tree_sitter import Node

from coderooms.languages.parsing.nodes import DOTTED_RE, IDENT_RE, UNKNOWN_OBJECT, dotted, text

Split = Callable[[Node], tuple[Node | None, Node | None]]
"""A member-access node -> (its object, the node naming the member)."""
Callee = Callable[[Node], Node | None]
"""A call node -> the node of its function part."""


def chain_callee(
    node: Node,
    source: bytes,
    members: dict[str, Split],
    calls: dict[str, Callee],
) -> str | None:
    """The callee written by the function part `node` of a call (see the module docstring).

    `members` splits each member-access node type into object and member; `calls` gives the
    callee node of each call node type (an object that is a named call is written `callee()`)."""
    raw = text(node, source)
    if DOTTED_RE.fullmatch(raw):
        return raw
    found = dotted(raw)
    if found is not None:
        return found
    parts: list[str] = []
    current: Node | None = node
    while current is not None:
        split = members.get(current.type)
        if split is None:
            break
        obj, member = split(current)
        name = text(member, source) if member is not None else ""
        if not IDENT_RE.fullmatch(name):
            if not parts:
                return None
            current = None
            break
        parts.append(name)
        current = obj
    if current is not None:
        head = text(current, source)
        if IDENT_RE.fullmatch(head):
            parts.append(head)
            return ".".join(reversed(parts))
    if not parts:
        return None
    callee_of = calls.get(current.type) if current is not None else None
    if current is not None and callee_of is not None:
        inner = callee_of(current)
        called = chain_callee(inner, source, members, calls) if inner is not None else None
        if called and not called.startswith(UNKNOWN_OBJECT):
            parts.append(called + "()")
            return ".".join(reversed(parts))
    parts.append(UNKNOWN_OBJECT)
    return ".".join(reversed(parts))


def first_and_last(node: Node) -> tuple[Node | None, Node | None]:
    """A member access whose first named child is the object and last one the member."""
    count = node.named_child_count
    if count < 2:
        return None, None
    return node.named_child(0), node.named_child(count - 1)


def first_named(node: Node) -> Node | None:
    return node.named_child(0) if node.named_child_count else None


def constructed(value: Node | None, source: bytes, calls: dict[str, Callee]) -> str | None:
    """The class a `val x = Foo(...)` / `let x = a.Foo(...)` initialiser constructs: a call of a
    plain dotted name whose last part is capitalised (Kotlin, Swift and Scala have no `new` to
    say so; a capitalised function is rare), else None."""
    callee_of = calls.get(value.type) if value is not None else None
    callee = callee_of(value) if value is not None and callee_of is not None else None
    if callee is None:
        return None
    name = dotted(text(callee, source))
    if name is None or not name.rpartition(".")[2][:1].isupper():
        return None
    return name
