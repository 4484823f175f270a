"""JavaScript: the definitions a CommonJS module makes by assigning its exports (issue 32).

* `module.exports = class Application {..}` -> CLASS `Application` (its methods its own);
  `module.exports = function make() {..}` -> FUNCTION `make`; an anonymous class, function
  or arrow (`module.exports = (req, res) => {..}`) is named `exports`, the name CommonJS gives
  the module's value. Each is the module's value (an EXPORT `module.exports` fact): what
  `require` of the module gives, `new (require("./application"))()` creates.
* `module.exports.request = (..) => ..` / `exports.request = function () {..}` -> a member of
  the module's value where the file defines that value (FUNCTION `exports.request`, METHOD
  `Application.request` of a class), else FUNCTION `request` exported as `request`.

* `f.name = function/arrow`, `f` a function of the file (`dayjs.extend = (plugin) => ..`):
  FUNCTION `f.name`, a member of `f` (`_function_property`).
Only statements at the top level of the file count, and never over a name the file defines
otherwise (the first definition of a qualname wins, as everywhere).
"""

from __future__ import annotations

from tree_sitter import Node

from coderooms.core.kinds import SymbolKind
from coderooms.languages.parsing.collector import Collector, Scope
from coderooms.languages.parsing.nodes import IDENT_RE, dotted, header, text
from coderooms.resolution.extraction import MODULE_VALUE, FactKind

EXPORTS = "exports"
"""The name of an anonymous module value."""
_VALUES = frozenset({"arrow_function", "function_expression", "function", "generator_function"})
_CLASSES = frozenset({"class"})


def exported_name(assignment: Node, source: bytes) -> tuple[str, str] | None:
    """(owner, name) of a top-level `module.exports[.name] = <value>` / `exports.name = ..`:
    owner `""` for the module's value itself (name its own name or `exports`), else the
    target `module.exports` / `exports` and the member's name. None elsewhere."""
    statement = assignment.parent
    if statement is None or statement.type != "expression_statement":
        return None
    program = statement.parent
    if program is None or program.type != "program":
        return None
    left, right = assignment.child_by_field_name("left"), assignment.child_by_field_name("right")
    if left is None or right is None or left.type != "member_expression":
        return None
    target = dotted(text(left, source))
    if target == MODULE_VALUE:
        own = right.child_by_field_name("name")
        if right.type in _VALUES | _CLASSES:
            return "", text(own, source) if own is not None else EXPORTS
        return None
    owner, _, name = (target or "").rpartition(".")
    if owner in (EXPORTS, MODULE_VALUE) and IDENT_RE.fullmatch(name):
        return owner, name
    return None


def module_value(program: Node, source: bytes) -> str | None:
    """The name of the module's value where a top-level `module.exports = ..` gives one: a
    class or function expression's (`exports` when anonymous), or the identifier assigned."""
    found: str | None = None
    for statement in program.named_children:
        assignment = statement.named_child(0) if statement.type == "expression_statement" else None
        if assignment is None or assignment.type != "assignment_expression":
            continue
        left = assignment.child_by_field_name("left")
        right = assignment.child_by_field_name("right")
        if left is None or right is None or dotted(text(left, source)) != MODULE_VALUE:
            continue
        if right.type == "identifier":
            found = text(right, source)
        else:
            named = exported_name(assignment, source)
            found = named[1] if named is not None else None
    return found


def exported_function(node: Node, outer: Scope, c: Collector) -> Scope:
    """`module.exports[.name] = function/arrow` at the top level (the assignment captured)."""
    source = c.source
    named = exported_name(node, source)
    value = node.child_by_field_name("right")
    if named is None and value is not None and value.type in _VALUES and not outer.prefix:
        return _function_property(node, value, outer, c)
    if named is None or value is None or value.type not in _VALUES or outer.prefix:
        return outer
    owner, name = named
    sig = header(node, value.child_by_field_name("body"), source)
    if not owner:
        if not c.define(SymbolKind.FUNCTION, name, "", value, sig):
            return outer
        c.fact(node, FactKind.EXPORT, MODULE_VALUE, name)
        return Scope(name, name, in_type=False)
    program = node.parent.parent if node.parent is not None else None
    value_name = module_value(program, source) if program is not None else None
    if value_name is not None and owner == EXPORTS:
        value_name = None  # `exports.x` after `module.exports = ..` is no longer the value's
    if value_name is not None and c.defines(value_name):
        qual = f"{value_name}.{name}"
        owned = next(s.kind for s in c.ex.symbols if s.qualname == value_name)
        kind = SymbolKind.METHOD if owned is SymbolKind.CLASS else SymbolKind.FUNCTION
        if not c.define(kind, qual, value_name, value, sig):
            return outer
        return Scope(qual, qual, in_type=False)
    if value_name is not None or not c.define(SymbolKind.FUNCTION, name, "", value, sig):
        return outer
    c.fact(node, FactKind.EXPORT, name, name)
    return Scope(name, name, in_type=False)


def _function_property(node: Node, value: Node, outer: Scope, c: Collector) -> Scope:
    """`f.name = function/arrow` at the top level, `f` a function the file defines before it
    (`dayjs.extend = (plugin) => ..`): FUNCTION `f.name`, a member of `f`."""
    source = c.source
    left = node.child_by_field_name("left")
    statement = node.parent
    top = statement is not None and statement.type == "expression_statement"
    if not top or statement is None or statement.parent is None:
        return outer
    if left is None or statement.parent.type != "program":
        return outer
    owner = left.child_by_field_name("object")
    prop = left.child_by_field_name("property")
    if owner is None or prop is None or owner.type != "identifier":
        return outer
    owner_name, name = text(owner, source), text(prop, source)
    owned = next((s.kind for s in c.ex.symbols if s.qualname == owner_name), None)
    if owned is not SymbolKind.FUNCTION or not IDENT_RE.fullmatch(name):
        return outer
    qual = f"{owner_name}.{name}"
    sig = header(node, value.child_by_field_name("body"), source)
    if not c.define(SymbolKind.FUNCTION, qual, owner_name, value, sig):
        return outer
    return Scope(qual, qual, in_type=False)


def exported_class(cls: Node, c: Collector) -> str | None:
    """The name of the class `module.exports = class ..` makes the module's value, or None."""
    assignment = cls.parent
    if assignment is None or assignment.type != "assignment_expression":
        return None
    named = exported_name(assignment, c.source)
    if named is None or named[0] or c.defines(named[1]):
        return None
    c.fact(assignment, FactKind.EXPORT, MODULE_VALUE, named[1])
    return named[1]
