"""The types Go names take where the file states them (`extract`'s "Declared types"): declared
parameters and variables, `x := T{..}`, `x := new(T)` and `x := f()`, type assertions, the
values of `range` over a parameter's, a field's, a variadic parameter's or a literal's slice,
the fields of anonymous structs (`doc.Amount`), a parameter copied into a local, and type
parameters read as their constraint."""

from __future__ import annotations

from tree_sitter import Node

from coderooms.languages.parsing.assigned import assigned_call
from coderooms.languages.parsing.collector import Collector
from coderooms.languages.parsing.nodes import text, type_name
from coderooms.resolution.extraction import FactKind
from coderooms.resolution.vocabulary import VALUE_OF

_MEMBERS = {"selector_expression": ("operand", "field")}
ELEMENT = "[]"
"""Appended to a name: the element of the slice, array or map it holds (`options[]`, a fact
of its own, so that another file follows it as a field: `=g.options[]`)."""
_CONTAINERS = frozenset({"slice_type", "array_type", "map_type"})
_CALLS = {"call_expression": "function"}


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


def declared(node: Node, c: Collector) -> None:
    written = node.child_by_field_name("type")
    typed = named_type(written, c.source)
    if node.type == "field_declaration" and node.child_by_field_name("name") is None:
        _embedded(written, typed, c)
    if node.type == "var_spec":
        for name in node.children_by_field_name("name"):
            struct_fields(name, written, c)
    _elements(node, written, c)
    values = node.child_by_field_name("value") if node.type == "var_spec" else None
    if not typed and values is not None and values.named_child_count == 1:
        # `var x = f()`, `var x, err = f()` (top level too): what `f` returns, its first result
        first = node.child_by_field_name("name")
        if first is not None and node.child_by_field_name("type") is None:
            assigned_call(first, values.named_children[0], c, _MEMBERS, None, _CALLS)
    if not typed and values is not None:  # `var x = &T{..}`, `var x = new(T)`
        _composites(node.children_by_field_name("name"), values.named_children, c)
    if not typed:
        return
    kind = FactKind.PARAM if node.type == "parameter_declaration" else FactKind.ASSIGN
    for name in node.children_by_field_name("name"):
        bound = _unparameterized(name, typed, c.source)
        if bound:
            c.fact(name, kind, text(name, c.source), annotation=bound)


def _embedded(written: Node | None, typed: str | None, c: Collector) -> None:
    """`struct { *Group; pkg.Base }`: a field `Group` of type `Group`, `Base` of `pkg.Base`
    (`p.Command.Find()` with `type Parser struct{ *Command }`)."""
    if written is not None and typed:
        c.fact(written, FactKind.ASSIGN, typed.rpartition(".")[2], annotation=typed)


def struct_fields(name: Node, written: Node | None, c: Collector) -> None:
    """`var doc struct{ Amount Decimal }`, `doc := struct{..}{..}`, `for _, tt := range
    []struct{..}{..}` (a table test): the fields of the anonymous struct `name` holds are
    typed as `doc.Amount` (ASSIGN), which `FileScope` reads for `doc.Amount.m()` (an
    anonymous struct has no type name to hang its fields on); embedded fields by their type's
    name."""
    local = text(name, c.source)
    if written is None or written.type != "struct_type" or name.type != "identifier":
        return
    if local == "_":
        return
    for fields in written.named_children:
        for field in fields.named_children if fields.type == "field_declaration_list" else ():
            typed = named_type(field.child_by_field_name("type"), c.source)
            typed = _unparameterized(name, typed, c.source) if typed else None
            if not typed:
                continue
            names = [text(n, c.source) for n in field.children_by_field_name("name")]
            for field_name in names or [typed.rpartition(".")[2]]:
                c.fact(name, FactKind.ASSIGN, f"{local}.{field_name}", annotation=typed)


def _new_type(value: Node, source: bytes) -> str | None:
    """`new(T)`, `new(pkg.T)`: `T`, `pkg.T`; else None."""
    if value.type != "call_expression":
        return None
    fn, args = value.child_by_field_name("function"), value.child_by_field_name("arguments")
    if fn is None or args is None or text(fn, source) != "new" or args.named_child_count != 1:
        return None
    return named_type(args.named_children[0], source)


def _elements(node: Node, written: Node | None, c: Collector) -> None:
    """`options []*Option`, `var xs [4]T`, `m map[string]*T`: `options[]` (`ELEMENT`) is an
    `Option`, the value a `range` or an index gives."""
    while written is not None and written.type in ("pointer_type", "parenthesized_type"):
        written = written.child_by_field_name("type") or written.named_child(0)
    if written is None or written.type not in _CONTAINERS:
        return
    element = written.child_by_field_name("value" if written.type == "map_type" else "element")
    typed = named_type(element, c.source)
    for name in node.children_by_field_name("name"):
        bound = _unparameterized(name, typed, c.source) if typed else None
        if bound:
            kind = FactKind.PARAM if node.type == "parameter_declaration" else FactKind.ASSIGN
            c.fact(name, kind, text(name, c.source) + ELEMENT, annotation=bound)


def path_of(node: Node | None, source: bytes) -> str | None:
    """`y.f.g` for a selector path of names, else None."""
    parts: list[str] = []
    while node is not None and node.type == "selector_expression":
        field = node.child_by_field_name("field")
        if field is None:
            return None
        parts.append(text(field, source))
        node = node.child_by_field_name("operand")
    if node is None or node.type != "identifier":
        return None
    parts.append(text(node, source))
    return ".".join(reversed(parts))


def _path_value(name: Node, value: Node, c: Collector) -> None:
    """`x := y.f` (`=y.f`: `x.m()` is `y.f.m()`), `x := y.f[k]` and `x, ok := m[k]`
    (`=y.f[]`, the element)."""
    if name.type != "identifier":
        return
    element = value.type == "index_expression"
    path = path_of(value.child_by_field_name("operand") if element else value, c.source)
    _value_of(name, path, ELEMENT if element else "", c)


def _value_of(name: Node, path: str | None, suffix: str, c: Collector) -> None:
    """`name` holds the value at the selector path `y.f` (with `ELEMENT`: its element), a
    fact another file may answer; not for a bare local (`range_value`'s `_local_type`), a
    path through `name` itself, or `_`."""
    local = text(name, c.source)
    if path is None or "." not in path or local == "_" or path.partition(".")[0] == local:
        return
    c.fact(name, FactKind.ASSIGN, local, annotation=VALUE_OF + path + suffix)


def literal_types(node: Node, c: Collector) -> None:
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if left is None or right is None:
        return
    first = left.named_child(0) if left.named_child_count else None
    if right.named_child_count == 1 and first is not None and first.type == "identifier":
        # `x := f()`, `x, err := f()`: what `f` returns (its first result)
        assigned_call(first, right.named_children[0], c, _MEMBERS, None, _CALLS)
    if left.named_child_count == right.named_child_count:
        several = right.named_child_count > 1
        for name, value in zip(left.named_children, right.named_children, strict=True):
            if several and name.type == "identifier":  # `n, result := d, New(1, 0)`
                assigned_call(name, value, c, _MEMBERS, None, _CALLS)
            _parameter_alias(name, value, c)
    _composites(left.named_children, right.named_children, c)
    if right.named_child_count == 1 and left.named_child_count in (1, 2):
        _asserted(left.named_children[0], right.named_children[0], c)
        if left.named_child_count == 1 or right.named_children[0].type == "index_expression":
            _path_value(left.named_children[0], right.named_children[0], c)


def _parameter_alias(name: Node, value: Node, c: Collector) -> None:
    """`total := first`, `n := d` where `first` is a parameter (or `d` the receiver) of the
    enclosing function declared a named type: `total` is of that type (ASSIGN)."""
    if name.type != "identifier" or value.type != "identifier":
        return
    local, held = text(name, c.source), text(value, c.source)
    if local in ("_", held):
        return
    function = value.parent
    while function is not None and function.type not in _FUNCTIONS:
        function = function.parent
    if function is None:
        return
    found = _parameter_type(function.child_by_field_name("parameters"), held, c.source)
    if found is None and function.type == "method_declaration":
        found = _parameter_type(function.child_by_field_name("receiver"), held, c.source)
    if found is not None and found.parent is not None:
        if found.parent.type == "variadic_parameter_declaration":
            return  # `xs := rest`: a slice of the type written
        typed = named_type(found, c.source)
        typed = _unparameterized(name, typed, c.source) if typed else None
        if typed:
            c.fact(name, FactKind.ASSIGN, local, annotation=typed)


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
        if name.type != "identifier":
            continue
        created = _new_type(value, c.source)
        if created:
            c.fact(name, FactKind.ASSIGN, text(name, c.source), annotation=created)
        if literal.type == "composite_literal":
            written = literal.child_by_field_name("type")
            typed = named_type(written, c.source)
            if typed:
                c.fact(name, FactKind.ASSIGN, text(name, c.source), annotation=typed)
            elif written is not None and written.type in _CONTAINERS:  # `xs := []T{..}`
                element = written.child_by_field_name(
                    "value" if written.type == "map_type" else "element"
                )
                typed = named_type(element, c.source)
                typed = _unparameterized(name, typed, c.source) if typed else None
                if typed:
                    c.fact(name, FactKind.ASSIGN, text(name, c.source) + ELEMENT, annotation=typed)
            struct_fields(name, written, c)


_FUNCTIONS = frozenset({"function_declaration", "method_declaration", "func_literal"})


def range_value(node: Node, root: Node, c: Collector) -> None:
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
    if right.type == "composite_literal":  # `range []struct{..}{..}`
        container = right.child_by_field_name("type")
    else:
        container = _container_type(right, root, source)
    held = container.parent if container is not None else None
    if held is not None and held.type == "variadic_parameter_declaration":  # `rest ...T`
        typed = named_type(container, source)
        typed = _unparameterized(names[1], typed, source) if typed else None
        if typed is not None:
            c.fact(names[1], FactKind.ASSIGN, text(names[1], source), annotation=typed)
            return
    if container is not None and container.type in ("slice_type", "array_type", "map_type"):
        element = container.child_by_field_name(
            "value" if container.type == "map_type" else "element"
        )
        struct_fields(names[1], element, c)
        typed = named_type(element, source)
        typed = _unparameterized(names[1], typed, source) if typed else None
        if typed is not None:
            c.fact(names[1], FactKind.ASSIGN, text(names[1], source), annotation=typed)
            return
    _value_of(names[1], path_of(right, source), ELEMENT, c)  # a field another file may declare


def _container_type(expr: Node, root: Node, source: bytes) -> Node | None:
    function = expr.parent
    while function is not None and function.type not in _FUNCTIONS:
        function = function.parent
    if function is None:
        return None
    if expr.type == "identifier":
        name = text(expr, source)
        found = _parameter_type(function.child_by_field_name("parameters"), name, source)
        return found if found is not None else _local_type(function, expr, name, source)
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
            named, body = typ.child_by_field_name("name"), typ.child_by_field_name("type")
            if named is None or body is None or text(named, source) != owner:
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


def _local_type(function: Node, before: Node, name: str, source: bytes) -> Node | None:
    """The type of `var name T` written in `function`'s own body before `before` (not in a
    nested literal); None when none is, or two are."""
    found: list[Node] = []
    stack = [function.child_by_field_name("body")]
    while stack:
        node = stack.pop()
        if node is None or node.start_byte >= before.start_byte or node.type == "func_literal":
            continue
        typed = node.child_by_field_name("type") if node.type == "var_spec" else None
        if typed is not None:
            names = [text(n, source) for n in node.children_by_field_name("name")]
            if name in names:
                found.append(typed)
        elif node.type in ("var_spec", "short_var_declaration"):  # `tests := []struct{..}{..}`
            created = _created_type(node, name, source)
            if created is not None:
                found.append(created)
        stack.extend(node.named_children)
    return found[0] if len(found) == 1 else None


def _created_type(node: Node, name: str, source: bytes) -> Node | None:
    """The type written in the composite literal `name := T{..}` or `var name = T{..}`
    binds (one name, one value), else None."""
    if node.type == "short_var_declaration":
        left, values = node.child_by_field_name("left"), node.child_by_field_name("right")
        bound = left.named_children if left is not None else []
    else:
        bound, values = node.children_by_field_name("name"), node.child_by_field_name("value")
    if values is None or len(bound) != 1 or values.named_child_count != 1:
        return None
    if text(bound[0], source) != name:
        return None
    value = values.named_children[0]
    return value.child_by_field_name("type") if value.type == "composite_literal" else None


def _parameter_type(params: Node | None, name: str, source: bytes) -> Node | None:
    for param in params.named_children if params is not None else ():
        if any(text(n, source) == name for n in param.children_by_field_name("name")):
            return param.child_by_field_name("type")
    return None
