"""Rust `let`s of what a `Result` / `Option` carries, written by hand (issue 32): `let x =
f()?;` and `let x = &match f(..) { Ok(m) => m, _ => panic!() };` (`Some(m) => m` too) give `x`
what `f().unwrap()` gives, a marker of `assigned` (`languages.rust.carried`: `T` of a declared
`Result<T, ..>` in any file). The match counts only where one arm gives its `Ok` / `Some`
value back as it is and every other arm leaves (`panic!`, `unreachable!`, `todo!`,
`unimplemented!`, `return`, `break`, `continue`), so that the value is the carried one."""

from __future__ import annotations

from tree_sitter import Node

from coderooms.languages.parsing.assigned import call_value
from coderooms.languages.parsing.nodes import text
from coderooms.resolution.vocabulary import CALLED

TAKEN = "unwrap"
"""The step a carried value is written with (`vocabulary.CARRIER_ELEMENTS`)."""
_VARIANTS = frozenset({"Ok", "Some"})
_LEAVING_MACROS = frozenset({"panic", "unreachable", "todo", "unimplemented"})
_LEAVING = frozenset({"return_expression", "break_expression", "continue_expression"})

Names = dict[str, tuple[str, str]]


def carried_value(
    value: Node,
    source: bytes,
    members: Names,
    wrappers: dict[str, str | None],
    calls: dict[str, str],
) -> str | None:
    """The marker of `call().unwrap()` for `call()?` or the match above (see the module)."""
    while value.type == "reference_expression" and value.named_child_count:
        value = value.named_children[-1]
    if value.type == "try_expression":
        inner = value.named_child(0) if value.named_child_count else None
    elif value.type == "match_expression" and _unwrapping(value, source):
        inner = value.child_by_field_name("value")
    else:
        return None
    marker = call_value(inner, source, members, wrappers, calls) if inner is not None else None
    return f"{marker}.{TAKEN}{CALLED}" if marker else None


def _unwrapping(match: Node, source: bytes) -> bool:
    block = match.child_by_field_name("body")
    arms = [a for a in block.named_children if a.type == "match_arm"] if block else []
    given = 0
    for arm in arms:
        pattern = arm.child_by_field_name("pattern")
        body = arm.child_by_field_name("value")
        if pattern is None or body is None:
            return False
        if _gives_back(pattern, body, source):
            given += 1
        elif not _leaves(body, source):
            return False
    return given == 1


def _gives_back(pattern: Node, body: Node, source: bytes) -> bool:
    """`Ok(m) => m` (no guard)."""
    if pattern.named_child_count != 1:
        return False
    written = pattern.named_child(0)
    if written is None or written.type != "tuple_struct_pattern":
        return False
    variant = written.child_by_field_name("type")
    fields = [n for n in written.named_children if n != variant]
    if variant is None or text(variant, source) not in _VARIANTS or len(fields) != 1:
        return False
    return (
        fields[0].type == "identifier"
        and body.type == "identifier"
        and (text(fields[0], source) == text(body, source))
    )


def _leaves(body: Node, source: bytes) -> bool:
    """`panic!(..)`, `return ..`, or a block ending so."""
    while body.type == "block" and body.named_child_count:
        body = body.named_children[-1]
        if body.type == "expression_statement" and body.named_child_count:
            body = body.named_children[0]
    if body.type in _LEAVING:
        return True
    if body.type == "macro_invocation":
        name = body.child_by_field_name("macro")
        return name is not None and text(name, source) in _LEAVING_MACROS
    return False
