"""Python extraction.

* Classes are CLASS; a `def` (sync or async) is METHOD when its nearest enclosing definition is a
  class (also when nested in an `if` or `try` in the class body), FUNCTION otherwise. Qualnames
  nest through both: `C.m`, `f.g`, `C.m.helper`, `f.Local`. Decorators are not part of the
  definition: lines and signature start at `def`/`class`, and calls in decorators belong to the
  enclosing scope.
* Variables: assignment targets at module level that are plain names, also inside tuple/list
  targets (`a, b = ...`), chained assignments (`a = b = ...`) and annotated assignments with or
  without a value; module-level `if`/`try`/`with`/`for`/`while` blocks count as module level.
  Classes and functions take precedence over a variable of the same name.
* Imports: `import a.b as c` -> ImportRef("a.b", (), "c"); `from .m import x, y as z` ->
  ImportRef("m", ("x", "y"), None, level=1, aliases=(None, "z")) (original names, the local
  name where it differs, one ref per statement); `from m import *` -> names ("*",);
  `from __future__ import x` -> module "__future__". Imports anywhere in the file are recorded.
* Calls: `f()`, `self.m()`, `os.path.join()`; on an expression's result `?.` and the trailing
  names (`super().__init__()` -> `?.__init__`, `"".join()` -> `?.join`, `a().b.c()` -> `?.b.c`);
  calls of a subscript or of a call (`x[0]()`, `f()()`) are not recorded.
* Inheritance: each positional base that is a dotted name; a subscripted base `Generic[T]` is
  recorded as its dotted value (`Generic`); keyword arguments (`metaclass=`) and other
  expressions are skipped.
"""

from __future__ import annotations

from tree_sitter import Node, Query, QueryCursor

from coderooms.ingest.languages.common import (
    Collector,
    Scope,
    dotted,
    local_alias,
    nest,
    signature,
    spans,
    text,
)
from coderooms.ingest.model import SymbolKind

QUERY = """
(class_definition) @class
(function_definition) @function
(call function: (_) @call)
(import_statement) @import
(import_from_statement) @from
(future_import_statement) @future
"""

_MEMBERS = {"attribute": ("object", "attribute")}
_BLOCK_STATEMENTS = frozenset(
    {"if_statement", "try_statement", "with_statement", "for_statement", "while_statement"}
)
_CLAUSES = frozenset(
    {"elif_clause", "else_clause", "except_clause", "except_group_clause", "finally_clause"}
)
_TARGET_LISTS = frozenset({"pattern_list", "tuple_pattern", "list_pattern"})


def extract(root: Node, query: Query, c: Collector) -> None:
    source = c.source
    caps = QueryCursor(query).captures(root)

    def handle(node: Node, role: str, outer: Scope) -> Scope:
        name_node = node.child_by_field_name("name")
        if name_node is None:
            return outer
        name = text(name_node, source)
        qual = outer.qualify(name)
        sig = _header(node, source)
        if role == "class":
            c.define(SymbolKind.CLASS, qual, outer.parent, node, sig)
            bases = node.child_by_field_name("superclasses")
            if bases is not None:
                for base in bases.named_children:
                    c.inherit(qual, _base_name(base, source), base)
            return Scope(qual, qual, in_type=True)
        kind = SymbolKind.METHOD if outer.in_type else SymbolKind.FUNCTION
        c.define(kind, qual, outer.parent, node, sig)
        return Scope(qual, qual, in_type=False)

    nest(
        spans(caps.get("class", ()), "class") + spans(caps.get("function", ()), "function"),
        handle,
    )
    c.calls(caps.get("call", ()), _MEMBERS)
    for node in caps.get("import", ()):
        _import(node, c)
    for node in caps.get("from", ()):
        _import_from(node, c)
    for node in caps.get("future", ()):
        names, aliases = _imported_names(node, source)
        c.imp("__future__", names, None, node, aliases=aliases)
    _variables(root, c)


def _header(node: Node, source: bytes) -> str:
    body = node.child_by_field_name("body")
    end = body.start_byte if body is not None else node.end_byte
    if b"#" in source[node.start_byte : end]:
        # A comment between the colon and the body: cut at the header's own colon.
        for child in node.children:
            if child.type == ":":
                end = child.end_byte
    return signature(source, node.start_byte, end)


def _base_name(node: Node, source: bytes) -> str | None:
    kind = node.type
    if kind in ("identifier", "attribute"):
        return dotted(text(node, source))
    if kind == "subscript":
        value = node.child_by_field_name("value")
        if value is not None and value.type in ("identifier", "attribute"):
            return dotted(text(value, source))
    return None


def _import(node: Node, c: Collector) -> None:
    source = c.source
    for name in node.children_by_field_name("name"):
        if name.type == "aliased_import":
            target = name.child_by_field_name("name")
            alias = name.child_by_field_name("alias")
            if target is not None:
                c.imp(
                    text(target, source),
                    (),
                    text(alias, source) if alias is not None else None,
                    node,
                )
        else:
            c.imp(text(name, source), (), None, node)


def _import_from(node: Node, c: Collector) -> None:
    source = c.source
    module_node = node.child_by_field_name("module_name")
    module, level = "", 0
    if module_node is not None:
        if module_node.type == "relative_import":
            for part in module_node.named_children:
                if part.type == "import_prefix":
                    level = part.end_byte - part.start_byte
                else:
                    module = text(part, source)
        else:
            module = text(module_node, source)
    names, aliases = _imported_names(node, source)
    if not names and any(ch.type == "wildcard_import" for ch in node.named_children):
        names = ("*",)
    c.imp(module, names, None, node, level, aliases)


def _imported_names(node: Node, source: bytes) -> tuple[tuple[str, ...], tuple[str | None, ...]]:
    """The names of a `from` import (original spelling) and the local name of each."""
    names: list[str] = []
    aliases: list[str | None] = []
    for name in node.children_by_field_name("name"):
        if name.type == "aliased_import":
            target = name.child_by_field_name("name")
            alias = name.child_by_field_name("alias")
            if target is not None:
                original = text(target, source)
                names.append(original)
                local = text(alias, source) if alias is not None else None
                aliases.append(local_alias(original, local))
        else:
            names.append(text(name, source))
            aliases.append(None)
    return tuple(names), tuple(aliases)


def _variables(root: Node, c: Collector) -> None:
    """Module-level assignment targets (see the module docstring), in source order."""
    pending = list(reversed(root.named_children))
    while pending:
        stmt = pending.pop()
        kind = stmt.type
        if kind == "expression_statement":
            for expr in stmt.named_children:
                assign: Node | None = expr
                while assign is not None and assign.type == "assignment":
                    _targets(assign.child_by_field_name("left"), stmt, c)
                    assign = assign.child_by_field_name("right")
        elif kind == "block":
            pending.extend(reversed(stmt.named_children))
        elif kind in _BLOCK_STATEMENTS or kind in _CLAUSES:
            inner = [ch for ch in stmt.named_children if ch.type == "block" or ch.type in _CLAUSES]
            pending.extend(reversed(inner))


def _targets(left: Node | None, stmt: Node, c: Collector) -> None:
    if left is None:
        return
    if left.type == "identifier":
        names = [left]
    elif left.type in _TARGET_LISTS:
        names = [n for n in left.named_children if n.type == "identifier"]
    else:
        return
    source = c.source
    sig = signature(source, stmt.start_byte, stmt.end_byte)
    for name_node in names:
        name = text(name_node, source)
        c.define(SymbolKind.VARIABLE, name, "", stmt, sig, scope=False)
