"""JSDoc types in JavaScript: what `/** ... */` comments declare, recorded as the facts that
TypeScript's annotations give (see `languages.typescript`), so that calls on a value typed only
by JSDoc resolve as on a declared one (webpack is typed so throughout).

* `@typedef {import("./Foo")} Foo` in a top-level comment binds `Foo` as
  `const Foo = require("./Foo")` would (an ImportRef, alias `Foo`: the file depends on
  `./Foo` as on a require); `@typedef {import("./Foo").Bar} Baz` as
  `const { Bar: Baz } = require("./Foo")`. Other typedefs (`{object}` with `@property`) bind
  nothing.
* `@param {T} name` (also `[name]`, `[name=default]`) in the comment right before a function
  (a declaration, a method, a declarator's or assignment's or property's function value, a
  function argument) -> a PARAM fact of that parameter, annotation `T`; `@returns {T}` /
  `@return {T}` of a named one (declaration, method, `const f = ...`) -> its RETURNS fact
  (`Promise<T>` is `T`, and `{this}` the enclosing class, as in TypeScript).
* `this.f = p;` in a constructor whose `@param` types `p` -> an ASSIGN fact of field `f` of the
  class (as `this.f = new T()` gives one, `assigned`).
* `@type {T}` before `const x = ...` / `let x;` -> an ASSIGN fact of `x`; before
  `this.x = ...` in a class's method -> an ASSIGN fact of field `x` of that class; before a
  class field `x = ...` -> the same; a cast `const x = /** @type {T} */ (y)` -> of `x`.
* `T` is the one named type written: `Foo`, `ns.Foo`, `Foo<X>` -> `Foo`; a union with `null`
  or `undefined` (`Foo | null`, `?Foo`, `Foo=`, `(Foo | undefined)`) -> `Foo`; primitives,
  `Foo[]`, unions of two types, function and object types, inline `import(..)` and a name
  declared by `@template` (in the comment or its class's) are no type: nothing is recorded.
"""

from __future__ import annotations

import re

from tree_sitter import Node

from coderooms.languages.parsing.collector import Collector, declared_return
from coderooms.languages.parsing.nodes import text
from coderooms.resolution.extraction import FactKind

_TAG = re.compile(r"@(param|arg|argument|returns|return|type|typedef|template)\b")
_GENERIC = re.compile(r"([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*(?:<(.*)>)?", re.S)
_IMPORTED = re.compile(r"""import\(\s*["']([^"']+)["']\s*\)(?:\.([A-Za-z_$][\w$]*))?(?:<.*>)?""")
_PARAM_NAME = re.compile(r"\s*\[?\s*([A-Za-z_$][\w$]*)\s*(?:[=\]]|$|\s)")
_PLAIN = re.compile(r"[A-Za-z_$][\w$]*")
_TYPEDEF_NAME = re.compile(r"\s*([A-Za-z_$][\w$]*)")
_TEMPLATE_NAMES = re.compile(r"\s*(?:\{[^}]*\}\s*)?([A-Za-z_$][\w$]*(?:\s*,\s*[A-Za-z_$][\w$]*)*)")
_MARGIN = re.compile(r"(?m)^\s*\*")
_TYPING = frozenset({"param", "arg", "argument", "returns", "return", "type", "typedef"})
_DOCUMENTING = _TYPING - {"typedef"}
"""Tags that type what the comment stands before (a typedef names a type of the file)."""
_NOTHING = frozenset({"null", "undefined", "void"})
_NOT_TYPES = frozenset(
    {
        "string", "number", "boolean", "object", "Object", "any", "unknown", "never", "symbol",
        "bigint", "function", "Function", "true", "false", "this", "String", "Number",
        "Boolean", "Symbol", "BigInt",
    }
)  # fmt: skip
_FUNCTIONS = frozenset({"arrow_function", "function_expression", "generator_function", "function"})
_DECLARATIONS = frozenset({"lexical_declaration", "variable_declaration"})

Tag = tuple[str, str, str]
"""(tag name, the type between its braces, what follows the braces up to the next tag)."""


def jsdoc_types(comments: list[Node], c: Collector) -> None:
    """Record what every `/**` comment of `comments` declares (see the module docstring)."""
    source = c.source
    classes: dict[int, set[str]] = {}
    for comment in comments:
        start = comment.start_byte
        if source[start : start + 3] != b"/**" or source.find(b"@", start, comment.end_byte) < 0:
            continue
        tags = _tags(source[start : comment.end_byte].decode("utf-8", "replace"))
        if not any(tag in _TYPING for tag, _, _ in tags):
            continue
        parent = comment.parent
        if parent is not None and parent.type == "program":
            _typedefs(tags, comment, c)
        if parent is not None and parent.type == "variable_declarator":
            _cast(tags, comment, parent, c)
            continue
        if not any(tag in _DOCUMENTING for tag, _, _ in tags):
            continue
        target = comment.next_named_sibling
        if target is None or target.start_point.row > comment.end_point.row + 1:
            continue
        if target.type == "export_statement":
            target = target.child_by_field_name("declaration") or target
        templates = _Templates(_templates(tags), target, source, classes)
        if any(tag != "type" and tag in _DOCUMENTING for tag, _, _ in tags):
            _function_types(tags, target, templates, c)
        _variable_types(tags, target, templates, c)


def _tags(raw: str) -> list[Tag]:
    body = raw.removeprefix("/**").removesuffix("*/")
    body = _MARGIN.sub(" ", body)
    found: list[Tag] = []
    matches = list(_TAG.finditer(body))
    for i, match in enumerate(matches):
        end = matches[i + 1].start() if i + 1 < len(matches) else len(body)
        rest = body[match.end() : end]
        typed, after = _braced(rest)
        found.append((match.group(1), typed, after))
    return found


def _braced(rest: str) -> tuple[str, str]:
    """The text between the balanced braces `rest` opens with (after blanks), and what follows."""
    stripped = rest.lstrip()
    if not stripped.startswith("{"):
        return "", rest
    close = stripped.find("}")
    if close > 0 and "{" not in stripped[1:close]:
        return stripped[1:close], stripped[close + 1 :]
    depth = 0
    for i, ch in enumerate(stripped):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return stripped[1:i], stripped[i + 1 :]
    return "", rest


def named_type(written: str) -> str | None:
    """The one named type a JSDoc type expression names (see the module docstring), or None."""
    typed = written.strip()
    if _PLAIN.fullmatch(typed):
        return None if typed in _NOT_TYPES else typed
    while True:
        before = typed
        typed = typed.removesuffix("=").removeprefix("?").removeprefix("!").strip()
        if typed.startswith("(") and typed.endswith(")") and _closes_at_end(typed):
            typed = typed[1:-1].strip()
        if typed == before:
            break
    members = [m.strip() for m in _top_level_split(typed, "|")]
    kept = [m for m in members if m not in _NOTHING]
    if len(kept) != 1:
        return None
    if len(members) > 1:
        return named_type(kept[0])
    match = _GENERIC.fullmatch(kept[0])
    if match is None:
        return None
    name, arguments = match.group(1), match.group(2)
    if name == "Promise" and arguments is not None:
        return named_type(arguments) if len(_top_level_split(arguments, ",")) == 1 else None
    return None if name in _NOT_TYPES else name


def _closes_at_end(typed: str) -> bool:
    depth = 0
    for i, ch in enumerate(typed):
        depth += ch == "("
        depth -= ch == ")"
        if depth == 0:
            return i == len(typed) - 1
    return False


def _top_level_split(typed: str, separator: str) -> list[str]:
    parts: list[str] = []
    depth = 0
    start = 0
    for i, ch in enumerate(typed):
        if ch in "(<[{":
            depth += 1
        elif ch in ")>]}":
            depth -= 1
        elif ch == separator and depth == 0:
            parts.append(typed[start:i])
            start = i + 1
    parts.append(typed[start:])
    return parts


def _typedefs(tags: list[Tag], comment: Node, c: Collector) -> None:
    for tag, typed, after in tags:
        if tag != "typedef":
            continue
        imported = _IMPORTED.fullmatch(typed.strip())
        named = _TYPEDEF_NAME.match(after)
        if imported is None or named is None:
            continue
        module, member, local = imported.group(1), imported.group(2), named.group(1)
        if member is None:
            c.imp(module, (), local, comment)
        else:
            c.imp(module, (member,), None, comment, aliases=(None if local == member else local,))


class _Templates:
    """The `@template` names a comment's types may use: its own, and (looked up on the first
    name asked) those of its class's comment."""

    __slots__ = ("_known", "_own", "_source", "_target", "_theirs")

    def __init__(
        self, own: set[str], target: Node, source: bytes, known: dict[int, set[str]]
    ) -> None:
        self._own, self._target, self._source, self._known = own, target, source, known
        self._theirs: set[str] | None = None

    def __contains__(self, name: object) -> bool:
        if name in self._own:
            return True
        if self._theirs is None:
            self._theirs = _class_templates(self._target, self._source, self._known)
        return name in self._theirs


def _templates(tags: list[Tag]) -> set[str]:
    found: set[str] = set()
    for tag, _, after in tags:
        if tag == "template":
            names = _TEMPLATE_NAMES.match(after)
            if names is not None:
                found.update(n.strip() for n in names.group(1).split(","))
    return found


def _class_templates(target: Node, source: bytes, known: dict[int, set[str]]) -> set[str]:
    """The `@template` names of the class around `target` (its doc comment's; `known` by the
    class's first byte)."""
    current = target.parent
    while current is not None and current.type not in ("class_declaration", "class"):
        current = current.parent
    if current is None:
        return set()
    found = known.get(current.start_byte)
    if found is None:
        found = known[current.start_byte] = _comment_templates(current, source)
    return found


def _comment_templates(current: Node, source: bytes) -> set[str]:
    anchor = current
    if anchor.parent is not None and anchor.parent.type == "export_statement":
        anchor = anchor.parent
    before = anchor.prev_named_sibling
    if before is None or before.type != "comment":
        return set()
    return _templates(_tags(text(before, source)))


def _function_types(tags: list[Tag], target: Node, templates: _Templates, c: Collector) -> None:
    fn, named = _function_of(target)
    if fn is None:
        return
    params = _parameters(fn, c.source)
    typed_params: dict[str, str] = {}
    for tag, typed, after in tags:
        if tag in ("param", "arg", "argument"):
            name = _PARAM_NAME.match(after)
            node = params.get(name.group(1)) if name is not None else None
            annotation = named_type(typed)
            if node is not None and annotation and annotation not in templates:
                c.fact(node, FactKind.PARAM, text(node, c.source), annotation=annotation)
                typed_params[text(node, c.source)] = annotation
        elif tag in ("returns", "return") and named is not None:
            annotation = "this" if typed.strip() == "this" else named_type(typed)
            if annotation and annotation not in templates:
                declared_return(c, named, annotation)
    if typed_params and fn.type == "method_definition":
        _kept_params(fn, typed_params, c)


def _kept_params(method: Node, typed: dict[str, str], c: Collector) -> None:
    """`this.f = p;` in a constructor's body, `p` a parameter of a JSDoc type: field `f` of the
    class is of that type, as `this.f = new T()` makes it a `T` (`assigned`)."""
    source = c.source
    name = method.child_by_field_name("name")
    body = method.child_by_field_name("body")
    if name is None or body is None or text(name, source) != "constructor":
        return
    for statement in body.named_children:
        assignment = statement.named_children[0] if statement.named_child_count else None
        if statement.type != "expression_statement" or assignment is None:
            continue
        right = assignment.child_by_field_name("right")
        if assignment.type == "assignment_expression" and right is not None:
            declared = typed.get(text(right, source)) if right.type == "identifier" else None
            if declared is not None:
                _this_field(assignment, declared, c)


def _function_of(target: Node) -> tuple[Node | None, Node | None]:
    """The function a comment right before `target` documents, and the node naming it (one
    with a `name` field: a declaration, a method, a declarator) where it is a symbol."""
    kind = target.type
    if kind in ("function_declaration", "generator_function_declaration", "method_definition"):
        return target, target
    if kind in _FUNCTIONS:
        return target, None
    if kind in _DECLARATIONS:
        declarators = [d for d in target.named_children if d.type == "variable_declarator"]
        value = declarators[0].child_by_field_name("value") if len(declarators) == 1 else None
        if value is not None and value.type in _FUNCTIONS:
            return value, declarators[0]
        return None, None
    if kind == "expression_statement" and target.named_child_count == 1:
        target = target.named_children[0]
        kind = target.type
    if kind == "assignment_expression":
        value = target.child_by_field_name("right")
    elif kind in ("pair", "field_definition"):
        value = target.child_by_field_name("value")
    else:
        return None, None
    if value is not None and value.type in _FUNCTIONS:
        return value, target if kind == "field_definition" else None
    return None, None


def _parameters(fn: Node, source: bytes) -> dict[str, Node]:
    """A function's plainly named parameters (`a`, `a = 1`, `...a`) by name."""
    single = fn.child_by_field_name("parameter")
    if single is not None and single.type == "identifier":
        return {text(single, source): single}
    params = fn.child_by_field_name("parameters")
    found: dict[str, Node] = {}
    for written in params.named_children if params is not None else ():
        param: Node | None = written
        if written.type == "assignment_pattern":
            param = written.child_by_field_name("left")
        elif written.type == "rest_pattern" and written.named_child_count:
            param = written.named_children[0]
        if param is not None and param.type == "identifier":
            found[text(param, source)] = param
    return found


def _variable_types(tags: list[Tag], target: Node, templates: _Templates, c: Collector) -> None:
    declared = [named_type(typed) for tag, typed, _ in tags if tag == "type"]
    annotation = declared[0] if len(declared) == 1 else None
    if not annotation or annotation in templates:
        return
    source = c.source
    if target.type in _DECLARATIONS:
        for declarator in target.named_children:
            name = declarator.child_by_field_name("name")
            value = declarator.child_by_field_name("value")
            plain = value is None or value.type not in _FUNCTIONS
            if name is not None and name.type == "identifier" and plain:
                c.fact(name, FactKind.ASSIGN, text(name, source), annotation=annotation)
    elif target.type == "field_definition":
        name = target.child_by_field_name("property")
        value = target.child_by_field_name("value")
        if name is not None and (value is None or value.type not in _FUNCTIONS):
            c.fact(name, FactKind.ASSIGN, text(name, source), annotation=annotation)
    elif target.type == "expression_statement" and target.named_child_count == 1:
        _this_field(target.named_children[0], annotation, c)


def _this_field(assignment: Node, annotation: str, c: Collector) -> None:
    """`this.x = ...` in a method of a named class: field `x` of that class is declared."""
    if assignment.type != "assignment_expression":
        return
    left = assignment.child_by_field_name("left")
    if left is None or left.type != "member_expression":
        return
    obj, prop = left.child_by_field_name("object"), left.child_by_field_name("property")
    if obj is None or obj.type != "this" or prop is None or prop.type != "property_identifier":
        return
    current = assignment.parent
    while current is not None and current.type not in ("method_definition", "function_expression"):
        if current.type in ("function_declaration", "class_body"):
            return
        current = current.parent
    if current is None or current.type != "method_definition":
        return
    body = current.parent
    klass = body.parent if body is not None else None
    named = klass.child_by_field_name("name") if klass is not None else None
    if named is not None and klass is not None and klass.type in ("class_declaration", "class"):
        c.fact(named, FactKind.ASSIGN, text(prop, c.source), annotation=annotation)


def _cast(tags: list[Tag], comment: Node, declarator: Node, c: Collector) -> None:
    """`const x = /** @type {T} */ (y)`: `x` is declared a `T`."""
    value = declarator.child_by_field_name("value")
    name = declarator.child_by_field_name("name")
    if value is None or name is None or name.type != "identifier":
        return
    if value.type != "parenthesized_expression" or value.start_byte < comment.end_byte:
        return
    declared = [named_type(typed) for tag, typed, _ in tags if tag == "type"]
    if len(declared) == 1 and declared[0]:
        c.fact(name, FactKind.ASSIGN, text(name, c.source), annotation=declared[0])
