"""JavaScript: types the code shows without an annotation (issue 32), each only when every
path agrees, so a call stays a ghost when the code could hold another value:

* `returned_types`: a function (declaration, `const f = (..) => ..`, method) without a JSDoc
  `@returns` whose every `return` gives `new C(..)` of one class `C`, `null`/`undefined`/
  nothing, or an identifier the function tests with `x instanceof C` -> RETURNS `C`
  (`const v = parse(s); v.compare(..)` is `C.compare`). An arrow's expression body counts as
  its one return.
* `reassigned_types`: `let x = null` (or `let x`) whose every assignment in the declaring
  block is `x = new C(..)` of one class `C` or `null` -> ASSIGN `C` (`let r = null; try { r =
  new Range(..) } catch ..; r.test(v)`).
"""

from __future__ import annotations

from collections.abc import Iterator

from tree_sitter import Node

from coderooms.languages.parsing.collector import Collector, declared_return
from coderooms.languages.parsing.nodes import dotted, text
from coderooms.resolution.extraction import FactKind

_FUNCTIONS = frozenset(
    {
        "function_declaration",
        "function_expression",
        "arrow_function",
        "generator_function",
        "generator_function_declaration",
        "method_definition",
        "class",
        "class_declaration",
    }
)
_EMPTY = frozenset({"null", "undefined"})
_STATEMENT_LISTS = frozenset({"program", "class_body", "statement_block"})


def returned_types(caps: dict[str, list[Node]], c: Collector) -> None:
    for node in caps.get("function", ()):
        _returns(node, node, c)
    for node in caps.get("method", ()):
        _returns(node, node, c)
    for declarator in caps.get("var_function", ()):
        value = declarator.child_by_field_name("value")
        if value is not None and value.type in ("arrow_function", "function_expression"):
            _returns(value, declarator, c)


def _returns(fn: Node, named: Node, c: Collector) -> None:
    if _documented_return(named, c.source):
        return
    body = fn.child_by_field_name("body")
    if body is None:
        return
    if body.type != "statement_block":
        values: list[Node | None] = [body]
    else:
        values = [
            r.named_children[0] if r.named_child_count else None
            for r in _own(body, "return_statement")
        ]
    if not values:
        return
    guarded = _instanceof(body, c.source)
    found: set[str] = set()
    pending: list[str] = []
    for returned in values:
        value = returned
        while value is not None and value.type == "parenthesized_expression":
            value = value.named_children[0] if value.named_child_count else None
        if value is None or text(value, c.source) in _EMPTY:
            continue
        if value.type == "new_expression":
            created = _created(value, c.source)
            if created is None:
                return
            found.add(created)
        elif value.type == "identifier" and text(value, c.source) in guarded:
            pending.append(text(value, c.source))
        else:
            return
    if len(found) != 1:
        return
    (typed,) = found
    if any(typed not in guarded[name] for name in pending):
        return
    declared_return(c, named, typed)


def reassigned_types(root: Node, c: Collector) -> None:
    candidates: list[tuple[Node, Node]] = []  # (the declaring block, the name), in order
    for declaration in _all(root, "lexical_declaration", "variable_declaration"):
        block = declaration.parent
        if block is None:
            continue
        for declarator in declaration.named_children:
            if declarator.type != "variable_declarator":
                continue
            name = declarator.child_by_field_name("name")
            value = declarator.child_by_field_name("value")
            if name is None or name.type != "identifier":
                continue
            if value is not None and text(value, c.source) not in _EMPTY:
                continue
            candidates.append((block, name))
    names: dict[tuple[int, int], set[str]] = {}
    for block, name in candidates:
        names.setdefault((block.start_byte, block.end_byte), set()).add(text(name, c.source))
    classes: dict[tuple[int, int], dict[str, str | None]] = {}
    for block, name in candidates:
        span = (block.start_byte, block.end_byte)
        if span not in classes:  # one walk of a block for all the names it declares
            classes[span] = _assigned_classes(block, names[span], c.source)
        local = text(name, c.source)
        typed = classes[span][local]
        if typed is not None:
            c.fact(name, FactKind.ASSIGN, local, annotation=typed)


def _assigned_classes(block: Node, names: set[str], source: bytes) -> dict[str, str | None]:
    """For each of `names`: the one class `C` every assignment to it in `block` gives (`new
    C(..)`; `null` and `undefined` do not count), else None."""
    found: dict[str, set[str]] = {name: set() for name in names}
    spoiled: set[str] = set()
    for assignment in _all(block, "assignment_expression", "augmented_assignment_expression"):
        left = assignment.child_by_field_name("left")
        if left is None or left.type != "identifier" or text(left, source) not in names:
            continue
        name = text(left, source)
        right = assignment.child_by_field_name("right")
        if assignment.type != "assignment_expression" or right is None:
            spoiled.add(name)
            continue
        if text(right, source) in _EMPTY:
            continue
        created = _created(right, source) if right.type == "new_expression" else None
        if created is None:
            spoiled.add(name)
        else:
            found[name].add(created)
    return {
        name: next(iter(classes)) if len(classes) == 1 and name not in spoiled else None
        for name, classes in found.items()
    }


def _created(new: Node, source: bytes) -> str | None:
    ctor = new.child_by_field_name("constructor")
    if ctor is None or ctor.type not in ("identifier", "member_expression"):
        return None
    return dotted(text(ctor, source)) or None


def _instanceof(body: Node, source: bytes) -> dict[str, set[str]]:
    """Identifiers the function's own code tests with `x instanceof C`: name -> the Cs."""
    tested: dict[str, set[str]] = {}
    for binary in _own(body, "binary_expression"):
        operator = binary.child_by_field_name("operator")
        left = binary.child_by_field_name("left")
        right = binary.child_by_field_name("right")
        if operator is None or left is None or right is None:
            continue
        if text(operator, source) != "instanceof" or left.type != "identifier":
            continue
        tested_class = dotted(text(right, source))
        if right.type in ("identifier", "member_expression") and tested_class:
            tested.setdefault(text(left, source), set()).add(tested_class)
    return tested


def _documented_return(named: Node, source: bytes) -> bool:
    """Whether the statement holding `named` follows a comment with `@returns` (`jsdoc`'s)."""
    anchor = named
    while anchor.parent is not None and anchor.parent.type not in _STATEMENT_LISTS:
        anchor = anchor.parent
    before = anchor.prev_named_sibling
    return (
        before is not None
        and before.type == "comment"
        and b"@return" in source[before.start_byte : before.end_byte]
    )


def _own(node: Node, kind: str) -> Iterator[Node]:
    """Descendants of `kind` outside nested functions and classes."""
    for child in node.named_children:
        if child.type == kind:
            yield child
        if child.type not in _FUNCTIONS:
            yield from _own(child, kind)


def _all(node: Node, *kinds: str) -> Iterator[Node]:
    for child in node.named_children:
        if child.type in kinds:
            yield child
        yield from _all(child, *kinds)
