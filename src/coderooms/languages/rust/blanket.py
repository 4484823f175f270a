"""Rust blanket impls: `trait Tr { fn m(&self) {} }` with `impl<T> Tr for T {}` in the same file
gives every value an `m`. A call of `m` on an expression whose type no rule knows (`a().m()`,
`if c {}.m()`, `(x).m()`: callee `?.m`; in macro arguments `}.m(` / `).m(`) is then `Tr.m`,
when exactly one such trait of the file has a method `m` (declared in the trait or defined in the
blanket impl) and nothing else in the file is named `m`. Only top-level traits and impls count;
the rule reads the file alone."""

from __future__ import annotations

from tree_sitter import Node

from coderooms.languages.parsing.nodes import text

_METHODS = frozenset({"function_item", "function_signature_item"})


def blanket_methods(root: Node, source: bytes) -> dict[str, str]:
    """Method name -> `Trait.name` for the blanket-implemented traits of the file (see above)."""
    traits: dict[str, Node] = {}
    blanket: list[tuple[str, Node | None]] = []
    for item in root.named_children:
        if item.type == "trait_item":
            name = item.child_by_field_name("name")
            if name is not None:
                traits[text(name, source)] = item
        elif item.type == "impl_item":
            trait = item.child_by_field_name("trait")
            owner = item.child_by_field_name("type")
            if trait is None or owner is None or owner.type != "type_identifier":
                continue
            if text(owner, source) in _type_parameters(item, source):
                blanket.append((text(trait, source), item.child_by_field_name("body")))
    found: dict[str, str | None] = {}
    for trait_name, body in blanket:
        trait = traits.get(trait_name)
        if trait is None:
            continue
        names = _method_names(trait.child_by_field_name("body"), source)
        names |= _method_names(body, source)
        for method in names:
            qual = f"{trait_name}.{method}"
            found[method] = qual if found.get(method, qual) == qual else None
    defined = _other_names(root, source, {trait_name for trait_name, _ in blanket})
    return {n: q for n, q in found.items() if q is not None and n not in defined}


def _type_parameters(impl: Node, source: bytes) -> set[str]:
    params = impl.child_by_field_name("type_parameters")
    names: set[str] = set()
    for param in params.named_children if params is not None else ():
        named = param.child_by_field_name("name")
        if named is None and param.type == "type_identifier":
            named = param
        if named is not None:
            names.add(text(named, source))
    return names


def _method_names(body: Node | None, source: bytes) -> set[str]:
    names: set[str] = set()
    for item in body.named_children if body is not None else ():
        name = item.child_by_field_name("name") if item.type in _METHODS else None
        if name is not None:
            names.add(text(name, source))
    return names


def _other_names(root: Node, source: bytes, blanket: set[str]) -> set[str]:
    """Names of functions and methods of the file outside traits with a blanket impl: an `m`
    of another type (inherent or of another trait) may be what a call of `m` means."""
    names: set[str] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        trait = node.child_by_field_name("name") if node.type == "trait_item" else None
        if (trait is not None and text(trait, source) in blanket) or (
            node.type == "impl_item"
            and (owner := node.child_by_field_name("type")) is not None
            and text(owner, source) in _type_parameters(node, source)
        ):
            continue
        if node.type in _METHODS:
            name = node.child_by_field_name("name")
            if name is not None:
                names.add(text(name, source))
        stack.extend(node.named_children)
    return names
