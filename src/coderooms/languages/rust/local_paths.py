"""Rust: a `use` path that starts at a module of the file's own (issue 32).

Since the 2018 edition a `use` path may start with any name in scope, not only a crate's or
`crate`/`self`/`super`: `mod extract; pub use extract::ExtractCore;` in `src/inner.rs` names
the child module `extract`. A name that is both a child module and a crate does not compile
(unless written `::name`, the crate), so a path whose head is a module the same module declares
(`mod x;` or `mod x { .. }`) is read as `self::x::..`.
"""

from __future__ import annotations

from tree_sitter import Node

from coderooms.languages.parsing.nodes import text


def declared_modules(root: Node, source: bytes) -> dict[tuple[str, ...], set[str]]:
    """The modules each module of the file declares, by the inline modules around them
    (`()` for the file's own)."""
    found: dict[tuple[str, ...], set[str]] = {}
    stack: list[tuple[Node, tuple[str, ...]]] = [(root, ())]
    while stack:
        node, inline = stack.pop()
        for item in node.named_children:
            if item.type != "mod_item":
                continue
            name_node = item.child_by_field_name("name")
            if name_node is None:
                continue
            name = text(name_node, source)
            found.setdefault(inline, set()).add(name)
            body = item.child_by_field_name("body")
            if body is not None:
                stack.append((body, (*inline, name)))
    return found


def from_own_module(
    segs: list[str], inline: list[str], modules: dict[tuple[str, ...], set[str]], rooted: bool
) -> list[str]:
    """`segs` of a use leaf written in the inline modules `inline`: `self` put before a head
    that names a module declared there (not when the path is written `::x`)."""
    if rooted or len(segs) < 2 or segs[0] not in modules.get(tuple(inline), ()):
        return segs
    return ["self", *segs]
