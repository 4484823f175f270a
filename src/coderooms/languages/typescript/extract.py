"""TypeScript and TSX extraction: the JavaScript core (`javascript.extract`) plus TS declarations.

* `interface I` -> INTERFACE; `type T = ...` -> INTERFACE (its signature is the whole
  declaration, capped); `enum E` -> CLASS; `abstract class C` -> CLASS.
* Methods: method signatures in an interface body (`m(): void`) and in a class body (overload
  signatures, `abstract m(): void`) are METHODs like method definitions. Overloads share a
  qualname, so the first one written (usually the first signature) is the symbol; the
  implementation's calls are attributed to that qualname. Likewise `function f(): void;`
  signatures (overloads, `declare function`) are FUNCTIONs. Members of object types in type
  aliases are not symbols.
* `namespace N { }` / `module N { }` prefix their contents' qualnames (`N.f`, `A.B.f` for
  `namespace A.B`) without being symbols; `declare module "x" { }` is transparent.
* Inheritance: `class C extends B<T> implements I, ns.J<T>` -> (C, B), (C, I), (C, ns.J);
  `interface I extends J, K.L<X>` -> (I, J), (I, K.L). Type arguments are dropped.
* Imports as in JavaScript (aliases included: `import {type T as U}` -> names ("T",), aliases
  ("U",)), plus `import x = require("m")` -> alias "x" and `import type`.
* Declared types: annotated parameters (PARAM facts) and variables and class fields (ASSIGN
  facts of the function / class), `annotation` the type's dotted name without its arguments
  (`source: Observable<T>` -> `Observable`, `x?: Foo | null` -> `Foo`, `c: ns.Bar` -> `ns.Bar`);
  other types (functions, object types, unions of two types) are not recorded. A declared
  return of `Promise<T>` is `T` (what `await` gives); an arrow or function value's return
  counts as a declaration's (`static create = (): T => ..`, `const make = (): T => ..`). Locals
  of a call's value, `const x = f()` and `const x = await f()`: `languages.javascript.assigned`.
* Calls as in JavaScript; a non-null assertion is transparent: `a!.b()`, `this.x!.m()` ->
  `a.b`, `this.x.m`.
"""

from __future__ import annotations

from tree_sitter import Node, Query

from coderooms.core.kinds import SymbolKind
from coderooms.languages.javascript.extract import CORE_QUERY, define_class, extract_with
from coderooms.languages.parsing.collector import Collector, Scope, declared_return, qualified_name
from coderooms.languages.parsing.nodes import dotted, header, text, type_name, type_parameters
from coderooms.resolution.extraction import FactKind

QUERY = (
    CORE_QUERY
    + """
(class_body (public_field_definition
  value: [(arrow_function) (function_expression) (generator_function)]) @field)
(abstract_class_declaration) @class
(function_signature) @function
(class_body (method_signature) @method)
(class_body (abstract_method_signature) @method)
(interface_body (method_signature) @method)
(interface_declaration) @interface
(type_alias_declaration) @type_alias
(enum_declaration) @enum
(internal_module) @namespace
(module) @namespace
(required_parameter pattern: (identifier) type: (type_annotation)) @typed_param
(optional_parameter pattern: (identifier) type: (type_annotation)) @typed_param
(public_field_definition name: (property_identifier) type: (type_annotation)) @typed_field
(variable_declarator name: (identifier) type: (type_annotation)) @typed_var
"""
)


def extract(root: Node, query: Query, c: Collector) -> None:
    extract_with(
        root,
        query,
        c,
        {
            "interface": _interface,
            "type_alias": _type_alias,
            "enum": _enum,
            "namespace": _namespace,
        },
        _declared_types,
    )


def _interface(node: Node, outer: Scope, c: Collector) -> Scope:
    source = c.source
    qual = qualified_name(node, outer, source)
    if qual is None:
        return outer
    sig = header(node, node.child_by_field_name("body"), source)
    c.define(SymbolKind.INTERFACE, qual, outer.parent, node, sig)
    for part in node.named_children:
        if part.type == "extends_type_clause":
            for base in part.children_by_field_name("type"):
                c.inherit(qual, type_name(base, source), base)
    return Scope(qual, qual, in_type=True)


def _type_alias(node: Node, outer: Scope, c: Collector) -> Scope:
    source = c.source
    qual = qualified_name(node, outer, source)
    if qual is None:
        return outer
    sig = header(node, None, source)
    c.define(SymbolKind.INTERFACE, qual, outer.parent, node, sig)
    return Scope(qual, qual, in_type=False)


def _enum(node: Node, outer: Scope, c: Collector) -> Scope:
    name_node = node.child_by_field_name("name")
    if name_node is None:
        return outer
    return define_class(node, text(name_node, c.source), node, outer, c)


def _namespace(node: Node, outer: Scope, c: Collector) -> Scope:
    name_node = node.child_by_field_name("name")
    if name_node is None or name_node.type not in ("identifier", "nested_identifier"):
        return outer
    name = text(name_node, c.source).replace(" ", "")
    return Scope(outer.qualify(name), outer.parent, in_type=False)


_NOTHING = frozenset({"null", "undefined"})
_NAMESPACES = frozenset({"internal_module", "module"})
_FUNCTIONS = frozenset(
    {"function_declaration", "function_expression", "arrow_function", "method_definition",
     "class_body", "statement_block"}
)  # fmt: skip


def _namespaces(node: Node, source: bytes) -> str | None:
    """The dotted namespaces (`A.B`) a variable declared directly in a namespace's body is in;
    None outside one, in a function or block inside one, or in `declare module "x"`."""
    names: list[str] = []
    current = node.parent
    while current is not None:
        if current.type in _NAMESPACES:
            name_node = current.child_by_field_name("name")
            if name_node is None or name_node.type not in ("identifier", "nested_identifier"):
                return None
            names.append(text(name_node, source).replace(" ", ""))
        elif current.type in _FUNCTIONS and not (
            current.type == "statement_block"
            and current.parent is not None
            and current.parent.type in _NAMESPACES
        ):
            return None
        current = current.parent
    return ".".join(reversed(names)) or None


def _declared_types(caps: dict[str, list[Node]], c: Collector) -> None:
    source = c.source
    for role, field, kind in (
        ("typed_param", "pattern", FactKind.PARAM),
        ("typed_var", "name", FactKind.ASSIGN),
        ("typed_field", "name", FactKind.ASSIGN),
    ):
        for node in caps.get(role, ()):
            name, annotation = node.child_by_field_name(field), node.child_by_field_name("type")
            typed = annotated_type(annotation.named_child(0), source) if annotation else None
            if name is not None and typed:
                c.fact(name, kind, text(name, source), annotation=typed)
                within = _namespaces(node, source) if role == "typed_var" else None
                if within:  # `namespace N { let x: T }`: published as `N.x` (`published`)
                    c.fact(name, kind, f"{within}.{text(name, source)}", annotation=typed)
    for role in ("function", "method"):
        for node in caps.get(role, ()):
            returns = node.child_by_field_name("return_type")
            if returns is not None:
                declared_return(c, node, _returned(returns.named_child(0), source))
    for role in ("field", "var_function"):  # `static create = (): T => ..`, `const f = (): T =>`
        for node in caps.get(role, ()):
            value = node.child_by_field_name("value")
            returns = value.child_by_field_name("return_type") if value is not None else None
            typed = _returned(returns.named_child(0), source) if returns is not None else None
            if value is not None and typed and typed not in type_parameters(value, source):
                declared_return(c, node, typed)


def _returned(node: Node | None, source: bytes) -> str | None:
    """A declared return type: a named type, or `this` (the enclosing class); `Promise<T>` is
    `T`, what `await` gives (`const x = await f()`), so `f().then()` is a member of `T`: a
    ghost unless `T` has one of that name."""
    if node is not None and node.type == "this_type":
        return "this"
    if node is not None and node.type == "generic_type":
        name, arguments = node.child_by_field_name("name"), node.named_children[-1]
        promised = name is not None and text(name, source) == "Promise"
        if promised and arguments.type == "type_arguments" and arguments.named_child_count == 1:
            return annotated_type(arguments.named_children[0], source)
    return annotated_type(node, source)


def annotated_type(node: Node | None, source: bytes) -> str | None:
    """The one named type an annotation names (`Foo<T>`, `ns.Foo`, `Foo | null`), or None."""
    if node is None:
        return None
    if node.type in ("type_identifier", "nested_type_identifier"):
        return dotted(text(node, source))
    if node.type == "generic_type":
        return annotated_type(node.child_by_field_name("name"), source)
    if node.type == "union_type":
        members = [m for m in node.named_children if text(m, source) not in _NOTHING]
        return annotated_type(members[0], source) if len(members) == 1 else None
    return None
