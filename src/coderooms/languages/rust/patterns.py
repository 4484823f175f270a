"""Rust: a name a pattern binds is no name of the enclosing function's (issue 32).

Closures (`|r| ..`), `for`, `if let` / `while let` and `match` arms bind names that are no
definition of their own: the function's scope facts say what each name is. Where the function
gives a name a type (`r: Router`, `let r = Router::new()`) and a pattern binds `r` again (`|r|
r.body()`, `if let Some(r) = ..`), the pattern's `r` is not a `Router`: each name a pattern binds
gets a PARAM fact of no one type (`?`), so that the two declarations leave the name unknown in
the function (`declared_types`) and a call on it a ghost, never the outer type's method. A call
is keyed by its definition and text, so the pattern's calls cannot have a type of their own
(an earlier attempt that wrote them on the pattern's type changed the text the harnesses and
every CALLS ref key by). A closure parameter written with a type (`|r: &Request|`) is typed as
any parameter is (`declared`).
"""

from __future__ import annotations

from tree_sitter import Node

from coderooms.languages.parsing.collector import Collector
from coderooms.languages.parsing.nodes import text
from coderooms.resolution.extraction import FactKind

UNKNOWN = "?"
_NAMES = frozenset({"identifier", "shorthand_field_identifier"})
_SKIPPED_FIELDS = frozenset({"type", "condition", "name", "value", "body", "return_type"})
_PATHS = frozenset({"scoped_identifier", "type_identifier", "field_identifier"})


def pattern_names(node: Node, c: Collector) -> None:
    """A `?` PARAM fact for each name the pattern (or closure parameter list) `node` binds:
    not a path or a variant (`Some`, `Entry::Occupied`), not `_`, not a match guard's names."""
    source = c.source
    stack = [node]
    while stack:
        current = stack.pop()
        kind = current.type
        if kind in _NAMES:
            name = text(current, source)
            if name != "_" and not name[:1].isupper():
                c.fact(current, FactKind.PARAM, name, annotation=UNKNOWN)
            continue
        if kind in _PATHS or kind.endswith("_type") or kind == "closure_expression":
            continue
        if kind == "parameter":  # `|x: T|`: typed as any parameter (`@typed`); `|(a, b): T|`
            pattern = current.child_by_field_name("pattern")
            if pattern is not None and pattern.type != "identifier":
                stack.append(pattern)
            continue
        for i, child in enumerate(current.children):
            if child.is_named and current.field_name_for_child(i) not in _SKIPPED_FIELDS:
                stack.append(child)
