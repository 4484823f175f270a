"""Rust values taken out of a `Result` or an `Option`: `let x = f()?;`, `let x = f().unwrap();`
and `let x = f().expect(..);` where `f` is declared in the same file to return `Result<T, E>`,
`Option<T>` or an alias named `Result` (`io::Result<T>`, `anyhow::Result<T>`, a crate's own
`type Result<T> = ..`): `x` is a `T` (`unwrapped`). The called function is a top-level `fn` of
the file (`f()`) or a method of the impl around the `let` (`self.g()`, `Self::g()`); another
file's function, or a return type that is no `Result`/`Option` (or whose `T` is a type parameter)
records nothing. Everything here depends on the file alone."""

from __future__ import annotations

from tree_sitter import Node

from coderooms.languages.parsing.nodes import text

_TAKERS = frozenset({"unwrap", "expect"})
"""Methods of `Result`/`Option` that give the value inside (or panic)."""
_CARRIERS = frozenset({"Result", "Option"})
"""Return types whose first type argument is what `?` and `_TAKERS` give."""


def unwrapped(value: Node, source: bytes) -> Node | None:
    """The written `T` that `value` takes out of a `Result`/`Option` (see the module), or None.
    The node lies in the called function's signature (its type parameters are in scope there)."""
    call = _taken_call(value, source)
    function = _called_function(call, value, source) if call is not None else None
    if function is None:
        return None
    return carried(function.child_by_field_name("return_type"), source)


def _taken_call(value: Node, source: bytes) -> Node | None:
    """The call whose value `value` takes out: `f()?` and `f().unwrap()` / `f().expect(..)`."""
    if value.type == "try_expression":
        inner = value.named_child(0) if value.named_child_count else None
        return inner if inner is not None and inner.type == "call_expression" else None
    if value.type != "call_expression":
        return None
    fn = value.child_by_field_name("function")
    if fn is None or fn.type != "field_expression":
        return None
    field = fn.child_by_field_name("field")
    inner = fn.child_by_field_name("value")
    if field is None or text(field, source) not in _TAKERS or inner is None:
        return None
    return inner if inner.type == "call_expression" else None


def _called_function(call: Node, at: Node, source: bytes) -> Node | None:
    """The `fn` item of the file that `call` calls: `f()` one of the module it is written in
    (the file, or the inline `mod` around it: never an outer module's, which it sees only
    through a `use`), `self.g()` / `Self::g()` one of the impl around `at`."""
    fn = call.child_by_field_name("function")
    if fn is None:
        return None
    if fn.type == "identifier":  # the module the call is written in: `mod tests { .. }` too
        module = at.parent
        while module is not None and module.type not in ("mod_item", "source_file"):
            module = module.parent
        if module is not None and module.type == "mod_item":
            module = module.child_by_field_name("body")
        items = module.named_children if module is not None else []
        return _function_named(items, text(fn, source), source)
    if fn.type == "field_expression":
        head, member = fn.child_by_field_name("value"), fn.child_by_field_name("field")
    elif fn.type == "scoped_identifier":
        head, member = fn.child_by_field_name("path"), fn.child_by_field_name("name")
    else:
        return None
    if head is None or member is None or text(head, source) not in ("self", "Self"):
        return None
    impl = at.parent
    while impl is not None and impl.type != "impl_item":
        impl = impl.parent
    body = impl.child_by_field_name("body") if impl is not None else None
    return _function_named(body.named_children, text(member, source), source) if body else None


def _function_named(items: list[Node], name: str, source: bytes) -> Node | None:
    found = [
        item
        for item in items
        if item.type == "function_item"
        and (named := item.child_by_field_name("name")) is not None
        and text(named, source) == name
    ]
    return found[0] if len(found) == 1 else None


def carried(returned: Node | None, source: bytes) -> Node | None:
    """`T` of a declared `Result<T, ..>` / `Option<T>` (any path ending so), else None."""
    if returned is None or returned.type != "generic_type":
        return None
    base = returned.child_by_field_name("type")
    if base is not None and base.type == "scoped_type_identifier":
        base = base.child_by_field_name("name")
    if base is None or text(base, source) not in _CARRIERS:
        return None
    arguments = returned.child_by_field_name("type_arguments")
    if arguments is None or not arguments.named_child_count:
        return None
    return arguments.named_child(0)
