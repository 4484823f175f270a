"""What a local is assigned, as far as it gives the local a type: an object created
(`const x = new T()` -> `T`) or the value a call returns (`const x = f()`, Go `x := f()` and
`x, err := f()`, Rust `let x = a.b()`, TypeScript `const x = await f()` with `f(): Promise<T>`,
whose declared return is recorded as `T`), recorded as the callee with `()` (`f()`, `a.b()`): an
ASSIGN fact whose annotation `file_scope.Scope` reads as "what `f` is declared to return"
(`returned_types.member_request`). A call whose callee is not a path of names (`(a || b)()`,
`x[0]()`), `require(..)` (an import, bound as such) and a local assigned a call on itself
(`let s = s.trim()`, the earlier `s`) record nothing. JavaScript `const x = y.f` and
`const { f: x } = y` record the path (`=y.f`: `x.m()` is `y.f.m()`)."""

from __future__ import annotations

from tree_sitter import Node

from coderooms.languages.parsing.collector import Collector
from coderooms.languages.parsing.nodes import UNKNOWN_OBJECT, callee_name, text
from coderooms.resolution.extraction import FactKind
from coderooms.resolution.vocabulary import CALLED

NOT_VALUES = frozenset({"require", "import"})
"""Callees whose result is a module, bound by the file's imports instead."""


def call_value(
    value: Node,
    source: bytes,
    members: dict[str, tuple[str, str]],
    wrappers: dict[str, str | None] | None,
    calls: dict[str, str],
) -> str | None:
    """`f()` / `a.b()` for a call `value` of a path of names, else None."""
    if value.type not in calls:
        return None
    fn = value.child_by_field_name(calls[value.type])
    callee = callee_name(fn, source, members, wrappers, calls) if fn is not None else None
    if not callee or callee.startswith(UNKNOWN_OBJECT) or callee in NOT_VALUES:
        return None
    return callee + CALLED


def assigned_call(
    name: Node,
    value: Node,
    c: Collector,
    members: dict[str, tuple[str, str]],
    wrappers: dict[str, str | None] | None,
    calls: dict[str, str],
) -> None:
    """An ASSIGN fact typing `name` as what the call `value` returns (see the module)."""
    marker = call_value(value, c.source, members, wrappers, calls)
    local = text(name, c.source)
    if marker is not None and marker.partition(".")[0].removesuffix(CALLED) != local:
        c.fact(name, FactKind.ASSIGN, local, annotation=marker)
