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
  `obj.m`; a method of what a call returns is `a().b` (`x.a().b()`), of a created object
  `A.new().m` (`new A(..).m()`: `new` is no method name; an anonymous class only when its body
  declares no `m`), of any
  other expression's result `?.` and the trailing names (`a[0].f.m()` -> `?.f.m`);
  `new a.B<T>()` -> `a.B`;
  `super(...)` / `this(...)` -> `super` / `this`.
* Declared types (PARAM facts for parameters, `for (T x : xs)`, `catch (E e)` and patterns
  (`o instanceof Foo f`, `case Foo f`), ASSIGN facts for enum constants (of the enum's type),
  locals, `try (T r = ...)` resources and fields, `annotation` the type without generic
  arguments, attributed to the innermost definition: a field to its class): `Foo f`,
  `List<Bar> xs` -> `List`, `var x = new Foo()` -> `Foo`. A name declared without one such type
  (`var x = make()`, an array, `Foo... xs`, `catch (A | B e)`) gets `?`, so
  that overloads (one qualname) declaring it differently leave it unknown; primitives are not
  recorded (nothing is called on them). A lambda's parameter: the type the functional interface
  its call expects gives it, read from other files' tables (`lambdas`), else `?`.
* An anonymous class body (`new T() { .. }`, an enum constant's body): an EXTENDS fact at its
  first line, `index` its last (a bare `m()` there may be the anonymous class's inherited `m`).
* A method's declared return: its type without generic arguments, but a JDK container's
  element kept (`Map<String, V>` -> `Map<V>`, `containers`).
* Inheritance: `extends`/`implements` of classes, enums and records, `extends` of interfaces,
  generic arguments dropped (`p.J<T>` -> `p.J`).
"""

from __future__ import annotations

from tree_sitter import Node, Query, QueryCursor

from coderooms.core.kinds import SymbolKind
from coderooms.languages.java.containers import container_type
from coderooms.languages.java.lambdas import functional_facts, lambda_type, parameter_facts
from coderooms.languages.parsing.collector import (
    Collector,
    Scope,
    declared_return,
    nest,
    qualified_name,
    spans,
)
from coderooms.languages.parsing.nodes import (
    IDENT_RE,
    UNKNOWN_OBJECT,
    dotted,
    header,
    signature,
    text,
    type_name,
)
from coderooms.resolution.extraction import FactKind
from coderooms.resolution.vocabulary import CONSTRUCTED, SELF_TYPED

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
(formal_parameter) @typed
(local_variable_declaration) @typed
(field_declaration) @typed
(enhanced_for_statement) @typed
(resource) @typed
(catch_formal_parameter) @typed
(spread_parameter) @typed
(lambda_expression) @typed
(instanceof_expression) @typed
(type_pattern) @typed
(enum_constant) @typed
"""

_NAMED_TYPES = frozenset({"type_identifier", "scoped_type_identifier", "generic_type"})
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
        callee = _invocation_name(call, source)
        c.call(call, callee)
        arguments = call.child_by_field_name("arguments")
        if callee and arguments is not None:  # how many: which overloads it may call
            site = (callee, call.start_point.row + 1)
            c.ex.call_args.setdefault(site, set()).add(_count(arguments))
    for new in caps.get("new", ()):
        created = new.child_by_field_name("type")
        if created is not None:
            c.call(new, type_name(created, source))
    for call in caps.get("this_call", ()):
        ctor = call.child_by_field_name("constructor")
        if ctor is not None:
            c.call(call, text(ctor, source))
    for node in caps.get("anonymous", ()):  # its lines: a bare call there may be inherited
        body = node.child_by_field_name("body") or node.named_children[-1]
        c.fact(body, FactKind.EXTENDS, "", None, None, body.end_point.row + 1)
    for node in caps.get("import", ()):
        _import(node, c)
    for node in caps.get("package", ()):
        c.module_signature = signature(source, node.start_byte, node.end_byte)
    for node in caps.get("typed", ()):
        _declared_types(node, c)
    for node in caps.get("method", ()):
        returns = node.child_by_field_name("type") if node.type == "method_declaration" else None
        if returns is not None and returns.type in _NAMED_TYPES:
            declared_return(c, node, container_type(returns, source) or type_name(returns, source))


def _type(node: Node, role: str, outer: Scope, c: Collector) -> Scope:
    source = c.source
    qual = qualified_name(node, outer, source)
    if qual is None:
        return outer
    kind = SymbolKind.INTERFACE if role == "interface" else SymbolKind.CLASS
    c.define(kind, qual, outer.parent, node, header(node, node.child_by_field_name("body"), source))
    if node.type == "interface_declaration":
        functional_facts(node, qual, c)  # its one abstract method's parameters (`lambdas`)
    for part in node.named_children:
        if part.type not in _HERITAGE:
            continue
        for base in part.named_children:
            types = base.named_children if base.type == "type_list" else [base]
            for t in types:
                c.inherit(qual, type_name(t, source), t)
                _self_typed(node, qual, t, c)
    return Scope(qual, qual, in_type=True)


def _self_typed(node: Node, qual: str, base: Node, c: Collector) -> None:
    """`class Builder extends AbstractBuilder<T, Builder>`: a base that takes the class itself
    as a type argument (the self type of a fluent builder, whose setters return it): the
    class's `SELF_TYPED` name is declared of the class (`member_tables.follow_returns`)."""
    name = node.child_by_field_name("name")
    arguments = next((n for n in base.named_children if n.type == "type_arguments"), None)
    if name is None or arguments is None:
        return
    simple = text(name, c.source)
    if any(type_name(a, c.source) == simple for a in arguments.named_children):
        c.fact_of(qual, base, FactKind.ASSIGN, SELF_TYPED, None, simple)


def _method(node: Node, outer: Scope, c: Collector) -> Scope:
    if outer.anonymous:
        return outer
    source = c.source
    qual = qualified_name(node, outer, source)
    if qual is None:
        return outer
    kind = SymbolKind.METHOD if outer.in_type else SymbolKind.FUNCTION
    c.define(kind, qual, outer.parent, node, header(node, node.child_by_field_name("body"), source))
    parameter_facts(node, qual, c)  # every overload's: `m#k/n` of its class (`lambdas`)
    parameters = node.child_by_field_name("parameters")
    if kind is SymbolKind.METHOD and parameters is not None:
        kinds = [p.type for p in parameters.named_children]
        n = sum(k in ("formal_parameter", "spread_parameter") for k in kinds)
        spec = f"{n - 1}+" if "spread_parameter" in kinds else str(n)
        c.ex.arities.setdefault(qual, set()).add(spec)
    return Scope(qual, qual, in_type=False)


def _count(arguments: Node) -> int:
    """How many arguments an `argument_list` holds (comments are no argument)."""
    return sum(a.type not in ("line_comment", "block_comment") for a in arguments.named_children)


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
    created = _created_type(obj, source, parts[-1]) if obj is not None else None
    created = created or (_cast_type(obj, source) if obj is not None else None)
    if created is not None:  # `new Foo(..).m()`, `((Foo) x).m()`: a member of a Foo
        parts.append(f"{created}.{CONSTRUCTED}")
        return ".".join(reversed(parts))
    if obj is not None and obj.type == "method_invocation" and not IDENT_RE.fullmatch(head):
        called = _invocation_name(obj, source)  # `a.b().c()`: what `a.b()` returns
        if called and not called.startswith(UNKNOWN_OBJECT):
            head = called + "()"
            parts.append(head)
            return ".".join(reversed(parts))
    parts.append(head if IDENT_RE.fullmatch(head) else UNKNOWN_OBJECT)
    return ".".join(reversed(parts))


def _cast_type(node: Node, source: bytes) -> str | None:
    """The class `((T) x)` casts to, a value of it as `new T(..)` is (`T.new().m`): a named
    class type only (no primitive, array, intersection, nor a one-letter type parameter)."""
    if node.type != "parenthesized_expression" or node.named_child_count != 1:
        return None
    cast = node.named_children[0]
    written = cast.child_by_field_name("type") if cast.type == "cast_expression" else None
    if written is None or written.type not in ("type_identifier", "scoped_type_identifier",
                                               "generic_type"):  # fmt: skip
        return None
    name = type_name(written, source)
    if not name or dotted(name) != name or len(name.rpartition(".")[2]) < 2:
        return None
    return name


def _created_type(node: Node, source: bytes, member: str) -> str | None:
    """The type `new T(..)` creates, whose `member` is asked: not an inner class of a value's
    (`outer.new Inner()`); an anonymous class's base only when its body declares no method or
    field of that name (`new T() { .. }.m()` is then `T`'s `m`, else the body's)."""
    if node.type != "object_creation_expression" or not node.children:
        return None
    if node.children[0].type != "new":
        return None
    body = next((c for c in node.children if c.type == "class_body"), None)
    if body is not None and member in _declared_names(body, source):
        return None
    created = node.child_by_field_name("type")
    name = type_name(created, source) if created is not None else None
    return name if name and dotted(name) == name else None


def _declared_names(body: Node, source: bytes) -> set[str]:
    """The methods and fields a class body declares."""
    names: set[str] = set()
    for part in body.named_children:
        if part.type == "method_declaration":
            name = part.child_by_field_name("name")
            if name is not None:
                names.add(text(name, source))
        elif part.type == "field_declaration":
            for declarator in part.children_by_field_name("declarator"):
                name = declarator.child_by_field_name("name")
                if name is not None:
                    names.add(text(name, source))
    return names


def _pattern(node: Node, c: Collector) -> None:
    """The variable a type pattern binds, with its type."""
    if node.type == "instanceof_expression":
        name, typed = node.child_by_field_name("name"), node.child_by_field_name("right")
    else:
        parts = node.named_children
        typed, name = (parts[0], parts[-1]) if len(parts) == 2 else (None, None)
    if name is None or typed is None or name.type != "identifier":
        return
    simple = typed.type in _NAMED_TYPES
    annotation = type_name(typed, c.source) if simple else None
    if typed.type not in _PRIMITIVE:
        c.fact(name, FactKind.PARAM, text(name, c.source), annotation=annotation or UNKNOWN_TYPE)


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


_PRIMITIVE = frozenset({"integral_type", "floating_point_type", "boolean_type", "void_type"})
UNKNOWN_TYPE = "?"
"""The annotation of a name declared without one type we record (`var x = make()`, `Foo[] xs`,
a lambda's parameter, `catch (A | B e)`): another declaration of the name in the same
definition (an overload shares its qualname) then no longer gives it a type."""


def _declared_types(node: Node, c: Collector) -> None:
    source = c.source
    if node.type == "lambda_expression":  # `x -> ...`, `(a, b) -> ...`: no type written
        params = node.child_by_field_name("parameters")
        names = [params] if params is not None and params.type == "identifier" else []
        if params is not None and params.type == "inferred_parameters":
            names = [p for p in params.named_children if p.type == "identifier"]
        for j, param in enumerate(names):  # typed by the interface its call expects
            expected = lambda_type(
                node, j, len(names), source, lambda f: _invocation_name(f, source)
            )
            c.fact(param, FactKind.PARAM, text(param, source), annotation=expected)
        return
    if node.type == "spread_parameter":  # `Foo... xs`: an array
        for part in node.named_children:
            spread = (
                part.child_by_field_name("name") if part.type == "variable_declarator" else None
            )
            if spread is not None:
                c.fact(spread, FactKind.PARAM, text(spread, source), annotation=UNKNOWN_TYPE)
        return
    if node.type == "enum_constant":  # a constant of the enum's type, a field of the enum
        name = node.child_by_field_name("name")
        declaration = node.parent.parent if node.parent is not None else None
        is_enum = declaration is not None and declaration.type == "enum_declaration"
        enum = declaration.child_by_field_name("name") if is_enum and declaration else None
        if name is not None and enum is not None:
            c.fact(name, FactKind.ASSIGN, text(name, source), annotation=text(enum, source))
        return
    if node.type in ("instanceof_expression", "type_pattern"):  # `o instanceof Foo f`, `case Foo f`
        _pattern(node, c)
        return
    type_node = node.child_by_field_name("type")
    if node.type == "catch_formal_parameter":  # `catch (E e)`; a union `A | B` is no one type
        caught = next((part for part in node.named_children if part.type == "catch_type"), None)
        types = caught.named_children if caught is not None else []
        type_node = types[0] if len(types) == 1 else None
    if type_node is not None and type_node.type in _PRIMITIVE:
        return  # nothing is called on a primitive: it cannot mislead a call
    kind = FactKind.ASSIGN
    pairs: list[tuple[Node | None, Node | None]]
    if node.type in ("formal_parameter", "enhanced_for_statement", "catch_formal_parameter"):
        kind = FactKind.PARAM
        pairs = [(node.child_by_field_name("name"), node.child_by_field_name("dimensions"))]
    elif node.type == "resource":  # `try (T r = ...)`
        pairs = [(node.child_by_field_name("name"), node.child_by_field_name("value"))]
    else:
        pairs = [
            (d.child_by_field_name("name"), d.child_by_field_name("value"))
            for d in node.children_by_field_name("declarator")
        ]
    declared = type_name(type_node, source) if type_node is not None else None
    for name, value in pairs:
        if name is None or name.type != "identifier":
            continue
        typed = declared
        array = type_node is None or type_node.type == "array_type"
        array = array or node.child_by_field_name("dimensions") is not None
        if kind is FactKind.ASSIGN and name.parent is not None and name.parent is not node:
            array = array or name.parent.child_by_field_name("dimensions") is not None
        elif kind is FactKind.PARAM and value is not None:
            array = True  # `Foo x[]`
        if declared == "var":  # `var x = new Foo()`: the constructed type
            created = value.child_by_field_name("type") if value is not None else None
            is_new = value is not None and value.type == "object_creation_expression"
            typed = type_name(created, source) if created is not None and is_new else None
        c.fact(
            name,
            kind,
            text(name, source),
            annotation=typed if typed and not array else UNKNOWN_TYPE,
        )
