"""JavaScript/TypeScript imports as the extractor records them (see `extract`'s Imports):
`import` statements, `export ... from`, `require("m")` and `import("m")` with a literal
specifier, and the names a destructuring `require` takes."""

from __future__ import annotations

from tree_sitter import Node

from coderooms.languages.parsing.collector import Collector
from coderooms.languages.parsing.nodes import local_alias, string_value, text


def dynamic_import(fn: Node, c: Collector) -> bool:
    """Record `require("m")` / `import("m")`; True when it was one (with a literal specifier)."""
    call = fn.parent
    if call is None:
        return False
    args = call.child_by_field_name("arguments")
    if args is None or args.named_child_count != 1:
        return False
    spec = args.named_child(0)
    if spec.type not in ("string", "template_string") or spec.named_child_count > 1:
        return False
    if spec.type == "template_string" and any(
        ch.type == "template_substitution" for ch in spec.named_children
    ):
        return False
    source = c.source
    module = string_value(spec, source)
    names: list[str] = []
    aliases: list[str | None] = []
    alias: str | None = None
    holder = call.parent
    member = _required_member(call, source) if fn.type != "import" else None
    if member is not None:  # `const x = require("m").name`: the name `name` of m, bound to x
        name, local = member
        c.imp(module, (name,), None, call, aliases=(None if local == name else local,))
        return True
    if holder is not None and holder.type == "variable_declarator" and fn.type != "import":
        target = holder.child_by_field_name("name")
        if target is not None and target.type == "identifier":
            alias = text(target, source)
        elif target is not None and target.type == "object_pattern":
            pattern_keys(target, source, names, aliases)
    c.imp(module, tuple(names), alias, call, aliases=tuple(aliases))
    return True


def _required_member(call: Node, source: bytes) -> tuple[str, str] | None:
    """(name, local) of `const local = require("m").name`; None for any other shape."""
    member = call.parent
    if member is None or member.type != "member_expression":
        return None
    prop = member.child_by_field_name("property")
    holder = member.parent
    if prop is None or prop.type != "property_identifier" or holder is None:
        return None
    if holder.type != "variable_declarator" or holder.child_by_field_name("value") != member:
        return None
    target = holder.child_by_field_name("name")
    if target is None or target.type != "identifier":
        return None
    return text(prop, source), text(target, source)


def pattern_keys(pattern: Node, source: bytes, keys: list[str], locals_: list[str | None]) -> None:
    """The keys a destructuring pattern takes (into `keys`) and the local name each is bound to
    where it differs (into `locals_`; None for a nested pattern, which binds no one name)."""
    for prop in pattern.named_children:
        if prop.type == "shorthand_property_identifier_pattern":
            keys.append(text(prop, source))
            locals_.append(None)
        elif prop.type == "pair_pattern":
            key = prop.child_by_field_name("key")
            if key is not None:
                name = string_value(key, source) if key.type == "string" else text(key, source)
                value = prop.child_by_field_name("value")
                if value is not None and value.type == "assignment_pattern":
                    value = value.child_by_field_name("left")
                local = (
                    text(value, source)
                    if value is not None and value.type == "identifier"
                    else None
                )
                keys.append(name)
                locals_.append(local_alias(name, local))
        elif prop.type == "object_assignment_pattern":
            left = prop.child_by_field_name("left")
            if left is not None:
                keys.append(text(left, source))
                locals_.append(None)


def import_statement(node: Node, c: Collector) -> None:
    source = c.source
    spec = node.child_by_field_name("source")
    names: list[str] = []
    aliases: list[str | None] = []
    alias: str | None = None
    for clause in node.named_children:
        if clause.type == "import_require_clause":
            spec = clause.child_by_field_name("source")
            ident = clause.named_child(0)
            if ident.type == "identifier":
                alias = text(ident, source)
        elif clause.type == "import_clause":
            for part in clause.named_children:
                kind = part.type
                if kind == "identifier":
                    names.append("default")
                    aliases.append(local_alias("default", text(part, source)))
                elif kind == "namespace_import":
                    for ident in part.named_children:
                        alias = text(ident, source)
                elif kind == "named_imports":
                    specifier_names(part, source, names, aliases)
    if spec is not None:
        c.imp(string_value(spec, source), tuple(names), alias, node, aliases=tuple(aliases))


def export_from(node: Node, c: Collector) -> None:
    source = c.source
    spec = node.child_by_field_name("source")
    if spec is None:
        return
    names: list[str] = []
    aliases: list[str | None] = []
    alias: str | None = None
    clause_found = False
    for part in node.named_children:
        if part.type == "export_clause":
            clause_found = True
            specifier_names(part, source, names, aliases)
        elif part.type == "namespace_export":
            clause_found = True
            for ident in part.named_children:
                alias = (
                    string_value(ident, source) if ident.type == "string" else text(ident, source)
                )
    if not clause_found:
        names.append("*")
        aliases.append(None)
    c.imp(
        string_value(spec, source), tuple(names), alias, node, aliases=tuple(aliases), reexport=True
    )


def specifier_names(
    clause: Node, source: bytes, names: list[str], aliases: list[str | None]
) -> None:
    """The names of import/export specifiers (into `names`) and the `as` name of each where it
    differs (into `aliases`)."""
    for spec in clause.named_children:
        name = spec.child_by_field_name("name")
        if name is None:
            continue
        original = string_value(name, source) if name.type == "string" else text(name, source)
        as_node = spec.child_by_field_name("alias")
        local = None
        if as_node is not None:
            local = (
                string_value(as_node, source) if as_node.type == "string" else text(as_node, source)
            )
        names.append(original)
        aliases.append(local_alias(original, local))
