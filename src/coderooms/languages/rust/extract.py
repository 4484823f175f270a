"""Rust extraction.

* `fn` items -> FUNCTION (nested: `outer.inner`); `fn` items and signatures inside an `impl` or
  `trait` -> METHOD. `struct`/`enum`/`union` -> CLASS; `trait` -> INTERFACE with its methods
  `Trait.m` (signatures without a body included). Type aliases, associated types/consts and
  `macro_rules!` are not symbols.
* `impl T { fn m() }` and `impl Tr for T { fn m() }` -> METHOD `T.m`, where `T` is the impl's
  self type reduced to its name (`S<u8>` -> `S`, `&mut a::S` -> `S`). The parent is `T` when a
  type or trait `T` is declared in the same scope of the same file, else the enclosing symbol
  (`""` at top level). Two impls defining the same method name share the qualname; the first
  wins.
* Inline `mod m { ... }` prefixes its contents (`m.f`, `m.S.new`) without being a symbol.
* Variables: top-level `const` and `static` items.
* Imports: `use` trees are expanded to one ImportRef per leaf, paths written dotted:
  `use a::b::{c, d as e}` -> ("a.b", ("c",)), ("a.b", ("d",), aliases ("e",)) (original names,
  the local name in `aliases` where it differs); `use std::io;` -> ("std", ("io",));
  `use a::b::*;` -> ("a.b", ("*",)); `use a::b::{self}` -> ("a.b", ()) and
  `use a::b::{self as x}` -> ("a.b", (), "x"); `use foo;` -> ("foo", ()) and `use foo as f;` ->
  ("foo", (), "f"); `crate`/`self`/`super` stay as path segments (`crate.a`), a leading `::` is
  dropped; a path starting at a module the same module declares (`mod x; use x::Y;`) is
  read from `self` (`local_paths`). `mod x;` (a child module in another file) ->
  ImportRef("self.x", (), alias "x"), i.e. the module `x` under the current one bound to `x`;
  `extern crate foo as f;` -> ("foo", (), "f"). A `use` under a `#[cfg(..)]` known to be false
  (a name no build sets: `#[cfg(test_node_semver)]`) imports nothing (`cfg`), nor does a
  top-level `use` of a name the file's top level defines as a type (`use thiserror::Error;`
  beside `struct Error`: a derive macro, of another namespace).
* Inside inline modules, `self`/`super` paths are rewritten to be read from the file's module,
  which is what resolution starts from: in `mod m { mod n { ... } }`, `self::y` -> `self.m.n.y`,
  `super::x` -> `self.m.x`, `super::super::x` -> `self.x`, `super::super::super::x` ->
  `super.x`; a `mod x;` in there -> ("self.m.n.x", (), "x"). Other paths (`crate::`, external
  crates) are left as written.
* Re-exports: a top-level `use` exports the names it binds: an EXPORT fact per local name
  (`pub use a::B as C;` -> `C`), and `pub use a::*;` -> EXPORT `*` of `a`. A private one too
  (`use crate::iter::Bytes;` in `lib.rs`): the module's descendants may name it
  (`use crate::Bytes` in `simd/swar.rs`), and code outside that could not compile.
* Calls: `f()`, `a::b::c()` -> `a.b.c`, `::std::mem::swap()` -> `std.mem.swap`,
  `Vec::<u8>::new()` -> `Vec.new`, `self.x.m()` -> `self.x.m`, `f::<T>()` -> `f`; a method or
  path on anything but a path of identifiers is `?.` and the trailing names
  (`(**self).area()` -> `?.area`, `a().b()` -> `?.b`, `self.0.m()` -> `?.m`, `<T as Tr>::m()`
  -> `?.m`). Macro invocations are not calls, but macro arguments are only token trees to
  tree-sitter, so inside them a path of identifiers directly followed by `(`
  (`assert!(check(x))`, `vec![Foo::new()]`, `format!("{}", self.m())`) is taken as a call
  (`check`, `Foo.new`, `self.m`), and `x.y().z()` in there gives `z`; `Level::Error.m(` there
  is `Level.m` (a variant is a value of its enum).
* Declared types of parameters, `let`s and fields, for members of values: `declared`; names
  closures, `for`, `if let` and match arms bind hide the function's (`patterns`), except an
  `Ok(x)` / `Some(x)` over a call where the function binds `x` nowhere else: what the call's
  `Result<T, ..>` carries (`carried`; a function's declared `Result<T, ..>` / `Option<T>` is
  recorded `Result<T`, `f()?` and a match unwrapping by hand as `f().unwrap()`). A method
  of a trait with a blanket impl in the file (`impl<T> Tr for T`) called on a value of no known
  type (`?.m`, a macro's `}.m(`) is written `Tr.m` (`blanket`).
* Inheritance: `impl Tr for T` -> (T, Tr) (the child is `T`'s qualname as for methods, the base
  as written with `::` -> `.` and generics dropped: `fmt::Display`, `From`);
  supertraits `trait A: B + c::D` -> (A, B), (A, c.D).
"""

from __future__ import annotations

from dataclasses import replace

from tree_sitter import Node, Query, QueryCursor

from coderooms.core.kinds import SymbolKind
from coderooms.languages.parsing.collector import (
    Collector,
    Scope,
    declared_return,
    nest,
    qualified_name,
    spans,
)
from coderooms.languages.parsing.nodes import (
    UNKNOWN_OBJECT,
    callee_name,
    collapse,
    header,
    signature,
    text,
    type_name,
)
from coderooms.languages.rust.blanket import blanket_methods
from coderooms.languages.rust.carried import bound_elsewhere, carried_binding, carried_return
from coderooms.languages.rust.declared import CALLS as _CALLS
from coderooms.languages.rust.declared import MEMBERS as _MEMBERS
from coderooms.languages.rust.declared import WRAPPERS as _WRAPPERS
from coderooms.languages.rust.declared import declared as declared_type
from coderooms.languages.rust.declared import (
    named_type,
    tuple_declared,
    type_parameters_declared,
)
from coderooms.languages.rust.patterns import pattern_names
from coderooms.languages.rust.shadowed import restore_shadowed
from coderooms.languages.rust.uses import inline_modules, use_declarations
from coderooms.resolution.extraction import FactKind

QUERY = """
(function_item) @function
(function_signature_item) @function
(struct_item) @type
(enum_item) @type
(union_item) @type
(trait_item) @trait
(impl_item) @impl
(mod_item body: (_)) @mod
(call_expression function: (_) @call)
(token_tree (identifier) @macro_call . (token_tree))
(use_declaration) @use
(mod_item !body) @mod_decl
(extern_crate_declaration) @extern_crate
(parameter pattern: (identifier)) @typed
(let_declaration pattern: (identifier)) @typed
(let_declaration pattern: (tuple_pattern)) @tuple_let
(field_declaration name: (field_identifier)) @typed
(closure_parameters) @binds (for_expression pattern: (_) @binds)
(let_condition pattern: (_) @binds) (match_arm pattern: (match_pattern) @binds)
"""

_OPEN_PAREN = ord("(")
_PATH_TOKENS = frozenset({"identifier", "self", "crate", "super"})
_BOUND_TYPES = frozenset({"type_identifier", "scoped_type_identifier", "generic_type"})


def extract(root: Node, query: Query, c: Collector) -> None:
    source = c.source
    caps = QueryCursor(query).captures(root)
    declared: set[str] = set()
    # qualname of an impl's method -> (the impl's type qualname, the fallback parent)
    pending: dict[str, tuple[str, str]] = {}

    def handle(node: Node, role: str, outer: Scope) -> Scope:
        if role == "function":
            return _function(node, outer, c, pending)
        if role == "impl":
            return _impl(node, outer, c)
        if role == "mod":
            name_node = node.child_by_field_name("name")
            if name_node is None:
                return outer
            return Scope(outer.qualify(text(name_node, source)), outer.parent, in_type=False)
        return _type(node, role, outer, c, declared)

    nest(
        spans(caps.get("function", ()), "function")
        + spans(caps.get("type", ()), "type")
        + spans(caps.get("trait", ()), "trait")
        + spans(caps.get("impl", ()), "impl")
        + spans(caps.get("mod", ()), "mod"),
        handle,
    )
    if pending:
        symbols = c.ex.symbols
        for i, sym in enumerate(symbols):
            owner = pending.get(sym.qualname)
            if owner is not None:
                parent = owner[0] if owner[0] in declared else owner[1]
                if parent != sym.parent:
                    symbols[i] = replace(sym, parent=parent)
    blanket = blanket_methods(root, source)
    if blanket:  # `a().m()` with `impl<T> Tr for T` giving `m`: `Tr.m` (`blanket`)
        for fn in caps.get("call", ()):
            callee = callee_name(fn, source, _MEMBERS, _WRAPPERS, _CALLS)
            head, _, member = (callee or "").rpartition(".")
            c.call(fn, blanket[member] if head == UNKNOWN_OBJECT and member in blanket else callee)
    else:
        c.calls(caps.get("call", ()), _MEMBERS, _WRAPPERS, _CALLS)
    for node in caps.get("function", ()):  # `-> Result<T, E>`: `Result<T` (`carried`)
        returned = carried_return(node, root, source)
        declared_return(
            c, node, returned or named_type(node.child_by_field_name("return_type"), source)
        )
    for node in caps.get("typed", ()):
        declared_type(node, c)
    for node in caps.get("function", ()):  # `T::m()` with `T: Tr`: `Tr::m()`
        type_parameters_declared(node, c)
    for node in caps.get("tuple_let", ()):
        tuple_declared(node, c)
    for node in caps.get("binds", ()):  # a pattern's names hide the function's (`patterns`)
        bound = carried_binding(node, source)  # `Ok(m)` over a call: what it carries
        if bound is not None and not bound_elsewhere(_enclosing_function(node), bound[0], source):
            c.fact(bound[0], FactKind.ASSIGN, text(bound[0], source), annotation=bound[1])
        else:
            pattern_names(node, c)
    restore_shadowed(caps.get("function", []), c)  # a block's binding ends with it
    for ident in caps.get("macro_call", ()):
        c.call(ident, _macro_callee(ident, source, blanket))
    use_declarations(root, caps.get("use", ()), c)
    for node in caps.get("mod_decl", ()):
        name_node = node.child_by_field_name("name")
        if name_node is not None:
            name = text(name_node, source)
            c.imp(".".join(["self", *inline_modules(node, source), name]), (), name, node)
    for node in caps.get("extern_crate", ()):
        name_node = node.child_by_field_name("name")
        alias_node = node.child_by_field_name("alias")
        if name_node is not None:
            alias = text(alias_node, source) if alias_node is not None else None
            c.imp(text(name_node, source), (), alias, node)
    _variables(root, c)


def _function(node: Node, outer: Scope, c: Collector, pending: dict[str, tuple[str, str]]) -> Scope:
    source = c.source
    qual = qualified_name(node, outer, source)
    if qual is None:
        return outer
    kind = SymbolKind.METHOD if outer.in_type else SymbolKind.FUNCTION
    if c.define(kind, qual, outer.parent, node, _fn_header(node, source)) and outer.deferred:
        # In an impl: outer.parent is the fallback, outer.prefix the impl's type qualname.
        pending[qual] = (outer.prefix, outer.parent)
    return Scope(qual, qual, in_type=False)


def _enclosing_function(node: Node) -> Node | None:
    current = node.parent
    while current is not None and current.type != "function_item":
        current = current.parent
    return current


def _macro_callee(ident: Node, source: bytes, blanket: dict[str, str]) -> str | None:
    """`a::b(` / `self.m(` inside a macro's token tree: the dotted name before the `(`; `}.m(`
    with `m` of a blanket-implemented trait of the file: that trait's `m`; `E::Variant.m(`:
    `E.m` (the variant is a value of its enum)."""
    after = ident.next_sibling
    if after is None or after.type != "token_tree" or source[after.start_byte] != _OPEN_PAREN:
        return None
    parts = [text(ident, source)]
    sep = ident.prev_sibling
    if parts[0] in blanket and sep is not None and sep.type == ".":
        before = sep.prev_sibling
        if before is not None and before.type not in _PATH_TOKENS:
            return blanket[parts[0]]  # a member of an expression's value
    seps: list[str] = []
    while sep is not None and sep.type in (".", "::"):
        before = sep.prev_sibling
        if before is None or before.type not in _PATH_TOKENS:
            break
        parts.append(text(before, source))
        seps.append(sep.type)
        sep = before.prev_sibling
    if len(parts) > 2 and seps[:2] == [".", "::"] and _variant(parts[1]) and parts[2][:1].isupper():
        del parts[1]  # `Level::Error.m(`: a variant's value, `m` of its enum `Level`
    return ".".join(reversed(parts))


def _variant(name: str) -> bool:
    """Whether a path segment after a type reads as an enum variant (`Error`, not `MAX`)."""
    return name[:1].isupper() and not name.isupper()


def _fn_header(node: Node, source: bytes) -> str:
    return header(node, node.child_by_field_name("body"), source)


def _type(node: Node, role: str, outer: Scope, c: Collector, declared: set[str]) -> Scope:
    source = c.source
    qual = qualified_name(node, outer, source)
    if qual is None:
        return outer
    declared.add(qual)
    body = node.child_by_field_name("body")
    sig = header(node, body, source)
    if role == "trait":
        c.define(SymbolKind.INTERFACE, qual, outer.parent, node, sig)
        bounds = node.child_by_field_name("bounds")
        if bounds is not None:
            for bound in bounds.named_children:
                if bound.type in _BOUND_TYPES:
                    c.inherit(qual, type_name(bound, source), bound)
        return Scope(qual, qual, in_type=True)
    c.define(SymbolKind.CLASS, qual, outer.parent, node, sig)
    return Scope(qual, qual, in_type=False)


def self_type_name(node: Node | None, source: bytes) -> str | None:
    """An impl's self type reduced to its name: `S<T>` -> `S`, `&mut a::S` -> `S`."""
    current = node
    while current is not None:
        kind = current.type
        if kind in ("type_identifier", "primitive_type"):
            return text(current, source)
        if kind in ("generic_type", "reference_type", "pointer_type"):
            current = current.child_by_field_name("type")
        elif kind == "scoped_type_identifier":
            current = current.child_by_field_name("name")
        elif kind == "dynamic_type":
            current = current.child_by_field_name("trait")
        else:
            return collapse(source[current.start_byte : current.end_byte]) or None
    return None


def _impl(node: Node, outer: Scope, c: Collector) -> Scope:
    source = c.source
    owner = self_type_name(node.child_by_field_name("type"), source)
    if owner is None:
        return outer
    qual = outer.qualify(owner)
    trait = node.child_by_field_name("trait")
    if trait is not None:
        c.inherit(qual, type_name(trait, source), trait)
    return Scope(qual, outer.parent, in_type=True, deferred=True)


def _variables(root: Node, c: Collector) -> None:
    source = c.source
    for item in root.named_children:
        if item.type in ("const_item", "static_item"):
            name_node = item.child_by_field_name("name")
            if name_node is not None:
                name = text(name_node, source)
                sig = signature(source, item.start_byte, item.end_byte)
                c.define(SymbolKind.VARIABLE, name, "", item, sig, scope=False)
