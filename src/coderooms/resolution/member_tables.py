"""Members of what another file's function returns, through that file's module table.

`Spec.builder().add().build()` in one file, `builder` and `Builder` in another: the reference
carries where to find the callee (its alternatives) and the members to look up in turn
(`RefRequest.then`: `add`, `build`). Each step reads the table of the file that defines the
function found (`js_reexports`: `r` its declared return type as written, `t` how that file
resolves the name) to find the type, then the member in it: defined by the type, else — for
Go — by another file of its package, for Rust by an `impl` in another file (`rust.impls`): the
group's `lookup_rules` hooks), else up its bases (`b` entries, each resolved the same
way, to any depth, each class once). A Java step `.f` is a field: the type the table's `d` entry
says it is declared with; `.#k/n` after a method is its parameter `k` of `n`, after a functional
interface its method's (`languages.java.lambdas`). A step that finds nothing leaves a ghost.

The keys recorded are every table entry read (`member_key`) and every name looked for, so a
changeset that changes a return type, a base or what a type name means in that file, or adds or
removes a symbol of one of those names, re-resolves the reference.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from coderooms.core.kinds import SymbolKind
from coderooms.resolution.lookup_rules import of_group
from coderooms.resolution.member_types import TYPE_NAMES, Keys, member_key, type_named
from coderooms.resolution.ref_requests import Alternative
from coderooms.resolution.vocabulary import (
    AGREE,
    CARRIER_ELEMENTS,
    CLOSED,
    CONTAINER_ELEMENTS,
    ELEMENT,
    FIELD,
    INHERITED,
    SELF_TYPED,
)

PARAMETER = "#"
"""A step `.#k/n`: parameter `k` of `n` (`languages.java.lambdas`)."""

if TYPE_CHECKING:
    from coderooms.resolution.lookup import Lookup, SymbolInfo

MEMBER_TAGS = frozenset("rbtdoah")
"""Module table tags of what members of values need (see `js_reexports`)."""
MAX_BASES = 16
"""Bases followed up one class's chain at most (a cycle stops sooner)."""
MEMBER_NAMES = frozenset({SymbolKind.METHOD.value, SymbolKind.FUNCTION.value})


def follow_returns(
    lookup: Lookup, found: SymbolInfo, then: tuple[str, ...], group: str, keys: Keys
) -> SymbolInfo | None:
    """What `then`'s members, looked up in turn in what each function returns, end at. A step
    `.f` (`FIELD`) is the field `f` of that type instead: its declared type; a chain whose
    first step is a field starts from a type (`t.tagPending.append()` with `Tokeniser t`)."""
    current: SymbolInfo | None = found
    is_type = found.kind in TYPE_NAMES and bool(then) and then[0].startswith(FIELD)
    for at, step in enumerate(then):
        if current is None:
            return None
        if not is_type and step.startswith(FIELD + PARAMETER):
            # Java `.#k/n` of a method: its parameter `k` of `n`, a `m#k/n` field of its class
            owner_qual, _, name = current.qualname.rpartition(".")
            owner = lookup.defined(current.path, owner_qual, TYPE_NAMES) if owner_qual else None
            if owner is None:
                return None
            types = _overloads(lookup, owner, name + step[len(FIELD) :], group, keys)
            if len(types) > 1:  # overloads of one arity: what follows must agree for each
                ends = [_end(lookup, t, then[at + 1 :], group, keys) for t in types]
                same = len({end.id if end else None for end in ends}) == 1
                return ends[0] if same else None
            current = types[0] if types else None
            is_type = True
            continue
        element = None if is_type else _element(lookup, current, step, group, keys)
        if element is not None:  # `m().get()` with `Map<V> m()`: a `V`, no member of ours
            current, is_type = element, True
            continue
        owner = current if is_type else _returned_type(lookup, current, group, keys)
        if owner is None:
            return None
        if step.startswith(FIELD):
            current = _field_type(lookup, owner, step[len(FIELD) :], group, keys)
            is_type = True
        else:
            current = _member(lookup, owner, step, group, keys)
            is_type = False
            if current is None and at < len(then) - 1:  # a fluent setter of a base not read
                current = _self_typed(lookup, owner, keys)
                is_type = current is not None
    return None if is_type else current


def _self_typed(lookup: Lookup, owner: SymbolInfo, keys: Keys) -> SymbolInfo | None:
    """Java: `owner` itself where its base takes it as a type argument (`SELF_TYPED`: the
    self type of a fluent builder, `Builder extends AbstractBuilder<T, Builder>`), so that a
    member found in no class of the repo (the base's, outside it) gives an `owner`."""
    qual = f"{owner.qualname}.{SELF_TYPED}"
    keys.add((owner.path, member_key("d", qual)))
    written = lookup.reexports(owner.path).fields.get(qual)
    if written is None or written.rpartition(".")[2] != owner.qualname.rpartition(".")[2]:
        return None
    return owner


def _overloads(
    lookup: Lookup, owner: SymbolInfo, field: str, group: str, keys: Keys
) -> list[SymbolInfo]:
    """The types the overloads of one arity declare parameter `field` (`m#k/n`) of type
    `owner` with (`AGREE`-joined in its table when they differ); none when one is unknown."""
    qual = f"{owner.qualname}.{field}"
    keys.add((owner.path, member_key("d", qual)))
    written = lookup.reexports(owner.path).fields.get(qual)
    if written is None or AGREE not in written:
        found = _field_type(lookup, owner, field, group, keys)
        return [found] if found is not None else []
    types = [type_named(lookup, owner.path, one, group, keys) for one in written.split(AGREE)]
    return [t for t in types if t is not None] if all(types) else []


def _end(
    lookup: Lookup, typ: SymbolInfo, then: tuple[str, ...], group: str, keys: Keys
) -> SymbolInfo | None:
    """What `then` ends at from type `typ` (its first step a field's): `follow_returns`."""
    if not then or not then[0].startswith(FIELD):
        return None
    return follow_returns(lookup, typ, then, group, keys)


def _field_type(
    lookup: Lookup, owner: SymbolInfo, field: str, group: str, keys: Keys
) -> SymbolInfo | None:
    """The type field `field` of type `owner` (its own, else up its bases) is declared with, as
    its file's table says; None for a field of no one type (`?`), which hides its bases'."""
    current: SymbolInfo | None = owner
    seen: set[str] = set()
    while current is not None and current.id not in seen and len(seen) < MAX_BASES:
        seen.add(current.id)
        qual = f"{current.qualname}.{field}"
        keys.add((current.path, member_key("d", qual)))
        table = lookup.reexports(current.path)
        written = table.fields.get(qual)
        if written is not None:
            if written == "?":
                return None
            return type_named(lookup, current.path, written, group, keys)
        nested = lookup.defined(current.path, qual, TYPE_NAMES)  # `Type.Inner.m()`: no field
        if nested is not None:
            return nested
        keys.add((current.path, member_key("b", current.qualname)))
        base = table.bases.get(current.qualname)
        if base is None:
            return None
        current = type_named(lookup, current.path, base, group, keys)
    return None


def inherited_member(
    lookup: Lookup, alternative: Alternative, group: str, keys: Keys
) -> SymbolInfo | None:
    """`Type^member`: the type the alternative finds, then `member` in it or up its bases."""
    owner, _, member = alternative.qual.partition(INHERITED)
    keys.add(("", owner.rpartition(".")[2]))
    typ, looked = lookup.in_module_through(
        Alternative(alternative.targets, owner), group, TYPE_NAMES
    )
    keys |= looked
    if typ is None or typ.kind not in TYPE_NAMES:
        return None
    return _member(lookup, typ, member, group, keys)


def closed_member(
    lookup: Lookup, alternative: Alternative, group: str, keys: Keys
) -> tuple[SymbolInfo | None, bool]:
    """`Type!^member` (`CLOSED`): `member` of the type or up its bases, and whether a miss is
    sure: every type up the chain has no base but its `b` entry (the table's `h` count, known
    JDK interfaces aside) and the chain ends in the repo."""
    owner, _, member = alternative.qual.partition(CLOSED)
    keys.add(("", owner.rpartition(".")[2]))
    current, looked = lookup.in_module_through(
        Alternative(alternative.targets, owner), group, TYPE_NAMES
    )
    keys |= looked
    seen: set[str] = set()
    while current is not None and current.kind in TYPE_NAMES and len(seen) < MAX_BASES:
        if current.id in seen:
            return None, False
        seen.add(current.id)
        found = lookup.defined(current.path, f"{current.qualname}.{member}", MEMBER_NAMES)
        if found is not None:
            return found, True
        table = lookup.reexports(current.path)
        keys.add((current.path, member_key("h", current.qualname)))
        count = table.counts.get(current.qualname)
        if count == "0":
            return None, True
        keys.add((current.path, member_key("b", current.qualname)))
        base = table.bases.get(current.qualname)
        if count != "1" or base is None:
            return None, False
        current = type_named(lookup, current.path, base, group, keys)
    return None, False


def _returned_type(lookup: Lookup, fn: SymbolInfo, group: str, keys: Keys) -> SymbolInfo | None:
    keys.add((fn.path, member_key("r", fn.qualname)))
    written = lookup.reexports(fn.path).returns.get(fn.qualname)
    if written is None:
        return None
    return type_named(lookup, fn.path, written.partition(ELEMENT)[0], group, keys)


def _element(
    lookup: Lookup, fn: SymbolInfo, step: str, group: str, keys: Keys
) -> SymbolInfo | None:
    """The element's type when `fn` returns a JDK container of one (`Map<V>`,
    `languages.java.containers`) and `step` is one of the container's element accessors
    (`get`), or a Rust `Result<T` / `Option<T` and `step` is `unwrap` / `expect`, the
    container's name being no type of the repo; else None."""
    keys.add((fn.path, member_key("r", fn.qualname)))
    written = lookup.reexports(fn.path).returns.get(fn.qualname)
    container, _, element = (written or "").partition(ELEMENT)
    simple = container.rpartition(".")[2]
    steps = CONTAINER_ELEMENTS.get(simple) or CARRIER_ELEMENTS.get(simple, frozenset())
    if not element or step not in steps:
        return None
    if type_named(lookup, fn.path, container, group, keys) is not None:
        return None  # the repo's own `Map`: its `get` is followed as any member is
    return type_named(lookup, fn.path, element, group, keys)


def overload_up(
    lookup: Lookup, found: SymbolInfo, fits: Callable[[SymbolInfo], bool], group: str, keys: Keys
) -> SymbolInfo | None:
    """Java: the method of `found`'s name that the bases of its class declare, nearest first,
    that `fits` (an overload taking the call's arguments, `arities`); None where the chain
    leaves the repo first."""
    owner, _, member = found.qualname.rpartition(".")
    current = lookup.defined(found.path, owner, TYPE_NAMES) if owner else None
    seen: set[str] = set()
    while current is not None and current.id not in seen and len(seen) < MAX_BASES:
        seen.add(current.id)
        keys.add((current.path, member_key("b", current.qualname)))
        base = lookup.reexports(current.path).bases.get(current.qualname)
        typ = type_named(lookup, current.path, base, group, keys) if base is not None else None
        candidate = _member(lookup, typ, member, group, keys) if typ is not None else None
        if candidate is None or fits(candidate):
            return candidate
        owner = candidate.qualname.rpartition(".")[0]
        current = lookup.defined(candidate.path, owner, TYPE_NAMES)
    return None


def member_up(
    lookup: Lookup, owner: SymbolInfo, member: str, group: str, keys: Keys
) -> SymbolInfo | None:
    """`member` of type `owner`: its own, else up its bases (JS/TS `published`)."""
    return _member(lookup, owner, member, group, keys)


def _member(
    lookup: Lookup, owner: SymbolInfo, member: str, group: str, keys: Keys
) -> SymbolInfo | None:
    """`member` of type `owner`: its own, else up its bases."""
    current: SymbolInfo | None = owner
    seen: set[str] = set()
    while current is not None and current.id not in seen and len(seen) < MAX_BASES:
        seen.add(current.id)
        qual = f"{current.qualname}.{member}"
        rules = of_group(lookup, group)
        paths = [current.path, *rules.member_paths(lookup, current)]  # Go: its package's files
        for path in paths:
            found = lookup.defined(path, qual, MEMBER_NAMES)
            if found is not None:
                return found
        found = rules.member_elsewhere(lookup, current, member, keys)  # Rust: another file's impl
        if found is not None:
            return found
        keys.add((current.path, member_key("b", current.qualname)))
        base = lookup.reexports(current.path).bases.get(current.qualname)
        if base is None:
            return None
        current = type_named(lookup, current.path, base, group, keys)
    return None
