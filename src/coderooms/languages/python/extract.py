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
* Calls on a call's result keep the call in the callee when what is called is a chain of names:
  `app.test_client().get()` -> `app.test_client().get`, `super().__init__()` ->
  `super().__init__`; on anything else `?.` as above (`"".join()` -> `?.join`). Calls of a
  call (`f()()`) are not recorded.
* `@overload` stubs give way to the implementation: a qualname's symbol is its first definition
  not decorated with `overload` (the stubs' lines only when there is no implementation).
* Scope facts (`ScopeFact`, for resolution; see `coderooms.languages.python.scope`): every
  assignment (`x = v`, `x: T = v`, `self.x = v`), parameter, other binding (loop, comprehension,
  `with`/`except ... as`, walrus and augmented targets), `global`/`nonlocal`, `return`, a
  definition's return annotation and decorators, and `__all__`. Values and annotations are
  chains (`Foo()`, `a.b`, `f().g`; `?` where no chain is written); `with X() as y` binds `y` to
  `X().__enter__()`, `except E as e` binds `e` to `E()`.
"""

from __future__ import annotations

from tree_sitter import Node, Query, QueryCursor

from coderooms.core.kinds import SymbolKind
from coderooms.languages.parsing.collector import Collector, Scope, nest, spans
from coderooms.languages.parsing.nodes import DOTTED_RE, dotted, local_alias, signature, text
from coderooms.resolution.extraction import FactKind

QUERY = """
(class_definition) @class
(function_definition) @function
(call function: (_) @call)
(import_statement) @import
(import_from_statement) @from
(future_import_statement) @future
(assignment) @assign
(augmented_assignment left: (_) @bind)
(for_statement left: (_) @bind)
(for_in_clause left: (_) @bind)
(as_pattern) @as
(named_expression name: (identifier) @bind)
(parameters) @params
(lambda_parameters) @params
(global_statement) @global
(nonlocal_statement) @global
(return_statement) @return
"""

_MEMBERS = {"attribute": ("object", "attribute")}
_BLOCK_STATEMENTS = frozenset(
    {"if_statement", "try_statement", "with_statement", "for_statement", "while_statement"}
)
_CLAUSES = frozenset(
    {"elif_clause", "else_clause", "except_clause", "except_group_clause", "finally_clause"}
)
_TARGET_LISTS = frozenset(
    {"pattern_list", "tuple_pattern", "list_pattern", "tuple", "list", "expression_list"}
)
_STARRED = frozenset({"list_splat_pattern", "dictionary_splat_pattern", "list_splat"})
UNKNOWN = "?"
"""Head of a chain whose start is no name (a literal, a subscript, an operator)."""


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
        decorators = _decorators(node, source)
        overload = any(d.rsplit(".", 1)[-1] == "overload" for d in decorators)
        c.define(kind, qual, outer.parent, node, sig, replaceable=overload)
        for decorator in decorators:
            c.fact_of(qual, node, FactKind.DECORATOR, qual, decorator)
        returns = node.child_by_field_name("return_type")
        if returns is not None:
            c.fact_of(qual, returns, FactKind.RETURNS, qual, None, text(returns, source))
        return Scope(qual, qual, in_type=False)

    nest(
        spans(caps.get("class", ()), "class") + spans(caps.get("function", ()), "function"),
        handle,
    )
    c.import_scopes = True
    _calls(caps.get("call", []), c)
    _facts(caps, c)
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


# -- calls and scope facts -----------------------------------------------------------------------


def chain(node: Node | None, source: bytes) -> str:
    """An expression as a chain of names, attribute steps and calls (`a.b().c`); `?` for a start
    that is no name, kept with the steps after it (`x[0].m` -> `?.m`)."""
    if node is None:
        return UNKNOWN
    kind = node.type
    if kind == "identifier":
        return text(node, source)
    if kind == "attribute":
        attribute = node.child_by_field_name("attribute")
        if attribute is None:
            return UNKNOWN
        return f"{chain(node.child_by_field_name('object'), source)}.{text(attribute, source)}"
    if kind == "call":
        called = chain(node.child_by_field_name("function"), source)
        return UNKNOWN if called.startswith(UNKNOWN) else called + "()"
    if kind == "subscript":
        value = chain(node.child_by_field_name("value"), source)
        return UNKNOWN if value.startswith(UNKNOWN) else value + "[]"
    if kind in ("parenthesized_expression", "await") and node.named_child_count == 1:
        return chain(node.named_children[0], source)  # `await c.get()`: what get returns
    return UNKNOWN


def value_chain(node: Node | None, source: bytes) -> str | None:
    """A bound value as a chain, None when it does not start with a name. `a or b` and
    `a if c else b` give their alternatives joined by ` or ` (a `None` among them left out):
    the value is known when they all mean the same."""
    while node is not None and node.type == "assignment":  # a = b = Foo()
        node = node.child_by_field_name("right")
    if node is not None and node.type in ("boolean_operator", "conditional_expression"):
        if node.type == "boolean_operator":
            operator = node.child_by_field_name("operator")
            if operator is None or text(operator, source) != "or":
                return None
            sides = [node.child_by_field_name("left"), node.child_by_field_name("right")]
        else:
            children = node.named_children
            sides = [children[0], children[2]] if len(children) == 3 else []
        alternatives = []
        for side in sides:
            if side is not None and side.type == "none":
                continue
            found = value_chain(side, source)
            if found is None:
                return None
            alternatives.append(found)
        return " or ".join(dict.fromkeys(alternatives)) or None
    found = chain(node, source)
    return None if found.startswith(UNKNOWN) else found


def _calls(nodes: list[Node], c: Collector) -> None:
    source = c.source
    fullmatch = DOTTED_RE.fullmatch
    for fn in nodes:
        raw = source[fn.start_byte : fn.end_byte].decode("utf-8", "replace")
        if fullmatch(raw) is None:
            raw = chain(fn, source)
            if raw == UNKNOWN or raw.endswith((")", "]")):
                continue  # `x[0]()`, `f()()`: nothing named is called
        c.call(fn, raw)


def _decorators(node: Node, source: bytes) -> list[str]:
    parent = node.parent
    if parent is None or parent.type != "decorated_definition":
        return []
    found = []
    for child in parent.named_children:
        if child.type == "decorator" and child.named_child_count:
            expression = child.named_children[0]
            if expression.type == "call":
                expression = expression.child_by_field_name("function") or expression
            name = chain(expression, source)
            if not name.startswith(UNKNOWN):
                found.append(name)
    return found


def _facts(caps: dict[str, list[Node]], c: Collector) -> None:
    source = c.source
    for node in caps.get("assign", ()):
        left = node.child_by_field_name("left")
        if left is None:
            continue
        kind = left.type
        right = node.child_by_field_name("right")
        annotation = node.child_by_field_name("type")
        written = text(annotation, source) if annotation is not None else None
        if kind == "identifier":
            name = text(left, source)
            if name == "__all__" and right is not None:
                _all(node, right, c)
            c.fact(node, FactKind.ASSIGN, name, value_chain(right, source), written)
        elif kind == "attribute":
            target = chain(left, source)
            if target.count(".") == 1 and target.split(".", 1)[0] in ("self", "cls"):
                c.fact(node, FactKind.ASSIGN, target, value_chain(right, source), written)
        else:
            _bind_targets(left, c)
    for node in caps.get("bind", ()):
        parent = node.parent
        if (
            parent is not None
            and parent.type in ("for_statement", "for_in_clause")
            and node.type == "identifier"
        ):
            # `for x in items`: x is an element of what items is
            iterated = value_chain(parent.child_by_field_name("right"), source)
            element = f"{iterated}[]" if iterated and " or " not in iterated else None
            c.fact(node, FactKind.ASSIGN, text(node, source), element)
            continue
        if (
            parent is not None
            and parent.type == "augmented_assignment"
            and node.type == "identifier"
            and text(node, source) == "__all__"
        ):
            right = parent.child_by_field_name("right")
            if right is not None:
                _all(parent, right, c)
            continue
        _bind_targets(node, c)
    for node in caps.get("as", ()):
        _as_pattern(node, c)
    for node in caps.get("params", ()):
        _parameters(node, c)
    for node in caps.get("global", ()):
        for declared in node.named_children:
            if declared.type == "identifier":
                c.fact(node, FactKind.GLOBAL, text(declared, source))
    for node in caps.get("return", ()):
        value = node.named_children[0] if node.named_child_count else None
        c.fact(node, FactKind.RETURN, "", value_chain(value, source) if value else None)


def _bind_targets(node: Node, c: Collector) -> None:
    """Every plain name a target binds (tuples, lists and starred names included)."""
    pending = [node]
    while pending:
        current = pending.pop()
        kind = current.type
        if kind == "identifier":
            c.fact(current, FactKind.BIND, text(current, c.source))
        elif kind in _TARGET_LISTS or kind in _STARRED or kind == "parenthesized_expression":
            pending.extend(current.named_children)


def _as_pattern(node: Node, c: Collector) -> None:
    """`with X() as y` binds y to `X().__enter__()`; `except E as e` binds e to `E()`."""
    alias = node.child_by_field_name("alias")
    if alias is None:
        return
    targets = alias.named_children
    value = node.named_children[0] if node.named_child_count else None
    context = node.parent.type if node.parent is not None else ""
    if len(targets) != 1 or targets[0].type != "identifier" or value is None:
        for target in targets:
            _bind_targets(target, c)
        return
    found = value_chain(value, c.source)
    if found is not None and context == "with_item":
        clause = node.parent.parent if node.parent is not None else None
        statement = clause.parent if clause is not None else None
        first = statement.child(0) if statement is not None else None
        asynchronous = first is not None and first.type == "async"
        found = f"{found}.__aenter__()" if asynchronous else f"{found}.__enter__()"
    elif found is not None and context == "except_clause":
        found = f"{found}()"
    else:
        found = None
    c.fact(node, FactKind.ASSIGN, text(targets[0], c.source), found)


def _parameters(node: Node, c: Collector) -> None:
    source = c.source
    if node.type == "lambda_parameters":  # bound in the enclosing function, values unknown
        _bind_targets(node, c)
        for child in node.named_children:
            name = child.child_by_field_name("name")
            if name is not None:
                _bind_targets(name, c)
        return
    index = 0
    for child in node.named_children:
        kind = child.type
        name_node: Node | None = None
        annotation: Node | None = None
        if kind == "identifier":
            name_node = child
        elif kind in ("typed_parameter", "typed_default_parameter", "default_parameter"):
            name_node = child.child_by_field_name("name")
            if name_node is None and child.named_child_count:
                name_node = child.named_children[0]
            annotation = child.child_by_field_name("type")
        elif kind in _STARRED:
            inner = child.named_children
            if inner and inner[0].type == "identifier":
                name_node = inner[0]
            elif inner and inner[0].type == "typed_parameter":
                name_node = inner[0].named_children[0] if inner[0].named_child_count else None
        if name_node is None or name_node.type != "identifier":
            continue
        written = text(annotation, source) if annotation is not None else None
        if kind in _STARRED:
            written = None  # *args: tuple of T, **kw: dict of T
        c.fact(child, FactKind.PARAM, text(name_node, source), None, written, index)
        index += 1


def _all(at: Node, value: Node, c: Collector) -> None:
    if value.type not in ("list", "tuple"):
        return
    names = [
        text(item, c.source).strip("\"'") for item in value.named_children if item.type == "string"
    ]
    c.fact(at, FactKind.ALL, "__all__", ",".join(n for n in names if n.isidentifier()))
