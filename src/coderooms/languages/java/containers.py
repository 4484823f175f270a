"""Java methods returning a JDK container of a named type (issue 32): `Map<String, QueryParamsMap>
getQueryMap()` is recorded as returning `Map<QueryParamsMap>`, the element kept, so that
`getQueryMap().get("user").getQueryMap()` in another file is `QueryParamsMap.getQueryMap`: a
member of what an element accessor of the container gives (`Map.get`, `List.get`,
`Optional.get`, `Iterator.next`, ..., `resolution.member_tables`) is a member of the element's
type; any other member of the container is the JDK's (a ghost). Only where the container's
name is no type of the repo (a repo's own `Map` is followed as any type is).

The element is the last type argument (a map's value, the sole argument of the others); a
type parameter, a wildcard, an array or a primitive gives none (the return is the container
alone, as before)."""

from __future__ import annotations

from tree_sitter import Node

from coderooms.languages.parsing.nodes import type_name
from coderooms.resolution.vocabulary import CONTAINER_ELEMENTS, ELEMENT

_NAMED = frozenset({"type_identifier", "scoped_type_identifier", "generic_type"})


def container_type(returns: Node, source: bytes) -> str | None:
    """`Base<Element>` for a declared return of a JDK container of a named element type, else
    None."""
    if returns.type != "generic_type":
        return None
    base = type_name(returns, source)
    if base is None or base.rpartition(".")[2] not in CONTAINER_ELEMENTS:
        return None
    arguments = next((n for n in returns.named_children if n.type == "type_arguments"), None)
    listed = list(arguments.named_children) if arguments is not None else []
    if not listed or listed[-1].type not in _NAMED:
        return None
    element = type_name(listed[-1], source)
    if not element or len(element.partition(".")[0]) == 1 or _is_parameter(returns, element):
        return None  # `T`, `K`: a type parameter by convention, or declared one below
    return f"{base}{ELEMENT}{element}"


def _is_parameter(node: Node, name: str) -> bool:
    """Whether an enclosing method or class declares type parameter `name`."""
    current: Node | None = node
    while current is not None:
        found = current.child_by_field_name("type_parameters")
        if found is not None:
            for param in found.named_children:
                first = param.named_child(0) if param.named_child_count else None
                if first is not None and first.text is not None and first.text.decode() == name:
                    return True
        current = current.parent
    return False
