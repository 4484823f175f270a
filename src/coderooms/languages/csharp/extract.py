"""C# extraction.

* Namespaces (`namespace A.B { }` and the file-scoped `namespace A.B;`, which covers the rest of
  the file) prefix what they contain (`A.B.C`) but are not symbols (like a C++ namespace): a
  qualname is the fully qualified name, which is how resolution finds a type in another file.
* `class`, `struct`, `record` (`record struct` too) and `enum` -> CLASS; `interface` ->
  INTERFACE; `delegate` -> CLASS (a type). Nested types are dotted (`Outer.Inner`). Lines and
  lines start at the first attribute, signatures after the attributes (`public class C : B`).
* Methods, constructors (`C.C`), destructors (`C.~C`) and operators (`C.operator+`) -> METHOD;
  properties (`int P { get; set; }`, `int Q => 1`) and events with accessors (`event H E { add
  { } remove { } }`) -> METHOD (their accessors are code: calls in them belong to them); local
  functions -> FUNCTION (`C.M.Local`). Overloads share a qualname: the first one written is the
  symbol. Conversion operators are `C.operatorint` (`implicit operator int(C c)`). Fields,
  field-like events (`event H E;`), indexers and lambdas are not symbols; calls in them belong
  to the enclosing definition.
* Partial classes: each part is a symbol of its own file under the same qualname; resolution
  looks for a member a part does not define in the other parts, then in the bases
  (`namespaces`).
* Imports: `using A.B;` -> ("A.B", ()); `using static A.B.C;` -> ("A.B.C", ("*",)) (the static
  members of C); `using X = A.B.C;` -> ("A.B.C", (), "X"); `global using` alike.
* Calls: `M()` -> `M`; `obj.M()` -> `obj.M`; `this.M()` / `base.M()` -> `this.M` / `base.M`;
  `a?.M()` -> `a.M`; generic arguments dropped (`M<int>()` -> `M`); `Foo().Bar()` -> `Foo().Bar`;
  `new Foo.Bar()` -> `Foo.Bar`. `nameof(x)` (an operator), target-typed `new()` and
  constructor initialisers (`: base(x)`, `: this(x)`) are not recorded.
* Inheritance: each entry of a base list (`: Base<T>, IFoo`, a record's `Base(X)`), generic
  arguments dropped; C# does not say which entry is a class and which an interface.
* Preprocessor: directives are blanked and the first branch of each `#if` is read
  (`first_branches`), as lines and offsets stay; what the `#elif`/`#else` branches define
  joins it from further readings (`branches`: a name defined in both is one symbol); a
  `#if false` branch, and what follows a `#if true`, is in no reading.
* Declared types (PARAM facts for parameters and `foreach (T x in xs)`, ASSIGN facts for
  locals, fields and properties, attributed to the innermost definition: a field to its class):
  `Foo f`, `Foo? f` -> `Foo`, `List<Bar> xs` -> `List`, `var x = new Foo()` -> `Foo`; built-in,
  array and tuple types and other `var`s are not recorded.
* Doc: the `///` (or other) comment block right above, XML tags removed (`<summary>`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from tree_sitter import Node, Query, QueryCursor

from coderooms.core.kinds import SymbolKind
from coderooms.languages.csharp.branches import nth_branches
from coderooms.languages.parsing.collector import Collector, Scope, nest
from coderooms.languages.parsing.doc_comments import first_sentence
from coderooms.languages.parsing.nodes import dotted, header, signature, text, type_name
from coderooms.resolution.extraction import FactKind

QUERY = """
(namespace_declaration) @namespace
(file_scoped_namespace_declaration) @file_namespace
(class_declaration) @class
(struct_declaration) @class
(record_declaration) @class
(enum_declaration) @class
(interface_declaration) @interface
(delegate_declaration) @delegate
(method_declaration) @method
(constructor_declaration) @method
(destructor_declaration) @method
(operator_declaration) @method
(conversion_operator_declaration) @method
(property_declaration) @property
(event_declaration) @property
(local_function_statement) @function
(invocation_expression function: (_) @call)
(object_creation_expression type: (_) @new)
(using_directive) @import
(parameter type: (_) name: (identifier)) @typed
(variable_declaration) @typed
(foreach_statement) @typed
"""

_MEMBERS = {
    "member_access_expression": ("expression", "name"),
    "conditional_access_expression": ("condition", "name"),
}
_WRAPPERS: dict[str, str | None] = {"generic_name": None}
_CALLS = {"invocation_expression": "function"}
_TYPES = frozenset({"class", "interface", "delegate"})
_XML_TAG = re.compile(r"</?[A-Za-z][^<>]*?/?>")
_SPACES = re.compile(r"\s+")


def first_branches(source: bytes) -> bytes:
    """`source` with its preprocessor directives and every `#elif`/`#else` branch blanked
    (each byte but newlines made a space: lines and offsets stay): what is parsed is one
    consistent program, the first branch of each `#if` that a configuration compiles (both
    branches of a `#if` that splits a declaration do not parse). The other branches are
    further readings (`branches`)."""
    return nth_branches(source, 0) if b"#" in source else source


def extract(root: Node, query: Query, c: Collector) -> None:
    source = c.source
    caps = QueryCursor(query).captures(root)
    entries = []
    for role, nodes in caps.items():
        if role in ("call", "new", "import", "typed"):
            continue
        for node in nodes:
            end = root.end_byte if role == "file_namespace" else node.end_byte
            entries.append((node.start_byte, end, node, role))

    def handle(node: Node, role: str, outer: Scope) -> Scope:
        if role in ("namespace", "file_namespace"):
            return _namespace(node, outer, source)
        if role in _TYPES:
            return _type(node, role, outer, c)
        return _member(node, role, outer, c)

    nest(entries, handle)
    calls = [n for n in caps.get("call", ()) if n.type != "identifier" or n.text != b"nameof"]
    c.calls(calls, _MEMBERS, _WRAPPERS, _CALLS)
    for new in caps.get("new", ()):
        c.call(new, type_name(new, source))
    for node in caps.get("import", ()):
        _import(node, c)
    for node in caps.get("typed", ()):
        _declared_types(node, c)
    for node in caps.get("property", ()):
        _declared_types(node, c)
    _clean_docs(c)


def _namespace(node: Node, outer: Scope, source: bytes) -> Scope:
    name = node.child_by_field_name("name")
    qual = dotted(text(name, source)) if name is not None else None
    if qual is None:
        return outer
    return Scope(outer.qualify(qual), outer.parent, in_type=False)


def _type(node: Node, role: str, outer: Scope, c: Collector) -> Scope:
    source = c.source
    name = node.child_by_field_name("name")
    if name is None:
        return outer
    qual = outer.qualify(text(name, source))
    kind = SymbolKind.INTERFACE if role == "interface" else SymbolKind.CLASS
    body = node.child_by_field_name("body")
    if body is None and role == "class":  # `record R(int X);`: up to its `;`
        body = next((ch for ch in node.children if ch.type == ";"), None)
    c.define(kind, qual, outer.parent, node, _header(node, body, source))
    for part in node.named_children:
        if part.type != "base_list":
            continue
        for entry in part.named_children:
            base = entry
            if entry.type == "primary_constructor_base_type":
                base = entry.child_by_field_name("type") or entry
            c.inherit(qual, type_name(base, source), base)
    return Scope(qual, qual, in_type=role != "delegate")


def _member(node: Node, role: str, outer: Scope, c: Collector) -> Scope:
    source = c.source
    name = _member_name(node, outer, source)
    if name is None:
        return outer
    qual = outer.qualify(name)
    if role == "property":
        end = node.child_by_field_name("accessors") or node.child_by_field_name("value")
    else:
        end = node.child_by_field_name("body")
    method = role != "function" and outer.in_type
    kind = SymbolKind.METHOD if method else SymbolKind.FUNCTION
    c.define(kind, qual, outer.parent, node, _header(node, end, source))
    return Scope(qual, qual, in_type=False)


def _header(node: Node, body: Node | None, source: bytes) -> str:
    """The definition's header after its attributes (`[Test] public void M()` ->
    `public void M()`)."""
    start = next((ch.start_byte for ch in node.children if ch.type != "attribute_list"), None)
    if start is None or start == node.start_byte:
        return header(node, body, source)
    end = body.start_byte if body is not None else node.end_byte
    return signature(source, start, end)


def _member_name(node: Node, outer: Scope, source: bytes) -> str | None:
    if node.type == "conversion_operator_declaration":  # `implicit operator int(K k)`
        converted = node.child_by_field_name("type")
        return "operator" + text(converted, source).replace(" ", "") if converted else None
    if node.type == "operator_declaration":
        operator = node.child_by_field_name("operator")
        return "operator" + text(operator, source) if operator is not None else None
    name = node.child_by_field_name("name")
    if name is None:
        return None
    if node.type == "destructor_declaration":
        return "~" + text(name, source)
    return text(name, source)


def _import(node: Node, c: Collector) -> None:
    source = c.source
    alias = node.child_by_field_name("name")
    static = any(child.type == "static" for child in node.children)
    target = next(
        (
            child
            for child in node.named_children
            if (alias is None or child.start_byte != alias.start_byte)
            and child.type in ("identifier", "qualified_name", "generic_name")
        ),
        None,
    )
    if target is None:
        return
    module = type_name(target, source)
    if module is None:
        return
    if alias is not None:
        c.imp(module, (), text(alias, source), node)
    elif static:
        c.imp(module, ("*",), None, node)
    else:
        c.imp(module, (), None, node)


_NAMED_TYPES = frozenset({"identifier", "qualified_name", "generic_name"})


def _named_type(node: Node | None, source: bytes) -> str | None:
    """`Foo`, `a.Foo<T>` -> `a.Foo`, `Foo?` -> `Foo`; None for `int`, `Foo[]`, `var`, tuples."""
    if node is not None and node.type == "nullable_type":
        node = node.child_by_field_name("type") or node.named_child(0)
    if node is None or node.type not in _NAMED_TYPES:
        return None
    return type_name(node, source)


def _declared_types(node: Node, c: Collector) -> None:
    """PARAM facts for parameters and `foreach (T x in xs)`, ASSIGN facts for locals, fields
    and properties (`Foo x`, `var x = new Foo()` -> `Foo`), attributed to the innermost
    definition (a field or property to its class)."""
    source = c.source
    if node.type in ("parameter", "foreach_statement", "property_declaration"):
        name = node.child_by_field_name("left" if node.type == "foreach_statement" else "name")
        typed = _named_type(node.child_by_field_name("type"), source)
        if name is not None and name.type == "identifier" and typed:
            kind = FactKind.ASSIGN if node.type == "property_declaration" else FactKind.PARAM
            c.fact(name, kind, text(name, source), annotation=typed)
        return
    type_node = node.child_by_field_name("type")
    implicit = type_node is not None and type_node.type == "implicit_type"
    declared = None if implicit else _named_type(type_node, source)
    for declarator in node.named_children:
        if declarator.type != "variable_declarator":
            continue
        name = declarator.child_by_field_name("name")
        if name is None or name.type != "identifier":
            continue
        typed = declared
        if implicit:  # `var x = new Foo()`: the constructed type
            value = declarator.named_children[-1] if declarator.named_child_count > 1 else None
            created = (
                value.child_by_field_name("type")
                if value is not None and value.type == "object_creation_expression"
                else None
            )
            typed = _named_type(created, source)
        if typed:
            c.fact(name, FactKind.ASSIGN, text(name, source), annotation=typed)


def _clean_docs(c: Collector) -> None:
    """XML doc comments: `<summary>Adds.</summary>` -> `Adds.`."""
    symbols = c.ex.symbols
    for i, symbol in enumerate(symbols):
        if symbol.doc and "<" in symbol.doc:
            cleaned = first_sentence([_SPACES.sub(" ", _XML_TAG.sub("", symbol.doc))])
            symbols[i] = replace(symbol, doc=cleaned)
