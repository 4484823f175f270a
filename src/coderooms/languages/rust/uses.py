"""Rust `use` declarations (`use_declarations`): one ImportRef per leaf of a use tree, paths
written dotted (see `extract`'s module docstring), `self`/`super` inside inline modules rebased
to the file's module, a path starting at a module the same module declares read from `self`
(`local_paths`); a top-level `use` exports what it binds (EXPORT facts). A `use` under a
`#[cfg(..)]` known to be false imports nothing (`cfg`), nor does a top-level `use` of a name
the file's top level defines as a type (`use thiserror::Error;` beside `struct Error`: a
derive macro, of another namespace)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from tree_sitter import Node

from coderooms.languages.parsing.collector import Collector
from coderooms.languages.parsing.nodes import local_alias, text
from coderooms.languages.rust.cfg import inactive
from coderooms.languages.rust.local_paths import declared_modules, from_own_module
from coderooms.resolution.extraction import FactKind


def use_declarations(root: Node, uses: Iterable[Node], c: Collector) -> None:
    """The ImportRefs and EXPORT facts of the file's `use` declarations `uses`."""
    uses = list(uses)
    if not uses:
        return
    source = c.source
    modules = declared_modules(root, source)
    own_types = _top_level_types(root, source)
    for node in uses:
        argument = node.child_by_field_name("argument")
        if argument is not None and not inactive(node, source):  # `#[cfg(unset)]` (`cfg`)
            inline = inline_modules(node, source)
            # a file's top-level `use`, `pub` or not, is seen by its module's descendants
            public = not inline and node.parent is not None and node.parent.type == "source_file"
            rooted = source[argument.start_byte : argument.start_byte + 2] == b"::"
            for written, as_name in _use_tree(argument, [], source):
                segs = from_own_module(written, inline, modules, rooted)  # `mod x; use x::Y;`
                module, names, alias, aliases = _leaf(_rebase(segs, inline), as_name)
                local = (aliases[0] if aliases else None) or (names[0] if names else None)
                if public and len(names) == 1 and local in own_types:
                    continue  # `use thiserror::Error;` beside `struct Error`: another namespace
                c.imp(module, names, alias, node, aliases=aliases)
                if public:  # `pub use`: the file's module exports what it binds
                    _exported(node, module, names, alias, aliases, c)


_TYPE_ITEMS = frozenset({"struct_item", "enum_item", "union_item", "trait_item", "type_item"})


def _top_level_types(root: Node, source: bytes) -> frozenset[str]:
    """Names of the types the file's top level defines (`struct Error`): a top-level `use` of
    that name imports something of another namespace (a derive macro), never the type."""
    names = (
        item.child_by_field_name("name") for item in root.named_children if item.type in _TYPE_ITEMS
    )
    return frozenset(text(n, source) for n in names if n is not None)


def _segments(node: Node, source: bytes) -> list[str]:
    raw = source[node.start_byte : node.end_byte].decode("utf-8", "replace")
    return [seg for seg in "".join(raw.split()).split("::") if seg]


def inline_modules(node: Node, source: bytes) -> list[str]:
    """Names of the inline `mod m { }` blocks around `node`, outermost first."""
    names: list[str] = []
    current = node.parent
    while current is not None:
        if current.type == "mod_item":
            name_node = current.child_by_field_name("name")
            if name_node is not None:
                names.append(text(name_node, source))
        current = current.parent
    names.reverse()
    return names


def _rebase(segs: list[str], inline: list[str]) -> list[str]:
    """A use path written inside the inline modules `inline`, as read from the file's module."""
    if not inline or not segs:
        return segs
    if segs[0] == "self":
        return ["self", *inline, *segs[1:]]
    ups = 0
    while ups < len(segs) and segs[ups] == "super":
        ups += 1
    if ups == 0:
        return segs
    if ups <= len(inline):
        return ["self", *inline[: len(inline) - ups], *segs[ups:]]
    return ["super"] * (ups - len(inline)) + segs[ups:]


def _use_tree(
    node: Node, prefix: list[str], source: bytes
) -> Iterator[tuple[list[str], str | None]]:
    """The leaves of a use tree: each leaf's full path and its `as` name."""
    kind = node.type
    if kind == "scoped_use_list":
        path = node.child_by_field_name("path")
        inner = prefix + (_segments(path, source) if path is not None else [])
        items = node.child_by_field_name("list")
        if items is not None:
            for item in items.named_children:
                yield from _use_tree(item, inner, source)
    elif kind == "use_list":
        for item in node.named_children:
            yield from _use_tree(item, prefix, source)
    elif kind == "use_wildcard":
        path = node.named_child(0) if node.named_child_count else None
        segs = prefix + (_segments(path, source) if path is not None else [])
        yield [*segs, "*"], None
    elif kind == "use_as_clause":
        path = node.child_by_field_name("path")
        alias = node.child_by_field_name("alias")
        if path is not None:
            segs = prefix + _segments(path, source)
            yield segs, text(alias, source) if alias is not None else None
    elif kind in ("identifier", "scoped_identifier", "self", "crate", "super", "metavariable"):
        yield prefix + _segments(node, source), None


def _leaf(
    segs: list[str], alias: str | None
) -> tuple[str, tuple[str, ...], str | None, tuple[str | None, ...]]:
    """(module, names, alias, aliases) of one use leaf: a path ending in a name imports that
    name from the path before it; `{self}` and a single segment import the module itself."""
    if segs and segs[-1] == "*":
        return ".".join(segs[:-1]), ("*",), None, ()
    if segs and segs[-1] == "self":
        return ".".join(segs[:-1]), (), alias, ()
    if len(segs) <= 1:
        return (segs[0] if segs else ""), (), alias, ()
    name = segs[-1]
    return ".".join(segs[:-1]), (name,), None, (local_alias(name, alias),)


def _exported(
    at: Node,
    module: str,
    names: tuple[str, ...],
    alias: str | None,
    aliases: tuple[str | None, ...],
    c: Collector,
) -> None:
    if names == ("*",):
        c.fact(at, FactKind.EXPORT, "*", module)
        return
    if not names:
        local = alias or module.rsplit(".", 1)[-1]
        if local not in ("self", "crate", "super"):
            c.fact(at, FactKind.EXPORT, local, local)
        return
    padded = aliases if len(aliases) == len(names) else (None,) * len(names)
    for name, as_name in zip(names, padded, strict=True):
        c.fact(at, FactKind.EXPORT, as_name or name, as_name or name)
