"""Swift extraction.

* `class`, `struct`, `enum` and `actor` -> CLASS; `protocol` -> INTERFACE; nested types
  `Outer.Inner`. Lines and signature start at the first attribute or modifier.
* An `extension T` is no symbol: its members attach to the extended type, `T.m` (generic
  arguments and `where` clauses dropped; `extension A.B` -> `A.B.m`; `extension [T]` ->
  `Array.m`, `[K: V]` -> `Dictionary.m`, `T?` -> `Optional.m`), whose parent is `T` when
  the file defines `T` above the extension, else `""`; its conformances (`extension T: P`) are
  T's bases (kept when the file defines T: a base needs a symbol to hang on).
* `func` in a type, extension or protocol -> METHOD; every other `func` (top-level, local) ->
  FUNCTION; `init` -> METHOD `T.init` (overloads share it: the first one written is the
  symbol). `deinit`, `subscript`, accessors and closures are no symbols: their calls belong to
  the type or function around them.
* Top-level `let`/`var` -> VARIABLE (one symbol per declaration, named by its first pattern);
  members are no symbols. `typealias` and enum cases are no symbols.
* Imports: `import Foundation` -> ("Foundation", ()); `import struct M.Type` and `import
  M.Sub` -> ("M.Type", ()) / ("M.Sub", ()); attributes (`@testable`) are ignored.
* Calls: `f()` -> `f`; `a.b.c()` -> `a.b.c`; `a?.m()` -> `a.m`; `self.m()` / `super.init()` ->
  `self.m` / `super.init`; `Point(x: 1)` (an initialiser call reads as any call) -> `Point`;
  `a().b()` -> `a().b`; a member of anything else -> `?.m`.
* Declared types: PARAM facts for parameters, ASSIGN facts for properties with a type
  annotation or built by a call of a capitalised name (`let c = Circle(radius: 1)`), RETURNS
  for a declared return type; optionals and generic arguments dropped (`[Item]` and tuples are
  not recorded).
* Inheritance: the inheritance clause of a type (superclass and protocols alike, `: NSObject,
  Shape` -> NSObject, Shape) and of an extension (see above).
"""

from __future__ import annotations

from tree_sitter import Node, Query, QueryCursor

from coderooms.core.kinds import SymbolKind
from coderooms.languages.parsing.chain_facts import ChainFacts, record_facts
from coderooms.languages.parsing.chains import Callee, Split, constructed, first_named
from coderooms.languages.parsing.collector import Collector, Scope, declared_return, nest, spans
from coderooms.languages.parsing.nodes import dotted, header, signature, text, type_name
from coderooms.resolution.extraction import FactKind

QUERY = """
(class_declaration) @class
(protocol_declaration) @protocol
(function_declaration) @function
(protocol_function_declaration) @function
(init_declaration) @init
(source_file (property_declaration) @property)
(call_expression) @call
(import_declaration) @import
(parameter) @typed
(property_declaration) @typed
"""

_TYPE_KINDS = frozenset({"class", "struct", "enum", "actor"})
_TYPES = frozenset({"user_type", "optional_type"})
_SUGARED = {"array_type": "Array", "dictionary_type": "Dictionary", "optional_type": "Optional"}
"""What an extension of a sugared type extends (`extension [String]` -> `Array`)."""


def _navigation(node: Node) -> tuple[Node | None, Node | None]:
    suffix = node.child_by_field_name("suffix")
    name = suffix.child_by_field_name("suffix") if suffix is not None else None
    return node.child_by_field_name("target"), name


_MEMBERS: dict[str, Split] = {"navigation_expression": _navigation}
_CALLS: dict[str, Callee] = {"call_expression": first_named}


def extract(root: Node, query: Query, c: Collector) -> None:
    caps = QueryCursor(query).captures(root)

    def handle(node: Node, role: str, outer: Scope) -> Scope:
        if role in ("function", "init"):
            return _function(node, role, outer, c)
        if role == "property":
            _property(node, outer, c)
            return outer
        return _type(node, role, outer, c)

    nest(
        spans(caps.get("class", ()), "class")
        + spans(caps.get("protocol", ()), "protocol")
        + spans(caps.get("function", ()), "function")
        + spans(caps.get("init", ()), "init")
        + spans(caps.get("property", ()), "property"),
        handle,
    )
    record_facts(caps, c, _FACTS)


def _returned(node: Node, c: Collector) -> None:
    returns = _return_type(node)
    if returns is not None:
        declared_return(c, node, _type_name(returns, c.source))


def _declaration_kind(node: Node) -> str:
    kind = node.child_by_field_name("declaration_kind")
    return kind.type if kind is not None else ""


def _type(node: Node, role: str, outer: Scope, c: Collector) -> Scope:
    source = c.source
    name = node.child_by_field_name("name")
    if name is None:
        return outer
    body = node.child_by_field_name("body")
    if role == "class" and _declaration_kind(node) == "extension":
        extended = _SUGARED.get(name.type) or _type_name(name, source)
        if extended is None:
            return Scope(outer.prefix, outer.parent, in_type=True)
        qual = outer.qualify(extended)
        if c.defines(qual):
            _heritage(node, qual, c)
            return Scope(qual, qual, in_type=True)
        return Scope(qual, outer.parent, in_type=True)
    if role == "class" and _declaration_kind(node) not in _TYPE_KINDS:
        return outer
    qual = outer.qualify(text(name, source))
    kind = SymbolKind.INTERFACE if role == "protocol" else SymbolKind.CLASS
    c.define(kind, qual, outer.parent, node, header(node, body, source))
    _heritage(node, qual, c)
    return Scope(qual, qual, in_type=True)


def _heritage(node: Node, qual: str, c: Collector) -> None:
    for part in node.named_children:
        if part.type != "inheritance_specifier":
            continue
        base = part.child_by_field_name("inherits_from")
        if base is not None:
            c.inherit(qual, _type_name(base, c.source), base)


def _function(node: Node, role: str, outer: Scope, c: Collector) -> Scope:
    if outer.anonymous:
        return outer
    source = c.source
    if role == "init":
        if not outer.in_type:
            return outer
        qual = outer.qualify("init")
    else:
        name = node.child_by_field_name("name")
        if name is None:
            return outer
        qual = outer.qualify(text(name, source).strip("`"))
    kind = SymbolKind.METHOD if outer.in_type else SymbolKind.FUNCTION
    c.define(kind, qual, outer.parent, node, header(node, node.child_by_field_name("body"), source))
    return Scope(qual, qual, in_type=False)


def _property(node: Node, outer: Scope, c: Collector) -> None:
    pattern = node.child_by_field_name("name")
    name = pattern.child_by_field_name("bound_identifier") if pattern is not None else None
    if name is None:
        return
    end = node.end_byte
    value = node.child_by_field_name("value") or node.child_by_field_name("computed_value")
    if value is not None:
        end = value.start_byte
    sig = signature(c.source, node.start_byte, end).removesuffix("=").rstrip()
    qual = outer.qualify(text(name, c.source).strip("`"))
    c.define(SymbolKind.VARIABLE, qual, outer.parent, node, sig, scope=False)


def _return_type(node: Node) -> Node | None:
    """The type after `->` of a function declaration."""
    arrow = False
    for child in node.children:
        if child.type == "->":
            arrow = True
        elif arrow and child.is_named:
            return child if child.type in _TYPES else None
    return None


def _type_name(node: Node, source: bytes) -> str | None:
    while node.type == "optional_type" and node.named_child_count:
        node = node.named_children[0]
    if node.type != "user_type":
        return None
    return type_name(node, source)


def _declared_type(node: Node, c: Collector) -> None:
    source = c.source
    if node.type == "parameter":
        names = node.children_by_field_name("name")
        name = next((n for n in names if n.type == "simple_identifier"), None)
        typed = next((n for n in names if n.type in _TYPES), None)
        kind = FactKind.PARAM
    else:
        pattern = node.child_by_field_name("name")
        name = pattern.child_by_field_name("bound_identifier") if pattern is not None else None
        annotation = next((ch for ch in node.named_children if ch.type == "type_annotation"), None)
        typed = annotation.child_by_field_name("name") if annotation is not None else None
        kind = FactKind.ASSIGN
        if typed is None and name is not None:  # `let x = Foo(...)`: the type constructed
            built = constructed(node.child_by_field_name("value"), source, _CALLS)
            if built:
                c.fact(name, kind, text(name, source), annotation=built)
            return
    if name is None or typed is None or typed.type not in _TYPES:
        return
    declared = _type_name(typed, source)
    if declared:
        c.fact(name, kind, text(name, source), annotation=declared)


def _import(node: Node, c: Collector) -> None:
    path = next((ch for ch in node.named_children if ch.type == "identifier"), None)
    module = dotted(text(path, c.source)) if path is not None else None
    if module:
        c.imp(module, (), None, node)


_FACTS = ChainFacts(
    first_named,
    _MEMBERS,
    _CALLS,
    {"import": _import, "typed": _declared_type, "function": _returned},
)
