"""How one file's references are looked up (`request`): in the file, through its imports,
its package, its bases, by each language's own rules. `file_records.build_record` makes the
file's `file_scope.FileScope` with this rule and asks it for every call and base the file names.

Everything here depends on that one file only. A reference that resolves inside the file is
settled now (`local`); the rest carry what resolution against other files needs — the import
alternatives or same-package alternatives, and the terminal `name` — so that they can be
resolved, and later re-resolved when other files change, without parsing this file again.
"""

from __future__ import annotations

from coderooms.resolution.extraction import INHERITS
from coderooms.resolution.file_scope import UNHANDLED, FileScope
from coderooms.resolution.ref_requests import Alternative, RefRequest, agreed_group
from coderooms.resolution.returned_types import (
    chained,
    inherited_alternatives,
    member_of,
    member_request,
    through_fields,
)
from coderooms.resolution.vocabulary import (
    AGREE,
    CALLED,
    RECEIVERS,
    TYPE_KINDS,
    UNKNOWN_RECEIVER,
)


def request(
    scope: FileScope, source: str, kind: str, ref: str, line: int, inherit: bool = True
) -> RefRequest | None:
    """How reference `ref` of `source` is looked up: in the file, through its imports, its
    package, its bases, and where a language reads it its own way, by the hooks of its rules
    (`file_scope.ReferenceRules`; the order is behaviour)."""
    rules = scope.rules
    whole = rules.whole(scope, source, kind, ref, line)
    if whole is not UNHANDLED:
        return whole
    parts = [p for p in ref.split(".") if p]
    special = rules.special(scope, source, kind, ref, parts, line)
    if special is not UNHANDLED:
        return special
    if not parts or (len(parts) == 1 and parts[0] in RECEIVERS):
        return None
    if source not in scope.kinds:
        if kind == INHERITS:
            return None  # e.g. Rust `impl Trait for ForeignType`: no node to hang it on
        source = ""
    request = RefRequest(source, kind, ref, parts[-1], line, scope.group, ghost=parts[-1])
    if parts[0] == UNKNOWN_RECEIVER:
        return request  # a member of an expression's result: only a unique name can answer
    found = rules.scoped(scope, request, source, parts)
    if found is not None:
        return found
    found = rules.namespaced(scope, request, source, kind, parts)
    if found is not None:
        return found
    if any(p.endswith(CALLED) for p in parts[:-1]):
        return chained(scope, request, parts)
    wanted = TYPE_KINDS if kind == INHERITS else None
    chain = scope._typed_chain(source, parts) if kind != INHERITS and inherit else None
    if chain is not None:  # `x.m()` on a value of a declared type: `T.m`
        declared, rest = chain
        if AGREE in declared:  # lambdas of different calls bind the name: all must agree
            return agreed(scope, request, declared, rest)
        if len(rest) > 1 and rules.follows_fields and declared[-1] != ")":
            owner = scope.local(source, declared.split("."), TYPE_KINDS)
            typed = (True, owner) if owner is not None else (False, declared)
            return through_fields(scope, request, source, typed, rest[:-1], rest[-1])
        return member_request(scope, request, [*declared.split("."), *rest])
    found = rules.before_binding(scope, request, source, parts, inherit)
    if found is not None:
        return found
    binding, rest = scope._binding(parts)
    if binding is not None and rules.binding_applies(scope, binding, rest):
        scope._bind(request, binding, rest, parts[: len(parts) - len(rest)])
        return rules.after_binding(scope, request, binding, parts)
    found = rules.path(scope, request, parts)
    if found is not None:
        return found
    found = rules.lexical(scope, request, source, parts, wanted)
    if found is not None:
        return found
    request.local = scope.local(source, parts, wanted)
    if request.local is not None:
        return request
    found = rules.not_local(scope, request, source, parts)
    if found is not None:
        return found
    if rules.binding_only:
        request.bound = True  # neither bound by a `require` nor defined here: a ghost
        return request
    if rules.inheriting and parts[0] in ("super", "this"):
        found = rules.inherited_field(scope, request, source, parts, inherit)
        if found is not None:
            return found
        return inherited(scope, request, source, parts)
    found = rules.bare(scope, request, source, parts, inherit)
    if found is not None:
        return found
    if parts[0] in RECEIVERS:
        return rules.receiver(scope, request, source, parts)
    bare_member = rules.implicit_members and len(parts) == 1
    if bare_member and inherit and kind != INHERITS and parts[0][:1].islower():
        return _bare_member(scope, request, source, parts)
    found = rules.qualified(scope, request, source, parts, inherit)
    if found is not None:
        return found
    if rules.package_scoped:
        package = Alternative((scope.package,), ".".join(parts))
        opened = [Alternative((t,), ".".join(parts)) for t in scope.opened]
        request.alternatives = (
            *(a.encode() for a in (package, *opened)),
            *rules.package_extra(scope, parts),
        )
    if len(parts) > 1 and parts[0] in rules.well_known_globals:
        # `console.log`: a runtime global, never a symbol of the repo
        request.bound, request.ghost = True, ref
    elif len(parts) > 1 and parts[0][:1].isupper():
        request.ghost = ref  # `String::from`, `Math.max`: see reference_resolution.type_member
    return rules.last(scope, request, source, parts)


def agreed(scope: FileScope, request: RefRequest, declared: str, rest: list[str]) -> RefRequest:
    """`a.m()` where lambdas of different calls of the definition bind `a` (Java, `declared`:
    their types joined by `AGREE`, each `f().#k/n.#j/m`): for each, a group of alternatives led
    by the members to look up in what they find (`agreed_group`); resolution links the call
    only where every group finds the same target. A member of a field of it, or a type that
    is not another file's: a ghost."""
    request.bound = True  # never a guess by name
    if len(rest) != 1:
        return request
    groups: list[str] = []
    for variant in declared.split(AGREE):
        one = RefRequest(request.source, request.kind, request.ref, request.name, request.line,
                         request.group, ghost=request.ghost)  # fmt: skip
        found = member_request(scope, one, [*variant.split("."), *rest])
        if found.local is not None or not found.alternatives or not found.then:
            return request
        groups += [agreed_group(found.then), *found.alternatives]
        request.then = request.then or found.then
    request.alternatives = tuple(groups)
    return request


def inherited(scope: FileScope, request: RefRequest, source: str, parts: list[str]) -> RefRequest:
    """JS/TS and Java `super(...)`, `super.m()` and `this.m()` the class does not define (Java's
    bare `m()` and Swift's `self.m()` too, through their hooks):
    what the base its `extends` names has under that name, up the chain while the bases are
    the file's (`returned_types.member_of`); beyond the file, the base it leaves at."""
    owner = scope._enclosing_type(source)
    base = scope.bases.get(owner) if owner is not None else None
    if base is None or (parts[0] == "this" and len(parts) != 2):
        request.bound = True  # never a guess by name
        return request
    local = scope.local(owner or "", base.split("."), TYPE_KINDS) if len(parts) == 2 else None
    found = member_of(scope, local, parts[1]) if local is not None else None
    if found is not None:  # up the in-file chain: `m` of the base that has it, or leaves
        base = found[1].rpartition(".")[0] if found[0] else found[1]
    target = [base, *parts[1:]]
    if scope.rules.super_constructor and parts == ["super"]:  # the base's constructor
        target.append(base.rsplit(".", 1)[-1])
    rewritten = scope.request(source, request.kind, ".".join(target), request.line, False)
    if rewritten is None:
        request.bound = True
        return request
    rewritten.ref = request.ref
    rewritten.bound = True
    if len(parts) == 2 and rewritten.local is None and rewritten.alternatives:
        walked = inherited_alternatives(scope, owner or "", base, parts[1])
        rewritten.alternatives = (*rewritten.alternatives, *walked)
    return rewritten


def _bare_member(
    scope: FileScope, request: RefRequest, source: str, parts: list[str]
) -> RefRequest:
    """Kotlin/Scala/Swift `m()` that no enclosing definition of the file has: a member the
    enclosing class inherits (an implicit `this`/`self`, as Java's `inherited`), else a
    top-level function of the file's package or of a wildcard import (Swift: its directory,
    then the imported modules), in that order; never a guess by name alone."""
    owner = scope._enclosing_type(source)
    found: tuple[str, ...] = ()
    if owner is not None and owner in scope.bases:
        through_base = inherited(
            scope,
            RefRequest(source, request.kind, request.ref, parts[0], request.line, scope.group),
            source,
            ["this", *parts],
        )
        if through_base.local is not None:
            return through_base
        found = through_base.alternatives
    opened = [Alternative((t,), parts[0]) for t in (scope.package, *scope.opened)]
    request.bound = True
    request.alternatives = (*found, *(a.encode() for a in opened))
    return request
