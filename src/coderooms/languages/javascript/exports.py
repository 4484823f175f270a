"""JavaScript/TypeScript: the EXPORT facts of a module's exports of local names (`export { a,
b as c }`, `export default a`, TypeScript's `export = a`, CommonJS `module.exports = a`,
`module.exports = { a, c: b }`, `exports.c = b`), see `extract`'s Exports; `commonjs` writes
those of the functions and classes CommonJS assignments define."""

from __future__ import annotations

from tree_sitter import Node

from coderooms.languages.javascript.imports import specifier_names
from coderooms.languages.parsing.collector import Collector
from coderooms.languages.parsing.nodes import IDENT_RE, dotted, text
from coderooms.resolution.extraction import MODULE_VALUE, FactKind


def local_exports(root: Node, c: Collector) -> None:
    """The EXPORT facts of the module's exports of local names (see `extract`)."""
    source = c.source
    for stmt in root.named_children:
        if stmt.type == "export_statement" and stmt.child_by_field_name("source") is None:
            value = stmt.child_by_field_name("value")
            declaration = stmt.child_by_field_name("declaration")
            named = declaration.child_by_field_name("name") if declaration is not None else None
            if value is not None and value.type == "identifier":
                c.fact(stmt, FactKind.EXPORT, "default", text(value, source))
            elif (assigned := _export_assigned(stmt)) is not None:  # TS `export = winston`
                c.fact(stmt, FactKind.EXPORT, MODULE_VALUE, text(assigned, source))
            elif named is not None and _is_default(stmt):  # `export default class Widget {}`
                c.fact(stmt, FactKind.EXPORT, "default", text(named, source))
            for clause in stmt.named_children:
                if clause.type == "export_clause":
                    names: list[str] = []
                    aliases: list[str | None] = []
                    specifier_names(clause, source, names, aliases)
                    for name, alias in zip(names, aliases, strict=True):
                        c.fact(stmt, FactKind.EXPORT, alias or name, name)
        elif stmt.type == "expression_statement" and stmt.named_child_count == 1:
            assignment = stmt.named_child(0)
            if assignment is not None and assignment.type == "assignment_expression":
                _commonjs_export(assignment, stmt, c)


def _export_assigned(stmt: Node) -> Node | None:
    """The identifier of TypeScript's `export = name;` (the module's value, as CommonJS
    `module.exports = name`), else None."""
    kinds = [child.type for child in stmt.children if child.type != ";"]
    if kinds == ["export", "=", "identifier"]:
        return stmt.children[2]
    return None


def _is_default(stmt: Node) -> bool:
    return any(child.type == "default" for child in stmt.children)


def _commonjs_export(assignment: Node, at: Node, c: Collector) -> None:
    source = c.source
    left = assignment.child_by_field_name("left")
    right = assignment.child_by_field_name("right")
    if left is None or right is None or left.type != "member_expression":
        return
    target = dotted(text(left, source))
    if target is None:
        return
    if target == MODULE_VALUE:
        if right.type == "identifier":
            c.fact(at, FactKind.EXPORT, MODULE_VALUE, text(right, source))
        elif right.type == "object":
            for prop in right.named_children:
                if prop.type == "shorthand_property_identifier":
                    name = text(prop, source)
                    c.fact(at, FactKind.EXPORT, name, name)
                elif prop.type == "pair":
                    key, value = prop.child_by_field_name("key"), prop.child_by_field_name("value")
                    if key is not None and value is not None and value.type == "identifier":
                        c.fact(at, FactKind.EXPORT, text(key, source), text(value, source))
        return
    owner, _, name = target.rpartition(".")
    named = owner in ("exports", MODULE_VALUE) and IDENT_RE.fullmatch(name)
    if named and right.type == "identifier":
        c.fact(at, FactKind.EXPORT, name, text(right, source))
