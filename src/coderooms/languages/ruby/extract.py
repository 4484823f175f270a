"""Ruby extraction.

* `module M` and `class C` -> CLASS (signature `module M` / `class C < Base`); nested ones are
  dotted (`M.C`), and `class A::B` is `A.B` in its lexical scope (`M.A.B` inside `module M`),
  parent the enclosing symbol.
* `def m` in a class or module (or in a block written in one) -> METHOD `C.m`; `def self.m`,
  `def C.m` and a `def` inside `class << self` -> METHOD `C.m` too (instance and singleton
  methods share the qualname: the first one written is the symbol); a top-level `def` ->
  FUNCTION. Operator and setter methods keep their names (`C.==`, `C.name=`). `def obj.m` on a
  local `obj` -> METHOD `obj.m` in the enclosing scope (parent the enclosing symbol).
  Accessors, as a `def` there would be: `attr_reader :x` -> `C.x`, `attr_writer :x` -> `C.x=`,
  `attr_accessor :x` -> both (signature: the declaration). `alias`, `alias_method`,
  `define_method(:m)` and `Const = Class.new(Base) do ... end`: see `dynamic`.
  Other constants are not symbols.
* Imports: `require "a/b"` -> ImportRef("a/b"); `require_relative "x"` -> ImportRef("./x")
  (relative to the file: the leading `.`); `load "x.rb"` and `autoload :C, "a/c"` as
  `require`. Only string literals without interpolation count.
* Calls: `f(x)` / `f x` -> `f` (a bare `f` without arguments reads as a local variable and is
  not a call); `obj.m` -> `obj.m`; `self.m` -> `self.m`; `A::B.m` -> `A.B.m`; `A::B.new` ->
  `A.B` (a constructor call is a call of the class; a bare `new(x)` or `self.new` in `class <<
  self` or `def self.m` -> the class `C` itself); `a.b.c` -> `a.b.c` (every Ruby member is a
  method call: `a.b` is recorded too); a method of anything else (`f(x).m`, `[1].m`, `"s".m`)
  -> `?.m`. `require`, `include`, `attr_*`, `private`, ... are declarations, not calls.
* Inheritance: `class C < Base` -> (C, Base); `include M`, `extend M`, `prepend M` written in a
  class or module body -> (C, M) (mixins), `A::B` dotted (`A.B`).
* Doc: the `#` comment block right above the definition.
"""

from __future__ import annotations

from dataclasses import replace

from tree_sitter import Node, Query, QueryCursor

from coderooms.core.kinds import SymbolKind
from coderooms.languages.parsing.collector import Collector, Scope, nest, spans
from coderooms.languages.parsing.doc_comments import first_sentence
from coderooms.languages.parsing.nodes import UNKNOWN_OBJECT, signature, string_value, text
from coderooms.languages.ruby.dynamic import (
    CALLED,
    defined_method,
    dynamic_class,
    is_dynamic_class,
    method_alias,
)
from coderooms.languages.ruby.dynamic import QUERY as DYNAMIC_QUERY

QUERY = (
    """
(module) @module
(class) @class
(singleton_class) @sclass
(method) @method
(singleton_method) @smethod
(call) @call
"""
    + DYNAMIC_QUERY
)

_IMPORTS = frozenset({"require", "require_relative", "load", "autoload"})
_MIXINS = frozenset({"include", "extend", "prepend"})
_ACCESSORS = frozenset({"attr_reader", "attr_writer", "attr_accessor"})
_DECLARATIONS = frozenset(
    {
        *_IMPORTS,
        *_MIXINS,
        *CALLED,
        "attr_reader",
        "attr_writer",
        "attr_accessor",
        "private",
        "public",
        "protected",
        "module_function",
        "private_constant",
        "public_constant",
        "private_class_method",
        "public_class_method",
    }
)
_CONSTANTS = frozenset({"constant", "scope_resolution"})


def extract(root: Node, query: Query, c: Collector) -> None:
    source = c.source
    caps = QueryCursor(query).captures(root)
    entries = [
        *spans(caps.get("module", ()), "module"),
        *spans(caps.get("class", ()), "class"),
        *spans(caps.get("sclass", ()), "sclass"),
        *spans(caps.get("method", ()), "method"),
        *spans(caps.get("smethod", ()), "smethod"),
        *spans(caps.get("alias", ()), "alias"),
        *spans((n for n in caps.get("dynclass", ()) if is_dynamic_class(n, source)), "dynclass"),
    ]
    owners: dict[int, str] = {}
    """Start byte of a class/module body -> the class's qualname (for mixins)."""

    def handle(node: Node, role: str, outer: Scope) -> Scope:
        if role in ("module", "class"):
            return _type(node, role, outer, c, owners)
        if role == "sclass":  # `class << self`
            if outer.prefix:
                singletons.append((node.start_byte, node.end_byte, outer.prefix))
            return Scope(outer.prefix, outer.parent, in_type=True)
        if role == "accessor":
            _accessors(node, outer, c)
            return outer
        if role in ("alias", "alias_method"):
            method_alias(node, outer, c)
            return outer
        if role == "define_method":
            return defined_method(node, outer, c)
        if role == "dynclass":
            return dynamic_class(node, outer, c, owners, constant_name)
        if role == "smethod" and _of_self(node, outer, source):
            singletons.append((node.start_byte, node.end_byte, outer.prefix))
        return _method(node, role, outer, c)

    singletons: list[tuple[int, int, str]] = []
    """`class << self` bodies and `def self.m`s: where a bare `new` is the class's."""
    calls = caps.get("call", ())
    for n in calls:
        method = n.child_by_field_name("method")
        declared = text(method, source) if method is not None else ""
        if n.child_by_field_name("receiver") is None and declared in _ACCESSORS | CALLED:
            role = "accessor" if declared in _ACCESSORS else declared
            entries.append((n.start_byte, n.end_byte, n, role))
    nest(entries, handle)
    singletons.sort()
    defining = {
        value.start_byte
        for _, _, node, role in entries
        if role == "dynclass" and (value := node.child_by_field_name("right")) is not None
    }
    for node in calls:
        if node.start_byte not in defining:  # `Class.new` of `E = Class.new(Base)`: no call
            _call(node, c, owners, source, singletons)


def constant_name(node: Node, source: bytes) -> str | None:
    """`A`, `A::B`, `::A` -> `A`, `A.B`, `A`; None for anything else (`obj::B`)."""
    if node.type == "constant":
        return text(node, source)
    if node.type != "scope_resolution":
        return None
    name = node.child_by_field_name("name")
    scope = node.child_by_field_name("scope")
    if name is None or name.type != "constant":
        return None
    if scope is None:
        return text(name, source)
    head = constant_name(scope, source)
    return f"{head}.{text(name, source)}" if head is not None else None


def _type(node: Node, role: str, outer: Scope, c: Collector, owners: dict[int, str]) -> Scope:
    source = c.source
    name_node = node.child_by_field_name("name")
    name = constant_name(name_node, source) if name_node is not None else None
    if name is None:
        return outer
    qual = outer.qualify(name)
    superclass = node.child_by_field_name("superclass") if role == "class" else None
    end = (superclass or name_node).end_byte if name_node is not None else node.end_byte
    _define(c, SymbolKind.CLASS, qual, outer.parent, node, signature(source, node.start_byte, end))
    if superclass is not None:
        base = next(iter(superclass.named_children), None)
        if base is not None:
            c.inherit(qual, constant_name(base, source), base)
    body = node.child_by_field_name("body")
    if body is not None:
        owners[body.start_byte] = qual
    return Scope(qual, qual, in_type=True)


def _method(node: Node, role: str, outer: Scope, c: Collector) -> Scope:
    source = c.source
    name_node = node.child_by_field_name("name")
    if name_node is None:
        return outer
    name = text(name_node, source)
    if role == "smethod":
        target = node.child_by_field_name("object")
        if target is None:
            return outer
        if target.type == "constant":
            owner = text(target, source)
            if outer.prefix.rsplit(".", 1)[-1] != owner:
                name = f"{owner}.{name}"
        elif target.type == "identifier":
            name = f"{text(target, source)}.{name}"  # `def obj.m`: a method of one object
        elif target.type != "self":
            return outer
    qual = outer.qualify(name)
    params = node.child_by_field_name("parameters")
    sig = signature(source, node.start_byte, (params or name_node).end_byte)
    kind = SymbolKind.METHOD if outer.in_type or "." in name else SymbolKind.FUNCTION
    _define(c, kind, qual, outer.parent, node, sig)
    return Scope(qual, qual, in_type=False)


def _of_self(node: Node, outer: Scope, source: bytes) -> bool:
    """`def self.m` / `def C.m` in the class `C` itself."""
    target = node.child_by_field_name("object")
    if target is None or not outer.prefix:
        return False
    return target.type == "self" or text(target, source) == outer.prefix.rsplit(".", 1)[-1]


def _define(c: Collector, kind: SymbolKind, qual: str, parent: str, node: Node, sig: str) -> None:
    if c.define(kind, qual, parent, node, sig) and c.ex.symbols[-1].doc is None:
        doc = _leading_comment(node, c.source)
        if doc is not None:
            c.ex.symbols[-1] = replace(c.ex.symbols[-1], doc=doc)


def _leading_comment(node: Node, source: bytes) -> str | None:
    """The comment block right above the first definition of a body, which tree-sitter puts
    before the body (a child of the class or module, not a sibling of the definition)."""
    parent = node.parent
    if node.prev_named_sibling is not None or parent is None or parent.type != "body_statement":
        return None
    lines: list[str] = []
    below = node.start_point.row
    sibling = parent.prev_named_sibling
    while sibling is not None and sibling.type == "comment" and sibling.end_point.row >= below - 1:
        lines[:0] = [text(sibling, source).lstrip("#").strip()]
        below = sibling.start_point.row
        sibling = sibling.prev_named_sibling
    return first_sentence(lines)


def _accessors(node: Node, outer: Scope, c: Collector) -> None:
    """`attr_reader :x` -> `x`, `attr_writer :x` -> `x=`, `attr_accessor :x` -> both."""
    source = c.source
    method = node.child_by_field_name("method")
    arguments = node.child_by_field_name("arguments")
    if method is None or arguments is None:
        return
    name = text(method, source)
    sig = signature(source, node.start_byte, node.end_byte)
    kind = SymbolKind.METHOD if outer.in_type else SymbolKind.FUNCTION
    for arg in arguments.named_children:
        if arg.type != "simple_symbol":
            continue
        attribute = text(arg, source).removeprefix(":")
        names = [attribute] if name == "attr_reader" else [f"{attribute}="]
        if name == "attr_accessor":
            names.insert(0, attribute)
        for accessor in names:
            c.define(kind, outer.qualify(accessor), outer.parent, node, sig, scope=False)


def _call(
    node: Node,
    c: Collector,
    owners: dict[int, str],
    source: bytes,
    singletons: list[tuple[int, int, str]],
) -> None:
    method = node.child_by_field_name("method")
    if method is None:
        return  # `obj.()`, a call of a proc
    name = text(method, source)
    receiver = node.child_by_field_name("receiver")
    if receiver is None:
        if name in _DECLARATIONS:
            _declaration(node, name, c, owners, source)
            return
        owner = _singleton_owner(singletons, node.start_byte) if name == "new" else None
        c.call(node, owner or name)  # `new(x)` in `class << self`: a constructor call of C
        return
    head = _receiver(receiver, source)
    if head is None:
        return
    if name == "new" and head == "self":
        head = _singleton_owner(singletons, node.start_byte) or head
    if name == "new" and head != UNKNOWN_OBJECT and head[:1].isupper():
        c.call(node, head)  # `A::B.new`: the class `A.B`
        return
    c.call(node, f"{head}.{name}")


def _singleton_owner(singletons: list[tuple[int, int, str]], at: int) -> str | None:
    """The class whose `class << self` body or `def self.m` holds byte `at` (innermost)."""
    found = None
    for start, end, owner in singletons:
        if start > at:
            break
        if at < end:
            found = owner
    return found


def _receiver(node: Node, source: bytes) -> str | None:
    """A call's receiver as a dotted chain (`a.b`, `self`, `A.B`), else `?` (an expression)."""
    kind = node.type
    if kind in ("identifier", "self", "constant"):
        return text(node, source)
    if kind == "scope_resolution":
        return constant_name(node, source) or UNKNOWN_OBJECT
    if kind == "call" and node.child_by_field_name("arguments") is None:
        inner = node.child_by_field_name("receiver")
        method = node.child_by_field_name("method")
        if inner is not None and method is not None and method.type == "identifier":
            head = _receiver(inner, source)
            if head is not None and head != UNKNOWN_OBJECT:
                return f"{head}.{text(method, source)}"
    return UNKNOWN_OBJECT


def _declaration(
    node: Node, name: str, c: Collector, owners: dict[int, str], source: bytes
) -> None:
    arguments = node.child_by_field_name("arguments")
    args = arguments.named_children if arguments is not None else []
    if name in _IMPORTS:
        if name == "autoload":  # `autoload :Request, "rack/request"`: the path, required later
            args = args[1:] if args and args[0].type == "simple_symbol" else []
        literal = args[0] if args else None
        if literal is None or literal.type != "string" or literal.named_child_count != 1:
            return  # `require x`, `require "#{dir}/x"`: not a literal path
        if literal.named_children[0].type != "string_content":
            return
        spec = string_value(literal, source)
        if name == "require_relative" and not spec.startswith("."):
            spec = "./" + spec
        if spec:
            c.imp(spec, (), None, node)
        return
    body = node.parent
    owner = owners.get(body.start_byte) if body is not None else None
    if owner is None:
        return  # at top level, or inside a method: not a class's mixin
    if name in _MIXINS:
        for arg in args:
            if arg.type in _CONSTANTS:
                c.inherit(owner, constant_name(arg, source), arg)
