"""Members of what a call returns, and members a type inherits, as far as one file states them.

`a().b()`, `this.x().y()`, `builder.setA().setB()`: the callee of the inner call is found in the
file (a function, a method of the enclosing class, a method of a value of a declared type, of a
type a previous call of the chain returned), its declared return type (`declared_returns`) is the
type of the value, and the member is looked up in that type: in the file when the type is
defined there (its in-file bases and, for Go, its embedded types followed), else as `T.member`
through the file's imports or package, as any `T.member` is. A return type that is a type
parameter, a call the file does not define, or a type neither defined, imported nor (Go, Java)
of the package leaves the member unknown: a ghost named for it, never a guess by name. Java, Go,
JavaScript and Rust also follow fields (`a().f.m()`, `x.f.m()` with `f` declared by another
file's type, Rust `self.f.m()` in an impl of another file's type): each field's declared type
in turn (`through_fields`, `then` steps `.f`).

Everything here depends on the file alone, so a file's edit re-resolves exactly what it changed.
"""

from __future__ import annotations

from coderooms.core.kinds import SymbolKind
from coderooms.resolution.extraction import INHERITS
from coderooms.resolution.file_scope import MAX_ASSIGNED, FileScope
from coderooms.resolution.member_types import split_alternatives
from coderooms.resolution.ref_requests import RefRequest
from coderooms.resolution.vocabulary import (
    AGREE,
    CALLED,
    CARRIER_ELEMENTS,
    CONSTRUCTED,
    ELEMENT,
    FIELD,
    INHERITED,
    LAMBDA_CHAIN,
    TYPE_KINDS,
)

MAX_CHAIN = 16
"""Calls of a chain followed at most (`a().b().c()...`)."""
MAX_BASES = 16
"""Bases followed up one class's chain at most (a cycle stops sooner)."""
SELF_TYPES = frozenset({"this", "Self"})
MEMBER_KINDS = frozenset({SymbolKind.METHOD, SymbolKind.FUNCTION})

Typed = tuple[bool, str]
"""(True, a qualname of the file) or (False, a type or base name as the file writes it)."""


def chained(scope: FileScope, request: RefRequest, parts: list[str]) -> RefRequest:
    """A member of a call's result (`parts[-2]` ends in `()`): see the module docstring. Java:
    also through fields of the result (`a().f.m()`), each of the type the field is declared
    with."""
    called = max(i for i, p in enumerate(parts[:-1]) if p.endswith(CALLED))
    fields = parts[called + 1 : -1]
    if fields and not scope.rules.follows_fields:
        return request  # a field of a returned value (`a().f.m()`): not followed
    returned = _returned(scope, request.source, parts[: called + 1], 0)
    if returned is not None and any(f.startswith("#") for f in fields):
        return request  # a lambda's parameter (`languages.java.lambdas`) of a method of this file
    if returned is None:
        return _through_other_file(scope, request, parts[: called + 1], fields, parts[-1])
    if fields:
        return through_fields(scope, request, request.source, returned, fields, parts[-1])
    return _member_request(scope, request, returned, parts[-1])


def _through_other_file(
    scope: FileScope, request: RefRequest, call: list[str], fields: list[str], member: str
) -> RefRequest:
    """The called function is another file's: where to find it, and the fields and member to
    look up in what it is declared to return (`RefRequest.then`, followed by
    `member_tables`)."""
    callee = ".".join([*call[:-1], call[-1].removesuffix(CALLED)])
    inner = scope.request(request.source, request.kind, callee, request.line)
    if inner is None or inner.local is not None or not inner.alternatives:
        return request
    request.alternatives, request.bound = inner.alternatives, inner.bound
    request.then = (*inner.then, *(FIELD + f for f in fields), member)
    return request


def through_fields(
    scope: FileScope, request: RefRequest, source: str, typed: Typed, fields: list[str], member: str
) -> RefRequest:
    """Java `x.f.g.m()` where `x` is of type `typed` (seen from `source`): the fields' declared
    types in turn — in the file while its types declare them, then through the table of the
    file that declares the type (`then` steps `.f`) — and `member` of the last one."""
    local, name = typed
    while fields and local:
        written = scope.types.get((name, fields[0]))
        if written is None or written == "?":
            return request  # not declared by the file's type (inherited): not followed
        found = scope.local(name, written.split("."), TYPE_KINDS)
        source, fields = name, fields[1:]
        local, name = (True, found) if found is not None else (False, written)
    if not fields:
        return _member_request(scope, request, (local, name), member)
    found_type = scope.request(source, INHERITS, name, 0)
    if found_type is None or found_type.local is not None or not found_type.alternatives:
        return request
    request.alternatives, request.bound = found_type.alternatives, found_type.bound
    request.then = (*(FIELD + f for f in fields), member)
    return request


def table_entries(scope: FileScope) -> list[str]:
    """The module table entries other files' references need to follow members of what this
    file's functions return and of its classes' bases (`js_reexports`: `r`, `b`, `t`)."""
    entries: list[str] = []
    written: dict[str, str | None] = {}
    bases = scope.rules.table_bases(scope)
    fields: dict[str, str] = {}
    if scope.rules.follows_fields:  # `d`: fields' declared types, for other files
        fields = {
            f"{owner}.{name}": written
            for (owner, name), written in scope.types.items()
            if scope.kinds.get(owner) in TYPE_KINDS
        }
    returns = {**scope.rules.table_variables(scope), **scope.returns}
    for tag, items in (("r", returns), ("b", bases), ("d", fields)):
        for qual, name in items.items():
            if tag == "d" and (name == "?" or LAMBDA_CHAIN in name):  # a field of no one type
                entries.append(f"d{qual}=?")
                continue
            where = qual.rpartition(".")[0] if tag == "d" else qual  # a field: its class
            # overloads' parameter types; a JDK container and its element (`Map<V>`)
            names = name.split(AGREE) if tag == "d" else name.split(ELEMENT)
            hows = [type_recipe(scope, where, one) if one != "?" else None for one in names]
            carried = tag == "r" and names[0] in CARRIER_ELEMENTS and hows[-1] is not None
            if carried or all(how is not None for how in hows):  # Rust `Result<T`: T's recipe
                entries.append(f"{tag}{qual}={name}")
            for one, how in zip(names, hows, strict=True):
                if how is not None:
                    # one name the file resolves two ways (nested types of two classes): unknown
                    written[one] = _same_name(scope, written.get(one, how), how)
    for name, qual in scope.rules.extra_type_names(scope).items():  # Rust: its impls' types
        how = type_recipe(scope, qual, name)
        if how is not None:
            written[name] = how if written.get(name, how) == how else None
    entries += [f"t{name}={how}" for name, how in written.items() if how is not None]
    return entries + scope.rules.table_extra(scope)


def _same_name(scope: FileScope, known: str | None, how: str) -> str | None:
    """The recipe of a type name written twice: the one, or none when they differ (C++, whose
    lookups differ by the enclosing scopes, `Rules.scoped_type_names`: every alternative of
    both, in order)."""
    if known == how:
        return how
    if known is None or not scope.rules.scoped_type_names or known[:1] != "A" or how[:1] != "A":
        return None
    merged = dict.fromkeys([*split_alternatives(known[1:]), *split_alternatives(how[1:])])
    return "A" + "\t".join(merged)


def type_recipe(scope: FileScope, qual: str, name: str) -> str | None:
    """How the file resolves type `name` written in definition `qual`: `L` + a type of the
    file, `A` + tab-separated encoded alternatives; None when nothing can."""
    if name in SELF_TYPES:
        owner = scope._enclosing_type(qual.rpartition(".")[0])
        return "L" + owner if owner is not None else None
    local = scope.local(qual, name.split("."), TYPE_KINDS)
    if local is not None:
        return "L" + local
    found = scope.request(qual, INHERITS, name, 0)
    if found is None or found.local is not None or not found.alternatives:
        return None
    return "A" + "\t".join(found.alternatives)


def member_request(scope: FileScope, request: RefRequest, typed: list[str]) -> RefRequest:
    """`x.m()` with `x` of declared type `T` (`typed`: `T.m`'s parts): `m` of `T`, inherited
    when `T` is defined in the file, else `T.m` as written."""
    if any(p.endswith(CALLED) for p in typed[:-1]):  # `x = f(); x.m()`: what `f` returns
        return assigned(scope, request, typed)
    owner = scope.local(request.source, typed[:-1], TYPE_KINDS) if len(typed) > 1 else None
    if owner is not None:
        return _member_request(scope, request, (True, owner), typed[-1])
    rewritten = scope.request(request.source, request.kind, ".".join(typed), request.line, False)
    if rewritten is None:
        return request
    rewritten.ref = request.ref  # found as `T.m` is, a `Type.member` guess included
    if rewritten.local is None and rewritten.alternatives and len(typed) > 1:
        walked = inherited_alternatives(scope, request.source, ".".join(typed[:-1]), typed[-1])
        rewritten.alternatives = (*rewritten.alternatives, *walked)
    return rewritten


def assigned(scope: FileScope, request: RefRequest, parts: list[str]) -> RefRequest:
    """`x.m()` where `x` was assigned a call (`x = f()`, `parts`: `f()`, `m`): `m` of what `f`
    is declared to return, as `f().m()` is (`chained`). Locals typed by one another's calls are
    followed `MAX_ASSIGNED` deep at most (`let a = b.f(); let b = a.g()` would never end)."""
    if scope.expanding >= MAX_ASSIGNED:
        return request
    scope.expanding += 1
    try:
        return chained(scope, request, parts)
    finally:
        scope.expanding -= 1


def member_of(scope: FileScope, owner: str, member: str) -> Typed | None:
    """`member` of the file's type `owner`: its own, else up its in-file bases (JS/TS, Java).
    (False, base) when the chain leaves the file at `base` before answering. (A Go type's
    methods may be in any file of its package: see `languages.go.embedded`.)"""
    current, seen = owner, set[str]()
    while current not in seen and len(seen) < MAX_BASES:
        seen.add(current)
        found = f"{current}.{member}"
        if scope.kinds.get(found) in MEMBER_KINDS:
            return True, found
        base = scope.bases.get(current)
        if base is None:
            return None
        local = scope.local(current, base.split("."), TYPE_KINDS)
        if local is None:
            return False, base
        current = local
    return None


def _member_request(scope: FileScope, request: RefRequest, typed: Typed, member: str) -> RefRequest:
    local, name = typed
    if local:
        found = member_of(scope, name, member)
        if found is not None and found[0]:
            request.local = found[1]
            return request
        if found is not None:
            name = found[1]
    elif (
        scope._binding(name.split("."))[0] is None
        and not scope.rules.package_scoped
        and name.split(".")[0] not in scope.rules.path_heads
    ):
        return request  # a type the file neither defines nor imports (a global, a parameter)
    rewritten = scope.request(request.source, request.kind, f"{name}.{member}", request.line, False)
    if rewritten is None:
        return request
    rewritten.ref = request.ref
    if local and rewritten.local is None:  # Go: promoted from an embedded type
        scope.rules.promoted(scope, rewritten, typed[1], member)
    if rewritten.local is None and rewritten.alternatives:
        walked = inherited_alternatives(scope, request.source, name, member, local and not found)
        rewritten.alternatives = (*rewritten.alternatives, *walked)
    return rewritten


def static_field(
    scope: FileScope, request: RefRequest, source: str, parts: list[str]
) -> RefRequest | None:
    """Java `Type.FIELD.m()` / `Type.field.g().m()` (a second part that is no type's name:
    lowercase or all capitals), `Type.Inner.FIELD.m()` (the field of a nested type, issue 32):
    the field's declared type, as `through_fields` finds it; an
    enum's constants are of the enum's type. None when the type is the file's and declares no
    such field (a nested type, then: `Type.Inner.m()`)."""
    if len(parts) < 3 or not parts[0][:1].isupper():
        return None
    at = next((i for i, p in enumerate(parts[:-1]) if field_like(p)), None)
    if at is None or at == 0 or (at > 1 and CALLED in "".join(parts[:at])):
        return None  # `Type.Inner.FIELD.m()`: the field of the nested type (issue 32)
    field, typed = parts[at], parts[:at]
    owner = scope.local(source, typed, TYPE_KINDS)
    if owner is not None:
        if scope.types.get((owner, field)) in (None, "?"):
            return None
        return through_fields(scope, request, source, (True, owner), parts[at:-1], parts[-1])
    request.ghost = request.ref  # `System.out.println`: named as written when nothing answers
    written = ".".join(typed)
    return through_fields(scope, request, source, (False, written), parts[at:-1], parts[-1])


def field_like(part: str) -> bool:
    """A part of `Type.x.m()` taken for a field: lowercase, `_`, or all capitals."""
    return part[:1].islower() or part[:1] == "_" or part.isupper()


def inherited_field(
    scope: FileScope, request: RefRequest, source: str, parts: list[str]
) -> RefRequest | None:
    """Java `f.m()` (`this.f.m()`) where `f` is no local nor field of the enclosing classes:
    a field of the enclosing class's bases — up the in-file chain while the bases are the
    file's, then through the tables of the files declaring them. None: the class extends
    nothing."""
    owner = scope._enclosing_type(source)
    if owner is None or scope._type_of(source, parts[0]) is not None:
        return None  # declared in the file, if without one type (`var f = make()`): not a base's
    current, seen = owner, set[str]()
    while current not in seen and len(seen) < MAX_BASES:
        seen.add(current)
        base = scope.bases.get(current)
        if base is None:
            return None
        local = scope.local(current, base.split("."), TYPE_KINDS)
        if local is None:
            return through_fields(scope, request, current, (False, base), parts[:-1], parts[-1])
        written = scope.types.get((local, parts[0]))
        if written is not None:
            return through_fields(scope, request, local, (True, local), parts[:-1], parts[-1])
        current = local
    return None


def inherited_alternatives(
    scope: FileScope, source: str, owner: str, member: str, local: bool = False
) -> tuple[str, ...]:
    """Alternatives that find type `owner` (as `source` names it; `local`: a qualname of the
    file) and look `member` up in it and its bases, in any file (`member_tables`)."""
    if local:
        return (scope.own_file(f"{owner}{INHERITED}{member}"),)
    found = scope.request(source, INHERITS, owner, 0)
    if found is None:
        return ()
    if found.local is not None:
        return (scope.own_file(f"{found.local}{INHERITED}{member}"),)
    return tuple(scope.walked(encoded, member) for encoded in found.alternatives)


def _returned(scope: FileScope, source: str, call: list[str], depth: int) -> Typed | None:
    """The declared type of what `call` (its last part ends in `()`) returns."""
    if depth >= MAX_CHAIN:
        return None
    if call[-1] == CONSTRUCTED and len(call) > 1 and scope.rules.creates(call[-2]):
        created = scope.local(source, call[:-1], TYPE_KINDS)  # `new Foo(..)`: a Foo
        return (True, created) if created is not None else (False, ".".join(call[:-1]))
    callee = [*call[:-1], call[-1].removesuffix(CALLED)]
    target = _callee(scope, source, callee, depth)
    written = scope.returns.get(target) if target is not None else None
    if written is not None:  # a JDK container's element: for other files (`member_tables`)
        written = written.partition(ELEMENT)[0]
    if written is None or written == "?" or target is None:
        return scope.rules.constructed(scope, source, callee)  # Rust `T::new()`: a `T`
    if written in SELF_TYPES:  # TS `this`, Rust `Self`: the enclosing type
        owner = scope._enclosing_type(target.rpartition(".")[0])
        if owner is not None:
            return True, owner
        prefix = target.rpartition(".")[0]  # a Rust impl of a type of another file
        return (False, prefix) if prefix and scope.rules.impl_types_elsewhere else None
    found = scope.local(target, written.split("."), TYPE_KINDS)
    return (True, found) if found is not None else (False, written)


def _callee(scope: FileScope, source: str, callee: list[str], depth: int) -> str | None:
    """The file's function or method that `callee` calls, or None."""
    if any(p.endswith(CALLED) for p in callee[:-1]):
        if not callee[-2].endswith(CALLED):
            return None
        returned = _returned(scope, source, callee[:-1], depth + 1)
        if returned is None or not returned[0]:
            return None
        found = member_of(scope, returned[1], callee[-1])
    elif callee[0] in ("this", "self", "Self"):
        owner = scope._enclosing_type(source)
        found = member_of(scope, owner, callee[1]) if owner and len(callee) == 2 else None
    else:
        typed = scope.typed(source, callee)
        if typed is None:
            return scope.local(source, callee, None)
        if typed[-2].endswith(CALLED) and scope.expanding < MAX_ASSIGNED:  # `x = f(); x.m()`
            scope.expanding += 1
            try:
                returned = _returned(scope, source, typed[:-1], depth + 1)
            finally:
                scope.expanding -= 1
            found = member_of(scope, returned[1], typed[-1]) if returned and returned[0] else None
            return found[1] if found is not None and found[0] else None
        owner = scope.local(source, typed[:-1], TYPE_KINDS)
        found = member_of(scope, owner, typed[-1]) if owner is not None else None
    return found[1] if found is not None and found[0] else None
