"""JavaScript/TypeScript: which called names are bound in the call's own scope, and whether the
file is a module (issue 32: scope first).

A bare name a call uses (`done()`, `new FormData()`, `test(..)`) is looked up by resolution in
the file, through its imports and, where nothing answers, as the one top-level definition of
that name in the repo. That last guess is right only for a name no scope of the file binds and
only where files share one global scope (classic scripts). So the extractor writes:

* a BIND fact (`name`, attributed to the call's innermost definition) for each called bare
  name that an enclosing scope binds to something that is no symbol of the file and no import:
  a parameter (also of an arrow function or an anonymous callback), a `const`/`let`/`var`
  whose value is no function, class or `require` (destructured names included; at the top
  level only those: a plain top-level name is a variable symbol), a `catch`
  parameter, a `for` variable, a named function expression's own name. Function and class
  declarations, and declarators of a function or class value, are symbols (resolution finds
  them in the file), and `require`s are imports: neither is written. `var` is looked up in
  the blocks that enclose the call, not hoisted from sibling blocks (what is missed stays as
  before).
* one MODULE fact when the file is a module (an `import` or `export` statement, a `require`,
  a top-level assignment to `module.exports` or `exports.x`): its free names are the runtime's
  globals, never another file's top-level definition.

`rules.ScriptRules.extension` reads both (`scope_names.ScopedNames`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from tree_sitter import Node

from coderooms.languages.parsing.collector import Collector
from coderooms.languages.parsing.nodes import text
from coderooms.resolution.extraction import FactKind

_FUNCTIONS = frozenset(
    {
        "function_declaration",
        "generator_function_declaration",
        "function_expression",
        "function",
        "generator_function",
        "arrow_function",
        "method_definition",
    }
)
_BLOCKS = frozenset({"statement_block", "program", "switch_body", "class_static_block"})
_DECLARATIONS = frozenset({"lexical_declaration", "variable_declaration"})
_SYMBOL_VALUES = frozenset(
    {"arrow_function", "function_expression", "function", "generator_function", "class"}
)
_MODULE_STATEMENTS = frozenset({"import_statement", "export_statement"})


def scoped_calls(calls: Iterable[Node], root: Node, c: Collector) -> None:
    """The BIND facts of the called bare names in `calls` (callee nodes) that an enclosing
    scope binds, and the MODULE fact when `root` is a module."""
    source = c.source
    cache: dict[int, frozenset[str]] = {}
    for callee in calls:
        if callee.type != "identifier":
            continue
        name = text(callee, source)
        if _bound(callee, name, source, cache):
            c.fact(callee, FactKind.BIND, name)
    if c.ex.imports or _is_module(root, source):
        c.fact(root, FactKind.MODULE, "")


def _bound(callee: Node, name: str, source: bytes, cache: dict[int, frozenset[str]]) -> bool:
    node = callee.parent
    while node is not None:
        names = cache.get(node.id)
        if names is None:
            names = cache[node.id] = frozenset(_binds(node, source))
        if name in names:
            return True
        node = node.parent
    return False


def _binds(node: Node, source: bytes) -> Iterator[str]:
    """The names `node` binds for what it holds that are neither symbols nor imports."""
    kind = node.type
    if kind in _FUNCTIONS:
        if kind in ("function_expression", "function", "generator_function"):
            own = node.child_by_field_name("name")
            if own is not None:
                yield text(own, source)
        params = node.child_by_field_name("parameters") or node.child_by_field_name("parameter")
        if params is not None:
            yield from _pattern_names(params, source)
    elif kind in _BLOCKS:
        for statement in node.named_children:
            declared = statement
            if statement.type == "export_statement":
                declared = statement.child_by_field_name("declaration") or statement
            if declared.type in _DECLARATIONS:
                yield from _declared(declared, source, kind == "program")
    elif kind == "catch_clause":
        param = node.child_by_field_name("parameter")
        if param is not None:
            yield from _pattern_names(param, source)
    elif kind == "for_in_statement":
        left = node.child_by_field_name("left")
        if left is not None:
            yield from _pattern_names(left, source)
    elif kind == "for_statement":
        init = node.child_by_field_name("initializer")
        if init is not None and init.type in _DECLARATIONS:
            yield from _declared(init, source)


def _declared(declaration: Node, source: bytes, top: bool = False) -> Iterator[str]:
    """Names declared by `declaration`; at the top level (`top`) a plain name is a variable
    symbol of the file (`javascript._variables`), so only destructured names count."""
    for declarator in declaration.named_children:
        if declarator.type != "variable_declarator":
            continue
        value = declarator.child_by_field_name("value")
        if value is not None and (value.type in _SYMBOL_VALUES or _requires(value, source)):
            continue
        pattern = declarator.child_by_field_name("name")
        if pattern is not None and not (top and pattern.type == "identifier"):
            yield from _pattern_names(pattern, source)


def _requires(value: Node, source: bytes) -> bool:
    """`require("m")`, `require("m").x`, `await import("m")`: an import, not a local."""
    while value.type in ("member_expression", "await_expression"):
        inner = value.child_by_field_name("object") or value.named_child(0)
        if inner is None:
            return False
        value = inner
    if value.type != "call_expression":
        return False
    fn = value.child_by_field_name("function")
    return fn is not None and (fn.type == "import" or text(fn, source) == "require")


def _pattern_names(pattern: Node, source: bytes) -> Iterator[str]:
    """The identifiers a binding pattern binds (parameters, destructuring, TS parameters)."""
    kind = pattern.type
    if kind in ("identifier", "shorthand_property_identifier_pattern"):
        yield text(pattern, source)
    elif kind in ("assignment_pattern", "object_assignment_pattern"):
        left = pattern.child_by_field_name("left")
        if left is not None:
            yield from _pattern_names(left, source)
    elif kind == "pair_pattern":
        value = pattern.child_by_field_name("value")
        if value is not None:
            yield from _pattern_names(value, source)
    elif kind in ("required_parameter", "optional_parameter"):
        inner = pattern.child_by_field_name("pattern")
        if inner is not None:
            yield from _pattern_names(inner, source)
    elif kind in (
        "formal_parameters",
        "object_pattern",
        "array_pattern",
        "rest_pattern",
        "lexical_declaration",
        "variable_declaration",
    ):
        for child in pattern.named_children:
            if child.type == "variable_declarator":
                name = child.child_by_field_name("name")
                if name is not None:
                    yield from _pattern_names(name, source)
            else:
                yield from _pattern_names(child, source)


def _is_module(root: Node, source: bytes) -> bool:
    """An `import`/`export` statement, or a top-level assignment to `module.exports`,
    `module.exports.x` or `exports.x` (a UMD wrapper's guarded one is no module's)."""
    for statement in root.named_children:
        if statement.type in _MODULE_STATEMENTS:
            return True
        values: list[Node | None] = []
        if statement.type == "expression_statement":
            values.append(statement.named_child(0))
        elif statement.type in _DECLARATIONS:  # `const proto = module.exports = {..}`
            values.extend(d.child_by_field_name("value") for d in statement.named_children)
        if any(_exports_assigned(value, source) for value in values):
            return True
    return False


def _exports_assigned(value: Node | None, source: bytes) -> bool:
    """`module.exports[.x] = ..` / `exports.x = ..`, also in a chain (`a = exports.x = ..`)."""
    while value is not None and value.type == "assignment_expression":
        left = value.child_by_field_name("left")
        if left is not None and text(left, source).startswith(("module.exports", "exports.")):
            return True
        value = value.child_by_field_name("right")
    return False
