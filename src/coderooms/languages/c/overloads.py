"""C++ member functions of overloads (issue 32), for `requests.overloaded`.

* A member function with overloads defined in this file and in another (the class body
  declares more of them than the file defines out of the class, and the file defines one) is
  a BIND fact of the class of value `OVERLOAD`, followed by the arity of each overload the
  class body declares or defines (`ARITIES`-joined: `2`, `1-2` with a default, `1+` variadic,
  `1i` defined in the body): a call by name may mean either, unless its argument count
  leaves one (`requests.by_arity`).
* How many arguments each call passes (`call_arguments`, `Extraction.call_args`).
"""

from __future__ import annotations

from collections.abc import Iterable

from tree_sitter import Node

from coderooms.languages.parsing.collector import Collector
from coderooms.languages.parsing.nodes import DOTTED_RE, callee_name, text
from coderooms.resolution.extraction import FactKind
from coderooms.resolution.vocabulary import OVERLOAD

_WRAPPERS = frozenset({"pointer_declarator", "reference_declarator"})


def inside_any(node: Node, skip: list[tuple[int, int]]) -> bool:
    """Whether `node` starts in one of the `skip` ranges (dead `#if 0` code)."""
    return any(start <= node.start_byte < end for start, end in skip)


def overloads(caps: dict[str, list[Node]], c: Collector, skip: list[tuple[int, int]]) -> None:
    """A BIND fact (`OVERLOAD`) of a class for each member function of which the file defines
    one overload (in the class body or out of it) and the class body declares more than the
    file defines out of the class (`int Compare(const Slice&) const;` defined in `db.cc`,
    `int Compare(const Key&) const` defined here): overloads in two files, one symbol each, of
    which a call by name alone may mean either (`requests.overloaded`). Overloads all
    defined in one file share its one symbol, as everywhere."""
    declared: dict[tuple[int, str], int] = {}
    inline: dict[tuple[int, str], int] = {}
    arities: dict[tuple[int, str], list[str]] = {}
    bodies: dict[int, tuple[Node, str]] = {}
    for role in ("value_field", "value_local", "function"):
        for node in caps.get(role, ()):
            body = node.parent
            if body is not None and body.type == "template_declaration":
                body = body.parent
            if body is None or body.type != "field_declaration_list" or inside_any(node, skip):
                continue
            name = _member_name(node, c.source)
            owner = body.parent.child_by_field_name("name") if body.parent is not None else None
            if name is None or owner is None:
                continue
            bodies[body.start_byte] = (body, text(owner, c.source).rpartition("::")[2])
            into = inline if node.type == "function_definition" else declared
            into[(body.start_byte, name)] = into.get((body.start_byte, name), 0) + 1
            taken = _arity(_member_declarator(node), c.source)
            mark = INLINE if node.type == "function_definition" else ""
            arities.setdefault((body.start_byte, name), []).append(taken + mark)
    outside: dict[tuple[str, str], int] = {}
    for node in caps.get("function", ()):
        qualified = _qualified_name(node, c.source)
        if qualified is not None and not inside_any(node, skip):
            outside[qualified] = outside.get(qualified, 0) + 1
    for (start, name), count in declared.items():
        class_body, class_name = bodies[start]
        defined = outside.get((class_name, name), 0)
        if count > defined and defined + inline.get((start, name), 0) > 0:
            specs = ARITIES.join(arities[(start, name)])  # at the `{`: the class's
            c.fact(class_body, FactKind.BIND, name, value=f"{OVERLOAD}{ARITIES}{specs}")


INLINE = "i"
"""Marks the arity of an overload the class body defines (`1i`), not only declares."""

ARITIES = ";"
"""Joins the arities of a member's overloads, after `OVERLOAD`, in its BIND fact's value."""


def _arity(declarator: Node | None, source: bytes) -> str:
    """The argument counts a member function takes: `2` (two parameters), `1-2` (the second
    has a default), `1+` (variadic: `...`, a parameter pack); `?` when not read."""
    parameters = declarator.child_by_field_name("parameters") if declarator is not None else None
    if parameters is None:
        return "?"
    least = most = 0
    for child in parameters.children:
        if child.type == "parameter_declaration":
            if child.child_by_field_name("declarator") is None and text(child, source) == "void":
                continue  # `f(void)`
            least, most = least + 1, most + 1
        elif child.type == "optional_parameter_declaration":
            most += 1
        elif child.type in ("variadic_parameter_declaration", "..."):
            return f"{least}+"
    return f"{least}-{most}" if most > least else str(least)


def _qualified_name(node: Node, source: bytes) -> tuple[str, str] | None:
    """(class, member) of an out-of-class definition `int Cmp::Compare(..) { }`."""
    declarator = node.child_by_field_name("declarator")
    while declarator is not None and declarator.type in _WRAPPERS:
        declarator = declarator.child_by_field_name("declarator") or (
            declarator.named_child(declarator.named_child_count - 1)
        )
    name = declarator.child_by_field_name("declarator") if declarator is not None else None
    if name is None or name.type != "qualified_identifier":
        return None
    scope, member = name.child_by_field_name("scope"), name.child_by_field_name("name")
    while member is not None and member.type == "qualified_identifier":
        scope, member = member.child_by_field_name("scope"), member.child_by_field_name("name")
    if scope is None or member is None:
        return None
    owner = text(scope, source).rpartition("::")[2].split("<", 1)[0]
    return owner, text(member, source).replace(" ", "")


def _member_declarator(node: Node) -> Node | None:
    """The function declarator of a class body's declaration or definition, if it has one."""
    declarator = node.child_by_field_name("declarator")
    while declarator is not None and declarator.type in _WRAPPERS:
        declarator = declarator.child_by_field_name("declarator") or (
            declarator.named_child(declarator.named_child_count - 1)
        )
    if declarator is None or declarator.type != "function_declarator":
        return None
    return declarator


def _member_name(node: Node, source: bytes) -> str | None:
    """The name of the member function a class body's declaration or definition declares."""
    declarator = _member_declarator(node)
    if declarator is None:
        return None
    name = declarator.child_by_field_name("declarator")
    if name is None or name.type not in ("identifier", "field_identifier", "operator_name"):
        return None
    return text(name, source).replace(" ", "")


def call_arguments(
    calls: Iterable[Node],
    c: Collector,
    members: dict[str, tuple[str, str]],
    wrappers: dict[str, str | None],
    named: dict[str, str],
) -> None:
    """How many arguments each call passes, by its callee as the sites name it and its line
    (`Extraction.call_args`): which of a member's overloads it may call (`requests.by_arity`)."""
    for fn in calls:
        call = fn.parent
        if call is None or call.type != "call_expression":
            continue
        arguments = call.child_by_field_name("arguments")
        if arguments is None or call.child_by_field_name("function") != fn:
            continue
        raw = text(fn, c.source)
        callee = (
            raw if DOTTED_RE.fullmatch(raw) else callee_name(fn, c.source, members, wrappers, named)
        )
        if callee:
            count = sum(a.type != "comment" for a in arguments.named_children)
            c.ex.call_args.setdefault((callee, fn.start_point.row + 1), set()).add(count)
