"""C++: the declared types of values (issue 32), as scope facts the generic typed lookup reads
(`file_scope.FileScope.typed`): `x.m()` / `p->m()` on a value whose type the code writes is `T.m`.

* Parameters of a definition or a lambda: `Foo x`, `const Foo &x`, `Foo *p`, `ns::Foo &&x`
  (PARAM facts); locals and globals `Foo x;`, `Foo x(..)`, `Foo *p = ..`; fields `Foo m_;` in a
  class body (ASSIGN facts of the class: `m_.m()` and `this->m_.m()` in its methods).
* `auto x = new Foo(..)` is a `Foo`; `auto x = f(..)` (also `Foo(..)`, `a.f(..)`) is what the
  call returns (`parsing.assigned`: `CRules.constructed` reads a callee without a declared
  return as a type's name, which finds no member when it is a function).
* `std::shared_ptr<Foo>`, `std::unique_ptr<Foo>` are a `Foo` (`p->m()`); what the smart pointer
  has itself (`p.get()`, `p.reset()`) is never looked up in `Foo` (`requests.POINTER_OWN`).
* Not typed, so hiding a name of an enclosing scope: an array, a template parameter, a type
  of several names (`unsigned long`), a declaration of a name with two types in one function
  (the blocks of a function are one scope here). Primitives record nothing.
* A member function a class body declares without defining it (a prototype) is a BIND fact of
  the class: its own member, defined in another file (`requests`).
* A `for (T x : xs)` variable is a local, a `catch (const E &e)` parameter a parameter.
* The name a call's object starts with (`parent_->help_->m()`) is a BIND fact of the
  function: a value, not a namespace (`requests`: a field of the class of an out-of-class
  definition).
* A member function with overloads defined in this file and in another is a BIND fact of
  the class of value `OVERLOAD` with their arities (`overloads`).
* A constructor's initialiser naming the class's base (`: Error(..)`) or the class itself
  (delegation) is a call of it (`base_initializers`; constructors defined in the class body).
* RETURNS facts: the return type a definition writes (`App *App::add_flag(..)` returns an
  `App`), so `auto *o = add_flag(..); o->m()` and `add_flag(..)->m()` are found as members of
  what it returns.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from tree_sitter import Node

from coderooms.languages.c import overloads
from coderooms.languages.c.macros import inside
from coderooms.languages.c.overloads import inside_any
from coderooms.languages.parsing.assigned import call_value
from coderooms.languages.parsing.collector import Collector
from coderooms.languages.parsing.nodes import text, type_name
from coderooms.resolution.extraction import FactKind
from coderooms.resolution.vocabulary import CALLED

QUERY = """
(parameter_declaration) @value_param
(optional_parameter_declaration) @value_param
(declaration) @value_local
(field_declaration) @value_field
(for_range_loop) @value_local
(field_initializer) @value_init
"""

UNKNOWN_TYPE = "?"
"""A name declared without one type recorded: it hides the name of an enclosing scope."""

SMART_POINTERS = frozenset({"std.shared_ptr", "std.unique_ptr", "shared_ptr", "unique_ptr"})

_NAMED = frozenset({"type_identifier", "qualified_identifier", "template_type"})
_PRIMITIVE = frozenset({"primitive_type", "sized_type_specifier"})
_WRAPPERS = frozenset({"pointer_declarator", "reference_declarator"})
_DEFINITIONS = frozenset({"function_definition", "lambda_expression", "catch_clause"})


def declared_values(
    caps: dict[str, list[Node]],
    c: Collector,
    members: dict[str, tuple[str, str]],
    wrappers: dict[str, str | None],
    calls: dict[str, str],
    skip: list[tuple[int, int]],
) -> None:
    """The facts of the module docstring for the captured declarations."""
    for node in caps.get("value_param", ()):
        if _in_definition(node) and not inside_any(node, skip):
            _declaration(node, c, FactKind.PARAM, members, wrappers, calls)
    for role in ("value_local", "value_field"):
        for node in caps.get(role, ()):
            if not inside_any(node, skip):
                _declaration(node, c, FactKind.ASSIGN, members, wrappers, calls)
    overloads.overloads(caps, c, skip)


def value_heads(calls: Iterable[Node], c: Collector) -> None:
    """A BIND fact of each name a call's object starts with (`parent_` of `parent_->a->m()`):
    the name is a value there, not a namespace (`detail::f()` is written the same once
    extracted, `detail.f`), so that a field of a class of another file may be looked for under
    it (`requests`)."""
    for node in calls:
        if node.type != "field_expression":
            continue
        head: Node | None = node
        while head is not None and head.type == "field_expression":
            head = head.child_by_field_name("argument")
        if head is not None and head.type == "identifier":
            c.fact(head, FactKind.BIND, text(head, c.source))


def base_initializers(caps: dict[str, list[Node]], c: Collector) -> None:
    """A call of the base class a constructor's initialiser list names (`: Error(..)`, written
    as the class's base clause writes it: `: public ns::Error` -> `ns.Error`), or of the
    class itself (a delegating `Success() : Success("..")`); an initialiser of a field (`s_(s)`)
    is no call."""
    for node in caps.get("value_init", ()):
        named: Node | None = node.named_child(0)
        if named is not None and named.type == "template_method":
            named = named.child_by_field_name("name")
        if named is None or named.type != "field_identifier":
            continue
        written = text(named, c.source)
        definition = node.parent.parent if node.parent is not None else None
        body = definition.parent if definition is not None else None
        if body is not None and body.type == "template_declaration":
            body = body.parent
        owner = body.parent if body is not None and body.type == "field_declaration_list" else None
        if owner is None or definition is None or definition.type != "function_definition":
            continue
        name = owner.child_by_field_name("name")
        bases = {text(name, c.source).rpartition("::")[2]: written} if name is not None else {}
        for clause in owner.named_children:
            if clause.type == "base_class_clause":
                for base in clause.named_children:
                    typed = type_name(base, c.source) if base.type in _NAMED else None
                    if typed:
                        bases.setdefault(typed.rpartition(".")[2], typed)
        if written in bases:
            c.call(named, bases[written])


def _in_definition(node: Node) -> bool:
    """Whether a parameter is one of a definition or a lambda (a prototype's binds nothing)."""
    params = node.parent
    declarator = params.parent if params is not None else None
    if declarator is not None and declarator.type == "catch_clause":
        return True  # `catch (const Error &e)`
    owner = declarator.parent if declarator is not None else None
    while owner is not None and owner.type in (*_WRAPPERS, "function_declarator"):
        owner = owner.parent
    return owner is not None and owner.type in _DEFINITIONS


def _declaration(
    node: Node,
    c: Collector,
    kind: FactKind,
    members: dict[str, tuple[str, str]],
    wrappers: dict[str, str | None],
    calls: dict[str, str],
) -> None:
    type_node = node.child_by_field_name("type")
    if type_node is None:
        return
    declared = _named(type_node, node, c.source)
    for declarator in node.children_by_field_name("declarator"):
        value: Node | None = None
        current: Node | None = declarator
        array = False
        while current is not None:
            if current.type == "init_declarator":
                value = current.child_by_field_name("value")
                current = current.child_by_field_name("declarator")
            elif current.type in _WRAPPERS:
                current = current.child_by_field_name("declarator") or (
                    current.named_child(current.named_child_count - 1)
                )
            elif current.type == "array_declarator":
                array = True
                current = current.child_by_field_name("declarator")
            else:
                break
        if current is not None and current.type == "function_declarator":
            _member_prototype(node, current, c)
            continue
        if current is None or current.type not in ("identifier", "field_identifier"):
            continue  # a structured binding
        name = text(current, c.source)
        if type_node.type in _PRIMITIVE:
            continue  # nothing is called on a primitive
        if array:
            c.fact(current, kind, name, annotation=UNKNOWN_TYPE)
        elif type_node.type == "placeholder_type_specifier" or text(type_node, c.source) == "auto":
            _auto(current, value, c, kind, members, wrappers, calls)
        else:
            c.fact(current, kind, name, annotation=declared or UNKNOWN_TYPE)


def _member_prototype(node: Node, declarator: Node, c: Collector) -> None:
    """A BIND fact of the class for a member function its body declares without defining
    (`Option *add_option(Option *opt);`): the class's own member, defined in another file,
    which hides the bases' members of its name (`requests`)."""
    parent = node.parent
    if parent is not None and parent.type == "template_declaration":
        parent = parent.parent
    name = declarator.child_by_field_name("declarator")
    if parent is None or parent.type != "field_declaration_list" or name is None:
        return
    if name.type in ("identifier", "field_identifier", "destructor_name", "operator_name"):
        c.fact(name, FactKind.BIND, text(name, c.source).replace(" ", ""))


def _auto(
    name: Node,
    value: Node | None,
    c: Collector,
    kind: FactKind,
    members: dict[str, tuple[str, str]],
    wrappers: dict[str, str | None],
    calls: dict[str, str],
) -> None:
    """`auto x = new T(..)` (a `T`), `auto x = f(..)` (what `f` returns); else unknown."""
    local = text(name, c.source)
    if value is not None and value.type == "new_expression":
        created = value.child_by_field_name("type")
        typed = _named(created, value, c.source) if created is not None else None
        c.fact(name, kind, local, annotation=typed or UNKNOWN_TYPE)
    elif value is not None and value.type == "call_expression":
        marker = call_value(value, c.source, members, wrappers, calls)
        if marker is None or marker.partition(".")[0].removesuffix(CALLED) == local:
            marker = UNKNOWN_TYPE  # `auto s = s.trim()`: the earlier `s`
        c.fact(name, kind, local, annotation=marker)
    else:
        c.fact(name, kind, local, annotation=UNKNOWN_TYPE)


def _named(type_node: Node, at: Node, source: bytes) -> str | None:
    """The one named type `type_node` writes (`ns::Foo`, `const Foo`), the pointee of a smart
    pointer; None for a template parameter of an enclosing definition or anything else."""
    if type_node.type not in _NAMED:
        return None
    template = type_node
    while template.type == "qualified_identifier":  # `std::shared_ptr<Foo>`
        name = template.child_by_field_name("name")
        if name is None:
            break
        template = name
    if template.type == "template_type":
        arguments = template.child_by_field_name("arguments")
        outer = type_name(type_node, source)
        if outer not in SMART_POINTERS or arguments is None:
            return outer
        inner = [a for a in arguments.named_children if a.type == "type_descriptor"]
        pointee = inner[0].child_by_field_name("type") if len(inner) == 1 else None
        return _named(pointee, at, source) if pointee is not None else None
    typed = type_name(type_node, source)
    if typed is None or typed in _template_parameters(at, source):
        return None
    return typed


def _template_parameters(node: Node, source: bytes) -> set[str]:
    """The names the `template <...>` declarations around `node` introduce."""
    found: set[str] = set()
    current: Node | None = node
    while current is not None:
        if current.type == "template_declaration":
            params = current.child_by_field_name("parameters")
            for param in params.named_children if params is not None else ():
                for part in param.named_children:
                    if part.type == "type_identifier":
                        found.add(text(part, source))
        current = current.parent
    return found


def declared_return(definition: Node, c: Collector, source: bytes) -> None:
    """A RETURNS fact of a definition whose return type is one named type (`App *App::f()`:
    an `App`), on the declarator's name (the fact's scope is the definition)."""
    type_node = definition.child_by_field_name("type")
    declarator = definition.child_by_field_name("declarator")
    if type_node is None or declarator is None or type_node.type in _PRIMITIVE:
        return
    typed = _named(type_node, definition, source)
    while declarator is not None and declarator.type in _WRAPPERS:
        declarator = declarator.child_by_field_name("declarator") or (
            declarator.named_child(declarator.named_child_count - 1)
        )
    if typed is None or declarator is None or declarator.type != "function_declarator":
        return
    name = declarator.child_by_field_name("declarator")
    while name is not None and name.type == "qualified_identifier":
        name = name.child_by_field_name("name")
    if name is not None and name.type in ("identifier", "field_identifier"):
        c.fact(name, FactKind.RETURNS, text(name, source), annotation=typed)


USING_NAMESPACE = "using namespace"
"""The value of the file's BIND facts that record a `using namespace N;` (`N` their name)."""

_USING_NAMESPACE = re.compile(
    rb"^[ \t]*using[ \t]+namespace[ \t]+((?:::)?[A-Za-z_]\w*(?:[ \t]*::[ \t]*[A-Za-z_]\w*)*)"
    rb"[ \t]*;",
    re.MULTILINE,
)


def using_namespaces(root: Node, c: Collector, dead: list[tuple[int, int]]) -> None:
    """`using namespace N;` on a line of its own, anywhere in the file (issue 32: tinyxml2's
    tests, `using namespace tinyxml2;`): a BIND fact of the file, `N` dotted. What the file
    does not find by its name is then looked for as `N::name` too (`requests`)."""
    for match in _USING_NAMESPACE.finditer(c.source):
        if inside(match.start(), dead):
            continue
        name = re.sub(rb"\s", b"", match.group(1)).decode().removeprefix("::")
        if name != "std" and not name.startswith("std::"):
            c.fact_of("", root, FactKind.BIND, name.replace("::", "."), value=USING_NAMESPACE)
