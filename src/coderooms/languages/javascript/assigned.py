"""JavaScript/TypeScript: what a local is assigned (`js_assigned`), over the generic
`parsing.assigned`: `const x = new T()`, `const x = f()`, and `const x = y.f` /
`const { f: x } = y` (the path, `=y.f`: `x.m()` is `y.f.m()`), `const me = this`."""

from __future__ import annotations

from tree_sitter import Node

from coderooms.languages.parsing.assigned import assigned_call
from coderooms.languages.parsing.collector import Collector
from coderooms.languages.parsing.nodes import dotted, text
from coderooms.resolution.extraction import FactKind
from coderooms.resolution.vocabulary import VALUE_OF


def js_assigned(
    caps: dict[str, list[Node]],
    c: Collector,
    members: dict[str, tuple[str, str]],
    wrappers: dict[str, str | None],
    calls: dict[str, str],
) -> None:
    """JS/TS `const x = new T()` (a `T`) and `const x = f()` without a type annotation (a
    declared `const x: T = f()` is a `T`: `typescript._declared_types`)."""
    for declarator in caps.get("new_var", ()):
        name = declarator.child_by_field_name("name")
        value = declarator.child_by_field_name("value")
        created = value.child_by_field_name("constructor") if value is not None else None
        if name is None or created is None:
            continue
        if created.type in ("identifier", "member_expression"):
            typed = dotted(text(created, c.source))
            if typed:
                c.fact(name, FactKind.ASSIGN, text(name, c.source), annotation=typed)
    if c.ex.language == "javascript":
        for assignment in caps.get("this_new", ()):
            _constructor_field(assignment, c)
    for declarator in caps.get("path_var", ()):
        if declarator.child_by_field_name("type") is None and _const(declarator, c.source):
            _assigned_path(declarator, c)
    for declarator in caps.get("call_var", ()):
        name = declarator.child_by_field_name("name")
        value = declarator.child_by_field_name("value")
        if value is not None and value.type == "await_expression":  # of a `Promise<T>`: a `T`
            value = value.named_child(0)
        if (
            name is not None
            and value is not None
            and declarator.child_by_field_name("type") is None
        ):
            assigned_call(name, value, c, members, wrappers, calls)


def _const(declarator: Node, source: bytes) -> bool:
    """Whether a declarator is a `const`'s: a `let`/`var` cursor (`let n = this.head; ...
    n = n.next`) is no alias of the path it starts at."""
    declaration = declarator.parent
    kind = declaration.child_by_field_name("kind") if declaration is not None else None
    return kind is not None and source[kind.start_byte : kind.end_byte] == b"const"


def _constructor_field(assignment: Node, c: Collector) -> None:
    """JavaScript `this.f = new T(..)` in a class's `constructor` (no other assignment of `f`
    looked at): field `f` of that class is a `T`, as TypeScript's `f: T` declares it (three.js's
    `this.shadow = new LightShadow(..)`, then `this.shadow.dispose()`)."""
    statement = assignment.parent
    block = statement.parent if statement is not None else None
    method = block.parent if block is not None else None  # a statement of the body itself
    if method is None or statement is None or statement.type != "expression_statement":
        return
    name = method.child_by_field_name("name") if method.type == "method_definition" else None
    if name is None or text(name, c.source) != "constructor":
        return
    body = method.parent
    klass = body.parent if body is not None else None
    at = klass.child_by_field_name("name") if klass is not None else None
    field = assignment.child_by_field_name("left")
    created = assignment.child_by_field_name("right")
    prop = field.child_by_field_name("property") if field is not None else None
    made = created.child_by_field_name("constructor") if created is not None else None
    if at is None or prop is None or made is None:
        return
    typed = (
        dotted(text(made, c.source)) if made.type in ("identifier", "member_expression") else None
    )
    if typed:
        c.fact(at, FactKind.ASSIGN, text(prop, c.source), annotation=typed)


def _assigned_path(declarator: Node, c: Collector) -> None:
    """JavaScript `const x = y.f` and `const { f, g: x } = y` (`y` a path of names or `this`):
    `x` is the value of `y.f` (`=y.f`, `vocabulary.VALUE_OF`), so `x.m()` is looked up as
    `y.f.m()` is (webpack's `const { runtimeTemplate } = compilation`); `const me = this` is
    `this` (`me.m()` in a callback of the method is `this.m()`, rules-32l)."""
    source = c.source
    name = declarator.child_by_field_name("name")
    value = declarator.child_by_field_name("value")
    path = dotted(text(value, source)) if value is not None else None
    if name is None or path is None:
        return
    if name.type == "identifier":
        if "." in path or (path == "this" and _in_method(declarator)):
            c.fact(name, FactKind.ASSIGN, text(name, source), annotation=VALUE_OF + path)
        return
    for prop in name.named_children:
        if prop.type == "shorthand_property_identifier_pattern":
            local = key = text(prop, source)
            at = prop
        elif prop.type == "pair_pattern":
            key_node = prop.child_by_field_name("key")
            local_node = prop.child_by_field_name("value")
            if key_node is None or local_node is None or local_node.type != "identifier":
                continue
            key, local, at = text(key_node, source), text(local_node, source), local_node
            if key_node.type != "property_identifier":
                continue
        else:
            continue
        c.fact(at, FactKind.ASSIGN, local, annotation=f"{VALUE_OF}{path}.{key}")


_OWN_THIS = frozenset(
    {"function_expression", "function_declaration", "generator_function", "function"}
)


def _in_method(node: Node) -> bool:
    """Whether `this` at `node` is the instance of a class's method: the nearest function
    around it, arrows aside (they keep the `this` of theirs), is a method of a class."""
    at = node.parent
    while at is not None:
        if at.type == "method_definition":
            return True
        if at.type in _OWN_THIS or at.type in ("class_body", "program"):
            return False
        at = at.parent
    return False
