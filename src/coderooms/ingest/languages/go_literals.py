"""Go: the names a function literal binds stay in the literal (issue 32).

A function literal is no definition: its calls belong to the enclosing function, and so do the
facts of the names it binds (its parameters, its `:=` and `var` locals). Where the enclosing
function, another literal or the code around the literal binds or uses the same name with
another meaning (`r := NewRouter()` beside a handler `func(w http.ResponseWriter, r
*http.Request)`), one scope would hold two meanings of `r`: the literal's facts for that name
are dropped, and each call on the literal's `r` inside it is written as a call on the type the
literal gives `r` (`r.Context()` -> `http.Request.Context`, as `x.(T).M()` is), on the call
that gave it (`e := echo.New()`: `e.GET` -> `echo.New().GET`, as if written in place) unless
that call reads a local name, or else on an unknown value (`?.Context`: only a unique name can
answer). The parameters of a function type (`var f func(r *Request)`, a struct field
`h func(r *Request)`) bind nothing: their facts are dropped.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tree_sitter import Node

from coderooms.languages.parsing.nodes import DOTTED_RE, text
from coderooms.resolution.vocabulary import CALLED, UNKNOWN_RECEIVER, VALUE_OF

if TYPE_CHECKING:
    from coderooms.languages.parsing.collector import Collector

_DECLARATIONS = frozenset({"function_declaration", "method_declaration"})
_FUNCTIONS = _DECLARATIONS | {"func_literal"}
_PARAMETERS = frozenset({"parameter_declaration", "variadic_parameter_declaration"})
_HEAD = re.compile(r"[.(\[]")
OUTSIDE = "<outside>"
"""The meaning of a name a call reads from outside the outermost function (a package var)."""


def literal_scopes(
    c: Collector,
    calls: list[Node],
    literals: list[Node],
    function_types: list[Node],
) -> tuple[list[Node], dict[int, str]]:
    """The call nodes left for `Collector.calls`, and the callee of each rewritten one (by the
    call's start byte); drops the facts of the names a literal binds where they would clash,
    and those of a function type's parameters. Walks only the functions holding a literal."""
    dropped: set[int] = {
        name.start_byte
        for node in function_types
        for param in _declarations(node.child_by_field_name("parameters"))
        for name in param.children_by_field_name("name")
    }
    roots: dict[int, Node] = {}
    for literal in literals:
        top, up = literal, literal.parent
        while up is not None:
            if up.type in _FUNCTIONS:
                top = up
            up = up.parent
        roots[top.id] = top
    rewritten: dict[int, str] = {}
    if roots:
        walk = _Walk(c.source, c.fact_annotations())
        for root in roots.values():
            walk.run(root)
        walk.settle(dropped, rewritten)
    if dropped:
        c.forget_facts(dropped)
    if not rewritten:
        return calls, {}
    return [n for n in calls if n.start_byte not in rewritten], rewritten


class _Walk:
    """The names each function of a walked tree binds, with what the facts say of them, and
    the dotted calls on a name (`r.Get`), with the functions around each."""

    def __init__(self, source: bytes, facts: dict[int, set[str | None]]) -> None:
        self.source, self.facts = source, facts
        self.bound: dict[int, dict[str, list[Node]]] = {}  # function id -> name -> bindings
        self.literals: set[int] = set()
        self.outermost: dict[int, int] = {}  # function id -> its outermost function's id
        self.heads: list[tuple[Node, str, list[Node]]] = []

    def bind(self, functions: list[Node], at: Node) -> None:
        if functions and at.type == "identifier":
            name = text(at, self.source)
            if name != "_":
                self.bound.setdefault(functions[-1].id, {}).setdefault(name, []).append(at)

    def run(self, root: Node) -> None:
        stack: list[tuple[Node, list[Node]]] = [(root, [])]
        while stack:
            node, functions = stack.pop()
            kind = node.type
            if kind == "function_type":
                continue
            if kind in _FUNCTIONS:
                if kind == "func_literal":
                    self.literals.add(node.id)
                self.outermost[node.id] = functions[0].id if functions else node.id
                functions = [*functions, node]
                for field in ("receiver", "parameters"):
                    for param in _declarations(node.child_by_field_name(field)):
                        for name in param.children_by_field_name("name"):
                            self.bind(functions, name)
            elif kind == "var_spec":
                for name in node.children_by_field_name("name"):
                    self.bind(functions, name)
            elif kind == "short_var_declaration" or (
                kind == "range_clause" and any(t.type == ":=" for t in node.children)
            ):
                left = node.child_by_field_name("left")
                for name in left.named_children if left is not None else ():
                    self.bind(functions, name)
            elif kind == "type_switch_statement":
                alias = node.child_by_field_name("alias")
                for name in alias.named_children if alias is not None else ():
                    self.bind(functions, name)
            elif kind == "call_expression" and functions:
                called = node.child_by_field_name("function")
                if called is not None and called.type == "selector_expression":
                    raw = text(called, self.source)
                    if DOTTED_RE.fullmatch(raw) is not None:
                        self.heads.append((called, raw.partition(".")[0], functions))
            stack.extend((child, functions) for child in reversed(node.named_children))

    def meaning(self, function: int, name: str) -> frozenset[str | None]:
        """What the facts say `name` is in `function` (None: a binding no fact types)."""
        return frozenset(
            kind
            for at in self.bound[function][name]
            for kind in self.facts.get(at.start_byte, {None})
        )

    def settle(self, dropped: set[int], rewritten: dict[int, str]) -> None:
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
        clashing = set()
        for key, found in meanings.items():
            in_literal = [f for f in found if f in self.literals]
            if in_literal and (key[0] in self.literals or len(set(found.values())) > 1):
                clashing.add(key)
                for literal in in_literal:
                    dropped.update(at.start_byte for at in self.bound[literal][key[1]])
        for called, head, binder, region in resolved:
            if binder is None or binder not in self.literals or (region, head) not in clashing:
                continue
            kinds = self.meaning(binder, head)
            owner = next(iter(kinds)) if len(kinds) == 1 else None
            if (
                owner is None
                or owner.startswith(VALUE_OF)
                or (owner.endswith(CALLED) and (region, _HEAD.split(owner, 1)[0]) in meanings)
            ):  # no type, or a call on a local (`c := e.NewContext()`) whose meaning may clash
                owner = UNKNOWN_RECEIVER
            rest = text(called, self.source).partition(".")[2]
            rewritten[called.start_byte] = f"{owner}.{rest}"


def _declarations(params: Node | None) -> list[Node]:
    return [p for p in params.named_children if p.type in _PARAMETERS] if params else []
