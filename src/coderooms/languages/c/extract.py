"""C and C++ extraction (one module, two grammars: `QUERY` for C, `CPP_QUERY` for C++).

* Functions: `int f(void) { }` -> FUNCTION `f` (only definitions: prototypes and
  `= default`/`= delete` declarations are not symbols, as Universal Ctags' defaults have it).
  Inside a class/struct body -> METHOD `C.m`.
  C++ out-of-class definitions `int Foo::bar() { }` -> `Foo.bar` (qualified within the
  enclosing namespaces: `a::b::Foo::bar` or `Foo::bar` inside `namespace a::b { }` ->
  `a.b.Foo.bar`); METHOD, parent `Foo` when `Foo` is defined in the same file (else `""`: the
  class lives in a header), unless the scope is a namespace written in this file (a FUNCTION).
  Constructors are methods named as their class (`Foo.Foo`), destructors `Foo.~Foo`, operators
  `Foo.operator==`. Overloads share a qualname: the first wins (see the package docstring).
* Types: `struct`/`union`/`enum` with a body, C++ `class`, and every `typedef` name -> CLASS
  (`class EXPORT_MACRO Name { }`: the macro is blanked before parsing, see below)
  (`typedef struct node {..} node_t;` gives both `node` and `node_t`). Nested types are dotted
  (`Outer.Inner`). Templates are their wrapped definition.
* Namespaces (C++) prefix what they contain (`ns.f`) but are not symbols (like a Rust inline
  `mod`); anonymous namespaces prefix nothing.
* Macros tree-sitter cannot expand are blanked in C++ before parsing (`macros`): one alone on
  its line (`NLOHMANN_JSON_NAMESPACE_BEGIN`, `JSON_HEDLEY_NON_NULL(3)`), an export macro after
  `class`, annotations between the parameters and the body (`void f() LOCKS_EXCLUDED(mu) { }`,
  also recovered from the error tree-sitter gives). A statement read as a function after an
  error (`else if (x) {`, `JSON_CATCH (e) { }` in a body) is no symbol, nor is a macro given a
  block outside a class (`TEST(DBTest, Empty) { }`: typeless, unqualified, an all-capitals
  name; what its body calls belongs to the file).
* Conversion operators are named as ctags names them: `operator const char*()` ->
  `operatorconstchar*`.
* `#if 0` branches are skipped (definitions and calls), as Universal Ctags does.
* C++ `using Name = type;` -> CLASS `Name` (a typedef).
* Macros: function-like `#define SQ(x)` -> FUNCTION `SQ` (callable as `SQ(x)`), object-like
  `#define N 1` -> VARIABLE `N`; never callers. Other variables, struct fields and enumerators
  are not symbols.
* Imports: one ImportRef per `#include`: module = the path as written, without quotes for
  `"x.h"`, with its angle brackets for `<stdio.h>` (a system header), names (), alias None.
* Calls: `f()`, `ns::f()` -> `ns.f`, `obj.m()` and `p->m()` -> `obj.m` / `p.m`, `a().m()` ->
  `?.m`; template arguments dropped (`f<int>()` -> `f`).
* Inheritance (C++): each base class of a class/struct (`: public Base, ns::Other<T>`) ->
  (C, Base), (C, ns.Other).
* `.h` files are C (`language_for_path`), but one that `reads_as_cpp` (C++ syntax at a line's
  start, or C parse errors) is extracted with the C++ grammar when that parses it no worse; the
  file's language stays `c` (C and C++ share the resolution group `c`).
* Doc: the comment block right above the definition (or above its `template <...>`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from tree_sitter import Node, Query, QueryCursor

from coderooms.core.kinds import SymbolKind
from coderooms.languages.c import overloads, values
from coderooms.languages.c.macros import dead_ranges, inside
from coderooms.languages.c.misreads import MACRO_NAME, macro_block, misread_statement
from coderooms.languages.parsing.collector import Collector, Scope
from coderooms.languages.parsing.nodes import (
    dotted,
    header,
    signature,
    strip_generics,
    text,
    type_name,
)

QUERY = """
(function_definition) @function
(struct_specifier body: (_)) @type
(union_specifier body: (_)) @type
(enum_specifier body: (_)) @type
(type_definition) @typedef
(preproc_def) @macro
(preproc_function_def) @macro
(preproc_include) @import
(call_expression function: (_) @call)
(preproc_if condition: (number_literal) @if0)
"""

CPP_QUERY = (
    QUERY
    + """
(class_specifier body: (_)) @type
(namespace_definition) @namespace
(alias_declaration) @alias
"""
    + values.QUERY
)

_CPP_SYNTAX = re.compile(
    rb"^[ \t]*(?:namespace|class|template|using)\b|^[ \t]*(?:public|private|protected)[ \t]*:",
    re.MULTILINE,
)


def reads_as_cpp(c_root: Node, source: bytes) -> bool:
    """Whether a `.h` file is C++: the C grammar found errors, or a line opens with C++ syntax
    (`namespace`, `class`, `template`, `using`, an access label). Decided from the file alone, so
    that one file's ingest gives what a full ingest gives."""
    return c_root.has_error or _CPP_SYNTAX.search(source) is not None


_MEMBERS = {"field_expression": ("argument", "field")}
_CALLS = {"call_expression": "function"}
_WRAPPERS: dict[str, str | None] = {"template_function": "name"}
_DECLARATOR_WRAPPERS = frozenset(
    {
        "pointer_declarator",
        "reference_declarator",
        "parenthesized_declarator",
        "attributed_declarator",
    }
)
_TYPE_KEYWORDS = {
    "struct_specifier": "struct",
    "union_specifier": "union",
    "enum_specifier": "enum",
    "class_specifier": "class",
}


def extract(root: Node, query: Query, c: Collector) -> None:
    source = c.source
    caps = QueryCursor(query).captures(root)
    namespaces: set[str] = set()
    entries: list[tuple[int, int, Node, str]] = []
    dead = dead_ranges(caps.get("if0", []), source)
    for role in ("function", "type", "typedef", "macro", "namespace", "alias"):
        entries.extend(
            (n.start_byte, n.end_byte, n, role)
            for n in caps.get(role, ())
            if not inside(n.start_byte, dead)
        )
    defined_types = {
        text(name, source)
        for node in caps.get("type", ())
        if (name := node.child_by_field_name("name")) is not None
    }

    def handle(node: Node, role: str, outer: Scope) -> Scope:
        if role == "function":
            return _function(node, outer, c, namespaces, defined_types)
        if role == "type":
            return _type(node, outer, c)
        if role == "typedef":
            _typedef(node, outer, c)
            return outer
        if role == "macro":
            _macro(node, outer, c)
            return outer
        if role == "alias":
            _alias(node, outer, c)
            return outer
        return _namespace(node, outer, namespaces, source)

    stack: list[tuple[int, Scope]] = []
    for start, end, node, role in sorted(entries, key=lambda e: (e[0], -e[1])):
        while stack and stack[-1][0] <= start:
            stack.pop()
        outer = stack[-1][1] if stack else Scope("", "", in_type=False)
        stack.append((end, handle(node, role, outer)))
    calls = caps.get("call", ())
    if dead:
        calls = [n for n in calls if not inside(n.start_byte, dead)]
    cpp = any(query.capture_name(i) == "value_local" for i in range(query.capture_count))
    c.calls(calls, _MEMBERS, _WRAPPERS, _CALLS if cpp else None)
    if cpp:
        values.declared_values(caps, c, _MEMBERS, _WRAPPERS, _CALLS, dead)
        values.value_heads(calls, c)
        overloads.call_arguments(calls, c, _MEMBERS, _WRAPPERS, _CALLS)
        values.base_initializers(caps, c)
        values.using_namespaces(root, c, dead)
        for node in caps.get("function", ()):
            if not inside(node.start_byte, dead):
                values.declared_return(node, c, source)
    for node in caps.get("import", ()):
        path = node.child_by_field_name("path")
        if path is None:
            continue
        raw = text(path, source).strip()
        module = raw[1:-1] if raw.startswith('"') and raw.endswith('"') else raw
        if module:
            c.imp(module, (), None, node)


def _alias(node: Node, outer: Scope, c: Collector) -> None:
    """C++ `using Name = type;`: a type name, as a `typedef` is."""
    name_node = node.child_by_field_name("name")
    if name_node is not None:
        sig = signature(c.source, node.start_byte, node.end_byte)
        c.define(
            SymbolKind.CLASS,
            outer.qualify(text(name_node, c.source)),
            outer.parent,
            node,
            sig,
            scope=False,
        )


def _anchor(node: Node) -> Node:
    """The node a definition's leading comment sits above (its `template <...>`)."""
    while node.parent is not None and node.parent.type == "template_declaration":
        node = node.parent
    return node


def _function_declarator(node: Node | None) -> Node | None:
    while node is not None and node.type in _DECLARATOR_WRAPPERS:
        node = node.child_by_field_name("declarator") or node.named_child(0)
    return node if node is not None and node.type == "function_declarator" else None


def _declared_name(node: Node, source: bytes) -> list[str] | None:
    """`a::b::Foo::bar` -> [a, b, Foo, bar]; `~Foo` and `operator==` kept whole."""
    kind = node.type
    if kind in ("identifier", "field_identifier", "destructor_name", "operator_name"):
        return [text(node, source).replace(" ", "")]
    if kind == "qualified_identifier":
        scope = node.child_by_field_name("scope")
        name = node.child_by_field_name("name")
        if name is None:
            return None
        rest = _declared_name(name, source)
        if rest is None:
            return None
        if scope is None:
            return rest
        head = strip_generics(text(scope, source)).replace("::", ".").split(".")
        return [*head, *rest] if all(head) else None
    if kind == "template_function":
        name = node.child_by_field_name("name")
        return _declared_name(name, source) if name is not None else None
    if kind == "operator_cast":  # `operator const char*() const` -> `operatorconstchar*`
        return [text(node, source).split("(", 1)[0].replace(" ", "")]
    return None


def _function(
    node: Node, outer: Scope, c: Collector, namespaces: set[str], types: set[str]
) -> Scope:
    source = c.source
    body = node.child_by_field_name("body")
    if body is None:
        return outer  # `Foo() = default;` / `= delete;`: a declaration, no definition
    raw = node.child_by_field_name("declarator")
    declarator = _function_declarator(raw)
    for child in node.children:
        if child.type == "ERROR" and child.named_child_count:
            misread = _function_declarator(child.named_child(0))
            if misread is not None:  # `void f() LOCKS_EXCLUDED(mu) { }`: `f`, not the macro
                declarator = misread
                break
    else:
        declarator = _before_annotation(node, declarator, source) or declarator
    if declarator is None and raw is not None and raw.type == "identifier":
        return _macro_class(node, raw, outer, c)
    name_node = declarator.child_by_field_name("declarator") if declarator else None
    if declarator is None and raw is not None and _conversion(raw):
        name_node = raw  # `operator bool() const`, `A::operator int()`
    parts = _declared_name(name_node, source) if name_node is not None else None
    if not parts or misread_statement(node, parts[-1]) or macro_block(node, parts, outer):
        return outer
    qual = outer.qualify(".".join(parts))
    sig = header(node, body, source)
    kind = SymbolKind.METHOD if outer.in_type else SymbolKind.FUNCTION
    parent = outer.parent
    if len(parts) > 1:
        owner = qual.rsplit(".", 1)[0]
        if owner not in namespaces:
            kind = SymbolKind.METHOD
            parent = owner if parts[-2] in types else outer.parent
    c.define(kind, qual, parent, _anchor(node), sig)
    return Scope(qual, qual, in_type=False)


def _conversion(node: Node) -> bool:
    """Whether a declarator is a conversion operator's (`operator T()`, `A::operator T()`)."""
    name = node.child_by_field_name("name") if node.type == "qualified_identifier" else node
    return name is not None and name.type == "operator_cast"


def _before_annotation(node: Node, declarator: Node | None, source: bytes) -> Node | None:
    """In a class body, `void f() LOCKS_EXCLUDED(mu) { }` reads as a member declaration `void
    f()` (missing its `;`) and then a typeless function `LOCKS_EXCLUDED(mu) { }`: `f`'s
    declarator."""
    if node.child_by_field_name("type") is not None or declarator is None:
        return None
    name = declarator.child_by_field_name("declarator")
    previous = node.prev_sibling
    if name is None or previous is None or not MACRO_NAME.fullmatch(text(name, source)):
        return None
    if previous.type not in ("field_declaration", "declaration") or previous.end_point.row != (
        node.start_point.row
    ):
        return None
    return _function_declarator(previous.child_by_field_name("declarator"))


def _macro_class(node: Node, name_node: Node, outer: Scope, c: Collector) -> Scope:
    """`class EXPORT_MACRO Name { ... };` reads to tree-sitter as a function `Name` returning
    `class EXPORT_MACRO`: the class `Name` (its body is misparsed: its members are lost)."""
    type_node = node.child_by_field_name("type")
    if type_node is None or type_node.type not in _TYPE_KEYWORDS:
        return outer
    qual = outer.qualify(text(name_node, c.source))
    keyword = _TYPE_KEYWORDS[type_node.type]
    c.define(
        SymbolKind.CLASS,
        qual,
        outer.parent,
        _anchor(node),
        f"{keyword} {text(name_node, c.source)}",
    )
    return Scope(qual, qual, in_type=True)


def _type(node: Node, outer: Scope, c: Collector) -> Scope:
    source = c.source
    name_node = node.child_by_field_name("name")
    body = node.child_by_field_name("body")
    if name_node is None:
        return outer  # an anonymous struct: its contents belong to the enclosing scope
    name = strip_generics(text(name_node, source)).rsplit("::", 1)[-1].strip()
    qual = outer.qualify(name)
    c.define(SymbolKind.CLASS, qual, outer.parent, _anchor(node), header(node, body, source))
    for child in node.named_children:
        if child.type == "base_class_clause":
            for base in child.named_children:
                if base.type in ("type_identifier", "qualified_identifier", "template_type"):
                    c.inherit(qual, type_name(base, source), base)
    return Scope(qual, qual, in_type=True)


def _typedef_name(node: Node | None) -> Node | None:
    while node is not None:
        if node.type in ("type_identifier", "primitive_type"):
            return node
        inner = node.child_by_field_name("declarator")
        if inner is None:  # `typedef void (name)(...)`: a parenthesised declarator
            inner = next(
                (
                    n
                    for n in node.named_children
                    if "declarator" in n.type or n.type.endswith("type_identifier")
                ),
                None,
            )
        node = inner
    return None


def _typedef(node: Node, outer: Scope, c: Collector) -> None:
    source = c.source
    type_node = node.child_by_field_name("type")
    body = type_node.child_by_field_name("body") if type_node is not None else None
    for declarator in node.children_by_field_name("declarator"):
        name_node = _typedef_name(declarator)
        if name_node is None:
            continue
        if body is not None and type_node is not None:
            sig = (
                signature(source, node.start_byte, body.start_byte)
                + " "
                + signature(source, declarator.start_byte, declarator.end_byte)
            )
        else:
            sig = signature(source, node.start_byte, node.end_byte)
        qual = outer.qualify(text(name_node, source))
        c.define(SymbolKind.CLASS, qual, outer.parent, node, sig[:200], scope=False)


def _macro(node: Node, outer: Scope, c: Collector) -> None:
    name_node = node.child_by_field_name("name")
    if name_node is None:
        return
    params = node.child_by_field_name("parameters")
    end = (params or name_node).end_byte
    kind = SymbolKind.FUNCTION if node.type == "preproc_function_def" else SymbolKind.VARIABLE
    qual = outer.qualify(text(name_node, c.source))
    sig = signature(c.source, node.start_byte, end)
    if c.define(kind, qual, outer.parent, node, sig, scope=False) and node.end_point.column == 0:
        # a `#define` takes its line's newline: it ends on the line before
        last = c.ex.symbols[-1]
        c.ex.symbols[-1] = replace(last, end_line=max(last.start_line, last.end_line - 1))


def _namespace(node: Node, outer: Scope, namespaces: set[str], source: bytes) -> Scope:
    name_node = node.child_by_field_name("name")
    if name_node is None:
        return outer
    name = dotted(text(name_node, source).replace(" ", ""))
    if name is None:
        return outer
    qual = outer.qualify(name)
    prefix = ""
    for part in qual.split("."):
        prefix = f"{prefix}.{part}" if prefix else part
        namespaces.add(prefix)
    return Scope(qual, outer.parent, in_type=False)
