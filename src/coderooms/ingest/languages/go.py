"""Go extraction.

* `func f()` -> FUNCTION `f`; `func (r *T) M()` -> METHOD `T.M` (generic receivers `T[K]` and
  pointers give `T`), parent `T` when a type `T` is declared at top level of the same file, else
  `""` (the type lives in another file of the package).
* `type S struct {...}` and every other named type (`type N int`, `type A = B`) -> CLASS;
  `type I interface {...}` -> INTERFACE, its method elements -> METHOD `I.M`. Types declared
  inside a function are nested (`f.L`). Function literals are not definitions; their calls
  belong to the enclosing function.
* Variables: top-level `var` and `const` names (grouped or not).
* Imports: one ImportRef per import spec: module = the import path as written
  (`github.com/x/y`), names (), alias = the explicit package name if any (`f`, `.` for dot
  imports, `_` for blank imports), else None. The package clause is the module symbol's
  signature (`package main`), since Go resolves imports by directory and package name.
* Calls: `f()`, `pkg.F()`, `x.y.M()` (dotted selectors); a selector on an expression's result
  is `?.` and the trailing names (`a().b()` -> `?.b`, `x[0].M()` -> `?.M`,
  `a().b.C()` -> `?.b.C`); a value whose type is written is named by its type, as a method
  expression would be: `(T{..}).M()`, `(&T{..}).M()`, `x.(T).M()`, `x.(*pkg.T).M()` ->
  `T.M` / `pkg.T.M`, `(*p).M()` -> `p.M`; conversions of non-name types (`[]byte(x)`) and calls
  of index expressions are not recorded.
* Declared types: receivers and parameters (PARAM facts; a type parameter is its constraint
  when that is one named type, `[S Shape]`, else no type), `var x T` and struct fields (ASSIGN
  facts of the function / struct), `x := T{...}`, `x := &T{...}`, `var x = &T{...}` and the
  value of `for _, v := range xs` when the file states `xs` is a slice, array or map of `T` (a
  parameter, or a field of the struct of the receiver or of a parameter) (ASSIGN),
  `annotation` the named type without pointer or type arguments (`*gin.Context` ->
  `gin.Context`); `x := f()`
  and `x, err := f()`, `var x = f()` (ASSIGN `f()`: `assigned_values`); `v := x.(T)` and the
  comma-ok `v, ok := x.(T)` (ASSIGN `T`). The names a function literal binds stay in the
  literal where they would clash in the enclosing function's scope, and a function type's
  parameters bind nothing (`go_literals`). A function's declared return is its result's named
  type, the first one's of several (`(*T, error)` -> `T`).
* Inheritance: struct embedding (`struct { Base; *pkg.Other }`) -> (S, Base), (S, pkg.Other);
  interface embedding (`interface { io.Reader }`) -> (I, io.Reader). Constraint elements
  (`~int | string`) are not bases.
"""

from __future__ import annotations

from tree_sitter import Node, Query, QueryCursor

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.languages.go_literals import literal_scopes
from coderooms.languages.parsing.assigned import assigned_call
from coderooms.languages.parsing.collector import (
    Collector,
    Scope,
    declared_return,
    named_function,
    nest,
    qualified_name,
    spans,
)
from coderooms.languages.parsing.nodes import (
    header,
    prefixed,
    signature,
    string_value,
    text,
    type_name,
)
from coderooms.resolution.extraction import FactKind

QUERY = """
(function_declaration) @function
(method_declaration) @method
(type_spec) @type
(type_alias) @type
(method_elem) @method_elem
(call_expression function: (_) @call)
(import_spec) @import
(parameter_declaration) @typed
(var_spec) @typed
(field_declaration) @typed
(short_var_declaration) @short_var
(range_clause) @range
(func_literal) @literal
(variadic_parameter_declaration) @variadic
(type_switch_statement) @type_switch
"""

_MEMBERS = {"selector_expression": ("operand", "field")}
_CALLS = {"call_expression": "function"}
_TYPED_VALUES = {"qualified_type": ("package", "name"), **_MEMBERS}
_WRAPPERS: dict[str, str | None] = {
    "parenthesized_expression": None,
    "composite_literal": "type",
    "unary_expression": "operand",
    "type_assertion_expression": "type",
    "pointer_type": None,
    "generic_type": "type",
}
"""What a value whose type is written wraps: `(&T{..})` and `x.(*T)` are `T` to a call on them."""
_EMBEDDABLE = frozenset({"type_identifier", "qualified_type", "generic_type"})


def extract(root: Node, query: Query, c: Collector) -> None:
    source = c.source
    caps = QueryCursor(query).captures(root)
    types = caps.get("type", [])
    top_types = set()
    for spec in types:
        decl = spec.parent
        if decl is not None and decl.parent is not None and decl.parent.type == "source_file":
            name_node = spec.child_by_field_name("name")
            if name_node is not None:
                top_types.add(text(name_node, source))

    def handle(node: Node, role: str, outer: Scope) -> Scope:
        if role == "function":
            return named_function(node, outer, c)
        if role == "method":
            return _method(node, c, top_types)
        if role == "type":
            return _type(node, outer, c)
        return _method_elem(node, outer, c)

    nest(
        spans(caps.get("function", ()), "function")
        + spans(caps.get("method", ()), "method")
        + spans(types, "type")
        + spans(caps.get("method_elem", ()), "method_elem"),
        handle,
    )
    for node in [*caps.get("function", ()), *caps.get("method", ())]:
        declared_return(c, node, _first_result(node.child_by_field_name("result"), source))
    for spec in caps.get("import", ()):
        path = spec.child_by_field_name("path")
        if path is None:
            continue
        name = spec.child_by_field_name("name")
        alias = text(name, source) if name is not None else None
        c.imp(string_value(path, source), (), alias, spec)
    _top_level(root, c)
    for node in caps.get("typed", ()):
        _declared(node, c)
    for node in caps.get("short_var", ()):
        _literal_types(node, c)
    for node in caps.get("range", ()):
        _range_value(node, root, c)
    literal_scopes(c, caps)
    c.calls(caps.get("call", ()), _TYPED_VALUES, _WRAPPERS, _CALLS)


def receiver_type(node: Node, source: bytes) -> str | None:
    """`(r *T[K])` -> `T`."""
    receiver = node.child_by_field_name("receiver")
    if receiver is None:
        return None
    for param in receiver.named_children:
        if param.type != "parameter_declaration":
            continue
        current = param.child_by_field_name("type")
        while current is not None:
            kind = current.type
            if kind == "type_identifier":
                return text(current, source)
            if kind in ("pointer_type", "generic_type", "parenthesized_type"):
                current = current.child_by_field_name("type") or current.named_child(0)
                continue
            return None
    return None


def _method(node: Node, c: Collector, top_types: set[str]) -> Scope:
    source = c.source
    name_node = node.child_by_field_name("name")
    if name_node is None:
        return Scope("", "", in_type=False)
    name = text(name_node, source)
    owner = receiver_type(node, source)
    qual = f"{owner}.{name}" if owner else name
    parent = owner if owner and owner in top_types else ""
    sig = header(node, node.child_by_field_name("body"), source)
    c.define(SymbolKind.METHOD, qual, parent, node, sig)
    return Scope(qual, qual, in_type=False)


def _type(node: Node, outer: Scope, c: Collector) -> Scope:
    source = c.source
    name_node = node.child_by_field_name("name")
    if name_node is None:
        return outer
    name = text(name_node, source)
    qual = outer.qualify(name)
    body = node.child_by_field_name("type")
    kind = SymbolKind.CLASS
    end = node.end_byte
    if body is not None and body.type in ("struct_type", "interface_type"):
        if body.type == "interface_type":
            kind = SymbolKind.INTERFACE
        brace = body.child(1) if body.type == "interface_type" else body.named_child(0)
        if brace is not None:
            end = brace.start_byte
    sig = prefixed("type", signature(source, node.start_byte, end))
    c.define(kind, qual, outer.parent, node, sig)
    if body is not None:
        if body.type == "struct_type":
            _embedded_fields(body, qual, c)
        elif body.type == "interface_type":
            for elem in body.named_children:
                if elem.type == "type_elem" and elem.named_child_count == 1:
                    base = elem.named_child(0)
                    if base.type in _EMBEDDABLE:
                        c.inherit(qual, type_name(base, source), base)
    return Scope(qual, qual, in_type=True)


def _embedded_fields(struct: Node, child: str, c: Collector) -> None:
    for fields in struct.named_children:
        if fields.type != "field_declaration_list":
            continue
        for field in fields.named_children:
            if field.type != "field_declaration" or field.child_by_field_name("name") is not None:
                continue
            base = field.child_by_field_name("type")
            if base is not None and base.type in _EMBEDDABLE:
                c.inherit(child, type_name(base, c.source), base)


def _method_elem(node: Node, outer: Scope, c: Collector) -> Scope:
    qual = qualified_name(node, outer, c.source)
    if qual is None:
        return outer
    kind = SymbolKind.METHOD if outer.in_type else SymbolKind.FUNCTION
    c.define(kind, qual, outer.parent, node, header(node, None, c.source))
    return Scope(qual, qual, in_type=False)


def _top_level(root: Node, c: Collector) -> None:
    """Package clause (module signature) and top-level `var`/`const` names."""
    source = c.source
    for decl in root.named_children:
        kind = decl.type
        if kind == "package_clause":
            c.module_signature = signature(source, decl.start_byte, decl.end_byte)
        elif kind in ("var_declaration", "const_declaration"):
            keyword = "var" if kind == "var_declaration" else "const"
            specs = [
                spec
                for child in decl.named_children
                for spec in (child.named_children if child.type == "var_spec_list" else [child])
                if spec.type in ("var_spec", "const_spec")
            ]
            for spec in specs:
                sig = prefixed(keyword, signature(source, spec.start_byte, spec.end_byte))
                for name_node in spec.children_by_field_name("name"):
                    name = text(name_node, source)
                    if name != "_":
                        c.define(SymbolKind.VARIABLE, name, "", spec, sig, scope=False)


def named_type(node: Node | None, source: bytes) -> str | None:
    """`*pkg.T[K]` -> `pkg.T`; None for other types (slices, maps, functions...)."""
    while node is not None and node.type in ("pointer_type", "parenthesized_type"):
        node = node.child_by_field_name("type") or node.named_child(0)
    if node is None:
        return None
    if node.type == "generic_type":
        node = node.child_by_field_name("type")
    if node is not None and node.type in ("type_identifier", "qualified_type"):
        return type_name(node, source)
    return None


def _first_result(node: Node | None, source: bytes) -> str | None:
    """The named type of a function's result, of its first one when there are several
    (`(*T, error)` -> `T`: what `x, err := f()` gives `x`; `f().m()` cannot have two)."""
    if node is not None and node.type == "parameter_list":
        results = [p for p in node.named_children if p.type == "parameter_declaration"]
        names = results[0].children_by_field_name("name") if results else []
        if not results or len(names) > 1:
            return None
        node = results[0].child_by_field_name("type")
    return named_type(node, source)


def _declared(node: Node, c: Collector) -> None:
    typed = named_type(node.child_by_field_name("type"), c.source)
    values = node.child_by_field_name("value") if node.type == "var_spec" else None
    if not typed and values is not None and values.named_child_count == 1:
        # `var x = f()`, `var x, err = f()` (top level too): what `f` returns, its first result
        first = node.child_by_field_name("name")
        if first is not None and node.child_by_field_name("type") is None:
            assigned_call(first, values.named_children[0], c, _MEMBERS, None, _CALLS)
    if not typed and values is not None:  # `var x = &T{..}`
        _composites(node.children_by_field_name("name"), values.named_children, c)
    if not typed:
        return
    kind = FactKind.PARAM if node.type == "parameter_declaration" else FactKind.ASSIGN
    for name in node.children_by_field_name("name"):
        bound = _unparameterized(name, typed, c.source)
        if bound:
            c.fact(name, kind, text(name, c.source), annotation=bound)


def _literal_types(node: Node, c: Collector) -> None:
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if left is None or right is None:
        return
    first = left.named_child(0) if left.named_child_count else None
    if right.named_child_count == 1 and first is not None and first.type == "identifier":
        # `x := f()`, `x, err := f()`: what `f` returns (its first result)
        assigned_call(first, right.named_children[0], c, _MEMBERS, None, _CALLS)
    _composites(left.named_children, right.named_children, c)
    if right.named_child_count == 1 and left.named_child_count in (1, 2):
        _asserted(left.named_children[0], right.named_children[0], c)


def _asserted(name: Node, value: Node, c: Collector) -> None:
    """`v := x.(T)`, `v, ok := x.(*pkg.T)`: `v` is a `T` (ASSIGN)."""
    if name.type != "identifier" or text(name, c.source) == "_":
        return
    if value.type == "type_assertion_expression":
        typed = named_type(value.child_by_field_name("type"), c.source)
        typed = _unparameterized(name, typed, c.source) if typed else None
        if typed:
            c.fact(name, FactKind.ASSIGN, text(name, c.source), annotation=typed)


def _composites(names: list[Node], values: list[Node], c: Collector) -> None:
    """`x := T{..}`, `x := &T{..}`, `var x = &T{..}`: `x` is a `T` (ASSIGN)."""
    if len(names) != len(values):
        return
    for name, value in zip(names, values, strict=True):
        literal = value
        if value.type == "unary_expression":  # `&T{...}`
            literal = value.child_by_field_name("operand") or value
        if name.type == "identifier" and literal.type == "composite_literal":
            typed = named_type(literal.child_by_field_name("type"), c.source)
            if typed:
                c.fact(name, FactKind.ASSIGN, text(name, c.source), annotation=typed)


_FUNCTIONS = frozenset({"function_declaration", "method_declaration", "func_literal"})


def _range_value(node: Node, root: Node, c: Collector) -> None:
    """`for _, v := range xs`: `v` is of the element type of `xs` when the file states it: a
    parameter of the enclosing function (`xs []*T`), or a field of the struct of the receiver
    or of a parameter (`range c.commands` in a method of `Command`, `commands []*Command`;
    `range cfg.Rules` with `cfg *Config`) declared in the file; maps give their values (ASSIGN
    facts)."""
    source = c.source
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    names = left.named_children if left is not None else []
    if right is None or len(names) != 2 or names[1].type != "identifier":
        return
    container = _container_type(right, root, source)
    if container is not None and container.type in ("slice_type", "array_type", "map_type"):
        element = container.child_by_field_name(
            "value" if container.type == "map_type" else "element"
        )
        typed = named_type(element, source)
        typed = _unparameterized(names[1], typed, source) if typed else None
        if typed is not None:
            c.fact(names[1], FactKind.ASSIGN, text(names[1], source), annotation=typed)


def _container_type(expr: Node, root: Node, source: bytes) -> Node | None:
    function = expr.parent
    while function is not None and function.type not in _FUNCTIONS:
        function = function.parent
    if function is None:
        return None
    if expr.type == "identifier":
        return _parameter_type(
            function.child_by_field_name("parameters"), text(expr, source), source
        )
    operand, field = expr.child_by_field_name("operand"), expr.child_by_field_name("field")
    if expr.type != "selector_expression" or operand is None or field is None:
        return None
    if operand.type != "identifier":
        return None
    held = text(operand, source)
    holder = _parameter_type(function.child_by_field_name("parameters"), held, source)
    if holder is None and function.type == "method_declaration":
        holder = _parameter_type(function.child_by_field_name("receiver"), held, source)
    owner = named_type(holder, source)
    for spec in root.named_children:
        for typ in spec.named_children if spec.type == "type_declaration" else ():
            name, body = typ.child_by_field_name("name"), typ.child_by_field_name("type")
            if name is None or body is None or text(name, source) != owner:
                continue
            fields = (
                body.named_children[0]
                if body.type == "struct_type" and body.named_children
                else None
            )
            for declared in fields.named_children if fields is not None else ():
                names = [text(n, source) for n in declared.children_by_field_name("name")]
                if text(field, source) in names:
                    return declared.child_by_field_name("type")
    return None


_OPEN = frozenset({"any", "comparable"})
"""Constraints that declare no method a value of the type parameter is called with."""


def _unparameterized(at: Node, typed: str, source: bytes) -> str | None:
    """`typed` as written at `at`, unless it names a type parameter in scope there: then the
    parameter's constraint when that is one named type (`[T Stringer]`: a `T` is called as a
    `Stringer`, as go/types binds it), else None (`any`, unions, a generic receiver's `E`)."""
    if "." in typed:
        return typed
    node = at.parent
    while node is not None:
        if node.type in ("function_declaration", "type_spec"):
            params = node.child_by_field_name("type_parameters")
            for param in params.named_children if params is not None else ():
                names = [text(n, source) for n in param.children_by_field_name("name")]
                if typed in names:
                    constraint = param.child_by_field_name("type")
                    inner = constraint.named_children if constraint is not None else []
                    bound = named_type(inner[0], source) if len(inner) == 1 else None
                    return bound if bound not in _OPEN else None
        elif node.type == "method_declaration":
            receiver = node.child_by_field_name("receiver")
            if receiver is not None and typed in _receiver_parameters(receiver, source):
                return None
        node = node.parent
    return typed


def _receiver_parameters(receiver: Node, source: bytes) -> set[str]:
    """The type parameters a generic receiver names (`(s *Set[E])` -> `{E}`)."""
    found: set[str] = set()
    stack = list(receiver.named_children)
    while stack:
        node = stack.pop()
        if node.type == "type_arguments":
            for elem in node.named_children:
                found.update(text(n, source) for n in elem.named_children)
        else:
            stack.extend(node.named_children)
    return found


def _parameter_type(params: Node | None, name: str, source: bytes) -> Node | None:
    for param in params.named_children if params is not None else ():
        if any(text(n, source) == name for n in param.children_by_field_name("name")):
            return param.child_by_field_name("type")
    return None
