"""Go: the names a function literal binds stay in the literal (issue 32).

A function literal is no definition: its calls belong to the enclosing function, and so do the
facts of the names it binds (its parameters, its `:=` and `var` locals). Where the enclosing
function, another literal or the code around the literal binds or uses the same name with
another meaning (`r := NewRouter()` beside a handler `func(w http.ResponseWriter, r
*http.Request)`), the literal's facts for that name would give the outer `r` the handler's
type: they are dropped when no call inside the literal reads the name. A call that does
(`r.URL.Query()` in the handler) keeps them: a call is keyed by its text in its enclosing
definition, so `r.Get` outside and inside can have one target only, and the callee text
stays as written. A function type's parameters (`var f func(r *Request)`, a struct field
`h func(r *Request)`, their results) bind nothing: their facts are always dropped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tree_sitter import Node

from coderooms.languages.parsing.nodes import DOTTED_RE, text

if TYPE_CHECKING:
    from coderooms.languages.parsing.collector import Collector

_PARAMETERS = frozenset({"parameter_declaration", "variadic_parameter_declaration"})
OUTSIDE = "<outside>"
"""The meaning of a name a call reads from outside the outermost function (a package var)."""


def literal_scopes(c: Collector, caps: dict[str, list[Node]]) -> None:
    """Drops the facts of the names a literal binds where they would clash and no call in the
    literal reads them, and those of a function type's parameters. Reads the captures of
    `extract.QUERY`, no walk of the tree."""
    calls = caps.get("call", [])
    dropped: set[int] = set()
    binds: list[Node] = []
    for node in (*caps.get("typed", ()), *caps.get("variadic", ())):
        if node.type in _PARAMETERS:
            listed = node.parent
            owner = listed.parent if listed is not None else None
            if owner is not None and owner.type == "function_type":
                dropped.update(n.start_byte for n in node.children_by_field_name("name"))
                continue
            binds.extend(node.children_by_field_name("name"))
        elif node.type == "var_spec":
            binds.extend(node.children_by_field_name("name"))
    literals = caps.get("literal", [])
    if literals:
        for node in caps.get("short_var", ()):
            left = node.child_by_field_name("left")
            binds.extend(left.named_children if left is not None else ())
        for node in caps.get("range", ()):
            left = node.child_by_field_name("left")
            if left is not None and any(t.type == ":=" for t in node.children):
                binds.extend(left.named_children)
        for node in caps.get("type_switch", ()):
            alias = node.child_by_field_name("alias")
            binds.extend(alias.named_children if alias is not None else ())
        functions = [*caps.get("function", ()), *caps.get("method", ()), *literals]
        walk = _Walk(c.source, c.fact_annotations(), {n.id for n in literals})
        walk.run(functions, binds, calls)
        walk.settle(dropped)
    if dropped:
        c.forget_facts(dropped)


class _Walk:
    """The names each function binds, with what the facts say of them, and the dotted calls on
    a name (`r.Get`), with the functions around each."""

    def __init__(
        self, source: bytes, facts: dict[int, set[str | None]], literals: set[int]
    ) -> None:
        self.source, self.facts, self.literals = source, facts, literals
        self.bound: dict[int, dict[str, list[Node]]] = {}  # function id -> name -> bindings
        self.outermost: dict[int, int] = {}  # function id -> its outermost function's id
        self.heads: list[tuple[Node, str, tuple[Node, ...]]] = []

    def run(self, functions: list[Node], binds: list[Node], calls: list[Node]) -> None:
        source = self.source
        items: list[tuple[int, int, Node]] = [(n.start_byte, 0, n) for n in binds]
        items.extend((n.start_byte, 1, n) for n in calls if n.type == "selector_expression")
        items.sort(key=_position)
        spans = sorted(functions, key=_span_order)
        stack: list[Node] = []
        i = 0
        for at, kind, node in items:
            while i < len(spans) and spans[i].start_byte <= at:
                while stack and stack[-1].end_byte <= spans[i].start_byte:
                    stack.pop()
                stack.append(spans[i])
                i += 1
            while stack and stack[-1].end_byte <= at:
                stack.pop()
            if not stack:
                continue
            if kind == 0:
                if node.type != "identifier":
                    continue
                name = text(node, source)
                if name != "_":
                    inner = stack[-1].id
                    self.outermost[inner] = stack[0].id
                    self.bound.setdefault(inner, {}).setdefault(name, []).append(node)
            else:
                raw = text(node, source)
                if DOTTED_RE.fullmatch(raw) is not None:
                    self.heads.append((node, raw.partition(".")[0], tuple(stack)))
                    for function in stack:
                        self.outermost.setdefault(function.id, stack[0].id)

    def meaning(self, function: int, name: str) -> frozenset[str | None]:
        """What the facts say `name` is in `function` (None: a binding no fact types)."""
        return frozenset(
            kind
            for at in self.bound[function][name]
            for kind in self.facts.get(at.start_byte, {None})
        )

    def settle(self, dropped: set[int]) -> None:
        """A name clashes in an outermost function when a literal binds it and the function's
        scope would hold two meanings of it: another function binds it with other facts, or a
        call the literal does not enclose reads it from an outer scope; a literal outside any
        function writes its facts into the file's scope, so its names always clash."""
        meanings: dict[tuple[int, str], dict[int, frozenset[str | None]]] = {}
        for function, names in self.bound.items():
            for name in names:
                meanings.setdefault((self.outermost[function], name), {})[function] = self.meaning(
                    function, name
                )
        resolved: list[tuple[Node, str, int | None, int]] = []
        for called, head, functions in self.heads:
            binder = next(
                (f.id for f in reversed(functions) if head in self.bound.get(f.id, ())), None
            )
            region = self.outermost[functions[-1].id]
            if binder is None and (region, head) in meanings:
                meanings[(region, head)][-1] = frozenset({OUTSIDE})
            resolved.append((called, head, binder, region))
        read = {(binder, head) for _, head, binder, _ in resolved if binder is not None}
        for key, found in meanings.items():
            in_literal = [f for f in found if f in self.literals]
            if in_literal and (key[0] in self.literals or len(set(found.values())) > 1):
                for literal in in_literal:
                    if (literal, key[1]) not in read:  # else one ref, one meaning: as before
                        dropped.update(at.start_byte for at in self.bound[literal][key[1]])


def _position(item: tuple[int, int, Node]) -> tuple[int, int]:
    return (item[0], item[1])


def _span_order(node: Node) -> tuple[int, int]:
    return (node.start_byte, -node.end_byte)
