"""Java lambda parameters typed by the functional interface their call expects (issue 32).

`get("/x", (request, response) -> response.status(404))` with `get(String path, Route route)`
and `interface Route { Object handle(Request request, Response response); }`: `response` is a
`Response`. Neither type is written at the lambda; resolution reads them from the tables of the
files that declare the method and the interface (`member_tables.follow_returns`):

* each method of a class or interface: a PARAM fact of its class, named `m#k/n`, with the type
  parameter `k` of `n` is declared with (`d` entries of the file's table, as fields are): an
  array or a type parameter is `?`, a varargs `T...` a `T` (a lambda there is one element), a
  primitive is left out (no lambda goes there). The overload is picked by argument count;
  overloads of one arity declaring different types at `k` keep them all (`declared_types`,
  `AGREE`), and a lambda's parameter there links where each gives the same type;
* an interface that declares exactly one abstract method and extends nothing: PARAM facts of
  the interface named `#j/m`, the types of that method's parameters;
* a lambda's parameter `j` of `m`, the lambda being argument `k` of `n` of a call of `f`: the
  annotation `f().#k/n.#j/m` (`chained`: parameter `k` of the `f` found, then parameter `j` of
  that interface's method). A name lambdas of different calls of one definition bind keeps
  each one's (`file_records.declared_types`, `AGREE`).
"""

from __future__ import annotations

from collections.abc import Callable

from tree_sitter import Node

from coderooms.languages.parsing.collector import Collector
from coderooms.languages.parsing.nodes import UNKNOWN_OBJECT, text, type_name
from coderooms.resolution.extraction import FactKind
from coderooms.resolution.vocabulary import CALLED, FIELD

PARAMETER = "#"
UNKNOWN = "?"
_PRIMITIVE = frozenset({"integral_type", "floating_point_type", "boolean_type", "void_type"})
_PARAMETERS = frozenset({"formal_parameter", "spread_parameter"})
_NAMED = frozenset({"type_identifier", "scoped_type_identifier", "generic_type"})
_NOT_ABSTRACT = frozenset({"default", "static", "private"})
_OBJECT_METHODS = frozenset({"equals", "hashCode", "toString"})


def parameter_facts(node: Node, qual: str, c: Collector) -> None:
    """`m#k/n` facts of method `qual`'s class: the type each parameter is declared with."""
    owner, _, name = qual.rpartition(".")
    if owner and node.type == "method_declaration":
        _declare(node, owner, name, c)


def functional_facts(node: Node, qual: str, c: Collector) -> None:
    """`#j/m` facts of interface `qual` when it declares exactly one abstract method and
    extends nothing (its lambdas' parameters are that method's)."""
    body = node.child_by_field_name("body")
    if body is None or any(part.type == "extends_interfaces" for part in node.named_children):
        return
    abstract = [m for m in body.named_children if m.type == "method_declaration" and _abstract(m)]
    if len(abstract) == 1:
        _declare(abstract[0], qual, "", c, _type_parameters(node, c.source))


def lambda_type(
    lam: Node, j: int, m: int, source: bytes, callee: Callable[[Node], str | None]
) -> str:
    """The annotation of parameter `j` of `m` of lambda `lam`: `f().#k/n.#j/m` when the lambda
    is argument `k` of `n` of a call of `f`, else `?`."""
    arguments = lam.parent
    call = arguments.parent if arguments is not None else None
    if arguments is None or call is None or arguments.type != "argument_list":
        return UNKNOWN
    if call.type != "method_invocation":
        return UNKNOWN
    listed = [a for a in arguments.named_children if not a.is_extra]
    called = callee(call)
    if not called or called.startswith(UNKNOWN_OBJECT) or PARAMETER in called:
        return UNKNOWN
    k = next(i for i, a in enumerate(listed) if a == lam)
    return f"{called}{CALLED}{FIELD}{PARAMETER}{k}/{len(listed)}{FIELD}{PARAMETER}{j}/{m}"


def _declare(
    method: Node, owner: str, name: str, c: Collector, outer: frozenset[str] = frozenset()
) -> None:
    source = c.source
    params = method.child_by_field_name("parameters")
    listed = [p for p in params.named_children if p.type in _PARAMETERS] if params else []
    generic = outer | _type_parameters(method, source)
    for k, param in enumerate(listed):
        typed = _declared(param, generic, source)
        if typed is not None:
            c.fact_of(owner, param, FactKind.PARAM, f"{name}{PARAMETER}{k}/{len(listed)}", None,
                      typed)  # fmt: skip


def _declared(param: Node, generic: frozenset[str], source: bytes) -> str | None:
    """The type a parameter is declared with; `?` for an array or a type parameter; None for
    a primitive. A varargs `T... xs` is a `T`: a lambda passed there is one element."""
    if param.type == "spread_parameter":
        written = next((p for p in param.named_children if p.type in _NAMED), None)
        named = type_name(written, source) if written is not None else None
        return UNKNOWN if not named or named.partition(".")[0] in generic else named
    written = param.child_by_field_name("type")
    if written is None or param.child_by_field_name("dimensions") is not None:
        return UNKNOWN
    if written.type in _PRIMITIVE:
        return None
    if written.type == "array_type":
        return UNKNOWN
    named = type_name(written, source)
    return UNKNOWN if not named or named.partition(".")[0] in generic else named


def _abstract(method: Node) -> bool:
    if method.child_by_field_name("body") is not None:
        return False
    name = method.child_by_field_name("name")
    if name is None or name.text is None or name.text.decode() in _OBJECT_METHODS:
        return False
    modifiers = next((m for m in method.named_children if m.type == "modifiers"), None)
    return modifiers is None or not any(m.type in _NOT_ABSTRACT for m in modifiers.children)


def _type_parameters(node: Node, source: bytes) -> frozenset[str]:
    found = node.child_by_field_name("type_parameters")
    if found is None:
        return frozenset()
    names: set[str] = set()
    for param in found.named_children:
        first = param.named_child(0) if param.named_child_count else None
        if first is not None:
            names.add(text(first, source))
    return frozenset(names)
