"""Node helpers shared by the per-language extractors: a node's text, a definition's
signature (its header up to the body, whitespace collapsed, capped at `SIGNATURE_MAX`), dotted
names, callee names (`callee_name`: see `collector`'s docstring), type names and parameters,
string literals."""

from __future__ import annotations

import re

from tree_sitter import Node

SIGNATURE_MAX = 200
_RAW_MAX = 4 * SIGNATURE_MAX  # bytes looked at before collapsing whitespace

_WS = re.compile(r"\s+")
_IDENT = r"(?:[^\W\d]|\$)[\w$]*"
IDENT_RE = re.compile(_IDENT)
DOTTED_RE = re.compile(rf"{_IDENT}(?:\.{_IDENT})*")
_CHAIN_NOISE = re.compile(r"\s+|\?(?=\.)")
_ANGLE = re.compile(r"(?:::)?<[^<>]*>")
_TRAILERS = (":", "{", ";")


def text(node: Node, source: bytes) -> str:
    """The source text of `node`, decoded leniently."""
    return source[node.start_byte : node.end_byte].decode("utf-8", "replace")


def collapse(raw: bytes) -> str:
    """Decode and collapse every run of whitespace to one space."""
    decoded = raw.decode("utf-8", "replace")
    if "  " in decoded or "\n" in decoded or "\t" in decoded or "\r" in decoded:
        decoded = _WS.sub(" ", decoded)
    return decoded.strip()


def signature(source: bytes, start: int, end: int) -> str:
    """`source[start:end]` with whitespace collapsed, a trailing `:`/`{`/`;` removed, capped."""
    sig = collapse(source[start : min(end, start + _RAW_MAX)])
    for trailer in _TRAILERS:
        if sig.endswith(trailer):
            sig = sig[: -len(trailer)].rstrip()
            break
    return sig[:SIGNATURE_MAX]


def prefixed(prefix: str, sig: str) -> str:
    """`prefix sig`, still capped (`const` + a declarator's signature)."""
    return f"{prefix} {sig}"[:SIGNATURE_MAX]


def header(node: Node, body: Node | None, source: bytes) -> str:
    """Signature of a definition: its text up to `body` (the whole node when there is none)."""
    end = body.start_byte if body is not None else node.end_byte
    return signature(source, node.start_byte, end)


def strip_generics(name: str) -> str:
    """`Foo<T, Bar<U>>` -> `Foo` (innermost groups removed until none is left)."""
    while "<" in name:
        stripped = _ANGLE.sub("", name)
        if stripped == name:
            break
        name = stripped
    return name


def dotted(raw: str) -> str | None:
    """`raw` as a dotted name if it is a chain of identifiers (`::`, `?.`, spaces normalised)."""
    if DOTTED_RE.fullmatch(raw):
        return raw
    norm = _CHAIN_NOISE.sub("", raw).replace("::", ".")
    if DOTTED_RE.fullmatch(norm):
        return norm
    return None


def type_name(node: Node, source: bytes) -> str | None:
    """A type reference as a dotted name with generic arguments dropped (`a::B<T>` -> `a.B`)."""
    raw = text(node, source)
    if "<" in raw:
        raw = strip_generics(raw)
    return dotted(raw.lstrip(":&*"))


UNKNOWN_OBJECT = "?"
"""Head of a callee whose object is an expression's result (`a().b()` -> `?.b`)."""


def callee_name(
    node: Node,
    source: bytes,
    members: dict[str, tuple[str, str]],
    wrappers: dict[str, str | None] | None = None,
    calls: dict[str, str] | None = None,
) -> str | None:
    """The callee of a call whose function part is `node` (see the module docstring).

    `members` maps member-access node types to the fields holding the object and the accessed
    name (Python `attribute` -> (`object`, `attribute`)); `wrappers` maps node types that merely
    wrap a callee or an object (Rust `generic_function`, TS `a!`) to the field holding it (None:
    the first named child); `calls` maps call node types to the field holding their callee (an
    object that is a call of a named callee is written `callee()`).
    """
    raw = source[node.start_byte : node.end_byte].decode("utf-8", "replace")
    if DOTTED_RE.fullmatch(raw):
        return raw
    if "<" in raw:
        raw = strip_generics(raw)
    name = dotted(raw)
    if name is not None:
        return name
    parts: list[str] = []
    current: Node | None = node
    while current is not None:
        kind = current.type
        if wrappers is not None and kind in wrappers:
            field = wrappers[kind]
            current = (
                current.child_by_field_name(field) if field is not None else current.named_child(0)
            )
            continue
        fields = members.get(kind)
        if fields is None:
            break
        last = current.child_by_field_name(fields[1])
        final = text(last, source) if last is not None else ""
        if not IDENT_RE.fullmatch(final):
            if not parts:
                return None
            current = None  # a member that is no identifier (`a.#p.m`): an unknown object
            break
        parts.append(final)
        current = current.child_by_field_name(fields[0])
        if current is None:  # a rooted path (Rust `::std::mem::swap`)
            return ".".join(reversed(parts))
    if current is not None:
        head = text(current, source)
        if IDENT_RE.fullmatch(head):
            parts.append(head)
            return ".".join(reversed(parts))
    if not parts:
        return None
    if current is not None and calls is not None and current.type in calls:
        inner = current.child_by_field_name(calls[current.type])
        called = callee_name(inner, source, members, wrappers, calls) if inner else None
        if called and not called.startswith(UNKNOWN_OBJECT):
            parts.append(called + "()")
            return ".".join(reversed(parts))
    parts.append(UNKNOWN_OBJECT)
    return ".".join(reversed(parts))


def type_parameters(node: Node, source: bytes) -> set[str]:
    """The type parameters in scope at definition `node`: its own and those of the definitions
    around it (`class A<T> { <U> U m() }`, Rust `impl<T>`, Go `func F[T any]`; a Go method's
    receiver `(l *List[T])`)."""
    found: set[str] = set()
    current: Node | None = node
    while current is not None:
        declared = current.child_by_field_name("type_parameters")
        for param in declared.named_children if declared is not None else ():
            names = param.children_by_field_name("name") or param.named_children[:1]
            found.update(text(n, source) for n in names if n.type in _PARAMETER_NAMES)
        receiver = current.child_by_field_name("receiver")
        for child in _walk_named(receiver) if receiver is not None else ():
            if child.type == "type_identifier" and _parent_type(child) in (
                "type_elem",
                "type_arguments",
            ):
                found.add(text(child, source))
        current = current.parent
    return found


_PARAMETER_NAMES = frozenset({"type_identifier", "identifier"})
_ARGUMENT_PARENTS = frozenset({"type_elem", "type_arguments"})


def _parent_type(node: Node) -> str | None:
    return node.parent.type if node.parent is not None else None


def _walk_named(node: Node) -> list[Node]:
    found: list[Node] = []
    stack = [node]
    while stack:
        current = stack.pop()
        found.append(current)
        stack.extend(current.named_children)
    return found


def local_alias(name: str, local: str | None) -> str | None:
    """The local name an imported `name` is bound to, or None when it is bound as itself."""
    return local if local is not None and local != name else None


def string_value(node: Node, source: bytes) -> str:
    """A string literal's content: its text without the surrounding quote characters."""
    raw = text(node, source)
    if len(raw) >= 2 and raw[0] in "\"'`" and raw[-1] == raw[0]:
        return raw[1:-1]
    return raw.strip("\"'`")
