"""Rust: the value a `Result<T, E>` or an `Option<T>` carries, across files (issue 32).

* A function declared to return `Result<T, ..>` / `Option<T>` (any path ending so:
  `io::Result<T>`), or a bare `Result` / `Option` that the file aliases (`pub type Result =
  result::Result<Matches, Fail>;`), is recorded as returning `Result<T` (`CARRIER_ELEMENTS`:
  the carrier, then its `T`), unless `T` is a type parameter (`carried_return`). Members of
  what `unwrap()` / `expect(..)` give are then members of `T` in any file
  (`resolution.member_tables`), as a JDK container's element is.
* `let x = f()?;` and a `match` that unwraps by hand are written as `f().unwrap()` (`matched`).
* `Ok(x)` / `Some(x)` (`ref`, `mut` too) in a match arm or an `if let` / `while let` over a
  call of a path of names (`match opts.parse(&args) { Ok(ref m) => m.opt_present(..) }`) binds
  `x` to what `unwrap()` of that call gives (`carried_bindings`), but only where the function
  binds the name nowhere else (no parameter, `let`, closure, `for` or other pattern of that
  name): there the name keeps no type, as every pattern's name (`patterns`). Two such arms of
  different calls give two values: the name is unknown (`resolution.file_records`).
  `Err(e)` and `None` give nothing.
"""

from __future__ import annotations

from tree_sitter import Node

from coderooms.languages.parsing.assigned import call_value
from coderooms.languages.parsing.nodes import text, type_parameters
from coderooms.languages.rust.declared import CALLS, MEMBERS, WRAPPERS, named_type
from coderooms.languages.rust.matched import TAKEN
from coderooms.languages.rust.unwrapped import carried
from coderooms.resolution.vocabulary import CALLED, CARRIER_ELEMENTS, ELEMENT

_VARIANTS = frozenset({"Ok", "Some"})
"""Variants whose one field is what `unwrap()` gives."""
_BINDERS = frozenset(
    {"parameter", "let_declaration", "closure_parameters", "for_expression", "let_condition",
     "match_pattern"}
)  # fmt: skip
_BOUND_FIELDS = {"parameter": "pattern", "let_declaration": "pattern",
                 "for_expression": "pattern", "let_condition": "pattern"}  # fmt: skip
_NAMES = frozenset({"identifier", "shorthand_field_identifier"})
_NOT_BINDING = frozenset({"scoped_identifier", "type_identifier", "field_identifier"})


def carried_return(function: Node, root: Node, source: bytes) -> str | None:
    """`Result<T` for a function declared to return a carrier of named `T` (see the module)."""
    returned = function.child_by_field_name("return_type")
    if returned is None:
        return None
    base = named_type(returned, source) if returned.type != "generic_type" else None
    if base in CARRIER_ELEMENTS:  # a bare `Result`: the file's `type Result = ..<T, ..>`
        returned = _alias(root, base, source)
    inner = carried(returned, source)
    if returned is None or inner is None:
        return None
    element = named_type(inner, source)
    if element is None or element in type_parameters(function, source):
        return None
    carrier = _carrier_name(returned, source)
    return f"{carrier}{ELEMENT}{element}" if carrier else None


def _carrier_name(returned: Node, source: bytes) -> str | None:
    base = returned.child_by_field_name("type")
    if base is not None and base.type == "scoped_type_identifier":
        base = base.child_by_field_name("name")
    name = text(base, source) if base is not None else None
    return name if name in CARRIER_ELEMENTS else None


def _alias(root: Node, name: str, source: bytes) -> Node | None:
    """The type a top-level `type name = ..;` without type parameters of the file names."""
    for item in root.named_children:
        if item.type != "type_item" or item.child_by_field_name("type_parameters") is not None:
            continue
        named = item.child_by_field_name("name")
        if named is not None and text(named, source) == name:
            return item.child_by_field_name("type")
    return None


def carried_binding(pattern: Node, source: bytes) -> tuple[Node, str] | None:
    """(the name, its marker) for `Ok(x)` / `Some(x)` over a call of a path of names in a match
    arm or a `let` condition (`pattern` as the query captures it), else None."""
    scrutinee: Node | None = None
    written = pattern
    if pattern.type == "match_pattern":
        arm = pattern.parent
        block = arm.parent if arm is not None else None
        match = block.parent if block is not None else None
        scrutinee = match.child_by_field_name("value") if match is not None else None
        written = pattern.named_child(0) if pattern.named_child_count else pattern
    elif pattern.parent is not None and pattern.parent.type == "let_condition":
        scrutinee = pattern.parent.child_by_field_name("value")
    if scrutinee is None or written is None or written.type != "tuple_struct_pattern":
        return None
    variant = written.child_by_field_name("type")
    fields = [n for n in written.named_children if n != variant]
    if variant is None or text(variant, source) not in _VARIANTS or len(fields) != 1:
        return None
    name = fields[0]
    while name.type in ("ref_pattern", "mut_pattern"):
        inner = [n for n in name.named_children if n.type != "mutable_specifier"]
        if len(inner) != 1:
            return None
        name = inner[0]
    if name.type != "identifier":
        return None
    marker = call_value(scrutinee, source, MEMBERS, WRAPPERS, CALLS)
    if marker is None or marker.partition(".")[0].removesuffix(CALLED) == text(name, source):
        return None
    return name, f"{marker}.{TAKEN}{CALLED}"


def bound_elsewhere(function: Node | None, name: Node, source: bytes) -> bool:
    """Whether the function around `name` binds its text anywhere but at `name` and at other
    carried bindings (`carried_binding`): a parameter, a `let`, a closure, a `for`, a pattern."""
    if function is None:
        return True
    wanted = text(name, source)
    stack = list(function.named_children)
    while stack:
        node = stack.pop()
        if node.type in ("function_item", "impl_item", "mod_item", "trait_item"):
            continue  # another definition's names
        if node.type in _BINDERS and _binds(node, wanted, source):
            return True
        stack.extend(node.named_children)
    return False


def _binds(binder: Node, wanted: str, source: bytes) -> bool:
    """Whether `binder` binds `wanted` other than by a carried binding."""
    if binder.type in ("match_pattern", "let_condition"):
        pattern = (
            binder if binder.type == "match_pattern" else binder.child_by_field_name("pattern")
        )
        if pattern is not None and carried_binding(pattern, source) is not None:
            return False
    field = _BOUND_FIELDS.get(binder.type)
    top = binder.child_by_field_name(field) if field else binder
    if top is None:
        return False
    stack = [top] if binder.type != "match_pattern" else binder.named_children[:1]
    while stack:
        node = stack.pop()
        if node.type in _NAMES:
            if text(node, source) == wanted:
                return True
            continue
        if node.type in _NOT_BINDING or node.type.endswith("_type"):
            continue
        if node.type == "closure_expression":
            continue
        stack.extend(node.named_children)
    return False
