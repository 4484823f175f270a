"""Lua extraction.

* The module table: when the file ends in `return M` (`M` a name: `local M = {}` ...), `M` is the
  module itself (its module symbol), so what is defined in it is qualified without it:
  `function M.f()` -> `f`, `function M:m()` -> `m`, `M.g = function() end` -> `g`, and the
  file's own calls `M.f()` -> `f`. That is what another file's `local x = require("m")`
  reaches as `x.f`. A function of the file of the same name (`local f; f = function() end` or
  `local function f()` beside `function M.f()`) is `local.f` (`local` is a keyword: no table
  has that name), and the file's bare `f()` calls are calls of it: a bare `f` is never `M.f`.
* Functions: `function f()`, `local function f()`, `local f = function() end`, `f = function()
  end`, `local f = g or function() end` (a fallback: `table.pack or function(...)`) -> FUNCTION
  `f`; `function t.a.f()` / `t.a.f = function() end` -> FUNCTION `t.a.f` (a table that is not
  the module table prefixes the name but is no symbol: parent `""`); a field of a table
  constructor, `t = { f = function() end, sub = { g = function() end } }` -> `t.f`, `t.sub.g`
  (in the table a chunk returns, `return { f = ... }`: `f`); a field of a table of no name
  (`setmetatable({}, { __index = function() end })`) is named by its field alone (`__index`,
  in the enclosing function); a list element (`{"x", function() end}`) or a function passed as
  an argument is no symbol (its calls are its enclosing function's);
  `function T:m()` (a method: implicit `self`) -> METHOD `T.m`. A function defined inside
  another is qualified by it (`f.inner`). Tables, fields and other variables are not symbols.
* Imports: `local x = require("a.b")` / `local x = require "a.b"` -> ImportRef("a.b", (), "x");
  `require("a.b")` whose value is not bound to a local -> ImportRef("a.b", (), None). Only a
  string literal counts.
* Calls: `f()` -> `f`; `a.b.c()` -> `a.b.c`; `obj:m()` -> `obj.m`; in a method `function T:m()`,
  `self:x()` / `self.x()` -> `T.x` (`self` is the table the method was called on); a call of
  anything else (`f()()`, `("s"):rep(2)`, `t[1]()`) -> `?.m` for a member, else not recorded.
  `require(...)` is an import, not a call.
* Doc: the `--` comment block right above the definition.
"""

from __future__ import annotations

from dataclasses import replace

from tree_sitter import Node, Query, QueryCursor

from coderooms.core.kinds import SymbolKind
from coderooms.languages.parsing.collector import Collector, Scope, nest, spans
from coderooms.languages.parsing.doc_comments import first_sentence
from coderooms.languages.parsing.nodes import UNKNOWN_OBJECT, signature, string_value, text

QUERY = """
(function_declaration) @function
(assignment_statement
  (variable_list . name: (_) @name)
  (expression_list . value: (function_definition) @function_value))
(assignment_statement
  (variable_list . name: (_) @name)
  (expression_list . value: (binary_expression "or" right: (function_definition) @function_value)))
(field name: (identifier) value: (function_definition) @field_value)
(function_call) @call
"""

_INDEX = frozenset({"dot_index_expression", "method_index_expression"})
LOCAL = "local"
"""The prefix of a function of the file named as one of the module table is (`local.f`)."""


def extract(root: Node, query: Query, c: Collector) -> None:
    source = c.source
    caps = QueryCursor(query).captures(root)
    module_table = _returned_name(root, source)
    names = {
        statement.start_byte: n
        for n in caps.get("name", ())
        if (statement := _grandparent(n)) is not None
    }
    methods: list[tuple[int, int, str]] = []
    shadowed = _shadowed(caps, names, module_table, source)

    def handle(node: Node, role: str, outer: Scope) -> Scope:
        written: tuple[list[str], bool] | None
        if role == "function":
            name_node = node.child_by_field_name("name")
            sig_end = (node.child_by_field_name("parameters") or name_node or node).end_byte
            anchor = node
            written = _written_name(name_node, source) if name_node is not None else None
        elif role == "field":  # `{ name = function() end }`: in the table it is assigned to
            anchor = node.parent or node
            name_node = anchor.child_by_field_name("name")
            sig_end = (node.child_by_field_name("parameters") or node).end_byte
            assigned = _table_path(anchor.parent, source)
            written = None
            if name_node is not None:
                written = [*(assigned or []), text(name_node, source)], False
        else:  # `x = function() end`, `x = a or function() end`: the first target's name
            value = node.parent if node.parent is not None else node
            statement = _grandparent(value if value.type == "binary_expression" else node)
            name_node = names.get(statement.start_byte) if statement is not None else None
            params = node.child_by_field_name("parameters")
            sig_end = (params or node).end_byte
            declaration = statement.parent if statement is not None else None
            if declaration is not None and declaration.type == "variable_declaration":
                anchor = declaration  # `local f = function() end`
            else:
                anchor = statement or node
            written = _written_name(name_node, source) if name_node is not None else None
        if written is None:
            return outer
        parts, method = written
        table = parts[0] if len(parts) > 1 else None
        if table is not None and table == module_table and not outer.prefix:
            parts = parts[1:]
        elif table is None and not outer.prefix and parts[0] in shadowed:
            parts = [LOCAL, *parts]  # beside the module's own `M.f`: `local.f`
        qual = outer.qualify(".".join(parts))
        kind = SymbolKind.METHOD if method else SymbolKind.FUNCTION
        sig = signature(source, anchor.start_byte, sig_end)
        if c.define(kind, qual, outer.parent, anchor, sig):
            c.ex.symbols[-1] = replace(c.ex.symbols[-1], doc=_doc(anchor, source))
        if method:
            owner = ".".join(written[0][:-1])
            methods.append((node.start_byte, node.end_byte, owner))
        return Scope(qual, qual, in_type=False)

    entries = [
        *spans(caps.get("function", ()), "function"),
        *spans(caps.get("function_value", ()), "value"),
        *spans(caps.get("field_value", ()), "field"),
    ]
    nest(entries, handle)
    methods.sort()
    for node in caps.get("call", ()):
        _call(node, c, source, module_table, methods, shadowed)


def _shadowed(
    caps: dict[str, list[Node]], names: dict[int, Node], module_table: str | None, source: bytes
) -> frozenset[str]:
    """The names a top-level function of the file and one of the module table (`M.f`) share."""
    if module_table is None:
        return frozenset()
    plain: set[str] = set()
    in_module: set[str] = set()
    for node in caps.get("function", ()):
        name_node = node.child_by_field_name("name")
        _sort(
            _written_name(name_node, source) if name_node else None,
            node,
            module_table,
            plain,
            in_module,
        )
    for node in caps.get("function_value", ()):
        value = node.parent if node.parent is not None else node
        statement = _grandparent(value if value.type == "binary_expression" else node)
        name_node = names.get(statement.start_byte) if statement is not None else None
        _sort(
            _written_name(name_node, source) if name_node else None,
            node,
            module_table,
            plain,
            in_module,
        )
    return frozenset(plain & in_module)


def _sort(
    written: tuple[list[str], bool] | None,
    node: Node,
    module_table: str,
    plain: set[str],
    in_module: set[str],
) -> None:
    """Adds a top-level function's name to `plain` (`f`) or `in_module` (`M.f`, `M:f`)."""
    if written is None or not _top_level(node):
        return
    parts = written[0]
    if len(parts) == 1:
        plain.add(parts[0])
    elif len(parts) == 2 and parts[0] == module_table:
        in_module.add(parts[1])


def _top_level(node: Node) -> bool:
    """Whether `node` is inside no function."""
    above = node.parent
    while above is not None:
        if above.type in ("function_declaration", "function_definition"):
            return False
        above = above.parent
    return True


def _doc(node: Node, source: bytes) -> str | None:
    """The first sentence of the `--` (or `--[[ ]]`, `---`) comments right above `node`."""
    lines: list[str] = []
    below = node.start_point.row
    sibling = node.prev_named_sibling
    while sibling is not None and sibling.type == "comment" and sibling.end_point.row >= below - 1:
        raw = text(sibling, source).lstrip("-").removeprefix("[[").removesuffix("]]")
        lines[:0] = [line.strip().lstrip("-").strip() for line in raw.splitlines()]
        below = sibling.start_point.row
        sibling = sibling.prev_named_sibling
    return first_sentence(lines)


def _table_path(constructor: Node | None, source: bytes) -> list[str] | None:
    """The written name of a table constructor: the name it is assigned to (`local mt = {..}`
    -> [mt]), its field's in a named table (`M = { sub = {..} }` -> [M, sub]), [] for the
    table a chunk returns (`return {..}`: the module itself); None for a table of no name (an
    argument, `setmetatable({}, {..})`, one of several values)."""
    values = constructor.parent if constructor is not None else None
    if values is None:
        return None
    if values.type == "field":  # `sub = {..}` inside a table constructor
        field = values.child_by_field_name("name")
        outer = _table_path(values.parent, source)
        if field is None or field.type != "identifier" or outer is None:
            return None
        return [*outer, text(field, source)]
    statement = values.parent
    if statement is None or values.named_child_count != 1:
        return None
    if statement.type == "return_statement":
        return [] if statement.parent is not None and statement.parent.type == "chunk" else None
    if statement.type != "assignment_statement" or not statement.named_child_count:
        return None
    targets = statement.named_children[0]
    if targets.type != "variable_list" or targets.named_child_count != 1:
        return None
    written = _written_name(targets.named_children[0], source)
    return written[0] if written is not None and not written[1] else None


def _grandparent(node: Node) -> Node | None:
    return node.parent.parent if node.parent is not None else None


def _returned_name(root: Node, source: bytes) -> str | None:
    """`M` when the chunk ends in `return M`."""
    last = root.named_children[-1] if root.named_child_count else None
    while last is not None and last.type == "comment":
        last = last.prev_named_sibling
    if last is None or last.type != "return_statement" or last.named_child_count != 1:
        return None
    values = last.named_children[0]
    if values.named_child_count != 1 or values.named_children[0].type != "identifier":
        return None
    return text(values.named_children[0], source)


def _written_name(node: Node, source: bytes) -> tuple[list[str], bool] | None:
    """`a.b.c` -> ([a, b, c], False); `a.b:m` -> ([a, b, m], True); None for `t[k]`."""
    kind = node.type
    if kind == "identifier":
        return [text(node, source)], False
    if kind not in _INDEX:
        return None
    table = node.child_by_field_name("table")
    field = node.child_by_field_name("field" if kind == "dot_index_expression" else "method")
    if table is None or field is None:
        return None
    head = _written_name(table, source)
    if head is None or head[1]:
        return None
    return [*head[0], text(field, source)], kind == "method_index_expression"


def _call(
    node: Node,
    c: Collector,
    source: bytes,
    module_table: str | None,
    methods: list[tuple[int, int, str]],
    shadowed: frozenset[str],
) -> None:
    callee = node.child_by_field_name("name")
    if callee is None:
        return
    if callee.type == "identifier":
        name = text(callee, source)
        if name == "require":
            _require(node, c, source)
            return
        c.call(node, f"{LOCAL}.{name}" if name in shadowed else name)
        return
    written = _written_name(callee, source)
    if written is None:
        member = _member(callee, source)
        if member is not None:
            c.call(node, f"{UNKNOWN_OBJECT}.{member}")
        return
    parts = written[0]
    if parts[0] == "self":
        owner = _enclosing_method(methods, node.start_byte)
        if owner is not None:
            parts = [*owner.split("."), *parts[1:]]
    if len(parts) > 1 and parts[0] == module_table:
        parts = parts[1:]
    c.call(node, ".".join(parts))


def _member(node: Node, source: bytes) -> str | None:
    """The trailing name of a member of an expression (`f().m`, `("s"):rep`), else None."""
    if node.type not in _INDEX:
        return None
    field = node.child_by_field_name("field" if node.type == "dot_index_expression" else "method")
    return text(field, source) if field is not None and field.type == "identifier" else None


def _enclosing_method(methods: list[tuple[int, int, str]], at: int) -> str | None:
    """The table of the innermost `function T:m()` holding byte `at` (whose `self` is `T`)."""
    found = None
    for start, end, owner in methods:
        if start > at:
            break
        if at < end:
            found = owner
    return found


def _require(node: Node, c: Collector, source: bytes) -> None:
    arguments = node.child_by_field_name("arguments")
    literal = (
        arguments.named_children[0] if arguments is not None and arguments.named_children else None
    )
    if literal is None or literal.type != "string":
        return
    spec = string_value(literal, source).strip("[]=")
    if not spec:
        return
    alias = None
    values = node.parent
    statement = values.parent if values is not None else None
    if (
        values is not None
        and values.type == "expression_list"
        and statement is not None
        and statement.type == "assignment_statement"
        and statement.parent is not None
        and statement.parent.type == "variable_declaration"
        and values.named_child_count == 1
    ):
        targets = statement.named_children[0]
        if targets.type == "variable_list" and targets.named_child_count == 1:
            first = targets.named_children[0]
            alias = text(first, source) if first.type == "identifier" else None
    c.imp(spec, (), alias, node)
