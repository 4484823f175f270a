"""Ruby definitions written as calls or assignments rather than `def`/`class` (see `extract`):

* `alias new old` and `alias_method :new, :old` -> METHOD `C.new` (FUNCTION at the top level),
  spanning the line, signature the declaration: the name a caller uses is defined there;
* `define_method(:name) { ... }` / `define_method("name") do ... end` (a literal name) ->
  METHOD `C.name` spanning the call, its block's calls its own;
* `Const = Class.new(Base) do ... end` / `Const = Module.new` -> CLASS `Const` (qualified in
  its scope, superclass `Base` when written as a constant), the `def`s of its block its methods.
  A local variable holding an anonymous class (`c = Class.new`) is no symbol: its name is no
  constant anything refers to.
"""

from __future__ import annotations

from collections.abc import Callable

from tree_sitter import Node

from coderooms.core.kinds import SymbolKind
from coderooms.languages.parsing.collector import Collector, Scope
from coderooms.languages.parsing.nodes import signature, string_value, text

QUERY = """
(alias) @alias
(assignment left: (constant) right: (call receiver: (constant) method: (identifier))) @dynclass
"""

CALLED = frozenset({"alias_method", "define_method"})
"""Receiverless calls that define a method."""

_ANONYMOUS = frozenset({"Class", "Module"})


def is_dynamic_class(node: Node, source: bytes) -> bool:
    """`Const = Class.new(...)` / `Const = Module.new`."""
    value = node.child_by_field_name("right")
    receiver = value.child_by_field_name("receiver") if value is not None else None
    method = value.child_by_field_name("method") if value is not None else None
    return (
        receiver is not None
        and method is not None
        and text(receiver, source) in _ANONYMOUS
        and text(method, source) == "new"
    )


def method_alias(node: Node, outer: Scope, c: Collector) -> None:
    """`alias new old` (an `alias` node) or `alias_method :new, :old` (a call)."""
    source = c.source
    if node.type == "alias":
        name_node = node.child_by_field_name("name")
        name = _literal_name(name_node, source) if name_node is not None else None
    else:
        name = _first_argument(node, source)
    if name:
        c.define(
            _kind(outer), outer.qualify(name), outer.parent, node, _line(node, source), scope=False
        )


def defined_method(node: Node, outer: Scope, c: Collector) -> Scope:
    """`define_method(:name) { ... }`: the method's scope, or `outer` without a literal name."""
    name = _first_argument(node, c.source)
    if not name:
        return outer
    qual = outer.qualify(name)
    arguments = node.child_by_field_name("arguments") or node
    sig = signature(c.source, node.start_byte, arguments.end_byte)
    c.define(_kind(outer), qual, outer.parent, node, sig)
    return Scope(qual, qual, in_type=False)


def dynamic_class(
    node: Node,
    outer: Scope,
    c: Collector,
    owners: dict[int, str],
    constant_name: Callable[[Node, bytes], str | None],
) -> Scope:
    """`Const = Class.new(Base) do ... end`: the class's scope for its block."""
    source = c.source
    left = node.child_by_field_name("left")
    value = node.child_by_field_name("right")
    if left is None or value is None:
        return outer
    qual = outer.qualify(text(left, source))
    arguments = value.child_by_field_name("arguments")
    block = value.child_by_field_name("block")
    end = (arguments or value).end_byte
    c.define(SymbolKind.CLASS, qual, outer.parent, node, signature(source, node.start_byte, end))
    base = (
        arguments.named_children[0] if arguments is not None and arguments.named_children else None
    )
    if base is not None and base.type in ("constant", "scope_resolution"):
        c.inherit(qual, constant_name(base, source), base)
    body = block.child_by_field_name("body") if block is not None else None
    if body is not None:
        owners[body.start_byte] = qual
    return Scope(qual, qual, in_type=True)


def _kind(outer: Scope) -> SymbolKind:
    return SymbolKind.METHOD if outer.in_type else SymbolKind.FUNCTION


def _line(node: Node, source: bytes) -> str:
    """The declaration's first line."""
    line_end = source.find(b"\n", node.start_byte)
    end = node.end_byte if line_end < 0 else min(node.end_byte, line_end)
    return signature(source, node.start_byte, end)


def _first_argument(node: Node, source: bytes) -> str | None:
    arguments = node.child_by_field_name("arguments")
    first = (
        arguments.named_children[0] if arguments is not None and arguments.named_children else None
    )
    if first is None or first.type not in ("simple_symbol", "string", "delimited_symbol"):
        return None  # `define_method(name)`: a name computed at run time
    return _literal_name(first, source)


def _literal_name(node: Node, source: bytes) -> str | None:
    """`:name`, `"name"`, `name` (an alias's bare word) -> `name`; None for an expression."""
    if node.type == "simple_symbol":
        return text(node, source).removeprefix(":")
    if node.type in ("identifier", "constant", "operator", "setter"):
        return text(node, source)
    if node.type == "string" and [n.type for n in node.named_children] == ["string_content"]:
        return string_value(node, source)
    if node.type == "delimited_symbol" and node.named_child_count == 1:
        return text(node.named_children[0], source)
    return None
