"""Scala extraction (Scala 2 and 3 syntax).

* `class`, `case class`, `object`, `case object`, `enum` and `package object` -> CLASS;
  `trait` -> INTERFACE; nested types `Outer.Inner`. A companion object shares its class's
  qualname: the class (written first, as it usually is) is the symbol and the object's members
  are its members (`Point.apply`, as `Point.apply()` / `Point()` call it). Lines and signature
  start at the first modifier or annotation.
* `def` (a definition or an abstract declaration) in a class, object or trait -> METHOD; every
  other `def` (top-level in Scala 3, local) -> FUNCTION; operator names are kept (`+`), and
  backticks dropped (`` `a.b` `` is named `a.b`, its qualname `Outer.a.b`).
  Overloads share a qualname: the first one written is the symbol. Auxiliary constructors (`def
  this(...)`), `val`/`var` members, `given`s, lambdas and type members are no symbols: their
  calls belong to the definition around them.
  Methods of anonymous classes (`new Monad[F] { def pure ... }`, how type class instances are
  written) are symbols of the definition around them (Java and Kotlin drop them).
* Top-level `val`/`var` (Scala 3) -> VARIABLE, named by a simple pattern only.
* Packages: the module symbol's signature is `package a.b`, every top-level package clause
  joined (`package a` then `package b` -> `package a.b`; `package a.b { ... }` blocks count).
* Imports: `import a.b.C` -> ("a.b", ("C",)); `import a.b.{C, D => E}` and Scala 3 `{C, D as
  E}` -> ("a.b", ("C", "D"), aliases (None, "E")); `import a.b._` / `a.b.*` (and a wildcard
  selector) -> ("a.b", ()); a hidden name (`D => _`) and `given` selectors are not imported.
* Calls: `f(x)` -> `f`; `a.b.c()` -> `a.b.c`; `this.m()` / `super.m()` -> `this.m` /
  `super.m`; `f[T](x)` -> `f`; `new a.B(x)` -> `a.B`; `a().b()` -> `a().b`; a member of
  anything else -> `?.m`. A call without parentheses (`p.area`, `xs.head`) and an infix call
  (`a max b`) read as field accesses and operators and are not calls.
* Declared types: PARAM facts for parameters, ASSIGN facts for class parameters, typed
  `val`/`var` and ones built by `new Foo(..)` or a call of a capitalised name (`Foo(1)`),
  RETURNS for a declared return type; type arguments dropped (`List[Int]` -> `List`); type
  parameters in scope are not types.
* Inheritance: `extends A(x) with B with C` (Scala 3 `extends A, B`) -> A, B, C; type arguments
  dropped.
"""

from __future__ import annotations

from tree_sitter import Node, Query, QueryCursor

from coderooms.core.kinds import SymbolKind
from coderooms.languages.parsing.chain_facts import ChainFacts, record_facts
from coderooms.languages.parsing.chains import Callee, Split, constructed
from coderooms.languages.parsing.collector import Collector, Scope, nest, spans
from coderooms.languages.parsing.nodes import dotted, header, signature, text
from coderooms.resolution.extraction import FactKind

QUERY = """
(class_definition) @class
(object_definition) @class
(enum_definition) @class
(package_object) @class
(trait_definition) @trait
(function_definition) @function
(function_declaration) @function
(compilation_unit (val_definition) @property)
(compilation_unit (var_definition) @property)
(call_expression) @call
(instance_expression) @new
(import_declaration) @import
(compilation_unit (package_clause) @package)
(parameter) @typed
(class_parameter) @typed
(val_definition) @typed
(var_definition) @typed
(type_parameters (identifier) @type_parameter)
"""

_NAMED_TYPES = frozenset({"type_identifier", "stable_type_identifier", "generic_type"})
_WILDCARDS = frozenset({"_", "*"})


def _field(node: Node) -> tuple[Node | None, Node | None]:
    return node.child_by_field_name("value"), node.child_by_field_name("field")


def _function_part(node: Node) -> Node | None:
    callee = node.child_by_field_name("function")
    while callee is not None and callee.type == "generic_function":
        callee = callee.child_by_field_name("function")
    return callee


_MEMBERS: dict[str, Split] = {"field_expression": _field}
_CALLS: dict[str, Callee] = {"call_expression": _function_part}


def extract(root: Node, query: Query, c: Collector) -> None:
    source = c.source
    caps = QueryCursor(query).captures(root)

    def handle(node: Node, role: str, outer: Scope) -> Scope:
        if role == "function":
            return _function(node, outer, c)
        if role == "property":
            _property(node, outer, c)
            return outer
        return _type(node, role, outer, c)

    nest(
        spans(caps.get("class", ()), "class")
        + spans(caps.get("trait", ()), "trait")
        + spans(caps.get("function", ()), "function")
        + spans(caps.get("property", ()), "property"),
        handle,
    )
    packages = [
        text(name, source)
        for node in caps.get("package", ())
        for name in [node.child_by_field_name("name")]
        if name is not None
    ]
    if packages:
        c.module_signature = "package " + ".".join(packages)
    generic = {text(n, source) for n in caps.get("type_parameter", ())}

    def typed(node: Node, c: Collector) -> None:
        _declared_type(node, c, generic)

    def returned(node: Node, c: Collector) -> None:
        _returned(node, c, generic)

    handlers = {"new": _created, "import": _import, "typed": typed, "function": returned}
    record_facts(caps, c, ChainFacts(_function_part, _MEMBERS, _CALLS, handlers))


def _created(new: Node, c: Collector) -> None:
    """`new Foo(...)` / `new a.Foo[T]` -> a call of `Foo` / `a.Foo`."""
    created = next((ch for ch in new.named_children if ch.type in _NAMED_TYPES), None)
    if created is not None:
        c.call(new, _type_name(created, c.source))


def _returned(node: Node, c: Collector, generic: set[str]) -> None:
    """A RETURNS fact of a `def` with a declared return type that is no type parameter."""
    returns = node.child_by_field_name("return_type")
    name = node.child_by_field_name("name")
    if returns is None or name is None:
        return
    typed = _type_name(returns, c.source)
    if typed and not (typed in generic and typed in _type_parameters(node, c.source)):
        c.fact(name, FactKind.RETURNS, text(name, c.source), annotation=typed)


def _type(node: Node, role: str, outer: Scope, c: Collector) -> Scope:
    source = c.source
    name = node.child_by_field_name("name")
    if name is None:
        return outer
    simple = _name(name, source)
    qual = outer.qualify(simple)
    kind = SymbolKind.INTERFACE if role == "trait" else SymbolKind.CLASS
    sig = header(node, node.child_by_field_name("body"), source)
    c.define(kind, qual, outer.parent, node, sig, name=simple)
    for clause in node.children_by_field_name("extend"):
        for base in clause.children_by_field_name("type"):
            c.inherit(qual, _type_name(base, source), base)
    return Scope(qual, qual, in_type=True)


def _function(node: Node, outer: Scope, c: Collector) -> Scope:
    source = c.source
    name = node.child_by_field_name("name")
    if name is None or text(name, source) == "this":
        return outer  # an auxiliary constructor: its calls are the class's
    simple = _name(name, source)
    qual = outer.qualify(simple)
    kind = SymbolKind.METHOD if outer.in_type else SymbolKind.FUNCTION
    sig = header(node, node.child_by_field_name("body"), source).removesuffix("=").rstrip()
    c.define(kind, qual, outer.parent, node, sig, name=simple)
    return Scope(qual, qual, in_type=False)


def _property(node: Node, outer: Scope, c: Collector) -> None:
    pattern = node.child_by_field_name("pattern")
    if pattern is None or pattern.type != "identifier":
        return
    value = node.child_by_field_name("value")
    end = value.start_byte if value is not None else node.end_byte
    sig = signature(c.source, node.start_byte, end).removesuffix("=").rstrip()
    simple = _name(pattern, c.source)
    qual = outer.qualify(simple)
    c.define(SymbolKind.VARIABLE, qual, outer.parent, node, sig, scope=False, name=simple)


def _name(node: Node, source: bytes) -> str:
    return text(node, source).strip("`")


def _type_name(node: Node, source: bytes) -> str | None:
    if node.type == "generic_type":
        inner = node.child_by_field_name("type")
        return _type_name(inner, source) if inner is not None else None
    if node.type in ("type_identifier", "stable_type_identifier"):
        return dotted(text(node, source))
    return None


def _type_parameters(node: Node, source: bytes) -> set[str]:
    """The type parameters declared by `node` and the definitions around it."""
    found: set[str] = set()
    current: Node | None = node
    while current is not None:
        for child in current.named_children:
            if child.type == "type_parameters":
                found.update(
                    text(name, source) for name in child.named_children if name.type == "identifier"
                )
        current = current.parent
    return found


def _declared_type(node: Node, c: Collector, generic: set[str]) -> None:
    """A parameter's, class parameter's or typed `val`'s declared type; `generic`: every type
    parameter name declared in the file (only those are looked up around `node`)."""
    source = c.source
    name = node.child_by_field_name("name") or node.child_by_field_name("pattern")
    typed = node.child_by_field_name("type")
    if name is None or name.type != "identifier":
        return
    if typed is None:  # `val x = Foo(1)` / `new Foo(1)`: the class constructed
        value = node.child_by_field_name("value")
        built = constructed(value, source, _CALLS)
        if value is not None and value.type == "instance_expression":
            created = next((ch for ch in value.named_children if ch.type in _NAMED_TYPES), None)
            built = _type_name(created, source) if created is not None else None
        if built and node.type != "parameter":
            c.fact(name, FactKind.ASSIGN, text(name, source), annotation=built)
        return
    declared = _type_name(typed, source)
    if not declared or (declared in generic and declared in _type_parameters(node, source)):
        return
    kind = FactKind.PARAM if node.type == "parameter" else FactKind.ASSIGN
    c.fact(name, kind, text(name, source), annotation=declared)


def _import(node: Node, c: Collector) -> None:
    source = c.source
    path = [text(ch, source) for ch in node.children_by_field_name("path") if ch.is_named]
    names: list[str] = []
    aliases: list[str | None] = []
    wildcard = False
    for child in node.named_children:
        if child.type == "namespace_wildcard":
            wildcard = wildcard or text(child, source) in _WILDCARDS
        elif child.type == "namespace_selectors":
            for selector in child.named_children:
                if selector.type == "namespace_wildcard":
                    wildcard = wildcard or text(selector, source) in _WILDCARDS
                elif selector.type == "identifier":
                    names.append(_name(selector, source))
                    aliases.append(None)
                elif selector.type in ("arrow_renamed_identifier", "as_renamed_identifier"):
                    original = selector.child_by_field_name("name")
                    alias = selector.child_by_field_name("alias")
                    local = _name(alias, source) if alias is not None else None
                    if original is None or local in _WILDCARDS:
                        continue  # `D => _` hides D
                    names.append(_name(original, source))
                    aliases.append(local)
    if not path:
        return
    if not names and not wildcard:  # `import a.b.C`: the last segment is the name
        if len(path) < 2:
            return
        c.imp(".".join(path[:-1]), (path[-1],), None, node)
        return
    module = ".".join(path)
    if names:
        c.imp(module, tuple(names), None, node, aliases=tuple(aliases))
    if wildcard:
        c.imp(module, (), None, node)
