"""PHP extraction (the `php` grammar: HTML around `<?php ... ?>` is skipped).

* Namespaces (`namespace App\\Models;`, which covers the file up to the next namespace, and
  `namespace App { }`) prefix what they contain, dotted (`App.Models.User`), but are not
  symbols: a qualname is the fully qualified name, which is how resolution finds a class in
  another file.
* The module symbol's signature is the file's first namespace statement (`namespace
  App\\Models`): resolution reads it for code at the top level.
* `class` and `enum` -> CLASS; `interface` and `trait` -> INTERFACE (a trait like a Rust trait);
  methods -> METHOD (`User.__construct`); functions -> FUNCTION (`App.Models.helper`). Anonymous
  classes (`new class { }`), closures and arrow functions are not symbols: their calls belong to
  the enclosing definition. Constants and properties are not symbols. Lines and signature start
  at the first attribute or modifier.
* Imports: `use A\\B\\C;` -> ("A.B", ("C",)); `use A\\B\\C as D;` -> aliases ("D",); grouped
  `use A\\{B, C as D};` -> ("A", ("B", "C"), aliases (None, "D")); `use function A\\f;` and
  `use const A\\X;` alike (PHP keeps three tables; here they are one, a name imported both as a
  class and as a function is rare). `require`/`include` (`_once` too) of a literal path ->
  (path, ()): `'lib/x.php'` as written, `__DIR__ . '/x.php'` -> `__DIR__/x.php`; any other
  expression is not recorded.
* Calls: `f()` -> `f`; `A\\f()` and `\\A\\f()` -> `A.f` (the leading `\\` is not kept);
  `$this->m()` -> `this.m`; `$obj->m()` / `$obj?->m()` -> `$obj.m` (a variable keeps its `$`, so
  it is never read as a class); `$this->a->m()` -> `this.a.m`; `Foo::m()` -> `Foo.m`;
  `self::m()`, `static::m()`, `parent::m()` -> `self.m`, `static.m`, `parent.m`; `new Foo()` ->
  `Foo`; `a()->b()` -> `a().b`; a member of another expression's result -> `?.m`. `$f()`,
  `new $cls()`, `new self()`/`new static()` and `new class { }` are not recorded.
* Inheritance: `extends` (the class's first base), `implements`, and each `use Trait;` in a class
  body (a mixin), in that order.
* Declared types (PARAM facts for typed parameters, `Foo $x` -> `$x`; ASSIGN facts for typed
  properties and promoted constructor parameters, `private Foo $foo` -> `foo` of the class, and
  for `$x = new Foo()` -> `$x`): `?Foo` -> `Foo`; built-in and union types are not recorded.
* Doc: the `/** ... */` block right above.
"""

from __future__ import annotations

from tree_sitter import Node, Query, QueryCursor

from coderooms.core.kinds import SymbolKind
from coderooms.languages.parsing.collector import Collector, Scope, nest
from coderooms.languages.parsing.nodes import IDENT_RE, UNKNOWN_OBJECT, header, string_value, text
from coderooms.resolution.extraction import FactKind

QUERY = """
(namespace_definition) @namespace
(class_declaration) @class
(enum_declaration) @class
(interface_declaration) @interface
(trait_declaration) @interface
(method_declaration) @method
(function_definition) @function
(anonymous_class) @anonymous
(function_call_expression) @call
(member_call_expression) @member_call
(nullsafe_member_call_expression) @member_call
(scoped_call_expression) @scoped_call
(object_creation_expression) @new
(namespace_use_declaration) @import
(require_expression) @require
(require_once_expression) @require
(include_expression) @require
(include_once_expression) @require
(simple_parameter) @typed
(property_declaration) @typed
(assignment_expression left: (variable_name) right: (object_creation_expression)) @typed
"""

_ACCESS = frozenset({"member_access_expression", "nullsafe_member_access_expression"})
_MEMBER_CALLS = frozenset({"member_call_expression", "nullsafe_member_call_expression"})
_NAMES = frozenset({"name", "qualified_name", "namespace_name"})
_RELATIVE = frozenset({"self", "static", "parent"})
_DEFINITIONS = frozenset({"class", "interface", "method", "function", "anonymous", "namespace"})


def extract(root: Node, query: Query, c: Collector) -> None:
    source = c.source
    caps = QueryCursor(query).captures(root)
    entries = []
    for role in _DEFINITIONS:
        for node in caps.get(role, ()):
            end = node.end_byte
            if role == "namespace" and node.child_by_field_name("body") is None:
                end = _namespace_end(node, root)
            entries.append((node.start_byte, end, node, role))

    def handle(node: Node, role: str, outer: Scope) -> Scope:
        if role == "namespace":
            name = node.child_by_field_name("name")
            if name is None:  # `namespace { }`: the global namespace
                return Scope("", "", in_type=False)
            if not c.module_signature:
                c.module_signature = "namespace " + text(name, source)
            return Scope(qualified(name, source), "", in_type=False)
        if role == "anonymous":
            return Scope(outer.prefix, outer.parent, in_type=True, anonymous=True)
        if role in ("class", "interface"):
            return _type(node, role, outer, c)
        return _function(node, role, outer, c)

    nest(entries, handle)
    for node in caps.get("call", ()):
        function = node.child_by_field_name("function")
        if function is not None and function.type in _NAMES:
            c.call(node, qualified(function, source))
    for node in caps.get("member_call", ()):
        c.call(node, _member_callee(node, source))
    for node in caps.get("scoped_call", ()):
        c.call(node, _scoped_callee(node, source))
    for node in caps.get("new", ()):
        created = next((ch for ch in node.named_children if ch.type in _NAMES), None)
        if created is not None and text(created, source) not in _RELATIVE:
            c.call(node, qualified(created, source))
    for node in caps.get("import", ()):
        _use(node, c)
    for node in caps.get("require", ()):
        _require(node, c)
    for node in caps.get("typed", ()):
        _declared_types(node, c)


def qualified(node: Node, source: bytes) -> str:
    """`\\App\\Models\\User` -> `App.Models.User`."""
    return text(node, source).strip().lstrip("\\").replace("\\", ".").replace(" ", "")


def _namespace_end(node: Node, root: Node) -> int:
    """A `namespace X;` statement covers the file up to the next namespace statement."""
    sibling = node.next_named_sibling
    while sibling is not None:
        if sibling.type == "namespace_definition":
            return sibling.start_byte
        sibling = sibling.next_named_sibling
    return root.end_byte


def _type(node: Node, role: str, outer: Scope, c: Collector) -> Scope:
    source = c.source
    name = node.child_by_field_name("name")
    if name is None:
        return outer
    qual = outer.qualify(text(name, source))
    kind = SymbolKind.INTERFACE if role == "interface" else SymbolKind.CLASS
    body = node.child_by_field_name("body")
    c.define(kind, qual, outer.parent, node, header(node, body, source))
    for part in node.named_children:
        if part.type in ("base_clause", "class_interface_clause"):
            for base in part.named_children:
                if base.type in _NAMES:
                    c.inherit(qual, qualified(base, source), base)
    for member in body.named_children if body is not None else ():
        if member.type == "use_declaration":  # `use Greets, Logs;`: mixins
            for used in member.named_children:
                if used.type in _NAMES:
                    c.inherit(qual, qualified(used, source), used)
    return Scope(qual, qual, in_type=True)


def _function(node: Node, role: str, outer: Scope, c: Collector) -> Scope:
    if outer.anonymous:
        return outer
    source = c.source
    name = node.child_by_field_name("name")
    if name is None:
        return outer
    qual = outer.qualify(text(name, source))
    method = role == "method" and outer.in_type
    kind = SymbolKind.METHOD if method else SymbolKind.FUNCTION
    c.define(kind, qual, outer.parent, node, header(node, node.child_by_field_name("body"), source))
    parameters = node.child_by_field_name("parameters")
    for param in parameters.named_children if method and parameters is not None else ():
        if param.type == "property_promotion_parameter":  # `__construct(private Foo $foo)`
            typed = _named_type(param.child_by_field_name("type"), source)
            name = param.child_by_field_name("name")
            if typed and name is not None:
                c.fact_of(outer.prefix, name, FactKind.ASSIGN, text(name, source)[1:], None, typed)
                c.fact(name, FactKind.PARAM, text(name, source), annotation=typed)
    return Scope(qual, qual, in_type=False)


def _named_type(node: Node | None, source: bytes) -> str | None:
    """`Foo`, `?\\App\\Foo` -> `App.Foo`; None for `int`, unions, `self`."""
    if node is not None and node.type == "optional_type":
        node = node.named_child(0) if node.named_child_count else None
    if node is None or node.type != "named_type" or not node.named_child_count:
        return None
    name = node.named_child(0)
    if name is None or name.type not in _NAMES or text(name, source) in _RELATIVE:
        return None
    return qualified(name, source)


def _declared_types(node: Node, c: Collector) -> None:
    """PARAM facts for typed parameters (`Foo $x` -> `$x`: Foo), ASSIGN facts for typed
    properties (`private Foo $foo;` -> `foo` of the class) and `$x = new Foo()`."""
    source = c.source
    if node.type == "simple_parameter":
        typed = _named_type(node.child_by_field_name("type"), source)
        name = node.child_by_field_name("name")
        if typed and name is not None:
            c.fact(name, FactKind.PARAM, text(name, source), annotation=typed)
        return
    if node.type == "property_declaration":
        typed = _named_type(node.child_by_field_name("type"), source)
        for element in node.named_children if typed else ():
            name = (
                element.child_by_field_name("name") if element.type == "property_element" else None
            )
            if name is not None:
                c.fact(name, FactKind.ASSIGN, text(name, source)[1:], annotation=typed)
        return
    left = node.child_by_field_name("left")
    right = node.child_by_field_name("right")
    created = (
        next((ch for ch in right.named_children if ch.type in _NAMES), None) if right else None
    )
    if left is not None and created is not None and text(created, source) not in _RELATIVE:
        c.fact(left, FactKind.ASSIGN, text(left, source), annotation=qualified(created, source))


def _variable(node: Node, source: bytes) -> str | None:
    name = text(node, source)
    if name == "$this":
        return "this"
    return name if IDENT_RE.fullmatch(name) else None


def _object_callee(obj: Node, source: bytes, tail: str) -> str | None:
    """The callee of a call on `obj` whose trailing names are `tail` (`.m`, `.a.m`)."""
    names: list[str] = []
    while obj.type in _ACCESS:
        name = obj.child_by_field_name("name")
        inner_obj = obj.child_by_field_name("object")
        if name is None or name.type != "name" or inner_obj is None:
            return None  # `$a->{$p}->m()`: no name to follow
        names.append(text(name, source))
        obj = inner_obj
    rest = "".join(f".{n}" for n in reversed(names)) + tail
    if obj.type == "variable_name":
        head = _variable(obj, source)
        return f"{head}{rest}" if head else f"{UNKNOWN_OBJECT}{rest}"
    inner: str | None = None
    if obj.type in _MEMBER_CALLS:
        inner = _member_callee(obj, source)
    elif obj.type == "scoped_call_expression":
        inner = _scoped_callee(obj, source)
    elif obj.type == "function_call_expression":
        function = obj.child_by_field_name("function")
        if function is not None and function.type in _NAMES:
            inner = qualified(function, source)
    if inner and not inner.startswith(UNKNOWN_OBJECT):
        return f"{inner}(){rest}"
    return f"{UNKNOWN_OBJECT}{rest}" if rest else None


def _member_callee(node: Node, source: bytes) -> str | None:
    name = node.child_by_field_name("name")
    obj = node.child_by_field_name("object")
    if name is None or obj is None or name.type != "name":
        return None
    return _object_callee(obj, source, "." + text(name, source))


def _scoped_callee(node: Node, source: bytes) -> str | None:
    name = node.child_by_field_name("name")
    scope = node.child_by_field_name("scope")
    if name is None or scope is None or name.type != "name":
        return None
    method = text(name, source)
    if scope.type in _NAMES or scope.type == "relative_scope":
        return f"{qualified(scope, source)}.{method}"
    if scope.type == "variable_name":
        head = _variable(scope, source)
        return f"{head}.{method}" if head else None
    return f"{UNKNOWN_OBJECT}.{method}"


def _use(node: Node, c: Collector) -> None:
    source = c.source
    group = node.child_by_field_name("body")
    prefix = next((ch for ch in node.named_children if ch.type == "namespace_name"), None)
    base = qualified(prefix, source) if prefix is not None and group is not None else ""
    clauses = group.named_children if group is not None else node.named_children
    names: list[tuple[str, str | None]] = []
    for clause in clauses:
        if clause.type != "namespace_use_clause":
            continue
        alias = clause.child_by_field_name("alias")
        target = next((ch for ch in clause.named_children if ch.type in _NAMES), None)
        if target is None:
            continue
        full = qualified(target, source)
        full = f"{base}.{full}" if base else full
        names.append((full, text(alias, source) if alias is not None else None))
    by_module: dict[str, list[tuple[str, str | None]]] = {}
    for full, local in names:
        module, _, name = full.rpartition(".")
        by_module.setdefault(module, []).append((name, local))
    for module, entries in by_module.items():
        c.imp(
            module,
            tuple(name for name, _ in entries),
            None,
            node,
            aliases=tuple(alias for _, alias in entries),
        )


def _require(node: Node, c: Collector) -> None:
    source = c.source
    argument = node.named_child(0) if node.named_child_count else None
    while argument is not None and argument.type == "parenthesized_expression":
        argument = argument.named_child(0) if argument.named_child_count else None
    if argument is None:
        return
    path: str | None = None
    if argument.type in ("string", "encapsed_string") and argument.named_child_count <= 1:
        path = string_value(argument, source)
    elif argument.type == "binary_expression":
        left = argument.child_by_field_name("left")
        right = argument.child_by_field_name("right")
        if (
            left is not None
            and right is not None
            and text(left, source) == "__DIR__"
            and right.type in ("string", "encapsed_string")
            and right.named_child_count <= 1
        ):
            path = "__DIR__" + string_value(right, source)
    if path and "$" not in path and "{" not in path:
        c.imp(path, (), None, node)
