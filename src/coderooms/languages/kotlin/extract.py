"""Kotlin extraction.

* `class`, `data`/`enum`/`sealed`/`annotation` classes and `object` declarations -> CLASS;
  `interface` (`fun interface` too) -> INTERFACE; nested types `Outer.Inner`. Lines and
  signature start at the first modifier or annotation. A companion object is no symbol: its
  members are the class's (`Circle.unit`, as `Circle.unit()` calls it, like a Java static).
* `fun` in a class, object or interface -> METHOD; every other `fun` (top-level, local) ->
  FUNCTION. An extension function `fun Foo.bar()` is named `bar` where it is written (a
  top-level one is FUNCTION `bar`, its signature shows the receiver): the receiver type may be
  anyone's. Overloads share a qualname: the first one written is the symbol. Secondary
  constructors, `init` blocks, property accessors and lambdas are no symbols: their calls
  belong to the class or function around them. An object expression (`object : I { }`) is
  no symbol; its functions are METHODs named under the property it initialises (`val cb =
  object : I { fun f() }` -> `cb.f`) or else the function or class around it (`fun make() =
  object : Runnable { override fun run() }` -> `make.run`): a user looks for `run` there.
* Top-level properties (`val`/`var`, extension properties included) -> VARIABLE; member
  properties are no symbols (as Java fields are not). `typealias` is no symbol.
* Imports: `import a.b.C` -> ("a.b", ("C",)); `import a.b.C as D` -> ("a.b", ("C",), aliases
  ("D",)); `import a.b.*` -> ("a.b", ()). The package header is the module symbol's signature
  (`package a.b`).
* Calls: `f()` -> `f`; `a.b.c()` -> `a.b.c`; `a?.b()` -> `a.b`; `this.m()` / `super.m()` ->
  `this.m` / `super.m`; `a!!.b()`, `(x).m()` -> `?.b`, `?.m`; `a.b().c()` -> `a.b().c`;
  `Foo()` (a constructor call reads as any call) -> `Foo`.
* Declared types: PARAM facts for parameters, ASSIGN facts for properties with a declared type
  (`val x: Foo`) or built by a call of a capitalised name (`val x = Foo(1)`, `a.Foo(1)`),
  RETURNS for a declared return type; nullability and generic arguments dropped (`List<Bar>?`
  -> `List`).
* Not extracted (grammar limits, tree-sitter-kotlin 1.1): a top-level declaration whose
  annotation line is followed by a soft-keyword modifier (`@OptIn(X::class)` then `actual
  class C`, `annotation class A`) parses as an expression; a primary constructor with modifiers
  on the next line (`class C` / `internal actual constructor(`) is a syntax error; a property
  named `final` too; so is a one-line class body holding a function (`{ fun f() {} }`). A file
  with errors is read a second time with these rewritten (`repairs`).
* Inheritance: every delegation specifier of a class or object (`: Base(1), I, J by impl` ->
  Base, I, J), generic arguments dropped.
"""

from __future__ import annotations

from tree_sitter import Node, Query, QueryCursor

from coderooms.core.kinds import SymbolKind
from coderooms.languages.parsing.chain_facts import ChainFacts, record_facts
from coderooms.languages.parsing.chains import (
    Callee,
    Split,
    constructed,
    first_and_last,
    first_named,
)
from coderooms.languages.parsing.collector import Collector, Scope, declared_return, nest, spans
from coderooms.languages.parsing.nodes import dotted, header, signature, text, type_name
from coderooms.resolution.extraction import FactKind

QUERY = """
(class_declaration) @class
(object_declaration) @class
(companion_object) @class
(object_literal) @anonymous
(function_declaration) @function
(source_file (property_declaration) @property)
(call_expression) @call
(import) @import
(package_header) @package
(parameter) @typed
(class_parameter) @typed
(property_declaration) @typed
"""

_BODIES = frozenset({"class_body", "enum_class_body"})
_SCOPES = frozenset(
    {"function_declaration", "class_body", "enum_class_body", "source_file", "object_literal"}
)
_TYPES = frozenset({"user_type", "nullable_type"})
_MEMBERS: dict[str, Split] = {"navigation_expression": first_and_last}
_CALLS: dict[str, Callee] = {"call_expression": first_named}


def extract(root: Node, query: Query, c: Collector) -> None:
    source = c.source
    caps = QueryCursor(query).captures(root)

    def handle(node: Node, role: str, outer: Scope) -> Scope:
        if role == "anonymous":
            return _object_expression(node, outer, source)
        if role == "function":
            return _function(node, outer, c)
        if role == "property":
            _property(node, outer, c)
            return outer
        return _type(node, outer, c)

    nest(
        spans(caps.get("class", ()), "class")
        + spans(caps.get("anonymous", ()), "anonymous")
        + spans(caps.get("function", ()), "function")
        + spans(caps.get("property", ()), "property"),
        handle,
    )
    for node in caps.get("package", ()):
        c.module_signature = signature(source, node.start_byte, node.end_byte)
    record_facts(caps, c, _FACTS)


def _returned(node: Node, c: Collector) -> None:
    returns = _return_type(node)
    if returns is not None:
        declared_return(c, node, _type_name(returns, c.source))


def _body(node: Node) -> Node | None:
    for child in node.children:
        if child.type in _BODIES or child.type == "function_body":
            return child
    return None


def _type(node: Node, outer: Scope, c: Collector) -> Scope:
    source = c.source
    if node.type == "companion_object":
        return Scope(outer.prefix, outer.parent, in_type=True)  # members are the class's
    name = node.child_by_field_name("name")
    if name is None:
        return outer
    qual = outer.qualify(_name(name, source))
    interface = any(child.type == "interface" for child in node.children)
    kind = SymbolKind.INTERFACE if interface else SymbolKind.CLASS
    c.define(kind, qual, outer.parent, node, header(node, _body(node), source))
    _heritage(node, qual, c)
    return Scope(qual, qual, in_type=True)


def _object_expression(node: Node, outer: Scope, source: bytes) -> Scope:
    """An object expression is no symbol; its functions are methods named under the
    declaration around it: the property it initialises (`val cb = object : I { fun f() }` ->
    `cb.f`, so that it never takes the name of a method of the class), else the function or
    class it is written in (`fun make() = object : Runnable { override fun run() }` ->
    `make.run`). Its supertypes are not recorded: there is no symbol to hang them on."""
    anchor = outer
    parent = node.parent
    while parent is not None and parent.type not in _SCOPES:
        if parent.type == "property_declaration":
            declared = next(
                (ch for ch in parent.named_children if ch.type == "variable_declaration"), None
            )
            if declared is not None and declared.named_child_count:
                name = _name(declared.named_children[0], source)
                anchor = Scope(outer.qualify(name), outer.parent, in_type=False)
            break
        parent = parent.parent
    return Scope(anchor.prefix, anchor.parent, in_type=True)


def _heritage(node: Node, qual: str, c: Collector) -> None:
    for part in node.named_children:
        if part.type != "delegation_specifiers":
            continue
        for spec in part.named_children:
            for child in spec.named_children:
                typed = child
                if child.type in ("constructor_invocation", "explicit_delegation"):
                    typed = child.named_children[0] if child.named_child_count else child
                if typed.type in _TYPES:
                    c.inherit(qual, _type_name(typed, c.source), typed)


def _function(node: Node, outer: Scope, c: Collector) -> Scope:
    source = c.source
    name = node.child_by_field_name("name")
    if name is None:
        return outer
    qual = outer.qualify(_name(name, source))
    kind = SymbolKind.METHOD if outer.in_type else SymbolKind.FUNCTION
    c.define(kind, qual, outer.parent, node, header(node, _body(node), source))
    return Scope(qual, qual, in_type=False)


def _property(node: Node, outer: Scope, c: Collector) -> None:
    declared = next((ch for ch in node.named_children if ch.type == "variable_declaration"), None)
    name = declared.named_children[0] if declared is not None and declared.named_children else None
    if name is None or name.type != "identifier":
        return
    end = node.end_byte
    for child in node.named_children:
        if child.start_byte > declared.end_byte if declared is not None else False:
            end = child.start_byte  # the header: up to the initialiser, delegate or accessor
            break
    sig = signature(c.source, node.start_byte, end).removesuffix("=").rstrip()
    c.define(SymbolKind.VARIABLE, outer.qualify(_name(name, c.source)), outer.parent, node, sig,
             scope=False)  # fmt: skip


def _name(node: Node, source: bytes) -> str:
    """A declared name, backticks dropped (`` `-DeprecatedOkio` `` -> `-DeprecatedOkio`)."""
    return text(node, source).strip("`")


def _return_type(node: Node) -> Node | None:
    """The type written after the parameters of a `fun` (its declared return type)."""
    seen_parameters = False
    for child in node.named_children:
        if child.type == "function_value_parameters":
            seen_parameters = True
        elif seen_parameters and child.type in _TYPES:
            return child
        elif child.type == "function_body":
            break
    return None


def _type_name(node: Node, source: bytes) -> str | None:
    if node.type == "nullable_type" and node.named_child_count:
        node = node.named_children[0]
    if node.type != "user_type":
        return None
    return type_name(node, source)


def _declared_type(node: Node, c: Collector) -> None:
    source = c.source
    if node.type == "property_declaration":
        declared = next(
            (ch for ch in node.named_children if ch.type == "variable_declaration"), None
        )
        if declared is None or not declared.named_child_count:
            return
        name = declared.named_children[0]
        if declared.named_child_count < 2:  # `val x = Foo()`: the class constructed
            value = next(
                (ch for ch in node.named_children if ch.start_byte > declared.end_byte), None
            )
            built = constructed(value, source, _CALLS)
            if built and name.type == "identifier":
                c.fact(name, FactKind.ASSIGN, text(name, source), annotation=built)
            return
        typed = declared.named_children[1]
        kind = FactKind.ASSIGN
    else:
        if node.named_child_count < 2:
            return
        name, typed = node.named_children[0], node.named_children[1]
        kind = FactKind.PARAM if node.type == "parameter" else FactKind.ASSIGN
    if name.type != "identifier" or typed.type not in _TYPES:
        return
    annotation = _type_name(typed, source)
    if annotation:
        c.fact(name, kind, text(name, source), annotation=annotation)


def _import(node: Node, c: Collector) -> None:
    source = c.source
    path_node = next((ch for ch in node.named_children if ch.type == "qualified_identifier"), None)
    if path_node is None:
        return
    path = dotted(text(path_node, source))
    if path is None:
        return
    rest = source[path_node.end_byte : node.end_byte].decode("utf-8", "replace")
    if rest.lstrip().startswith(".*") or rest.lstrip().startswith("*"):
        c.imp(path, (), None, node)
        return
    module, _, name = path.rpartition(".")
    alias_node = next(
        (
            ch
            for ch in node.named_children
            if ch.type == "identifier" and ch.start_byte > path_node.end_byte
        ),
        None,
    )
    alias = text(alias_node, source) if alias_node is not None else None
    c.imp(module, (name,), None, node, aliases=(alias if alias != name else None,))


_FACTS = ChainFacts(
    first_named,
    _MEMBERS,
    _CALLS,
    {"import": _import, "typed": _declared_type, "function": _returned},
)
