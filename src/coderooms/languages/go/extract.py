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
  and `x, err := f()`, `var x = f()` (ASSIGN `f()`: `javascript.assigned`); `v := x.(T)` and the
  comma-ok `v, ok := x.(T)` (ASSIGN `T`); an embedded field `*Group` is a field `Group` of
  type `Group`; a name declared a slice, array or map of `T` gives `name[]` a `T` (the
  element, which other files follow as a field); `x := y.f` is the value of `y.f` (ASSIGN
  `=y.f`), and `x := y.f[k]`, `x, ok := m[k]` and a `range` the file cannot type the element
  (`=y.f[]`); `x := new(T)` (a `T`), a slice, array or map literal's elements (`xs := []T{..}`
  gives `xs[]` a `T`, and a `range` over it), a variadic `rest ...T`'s elements, `x := p` and
  `a, b := p, f()` pair by pair (`p` a parameter or the receiver), and the fields of an
  anonymous struct a local holds (`var doc struct{ A T }`, a table test's `range
  []struct{..}{..}`: ASSIGN `doc.A` = `T`, `FileScope` reads it for `doc.A.m()`). The names a
  function literal binds stay in the
  literal where they would clash in the enclosing function's scope, and a function type's
  parameters bind nothing (`literals`). A function's declared return is its result's named
  type, the first one's of several (`(*T, error)` -> `T`).
* Inheritance: struct embedding (`struct { Base; *pkg.Other }`) -> (S, Base), (S, pkg.Other);
  interface embedding (`interface { io.Reader }`) -> (I, io.Reader). Constraint elements
  (`~int | string`) are not bases.
"""

from __future__ import annotations

from tree_sitter import Node, Query, QueryCursor

from coderooms.core.kinds import SymbolKind
from coderooms.languages.go.literals import literal_scopes
from coderooms.languages.go.values import declared, literal_types, named_type, range_value
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
        declared(node, c)
    for node in caps.get("short_var", ()):
        literal_types(node, c)
    for node in caps.get("range", ()):
        range_value(node, root, c)
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
