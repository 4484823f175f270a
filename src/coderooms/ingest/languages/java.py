"""Java extraction.

* `class`, `enum`, `record` -> CLASS; `interface` and `@interface` -> INTERFACE; nested types
  `Outer.Inner`; local classes in methods `C.m.Local`. Lines and signature start at the first
  modifier or annotation.
* Methods, constructors (`C.C`), compact record constructors and annotation elements -> METHOD.
  Overloads share a qualname: the first one written is the symbol. Methods of anonymous classes
  (`new I() { ... }`) and enum-constant bodies are not symbols; their calls belong to the
  enclosing definition. Fields, initialiser blocks and lambdas are not symbols (no variables are
  extracted for Java); calls in field initialisers and static blocks belong to the class.
* Imports: `import a.b.C;` -> ("a.b", ("C",)); `import a.b.*;` -> ("a.b", ());
  `import static a.b.C.m;` -> ("a.b.C", ("m",)); `import static a.b.C.*;` -> ("a.b.C", ()).
  The package declaration is the module symbol's signature (`package a.b`).
* Calls: `m()` -> `m`; `obj.m()` -> `obj.m`; `this.x.m()` -> `this.x.m`; `obj.<T>m()` ->
  `obj.m`; a method of an expression's result is `?.` and the trailing names (`a().b()` ->
  `?.b`, `new A().m()` -> `?.m`, `a[0].f.m()` -> `?.f.m`); `new a.B<T>()` -> `a.B`;
  `super(...)` / `this(...)` -> `super` / `this`.
* Inheritance: `extends`/`implements` of classes, enums and records, `extends` of interfaces,
  generic arguments dropped (`p.J<T>` -> `p.J`).
"""

from __future__ import annotations

from tree_sitter import Node, Query, QueryCursor

from coderooms.ingest.languages.common import (
    IDENT_RE,
    UNKNOWN_OBJECT,
    Collector,
    Scope,
    dotted,
    header,
    nest,
    qualified_name,
    signature,
    spans,
    text,
    type_name,
)
from coderooms.ingest.model import SymbolKind

QUERY = """
(class_declaration) @class
(enum_declaration) @class
(record_declaration) @class
(interface_declaration) @interface
(annotation_type_declaration) @interface
(method_declaration) @method
(constructor_declaration) @method
(compact_constructor_declaration) @method
(annotation_type_element_declaration) @method
(object_creation_expression (class_body)) @anonymous
(enum_constant body: (class_body)) @anonymous
(method_invocation) @call
(object_creation_expression) @new
(explicit_constructor_invocation) @this_call
(import_declaration) @import
(package_declaration) @package
"""

_HERITAGE = frozenset({"superclass", "super_interfaces", "extends_interfaces"})


def extract(root: Node, query: Query, c: Collector) -> None:
    source = c.source
    caps = QueryCursor(query).captures(root)

    def handle(node: Node, role: str, outer: Scope) -> Scope:
        if role == "anonymous":
            return Scope(outer.prefix, outer.parent, in_type=True, anonymous=True)
        if role == "method":
            return _method(node, outer, c)
        return _type(node, role, outer, c)

    nest(
        spans(caps.get("class", ()), "class")
        + spans(caps.get("interface", ()), "interface")
        + spans(caps.get("method", ()), "method")
        + spans(caps.get("anonymous", ()), "anonymous"),
        handle,
    )
    for call in caps.get("call", ()):
        c.call(call, _invocation_name(call, source))
    for new in caps.get("new", ()):
        created = new.child_by_field_name("type")
        if created is not None:
            c.call(new, type_name(created, source))
    for call in caps.get("this_call", ()):
        ctor = call.child_by_field_name("constructor")
        if ctor is not None:
            c.call(call, text(ctor, source))
    for node in caps.get("import", ()):
        _import(node, c)
    for node in caps.get("package", ()):
        c.module_signature = signature(source, node.start_byte, node.end_byte)


def _type(node: Node, role: str, outer: Scope, c: Collector) -> Scope:
    source = c.source
    qual = qualified_name(node, outer, source)
    if qual is None:
        return outer
    kind = SymbolKind.INTERFACE if role == "interface" else SymbolKind.CLASS
    c.define(kind, qual, outer.parent, node, header(node, node.child_by_field_name("body"), source))
    for part in node.named_children:
        if part.type not in _HERITAGE:
            continue
        for base in part.named_children:
            types = base.named_children if base.type == "type_list" else [base]
            for t in types:
                c.inherit(qual, type_name(t, source), t)
    return Scope(qual, qual, in_type=True)


def _method(node: Node, outer: Scope, c: Collector) -> Scope:
    if outer.anonymous:
        return outer
    source = c.source
    qual = qualified_name(node, outer, source)
    if qual is None:
        return outer
    kind = SymbolKind.METHOD if outer.in_type else SymbolKind.FUNCTION
    c.define(kind, qual, outer.parent, node, header(node, node.child_by_field_name("body"), source))
    return Scope(qual, qual, in_type=False)


def _invocation_name(call: Node, source: bytes) -> str | None:
    name = call.child_by_field_name("name")
    if name is None:
        return None
    obj = call.child_by_field_name("object")
    if obj is None:
        return text(name, source)
    chain = dotted(source[call.start_byte : name.end_byte].decode("utf-8", "replace"))
    if chain is not None:
        return chain
    parts = [text(name, source)]
    while obj is not None and obj.type == "field_access":
        field = obj.child_by_field_name("field")
        if field is None or not IDENT_RE.fullmatch(text(field, source)):
            obj = None
            break
        parts.append(text(field, source))
        obj = obj.child_by_field_name("object")
    head = text(obj, source) if obj is not None else ""
    parts.append(head if IDENT_RE.fullmatch(head) else UNKNOWN_OBJECT)
    return ".".join(reversed(parts))


def _import(node: Node, c: Collector) -> None:
    source = c.source
    path: str | None = None
    wildcard = False
    for part in node.named_children:
        if part.type in ("scoped_identifier", "identifier"):
            path = dotted(text(part, source))
        elif part.type == "asterisk":
            wildcard = True
    if path is None:
        return
    if wildcard:
        c.imp(path, (), None, node)
        return
    module, _, name = path.rpartition(".")
    c.imp(module, (name,), None, node)
