"""How one file's references are looked up (`request`): in the file, through its imports,
its package, its bases, by each language's own rules. `file_records.build_record` makes the
file's `file_scope.Scope` with this rule and asks it for every call and base the file names.

Everything here depends on that one file only. A reference that resolves inside the file is
settled now (`local`); the rest carry what resolution against other files needs — the import
alternatives or same-package alternatives, and the terminal `name` — so that they can be
resolved, and later re-resolved when other files change, without parsing this file again.
"""

from __future__ import annotations

from coderooms.ingest.file_scope import Scope
from coderooms.ingest.java_on_demand import OnDemand, OnDemandImports, on_demand_quals
from coderooms.ingest.namespace_names import Uses, Usings
from coderooms.ingest.namespace_requests import csharp_request, php_request
from coderooms.ingest.ref_requests import java_qualified
from coderooms.ingest.required_requests import bash_command, ruby_request
from coderooms.ingest.returned_types import (
    chained,
    inherited_alternatives,
    inherited_field,
    member_of,
    member_request,
    static_field,
    through_fields,
)
from coderooms.ingest.rust_requests import (
    crate_alternatives,
    crate_path,
    crate_path_too,
    in_impls,
    module_called,
)
from coderooms.resolution.extraction import INHERITS
from coderooms.resolution.ref_requests import Alternative, RefRequest
from coderooms.resolution.vocabulary import CALLED, RECEIVERS, TYPE_KINDS, UNKNOWN_RECEIVER


def request(
    scope: Scope, source: str, kind: str, ref: str, line: int, inherit: bool = True
) -> RefRequest | None:
    """How reference `ref` of `source` is looked up: in the file, through its imports, its
    package, its bases, by each language's own rules (the order is behaviour)."""
    if scope.group == "bash":
        return bash_command(scope, source, kind, ref, line)
    parts = [p for p in ref.split(".") if p]
    if scope.language == "java" and parts == ["this"] and kind != INHERITS:
        owner = scope._enclosing_type(source)  # `this(...)`: another constructor
        if owner is None:
            return None
        constructor = f"{owner}.{owner.rsplit('.', 1)[-1]}"
        constructor = constructor if constructor in scope.kinds else owner
        request = RefRequest(source, kind, ref, "this", line, scope.group, ghost="this")
        request.local = constructor
        return request
    if not parts or (len(parts) == 1 and parts[0] in RECEIVERS):
        return None
    if source not in scope.kinds:
        if kind == INHERITS:
            return None  # e.g. Rust `impl Trait for ForeignType`: no node to hang it on
        source = ""
    request = RefRequest(source, kind, ref, parts[-1], line, scope.group, ghost=parts[-1])
    if parts[0] == UNKNOWN_RECEIVER:
        return request  # a member of an expression's result: only a unique name can answer
    if isinstance(scope.extension, Usings):
        return csharp_request(scope, scope.extension, request, source, kind, parts)
    if isinstance(scope.extension, Uses):
        return php_request(scope, scope.extension, request, source, kind, parts)
    if any(p.endswith(CALLED) for p in parts[:-1]):
        return chained(scope, request, parts)
    wanted = TYPE_KINDS if kind == INHERITS else None
    chain = scope._typed_chain(source, parts) if kind != INHERITS and inherit else None
    if chain is not None:  # `x.m()` on a value of a declared type: `T.m`
        declared, rest = chain
        if len(rest) > 1 and scope.rules.follows_fields and declared[-1] != ")":
            owner = scope.local(source, declared.split("."), TYPE_KINDS)
            typed = (True, owner) if owner is not None else (False, declared)
            return through_fields(scope, request, source, typed, rest[:-1], rest[-1])
        return member_request(scope, request, [*declared.split("."), *rest])
    if scope.language == "java" and kind != INHERITS and inherit:
        found = static_field(scope, request, source, parts)  # `Type.FIELD.m()`
        if found is not None:
            return found
    binding, rest = scope._binding(parts)
    if binding is not None and not module_called(scope, binding, rest):
        scope._bind(request, binding, rest, parts[: len(parts) - len(rest)])
        return crate_path_too(scope, request, binding, parts)
    if scope.language == "rust" and parts[0] in ("crate", "super") and len(parts) > 1:
        return crate_path(scope, request, parts)
    rust_head = scope.language == "rust" and len(parts) > 1 and parts[0] not in RECEIVERS
    if rust_head and parts[0][:1].islower():
        # `httparse::Request::new()` without a `use`: a crate of the repo, if one is named so
        # (`x.len()` on a local reads the same and names no crate)
        request.bound, request.alternatives = True, crate_alternatives(scope.path, parts)
    if scope.language == "ruby":
        return ruby_request(scope, request, source, parts, wanted)
    request.local = scope.local(source, parts, wanted)
    if request.local is not None:
        return request
    if scope.group == "c":
        # only what the includes reach, never a name elsewhere in the repo (else a ghost);
        # C++ looks in the enclosing namespaces and classes first, innermost first
        # (`Foo()` inside `namespace leveldb { }` may be `leveldb::Foo`)
        request.bound = True
        name = ".".join(parts)
        enclosing = source.split(".") if source else []
        quals = [".".join([*enclosing[:i], name]) for i in range(len(enclosing) - 1, 0, -1)]
        quals.append(name)
        request.alternatives = tuple(
            Alternative(targets, qual).encode() for qual in quals for targets in scope.required
        )
        return request
    if scope.language == "swift" and parts[0] == "self" and kind != INHERITS:
        return _inherited(scope, request, source, ["this", *parts[1:]])
    if scope.rules.binding_only:
        request.bound = True  # neither bound by a `require` nor defined here: a ghost
        return request
    if scope.rules.inheriting and parts[0] in ("super", "this"):
        if scope.language == "java" and len(parts) > 2 and kind != INHERITS and inherit:
            found = inherited_field(scope, request, source, parts[1:])  # `this.f.m()`
            if found is not None:
                return found
        return _inherited(scope, request, source, parts)
    java_bare = scope.language == "java" and len(parts) == 1 and kind != INHERITS
    bare_member = scope.rules.implicit_members and len(parts) == 1
    if java_bare and inherit and not parts[0][:1].isupper():
        # an inherited `m()` (a capitalized name is a type)
        return _inherited(scope, request, source, ["this", *parts])
    if parts[0] in RECEIVERS:
        return in_impls(scope, request, source, parts)  # Rust `self.m()` of an impl
    if bare_member and inherit and kind != INHERITS and parts[0][:1].islower():
        return _bare_member(scope, request, source, parts)
    if scope.language == "java" and len(parts) > 1 and not parts[0][:1].isupper():
        qualified = java_qualified(parts) if parts[0][:1].islower() else None
        if qualified is not None:
            request.bound, request.alternatives = True, (qualified.encode(),)
            request.ghost = ref
            return request
        if kind != INHERITS and inherit:  # `f.m()`, `f` a field of a base
            found = inherited_field(scope, request, source, parts)
            if found is not None:
                return found
    if scope.rules.package_scoped:
        package = Alternative((scope.package,), ".".join(parts))
        opened = [Alternative((t,), ".".join(parts)) for t in scope.opened]
        on_demand = on_demand_quals(_on_demand(scope), parts)
        request.alternatives = (
            *(a.encode() for a in (package, *opened)),
            *(Alternative(targets, qual).encode() for targets, qual in on_demand),
        )
    if len(parts) > 1 and parts[0] in scope.rules.well_known_globals:
        # `console.log`: a runtime global, never a symbol of the repo
        request.bound, request.ghost = True, ref
    elif len(parts) > 1 and parts[0][:1].isupper():
        request.ghost = ref  # `String::from`, `Math.max`: see reference_resolution.type_member
    return in_impls(scope, request, source, parts)


def _inherited(scope: Scope, request: RefRequest, source: str, parts: list[str]) -> RefRequest:
    """JS/TS and Java `super(...)`, `super.m()` and `this.m()` the class does not define:
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


def _bare_member(scope: Scope, request: RefRequest, source: str, parts: list[str]) -> RefRequest:
    """Kotlin/Scala/Swift `m()` that no enclosing definition of the file has: a member the
    enclosing class inherits (an implicit `this`/`self`, as Java's `_inherited`), else a
    top-level function of the file's package or of a wildcard import (Swift: its directory,
    then the imported modules), in that order; never a guess by name alone."""
    owner = scope._enclosing_type(source)
    found: tuple[str, ...] = ()
    if owner is not None and owner in scope.bases:
        inherited = _inherited(
            scope,
            RefRequest(source, request.kind, request.ref, parts[0], request.line, scope.group),
            source,
            ["this", *parts],
        )
        if inherited.local is not None:
            return inherited
        found = inherited.alternatives
    opened = [Alternative((t,), parts[0]) for t in (scope.package, *scope.opened)]
    request.bound = True
    request.alternatives = (*found, *(a.encode() for a in opened))
    return request


def _on_demand(scope: Scope) -> tuple[OnDemand, ...]:
    """Java: the file's on-demand imports (none for another language)."""
    return scope.extension.imports if isinstance(scope.extension, OnDemandImports) else ()
