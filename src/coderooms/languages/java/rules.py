"""The JVM family's rules (`resolution.rules.Rules` and the reference hooks of
`file_scope.ReferenceRules`): Java (`JavaRules`), and Kotlin and Scala (`JvmRules`, the JVM
base, which `KotlinRules` and `ScalaRules` extend), whose imports look in their own files,
then Java's (`modules.jvm_module`)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from coderooms.languages.java.modules import (
    declared_package,
    java_module,
    java_qualified,
    jvm_module,
)
from coderooms.languages.java.on_demand import (
    OnDemandImports,
    anonymous_bodies,
    base_counts,
    closed_bases,
    on_demand_imports,
    on_demand_quals,
    past_bases,
    static_fields,
    static_members,
)
from coderooms.resolution.extraction import INHERITS, Extraction, ImportRef, SymbolDef
from coderooms.resolution.family_rules import InheritingRules
from coderooms.resolution.file_scope import UNHANDLED, Decided, FileScope
from coderooms.resolution.ref_requests import Alternative, RefRequest
from coderooms.resolution.reference_requests import inherited
from coderooms.resolution.returned_types import field_like, static_field
from coderooms.resolution.returned_types import inherited_field as field_of_base
from coderooms.resolution.rules import import_label
from coderooms.resolution.targets import Binding, ImportRequest, Target
from coderooms.resolution.vocabulary import CLOSED, FIELD, TYPE_KINDS

_IMPLICIT_BASE = re.compile(r"^[^{(<]*\b(?:enum|record)\b")
"""A type header declaring an enum or a record (its JDK base `Enum` / `Record` implicit)."""


def _outer(module: str) -> str:
    """`a.b.C.Inner` -> `C.Inner.`: the class path an import names members under."""
    segments = module.split(".") if module else []
    owner = next((i for i, s in enumerate(segments) if s[:1].isupper()), None)
    return ".".join(segments[owner:]) + "." if owner is not None else ""


class JavaRules(InheritingRules):
    """Java: its imports name classes (`java_module`), and its references read `this(...)`,
    `Type.FIELD.m()`, fields of a base, inherited bare `m()`, fully qualified names and the
    on-demand imports their own way (the hooks of `file_scope.ReferenceRules`)."""

    __slots__ = ()
    member_table = True
    bare_members = True
    package_scoped = True
    follows_fields = True
    super_constructor = True
    interface_calls = True

    def creates(self, name: str) -> bool:
        """No method is named `new`: `X.new()` is always a created `X`."""
        return True

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return java_module(module, ())

    def bindings(self, path: str, imports: Iterable[ImportRef]) -> dict[str, Binding]:
        """`import a.b.C;` binds C of C.java; `import a.b.C.Inner;` and `import static
        a.b.C.m;` bind a member of C: looked up as `C.Inner` / `C.m` in C.java."""
        bound: dict[str, Binding] = {}
        for ref in imports:
            outer = _outer(ref.module)
            for name in ref.names:
                if name != "*":
                    module = java_module(ref.module, (name,))
                    bound.setdefault(name, Binding(module, outer + name, (), import_label(ref)))
        return bound

    def import_requests(self, path: str, imports: Iterable[ImportRef]) -> list[ImportRequest]:
        return [
            ImportRequest(ref.line, import_label(ref), java_module(ref.module, ref.names))
            for ref in imports
        ]

    def package(self, path: str, symbols: list[SymbolDef]) -> Target:
        return declared_package(path, symbols) or super().package(path, symbols)

    def extension(self, path: str, extraction: Extraction) -> OnDemandImports:
        """The on-demand imports (`import a.b.*;`), looked in after the package; the classes
        with a base and the anonymous class bodies, where a static import may be shadowed."""
        declared = {symbol.name for symbol in extraction.symbols}
        inheriting, closed = closed_bases(extraction.inherits, extraction.imports, declared)
        types = [s for s in extraction.symbols if s.kind in TYPE_KINDS]
        implicit = frozenset(s.qualname for s in types if _IMPLICIT_BASE.search(s.signature))
        counts = base_counts(
            extraction.inherits, list(extraction.imports), declared,
            [s.qualname for s in types], implicit,
        )  # fmt: skip
        return OnDemandImports(
            on_demand_imports(extraction.imports),
            inheriting=inheriting,
            closed=closed,
            anonymous=anonymous_bodies(extraction),
            counts=counts,
        )

    def table_extra(self, scope: FileScope) -> list[str]:
        """`h` entries: how many bases each type of the file has that may declare members
        (`on_demand.base_counts`), for a chain read to its end (`CLOSED`)."""
        extension = scope.extension
        counts = extension.counts if isinstance(extension, OnDemandImports) else ()
        return [f"h{qual}={count}" for qual, count in counts]

    def special(
        self, scope: FileScope, source: str, kind: str, ref: str, parts: list[str], line: int
    ) -> Decided:
        """`this(...)`: another constructor of the enclosing class (none outside one)."""
        if parts != ["this"] or kind == INHERITS:
            return UNHANDLED
        owner = scope._enclosing_type(source)
        if owner is None:
            return None
        constructor = f"{owner}.{owner.rsplit('.', 1)[-1]}"
        constructor = constructor if constructor in scope.kinds else owner
        request = RefRequest(source, kind, ref, "this", line, scope.group, ghost="this")
        request.local = constructor
        return request

    def after_binding(
        self, scope: FileScope, request: RefRequest, binding: Binding, parts: list[str]
    ) -> RefRequest:
        """`f.m()` with `import static a.b.C.f;`: `m` of the type C declares field `f` with
        (and `f.g.m()` through the fields' types in turn; `INSTANCE.m()`, a field in
        capitals, too): C found through the import, then the field steps (`member_tables`)."""
        owner, _, field = (binding.item or "").rpartition(".")
        if len(parts) < 2 or not owner or not field_like(field) or parts[0] != field:
            return request
        request.alternatives = (Alternative(binding.module, owner).encode(),)
        request.then = (*(FIELD + f for f in parts[:-1]), parts[-1])
        return request

    def before_binding(
        self, scope: FileScope, request: RefRequest, source: str, parts: list[str], inherit: bool
    ) -> RefRequest | None:
        """`Type.FIELD.m()`: `m` of the field's declared type (`returned_types.static_field`)."""
        if request.kind == INHERITS or not inherit:
            return None
        return static_field(scope, request, source, parts)

    def inherited_field(
        self, scope: FileScope, request: RefRequest, source: str, parts: list[str], inherit: bool
    ) -> RefRequest | None:
        """`this.f.m()`: `m` of the type a base declares field `f` with."""
        if len(parts) > 2 and request.kind != INHERITS and inherit:
            return field_of_base(scope, request, source, parts[1:])
        return None

    def bare(
        self, scope: FileScope, request: RefRequest, source: str, parts: list[str], inherit: bool
    ) -> RefRequest | None:
        """An inherited `m()` (a capitalized name is a type), else of an `import static C.*`."""
        if len(parts) != 1 or request.kind == INHERITS or not inherit:
            return None
        if parts[0][:1].isupper():
            return None
        statics = static_members(scope.extension, source, request.line, parts[0])
        if statics:
            request.bound = True
            request.alternatives = tuple(Alternative(t, qual).encode() for t, qual in statics)
            return request
        owners, opened = past_bases(scope.extension, source, request.line, parts[0])
        request = inherited(scope, request, source, ["this", *parts])
        if owners and request.local is None:  # the bases' chains read to their end, then C's
            closed = (scope.own_file(f"{owner}{CLOSED}{parts[0]}") for owner in owners)
            statics_after = (Alternative(t, qual).encode() for t, qual in opened)
            request.alternatives = (*request.alternatives, *closed, *statics_after)
        return request

    def qualified(
        self, scope: FileScope, request: RefRequest, source: str, parts: list[str], inherit: bool
    ) -> RefRequest | None:
        """`a.b.C.m()`: the class its fully qualified name names (`java_qualified`); `f.m()`
        with `f` a field of a base: `m` of the field's declared type; `NAME.m()` with `import
        static a.b.C.*;`: `m` of the type C declares its field (or enum constant) `NAME` with."""
        if len(parts) < 2:
            return None
        if parts[0][:1].isupper():
            return self._static_field(scope, request, source, parts, inherit)
        qualified = java_qualified(parts) if parts[0][:1].islower() else None
        if qualified is not None:
            request.bound, request.alternatives = True, (qualified.encode(),)
            request.ghost = request.ref
            return request
        if request.kind != INHERITS and inherit:
            return field_of_base(scope, request, source, parts)
        return None

    def _static_field(
        self, scope: FileScope, request: RefRequest, source: str, parts: list[str], inherit: bool
    ) -> RefRequest | None:
        """`DIGIT.m()` that no import, local nor field binds, with `import static a.b.C.*;`:
        C's field `DIGIT` (`on_demand.static_fields`), then the field steps."""
        if request.kind == INHERITS or not inherit or scope._type_of(source, parts[0]):
            return None
        statics = static_fields(scope.extension, source, request.line, parts[0])
        if not statics:
            return None
        request.bound = True
        request.alternatives = tuple(Alternative(t, owner).encode() for t, owner in statics)
        request.then = (*(FIELD + f for f in parts[:-1]), parts[-1])
        return request

    def package_extra(self, scope: FileScope, parts: list[str]) -> tuple[str, ...]:
        """What the on-demand imports (`import a.b.*;`) may hold under the name."""
        extension = scope.extension
        on_demand = extension.imports if isinstance(extension, OnDemandImports) else ()
        return tuple(
            Alternative(targets, qual).encode()
            for targets, qual in on_demand_quals(on_demand, parts)
        )


class JvmRules(InheritingRules):
    """Kotlin and Scala: Java's imports over their own files, then Java's (`jvm_module`)."""

    __slots__ = ()
    member_table = True
    bare_members = True
    implicit_members = True
    package_scoped = True

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return jvm_module(self.language, module, ())

    def bindings(self, path: str, imports: Iterable[ImportRef]) -> dict[str, Binding]:
        """`import a.b.C` (`as D`) binds C (D) to C of `jvm_module`'s files; `import a.b.C.m`
        binds `C.m` there; a wildcard binds nothing."""
        bound: dict[str, Binding] = {}
        for ref in imports:
            outer = _outer(ref.module)
            n = len(ref.names)
            aliases = ref.aliases if len(ref.aliases) == n else (None,) * n
            for name, alias in zip(ref.names, aliases, strict=True):
                if name in {"*", "_"}:
                    continue
                module = jvm_module(self.language, ref.module, (name,))
                bound.setdefault(
                    alias or name, Binding(module, outer + name, (), import_label(ref))
                )
        return bound

    def import_requests(self, path: str, imports: Iterable[ImportRef]) -> list[ImportRequest]:
        requests: list[ImportRequest] = []
        for ref in imports:
            named = tuple(n for n in ref.names if n not in {"*", "_"})
            files = jvm_module(self.language, ref.module, named, package=False)
            requests.append(ImportRequest(ref.line, import_label(ref), files))
        return requests

    def package(self, path: str, symbols: list[SymbolDef]) -> Target:
        return declared_package(path, symbols) or super().package(path, symbols)

    def opened(self, path: str, imports: list[ImportRef]) -> tuple[Target, ...]:
        """The packages (or a type's members) the file's wildcard imports open."""
        return tuple(
            target
            for ref in imports
            if not ref.names and ref.module
            for target in jvm_module(self.language, ref.module, ())
        )
