"""Rust declared types: what a parameter, a `let` or a struct field is declared or built as
(`declared`), and the type a declaration names (`named_type`): references, generic arguments
and pointers stripped to the named type (`S<u8>` -> `S`), `Box<T>`/`Rc<T>`/`Arc<T>` to `T` (a
method call derefs through them); `impl Trait` and `dyn Trait` name the trait; a parameter typed
by a type parameter of its function or impl (`fn f<L: Log>(x: &L)`, or a `where L: Log` clause)
is the parameter's first trait bound; `let (a, b) = f();` takes the elements of the tuple a
function of the same file declares (`tuple_declared`); `let x = f()?;` / `f().unwrap()` with `f`
of the same file declared to return `Result<T, ..>` / `Option<T>`: a `T` (`unwrapped`)."""

from __future__ import annotations

from tree_sitter import Node

from coderooms.languages.parsing.assigned import call_value
from coderooms.languages.parsing.collector import Collector
from coderooms.languages.parsing.nodes import text, type_name, type_parameters
from coderooms.languages.rust.matched import carried_value
from coderooms.languages.rust.unwrapped import carried, unwrapped
from coderooms.resolution.extraction import FactKind
from coderooms.resolution.vocabulary import CALLED, UNKNOWN_RECEIVER

MEMBERS = {"field_expression": ("value", "field"), "scoped_identifier": ("path", "name")}
WRAPPERS: dict[str, str | None] = {"generic_function": "function"}
CALLS = {"call_expression": "function"}

_CONSTRUCTORS = frozenset({"new", "default", "from"})
"""`T::new(..)` and the like give a `T` (by convention; `with_*` too)."""


def declared(node: Node, c: Collector) -> None:
    """Declared types: parameters (PARAM), `let x: T` / `let x = T::new(..)` / `T { .. }` and
    struct fields (ASSIGN), the named type without references or arguments; `let x = f()`:
    what `f` returns (`languages.javascript.assigned`)."""
    source = c.source
    name = node.child_by_field_name("pattern") or node.child_by_field_name("name")
    if name is None:
        return
    typed = named_type(node.child_by_field_name("type"), source)
    if typed is not None and "." not in typed and node.type == "parameter":
        typed = _bound(node, typed, source) or typed  # `x: &L` with `L: Log`: a `Log`
    value = node.child_by_field_name("value")
    if typed is None and value is not None and node.type == "let_declaration":
        if value.type == "struct_expression":
            typed = named_type(value.child_by_field_name("name"), source)
        elif value.type == "scoped_identifier":  # `Level::Info`: a variant of `Level`
            variant = text(value.child_by_field_name("name") or value, source)
            if variant[:1].isupper() and not variant.isupper():
                typed = named_type(value.child_by_field_name("path"), source)
        elif value.type == "call_expression":
            fn = value.child_by_field_name("function")
            if fn is not None and fn.type == "scoped_identifier":
                called = text(fn.child_by_field_name("name") or fn, source)
                if called in _CONSTRUCTORS or called.startswith("with_"):
                    typed = named_type(fn.child_by_field_name("path"), source)
        if typed is None and name.type == "identifier":
            typed = _unwrapped_type(value, source)  # `let x = f()?;`, `f().unwrap()`: a `T`
        if typed is None and name.type == "identifier":
            if value.type == "call_expression":  # `let x = f()`: f's return
                marker = call_value(value, source, MEMBERS, WRAPPERS, CALLS)
            else:  # `f()?`, `match f() { Ok(m) => m, .. }`
                marker = carried_value(value, source, MEMBERS, WRAPPERS, CALLS)
            local = text(name, source)
            if marker is not None and marker.partition(".")[0].removesuffix(CALLED) == local:
                marker = None if marker in _same_calls(local) else UNKNOWN_RECEIVER
            if marker is not None:
                _let_fact(node, name, c, marker)
    if typed and node.type == "let_declaration":
        _let_fact(node, name, c, typed)
    elif typed:
        kind = FactKind.PARAM if node.type == "parameter" else FactKind.ASSIGN
        c.fact(name, kind, text(name, source), annotation=typed)
    elif node.type == "parameter":  # `x: u8`: no type of the repo, and it hides an outer `x`
        c.fact(name, FactKind.PARAM, text(name, source))


def _same_calls(local: str) -> tuple[str, ...]:
    """`x.clone()`, `x.to_owned()`: a value of the type `x` had."""
    return (f"{local}.clone{CALLED}", f"{local}.to_owned{CALLED}")


def _let_fact(let: Node, name: Node, c: Collector, annotation: str) -> None:
    """The ASSIGN fact of `let name = ..`, stated from the line after the `let` (its value
    still sees the name's binding before it: `let e = e.or_insert(..)`)."""
    line = let.end_point.row + 2
    c.fact_at(name.start_byte, line, FactKind.ASSIGN, text(name, c.source), annotation=annotation)


def _unwrapped_type(value: Node, source: bytes) -> str | None:
    inner = unwrapped(value, source)
    typed = named_type(inner, source) if inner is not None else None
    return None if inner is None or typed in type_parameters(inner, source) else typed


def named_type(node: Node | None, source: bytes) -> str | None:
    while node is not None and node.type in _WRAPPING:
        if node.type == "generic_type" and _pointer(node, source):
            arguments = node.child_by_field_name("type_arguments")  # `Box<T>`: method calls on T
            node = arguments.named_child(0) if arguments and arguments.named_child_count else None
            continue
        node = node.child_by_field_name("trait" if node.type in _TRAIT_TYPES else "type")
    if node is None or node.type not in (
        "type_identifier",
        "scoped_type_identifier",
        "identifier",
        "scoped_identifier",
    ):
        return None
    named = type_name(node, source)
    return named if (named and named[:1].isupper()) or (named and "." in named) else None


def _pointer(generic: Node, source: bytes) -> bool:
    base = generic.child_by_field_name("type")
    if base is not None and base.type == "scoped_type_identifier":
        base = base.child_by_field_name("name")
    return base is not None and text(base, source) in _POINTERS


_POINTERS = frozenset({"Box", "Rc", "Arc"})
"""Smart pointers a method call derefs through to the pointee (`b: Box<T>`, `b.m()`: `T.m`)."""
_TRAIT_TYPES = frozenset({"abstract_type", "dynamic_type"})
_WRAPPING = frozenset({"reference_type", "generic_type", "pointer_type", *_TRAIT_TYPES})
_MARKERS = frozenset({"Send", "Sync", "Sized", "Unpin", "Copy", "Clone", "Default"})
"""Bounds that declare no method a value of the parameter is called with (or only `clone`)."""
_GENERIC_OWNERS = frozenset({"function_item", "impl_item", "trait_item"})


def _bound(node: Node, name: str, source: bytes) -> str | None:
    """The first trait bound of type parameter `name` of the function, impl or trait around
    `node` (`<L: Log>`, `where L: Log`); None when `name` is no type parameter there."""
    current = node.parent
    while current is not None:
        if current.type in _GENERIC_OWNERS:
            for bounds in _bounds_of(current, name, source):
                for bound in bounds.named_children:
                    found = named_type(bound, source)
                    if found is not None and found not in _MARKERS:
                        return found
        current = current.parent
    return None


def _bounds_of(owner: Node, name: str, source: bytes) -> list[Node]:
    found: list[Node] = []
    for child in owner.named_children:
        if child.type == "type_parameters":
            for param in child.named_children:
                named = param.child_by_field_name("name")
                bounds = param.child_by_field_name("bounds")
                if named is not None and bounds is not None and text(named, source) == name:
                    found.append(bounds)
        elif child.type == "where_clause":
            for predicate in child.named_children:
                left = predicate.child_by_field_name("left")
                bounds = predicate.child_by_field_name("bounds")
                if left is not None and bounds is not None and text(left, source) == name:
                    found.append(bounds)
    return found


def type_parameters_declared(function: Node, c: Collector) -> None:
    """`fn f<T: ByteOrder>() { T::read_u16(..) }`: each type parameter of the function with a
    trait bound (`<T: Tr>`, `where T: Tr`; the first that is no marker) is that trait where the
    function names it (a PARAM fact of the name): `T::m()` is `Tr::m()`, the trait's method as
    the compiler picks it for any `T`."""
    source = c.source
    for child in function.named_children:
        if child.type != "type_parameters":
            continue
        for param in child.named_children:
            named = param.child_by_field_name("name")
            if named is None or param.type != "type_parameter":
                continue
            bound = _bound(named, text(named, source), source)
            if bound is not None:
                c.fact(named, FactKind.PARAM, text(named, source), annotation=bound)


def tuple_declared(node: Node, c: Collector) -> None:
    """`let (a, b) = f();` with `fn f() -> (A, B)` defined at the top of the same file (`f()?`
    with `fn f() -> Result<(A, B), E>`): `a` is an `A`, `b` a `B` (ASSIGN facts; `mut a` too,
    `_` and nested patterns are skipped)."""
    source = c.source
    pattern, value = node.child_by_field_name("pattern"), node.child_by_field_name("value")
    tried = value is not None and value.type == "try_expression" and value.named_child_count
    if tried and value is not None:  # `let (a, b) = f()?;`: the tuple `f`'s `Result` carries
        value = value.named_child(0)
    if pattern is None or value is None or value.type != "call_expression":
        return
    callee = value.child_by_field_name("function")
    if callee is None or callee.type != "identifier":
        return
    elements = _tuple_return(node, text(callee, source), source, carried_only=bool(tried))
    names = pattern.named_children
    if elements is None or len(elements) != len(names):
        return
    for written, element in zip(names, elements, strict=True):
        name = written
        if written.type == "mut_pattern":
            name = next((n for n in written.named_children if n.type == "identifier"), written)
        typed = named_type(element, source)
        if name.type == "identifier" and typed is not None:
            c.fact(name, FactKind.ASSIGN, text(name, source), annotation=typed)


def _tuple_return(
    node: Node, function: str, source: bytes, carried_only: bool = False
) -> list[Node] | None:
    root = node
    while root.parent is not None:
        root = root.parent
    for item in root.named_children:
        if item.type != "function_item":
            continue
        name = item.child_by_field_name("name")
        returned = item.child_by_field_name("return_type")
        if name is not None and text(name, source) == function and returned is not None:
            if carried_only:  # `Result<(A, B), E>`: the tuple inside
                returned = carried(returned, source)
                if returned is None:
                    return None
            return list(returned.named_children) if returned.type == "tuple_type" else None
    return None
