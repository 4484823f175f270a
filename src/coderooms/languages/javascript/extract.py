"""JavaScript extraction; also the core of TypeScript/TSX extraction (see `languages.typescript`).

* Definitions: `function`/`function*` declarations -> FUNCTION; `class` declarations -> CLASS;
  a class expression bound by a declarator (`const A = class { }`) -> CLASS named `A`; methods in
  a class body (`m() {}`, getters/setters, `static`, `#private`, `constructor`) -> METHOD `C.m`;
  class fields whose value is an arrow/function expression (`handle = () => {}`) -> METHOD;
  a declarator whose value is an arrow function or function expression (`const f = () => {}`,
  at any depth) -> FUNCTION `f` (nested: `outer.f`). Methods with computed names
  (`[Symbol.iterator]() {}`) and methods of anonymous class expressions are not symbols, nor
  are object-literal methods; their calls belong to the enclosing definition. Anonymous
  default exports (`export default function () {}`) are not symbols. CommonJS `module.exports
  = class A {..}`, `module.exports = (..) => ..` (`exports`) and `exports.f = function () {}`
  at the top level are (see `commonjs`).
* Variables: top-level `const`/`let`/`var` declarators (also under `export`) with a plain
  identifier name whose value is not a function, a class or a `require(...)` call (an import);
  destructuring patterns are skipped.
* Imports: one ImportRef per statement, `module` the specifier string as written (`./util`,
  `../a/b.js`, `react`), level 0, `names` the original names and `aliases` the local names
  where they differ. `import d from "m"` -> names ("default",), aliases ("d",);
  `import {a, b as c} from "m"` -> ("a", "b"), aliases (None, "c"); `import * as ns from "m"`
  -> names (), alias "ns"; `import "m"` -> names (), alias None; `export {a, b as c} from "m"`
  -> ("a", "b"), aliases (None, "c") (the exported name); `export * from "m"` -> ("*",);
  `export * as ns from "m"` -> alias "ns" (the `export ... from` ones marked `reexport`: they
  bind nothing in the file); `const x = require("m")` -> alias "x";
  `const {a, b: c} = require("m")` -> names ("a", "b"), aliases (None, "c");
  `const c = require("m").b` -> names ("b",), aliases ("c",) (None where the same); bare
  `require("m")` and dynamic `import("m")` -> names (), alias None. Only string-literal
  specifiers count; such `require` calls are imports, not calls, and `import(...)` is never a
  call.
* Calls: `f()`, `a.b.c()`, `a?.b()` (-> `a.b`), `this.m()`, `super()` (-> `super`),
  `new Foo()` / `new ns.Foo()` (-> `Foo`, `ns.Foo`), tagged templates; a member of an
  expression's result is `?.` and the trailing names (`a().b()` -> `?.b`, `x[0].m()` -> `?.m`,
  `foo().bar.baz()` -> `?.bar.baz`); TS non-null `a!.b()` -> `a.b`. Calls of a subscript, of a
  call or of a private member (`this.#p()`) are not recorded.
* Exports of local names (EXPORT facts at module level, `name` exported as `value`):
  `export { a, b as c }` (no `from`), `export default a` (an identifier, or a named class or
  function declared there), CommonJS
  `module.exports = a` (`name` `module.exports`), `module.exports = { a, c: b }`,
  `exports.c = b` and `module.exports.c = b` (identifiers only).
* Declared types: `const x = new Foo()` -> an ASSIGN fact (`x`, annotation `Foo`) of the
  innermost definition, `const x = f()` (`f()`), JS `this.f = new T()` in a constructor and
  JS `const x = y.f` / `const { f: x } = y` (`=y.f`, see `assigned`); JS JSDoc
  `@param`/`@returns`/`@type`/`@typedef {import(..)}` (see `jsdoc`; TypeScript adds its
  annotations instead, see `languages.typescript`).
* Calls of a member of a created object: `new Foo(..).m()` -> `Foo.new().m` (as Java writes
  it, `call_callee`).
* Inheritance: `class A extends B` -> (A, B) when B is a dotted name (`extends mixin(B)` is
  skipped).
"""

from __future__ import annotations

from collections.abc import Callable

from tree_sitter import Node, Query, QueryCursor

from coderooms.core.kinds import SymbolKind
from coderooms.languages.javascript.assigned import js_assigned
from coderooms.languages.javascript.commonjs import exported_class, exported_function
from coderooms.languages.javascript.exports import local_exports
from coderooms.languages.javascript.imports import (
    dynamic_import,
    export_from,
    import_statement,
)
from coderooms.languages.javascript.inferred import reassigned_types, returned_types
from coderooms.languages.javascript.jsdoc import jsdoc_types
from coderooms.languages.javascript.scopes import scoped_calls
from coderooms.languages.parsing.collector import Collector, Scope, named_function, nest, spans
from coderooms.languages.parsing.nodes import (
    IDENT_RE,
    UNKNOWN_OBJECT,
    callee_name,
    dotted,
    header,
    prefixed,
    signature,
    string_value,
    text,
    type_name,
)
from coderooms.resolution.extraction import FactKind
from coderooms.resolution.vocabulary import CALLED, CONSTRUCTED

_FUNCTION_VALUES = "[(arrow_function) (function_expression) (generator_function)]"

CORE_QUERY = f"""
(function_declaration) @function
(generator_function_declaration) @function
(class_declaration) @class
(class) @class_expr
(class_body (method_definition) @method)
(assignment_expression left: (member_expression) right: {_FUNCTION_VALUES}) @cjs_function
(variable_declarator name: (identifier) value: {_FUNCTION_VALUES}) @var_function
(call_expression function: (_) @call)
(new_expression constructor: (_) @new)
(import_statement) @import
(export_statement source: (_)) @export_from
(variable_declarator name: (identifier) value: (new_expression)) @new_var
(variable_declarator name: (identifier) value: (call_expression)) @call_var
(variable_declarator name: (identifier) value: (await_expression (call_expression))) @call_var
(assignment_expression left: (member_expression object: (this)) right: (new_expression)) @this_new
(variable_declarator name: (identifier) value: [(member_expression) (this)]) @path_var
(variable_declarator
  name: (object_pattern) value: [(identifier) (member_expression) (this)]) @path_var
"""

QUERY = (
    CORE_QUERY
    + f"""
(class_body (field_definition value: {_FUNCTION_VALUES}) @field)
(comment) @doc
"""
)

_MEMBERS = {"member_expression": ("object", "property")}
_WRAPPERS: dict[str, str | None] = {"non_null_expression": None}
_CALLS = {"call_expression": "function"}
_CREATIONS = {**_CALLS, "new_expression": "constructor"}
_OBJECTS = {"member_expression": "object", "call_expression": "function"}
_FUNCTION_TYPES = frozenset({"arrow_function", "function_expression", "generator_function"})
_NOT_VARIABLE_VALUES = _FUNCTION_TYPES | {"class"}
_DECLARATIONS = frozenset({"lexical_declaration", "variable_declaration"})

Handler = Callable[[Node, Scope, Collector], Scope]


def extract(root: Node, query: Query, c: Collector) -> None:
    def tail(caps: dict[str, list[Node]], c: Collector) -> None:
        jsdoc_types(caps.get("doc", []), c)
        returned_types(caps, c)
        reassigned_types(root, c)

    extract_with(root, query, c, {}, tail)


def extract_with(
    root: Node,
    query: Query,
    c: Collector,
    extra: dict[str, Handler],
    tail: Callable[[dict[str, list[Node]], Collector], None] | None = None,
) -> None:
    """Run `query` (the JS core captures plus any of `extra`'s roles) and collect everything."""
    source = c.source
    caps = QueryCursor(query).captures(root)
    handlers: dict[str, Handler] = {
        "function": named_function,
        "class": _class,
        "class_expr": _class_expr,
        "method": _method,
        "field": _field,
        "var_function": _var_function,
        "cjs_function": exported_function,
        **extra,
    }
    defs = []
    for role in handlers:
        nodes = caps.get(role)
        if nodes:
            defs.extend(spans(nodes, role))

    def handle(node: Node, role: str, outer: Scope) -> Scope:
        return handlers[role](node, outer, c)

    nest(defs, handle)
    for fn in caps.get("call", ()):
        kind = fn.type
        if kind == "import":
            dynamic_import(fn, c)
            continue
        if (
            kind == "identifier"
            and source[fn.start_byte : fn.end_byte] == b"require"
            and dynamic_import(fn, c)
        ):
            continue
        c.call(fn, call_callee(fn, source))
    c.calls(caps.get("new", ()), _MEMBERS, _WRAPPERS, _CALLS)
    for node in caps.get("import", ()):
        import_statement(node, c)
    for node in caps.get("export_from", ()):
        export_from(node, c)
    scoped_calls((*caps.get("call", ()), *caps.get("new", ())), root, c)
    _variables(root, c)
    local_exports(root, c)
    js_assigned(caps, c, _MEMBERS, _WRAPPERS, _CALLS)
    if tail is not None:
        tail(caps, c)


def call_callee(fn: Node, source: bytes) -> str | None:
    """A call's callee; a member of a created object is one of its class, as in Java
    (`new Foo(..).m()` -> `Foo.new().m`, `new ns.Foo().a().b()` -> `ns.Foo.new().a().b`)."""
    callee = callee_name(fn, source, _MEMBERS, _WRAPPERS, _CALLS)
    if callee is None or not callee.startswith(UNKNOWN_OBJECT):
        return callee
    inner: Node | None = fn
    while inner is not None and inner.type in _OBJECTS:
        inner = inner.child_by_field_name(_OBJECTS[inner.type])
    created = inner.child_by_field_name("constructor") if inner is not None else None
    if created is None or inner is None or inner.type != "new_expression":
        return callee
    name = dotted(text(created, source))
    written = callee_name(fn, source, _MEMBERS, _WRAPPERS, _CREATIONS)
    if name is None or written is None or not written.startswith(name + CALLED):
        return callee
    return f"{name}.{CONSTRUCTED}{written[len(name) + len(CALLED) :]}"


def member_name(node: Node | None, source: bytes) -> str | None:
    """A method/field name usable in a qualname (quotes stripped), or None (computed names)."""
    if node is None:
        return None
    kind = node.type
    if kind in ("string", "number"):
        name = string_value(node, source)
        return name if name and "." not in name else None
    if kind == "computed_property_name":
        return None
    return text(node, source)


def _class(node: Node, outer: Scope, c: Collector) -> Scope:
    name_node = node.child_by_field_name("name")
    if name_node is None:
        return Scope(outer.prefix, outer.parent, in_type=True, anonymous=True)
    return define_class(node, text(name_node, c.source), node, outer, c)


def define_class(cls: Node, name: str, span: Node, outer: Scope, c: Collector) -> Scope:
    """Define class-like `cls` named `name` (lines and signature from `span`), with heritage."""
    qual = outer.qualify(name)
    sig = header(span, cls.child_by_field_name("body"), c.source)
    declaration = span.parent if span.type == "variable_declarator" else None
    if declaration is not None and declaration.type in _DECLARATIONS:
        sig = prefixed(text(declaration.child(0), c.source), sig)
    c.define(SymbolKind.CLASS, qual, outer.parent, span, sig)
    for part in cls.named_children:
        if part.type == "class_heritage":
            _heritage(part, qual, c)
    return Scope(qual, qual, in_type=True)


def _class_expr(node: Node, outer: Scope, c: Collector) -> Scope:
    parent = node.parent
    if parent is not None and parent.type == "variable_declarator":
        name_node = parent.child_by_field_name("name")
        if name_node is not None and name_node.type == "identifier":
            return define_class(node, text(name_node, c.source), parent, outer, c)
    exported = exported_class(node, c) if not outer.prefix else None
    if exported is not None:  # `module.exports = class Application {..}`
        return define_class(node, exported, node, outer, c)
    return Scope(outer.prefix, outer.parent, in_type=True, anonymous=True)


def _method(node: Node, outer: Scope, c: Collector) -> Scope:
    if outer.anonymous:
        return outer
    name = member_name(node.child_by_field_name("name"), c.source)
    if name is None:
        return outer
    qual = outer.qualify(name)
    sig = header(node, node.child_by_field_name("body"), c.source)
    kind = SymbolKind.METHOD if outer.in_type else SymbolKind.FUNCTION
    c.define(kind, qual, outer.parent, node, sig)
    return Scope(qual, qual, in_type=False)


def _field(node: Node, outer: Scope, c: Collector) -> Scope:
    if outer.anonymous:
        return outer
    name_node = node.child_by_field_name("property") or node.child_by_field_name("name")
    name = member_name(name_node, c.source)
    value = node.child_by_field_name("value")
    if name is None or value is None:
        return outer
    qual = outer.qualify(name)
    sig = header(node, value.child_by_field_name("body"), c.source)
    c.define(SymbolKind.METHOD, qual, outer.parent, node, sig)
    return Scope(qual, qual, in_type=False)


def _var_function(node: Node, outer: Scope, c: Collector) -> Scope:
    source = c.source
    name_node = node.child_by_field_name("name")
    value = node.child_by_field_name("value")
    if name_node is None or value is None:
        return outer
    name = text(name_node, source)
    qual = outer.qualify(name)
    sig = header(node, value.child_by_field_name("body"), source)
    declaration = node.parent
    if declaration is not None and declaration.type in _DECLARATIONS:
        sig = prefixed(text(declaration.child(0), source), sig)
    kind = SymbolKind.METHOD if outer.in_type else SymbolKind.FUNCTION
    c.define(kind, qual, outer.parent, node, sig)
    return Scope(qual, qual, in_type=False)


def _heritage(heritage: Node, child: str, c: Collector) -> None:
    source = c.source
    for part in heritage.named_children:
        kind = part.type
        if kind == "extends_clause":
            for value in part.children_by_field_name("value"):
                c.inherit(child, dotted(text(value, source)), value)
                _extends(child, value, c)
        elif kind == "implements_clause":
            for t in part.named_children:
                c.inherit(child, type_name(t, source), t)
        elif kind in ("identifier", "member_expression"):
            c.inherit(child, dotted(text(part, source)), part)
            _extends(child, part, c)


def _extends(child: str, value: Node, c: Collector) -> None:
    base = dotted(text(value, c.source))
    if base:
        c.fact_of(child, value, FactKind.EXTENDS, child, base)


def _variables(root: Node, c: Collector) -> None:
    source = c.source
    for stmt in root.named_children:
        decl: Node | None = stmt
        if stmt.type == "export_statement":
            decl = stmt.child_by_field_name("declaration")
        if decl is None or decl.type not in _DECLARATIONS:
            continue
        keyword = text(decl.child(0), source)
        for declarator in decl.named_children:
            if declarator.type != "variable_declarator":
                continue
            name_node = declarator.child_by_field_name("name")
            if name_node is None or name_node.type != "identifier":
                continue
            value = declarator.child_by_field_name("value")
            if value is not None and (
                value.type in _NOT_VARIABLE_VALUES or _is_require(value, source)
            ):
                continue
            name = text(name_node, source)
            if not IDENT_RE.fullmatch(name):
                continue
            sig = prefixed(keyword, signature(source, declarator.start_byte, declarator.end_byte))
            c.define(SymbolKind.VARIABLE, name, "", declarator, sig, scope=False)


def _is_require(value: Node, source: bytes) -> bool:
    """`require("m")`, or `require("m").name` (an import of `name`)."""
    if value.type == "member_expression":
        inner = value.child_by_field_name("object")
        if inner is None:
            return False
        value = inner
    if value.type != "call_expression":
        return False
    fn = value.child_by_field_name("function")
    return fn is not None and source[fn.start_byte : fn.end_byte] == b"require"
