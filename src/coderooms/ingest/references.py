"""How one file's references are looked up (`Scope.request`): in the file, through its imports,
its package, its bases, by each language's own rules. `file_records.build_record` makes the
file's `Scope` and asks it for every call and base the file names.

Everything here depends on that one file only. A reference that resolves inside the file is
settled now (`local`); the rest carry what resolution against other files needs — the import
alternatives or same-package alternatives, and the terminal `name` — so that they can be
resolved, and later re-resolved when other files change, without parsing this file again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.java_on_demand import OnDemand, on_demand_quals
from coderooms.ingest.model import INHERITS
from coderooms.ingest.namespace_names import Uses, Usings
from coderooms.ingest.namespace_requests import csharp_request, php_request
from coderooms.ingest.ref_requests import (
    POINTER_OWN,
    Alternative,
    RefRequest,
    binding_alternatives,
    decode_alternative,
    java_qualified,
)
from coderooms.ingest.required_requests import bash_command, ruby_request
from coderooms.ingest.returned_types import (
    FIELD_LANGUAGES,
    MAX_ASSIGNED,
    chained,
    inherited_alternatives,
    inherited_field,
    member_of,
    member_request,
    static_field,
    through_fields,
)
from coderooms.ingest.rust_impls import crate_path_too, in_impls, module_called
from coderooms.ingest.targets import Binding, Target, path_stem, rust_module
from coderooms.ingest.vocabulary import (
    CALLED,
    INHERITED,
    NOT_CALLABLE,
    RECEIVERS,
    TYPE_KINDS,
    UNKNOWN_RECEIVER,
    VALUE_OF,
)

WELL_KNOWN_GLOBALS = {
    "js": frozenset(
        {"console", "window", "document", "globalThis", "process", "module", "exports", "require"}
    ),
    "py": frozenset({"os", "sys"}),
}
PACKAGE_SCOPED = frozenset({"go", "java", "kotlin", "scala", "swift"})
"""Languages whose files see their package's (Swift: their directory's) other files."""
BARE_MEMBERS = frozenset({"java", "csharp", "kotlin", "scala", "swift"})
"""Languages where a type's members are seen by their bare names inside it (an implicit
`this`/`self`), and a class's fields by theirs."""
IMPLICIT_MEMBERS = frozenset({"kotlin", "scala", "swift"})
"""Languages whose bare `m()` may be an inherited member (`references.Scope._bare_member`)."""
DECLARED_PACKAGES = frozenset({"java", "kotlin", "scala"})
"""Languages whose module signature declares a package (`package a.b`)."""
REQUIRING = frozenset({"ruby", "bash"})
"""Groups whose names not defined in the file are looked up only in the files it requires
(Ruby `require`/`require_relative`, Bash `source`), in order, as C's are through its
includes; else a ghost."""
BINDING_ONLY = frozenset({"lua"})
"""Groups where a name is found only in the file or through what an import binds (Lua's
`local x = require("m")`): never by a name alone."""
INHERITING = frozenset({"js", "java", "scala", "swift"})
"""Groups whose `super`/`this` members not defined by the class are looked up in its base."""
ROOT_PACKAGE = Target("@", "")


@dataclass(slots=True)
class Scope:
    kinds: dict[str, SymbolKind]
    bound: dict[str, Binding]
    language: str
    directory: str
    group: str
    bases: dict[str, str] = field(default_factory=dict)
    """JS/TS: class qualname -> the reference its `extends` names."""
    types: dict[tuple[str, str], str] = field(default_factory=dict)
    """(scope, name) -> declared type (`declared_types`)."""
    returns: dict[str, str] = field(default_factory=dict)
    """Function qualname -> the return type its declaration states (`declared_returns`)."""
    embedded: dict[str, list[str]] = field(default_factory=dict)
    """Go: struct qualname -> the types it embeds, in order."""
    package: Target = ROOT_PACKAGE
    """Where the file's package lives: its directory (Go); for Java every directory ending in
    the declared package's path, on any source root (`src/main/java`, `src/test/java`)."""
    wildcards: tuple[Target, ...] = ()
    """Kotlin/Scala: the packages (or a type's members) the file's wildcard imports open;
    Swift: the directories of the modules it imports (`Sources/M/`)."""
    path: str = ""
    ancestors: dict[str, list[str]] = field(default_factory=dict)
    """Ruby: class qualname -> its superclass and mixins as written, in source order."""
    includes: tuple[tuple[Target, ...], ...] = ()
    """C/C++: per `#include`, where what it declares may be defined (`c_includes`)."""
    usings: Usings | None = None
    """C#: what the file's `using` directives bring into scope (`namespace_names`)."""
    uses: Uses | None = None
    """PHP: what the file's `use` and `require` statements bring in (`namespace_names`)."""
    on_demand: tuple[OnDemand, ...] = ()
    """Java: the on-demand imports (`import a.b.*;`), looked in after the package."""
    expanding: int = 0  # locals typed by a call being followed (`returned_types.assigned`)

    def request(
        self, source: str, kind: str, ref: str, line: int, inherit: bool = True
    ) -> RefRequest | None:
        if self.group == "bash":
            return bash_command(self, source, kind, ref, line)
        parts = [p for p in ref.split(".") if p]
        if self.language == "java" and parts == ["this"] and kind != INHERITS:
            owner = self._enclosing_type(source)  # `this(...)`: another constructor
            if owner is None:
                return None
            constructor = f"{owner}.{owner.rsplit('.', 1)[-1]}"
            constructor = constructor if constructor in self.kinds else owner
            request = RefRequest(source, kind, ref, "this", line, self.group, ghost="this")
            request.local = constructor
            return request
        if not parts or (len(parts) == 1 and parts[0] in RECEIVERS):
            return None
        if source not in self.kinds:
            if kind == INHERITS:
                return None  # e.g. Rust `impl Trait for ForeignType`: no node to hang it on
            source = ""
        request = RefRequest(source, kind, ref, parts[-1], line, self.group, ghost=parts[-1])
        if parts[0] == UNKNOWN_RECEIVER:
            return request  # a member of an expression's result: only a unique name can answer
        if self.usings is not None:
            return csharp_request(self, request, source, kind, parts)
        if self.uses is not None:
            return php_request(self, request, source, kind, parts)
        if any(p.endswith(CALLED) for p in parts[:-1]):
            return chained(self, request, parts)
        wanted = TYPE_KINDS if kind == INHERITS else None
        chain = self._typed_chain(source, parts) if kind != INHERITS and inherit else None
        if chain is not None:  # `x.m()` on a value of a declared type: `T.m`
            declared, rest = chain
            if len(rest) > 1 and self.language in FIELD_LANGUAGES and declared[-1] != ")":
                owner = self.local(source, declared.split("."), TYPE_KINDS)
                typed = (True, owner) if owner is not None else (False, declared)
                return through_fields(self, request, source, typed, rest[:-1], rest[-1])
            return member_request(self, request, [*declared.split("."), *rest])
        if self.language == "java" and kind != INHERITS and inherit:
            found = static_field(self, request, source, parts)  # `Type.FIELD.m()`
            if found is not None:
                return found
        binding, rest = self._binding(parts)
        if binding is not None and not module_called(self, binding, rest):
            self._bind(request, binding, rest, parts[: len(parts) - len(rest)])
            return crate_path_too(self, request, binding, parts)
        if self.language == "rust" and parts[0] in ("crate", "super") and len(parts) > 1:
            return self._rust_path(request, parts)
        rust_head = self.language == "rust" and len(parts) > 1 and parts[0] not in RECEIVERS
        if rust_head and parts[0][:1].islower():
            # `httparse::Request::new()` without a `use`: a crate of the repo, if one is named so
            # (`x.len()` on a local reads the same and names no crate)
            request.bound, request.alternatives = True, self._rust_alternatives(parts)
        if self.language == "ruby":
            return ruby_request(self, request, source, parts, wanted)
        request.local = self.local(source, parts, wanted)
        if request.local is not None:
            return request
        if self.group == "c":
            # only what the includes reach, never a name elsewhere in the repo (else a ghost);
            # C++ looks in the enclosing namespaces and classes first, innermost first
            # (`Foo()` inside `namespace leveldb { }` may be `leveldb::Foo`)
            request.bound = True
            name = ".".join(parts)
            scope = source.split(".") if source else []
            quals = [".".join([*scope[:i], name]) for i in range(len(scope) - 1, 0, -1)]
            quals.append(name)
            request.alternatives = tuple(
                Alternative(targets, qual).encode() for qual in quals for targets in self.includes
            )
            return request
        if self.language == "swift" and parts[0] == "self" and kind != INHERITS:
            return self._inherited(request, source, ["this", *parts[1:]])
        if self.group in BINDING_ONLY:
            request.bound = True  # neither bound by a `require` nor defined here: a ghost
            return request
        if self.group in INHERITING and parts[0] in ("super", "this"):
            if self.language == "java" and len(parts) > 2 and kind != INHERITS and inherit:
                found = inherited_field(self, request, source, parts[1:])  # `this.f.m()`
                if found is not None:
                    return found
            return self._inherited(request, source, parts)
        java_bare = self.language == "java" and len(parts) == 1 and kind != INHERITS
        bare_member = self.language in IMPLICIT_MEMBERS and len(parts) == 1
        if java_bare and inherit and not parts[0][:1].isupper():
            # an inherited `m()` (a capitalized name is a type)
            return self._inherited(request, source, ["this", *parts])
        if parts[0] in RECEIVERS:
            return in_impls(self, request, source, parts)  # Rust `self.m()` of an impl
        if bare_member and inherit and kind != INHERITS and parts[0][:1].islower():
            return self._bare_member(request, source, parts)
        if self.language == "java" and len(parts) > 1 and not parts[0][:1].isupper():
            qualified = java_qualified(parts) if parts[0][:1].islower() else None
            if qualified is not None:
                request.bound, request.alternatives = True, (qualified.encode(),)
                request.ghost = ref
                return request
            if kind != INHERITS and inherit:  # `f.m()`, `f` a field of a base
                found = inherited_field(self, request, source, parts)
                if found is not None:
                    return found
        if self.language in PACKAGE_SCOPED:
            package = Alternative((self.package,), ".".join(parts))
            opened = [Alternative((t,), ".".join(parts)) for t in self.wildcards]
            on_demand = on_demand_quals(self.on_demand, parts)
            request.alternatives = (
                *(a.encode() for a in (package, *opened)),
                *(Alternative(targets, qual).encode() for targets, qual in on_demand),
            )
        if len(parts) > 1 and parts[0] in WELL_KNOWN_GLOBALS.get(self.group, frozenset()):
            # `console.log`: a runtime global, never a symbol of the repo
            request.bound, request.ghost = True, ref
        elif len(parts) > 1 and parts[0][:1].isupper():
            request.ghost = ref  # `String::from`, `Math.max`: see reference_resolution.type_member
        return in_impls(self, request, source, parts)

    def _inherited(self, request: RefRequest, source: str, parts: list[str]) -> RefRequest:
        """JS/TS and Java `super(...)`, `super.m()` and `this.m()` the class does not define:
        what the base its `extends` names has under that name, up the chain while the bases are
        the file's (`returned_types.member_of`); beyond the file, the base it leaves at."""
        owner = self._enclosing_type(source)
        base = self.bases.get(owner) if owner is not None else None
        if base is None or (parts[0] == "this" and len(parts) != 2):
            request.bound = True  # never a guess by name
            return request
        local = self.local(owner or "", base.split("."), TYPE_KINDS) if len(parts) == 2 else None
        found = member_of(self, local, parts[1]) if local is not None else None
        if found is not None:  # up the in-file chain: `m` of the base that has it, or leaves
            base = found[1].rpartition(".")[0] if found[0] else found[1]
        target = [base, *parts[1:]]
        if self.language == "java" and parts == ["super"]:  # the base's constructor
            target.append(base.rsplit(".", 1)[-1])
        rewritten = self.request(source, request.kind, ".".join(target), request.line, False)
        if rewritten is None:
            request.bound = True
            return request
        rewritten.ref = request.ref
        rewritten.bound = True
        if len(parts) == 2 and rewritten.local is None and rewritten.alternatives:
            walked = inherited_alternatives(self, owner or "", base, parts[1])
            rewritten.alternatives = (*rewritten.alternatives, *walked)
        return rewritten

    def _bare_member(self, request: RefRequest, source: str, parts: list[str]) -> RefRequest:
        """Kotlin/Scala/Swift `m()` that no enclosing definition of the file has: a member the
        enclosing class inherits (an implicit `this`/`self`, as Java's `_inherited`), else a
        top-level function of the file's package or of a wildcard import (Swift: its directory,
        then the imported modules), in that order; never a guess by name alone."""
        owner = self._enclosing_type(source)
        found: tuple[str, ...] = ()
        if owner is not None and owner in self.bases:
            inherited = self._inherited(
                RefRequest(source, request.kind, request.ref, parts[0], request.line, self.group),
                source,
                ["this", *parts],
            )
            if inherited.local is not None:
                return inherited
            found = inherited.alternatives
        opened = [Alternative((t,), parts[0]) for t in (self.package, *self.wildcards)]
        request.bound = True
        request.alternatives = (*found, *(a.encode() for a in opened))
        return request

    def typed(self, source: str, parts: list[str]) -> list[str] | None:
        """`x.m` / `this.f.m` where `x` / field `f` has a declared type `T`: `T.m`'s parts."""
        chain = self._typed_chain(source, parts)
        return [*chain[0].split("."), *chain[1]] if chain is not None else None

    def _typed_chain(
        self, source: str, parts: list[str], depth: int = 0
    ) -> tuple[str, list[str]] | None:
        """`_typed` as the type reached and the names still to look up in it (`f.m` when the
        file does not declare field `f` of that type). A local assigned a path (`const x =
        y.f`, `VALUE_OF`) is that path's value: `x.m` is `y.f.m` (`MAX_ASSIGNED` deep)."""
        if len(parts) < 2 or not self.types:
            return None
        if parts[0] in RECEIVERS:
            owner = self._enclosing_type(source)
            declared = self.types.get((owner, parts[1])) if owner and len(parts) > 2 else None
            rest = parts[2:]
        else:
            declared, rest = self._type_of(source, parts[0]), parts[1:]
        if declared is None or declared == UNKNOWN_RECEIVER:
            return None
        if declared.startswith(VALUE_OF):
            path = declared.removeprefix(VALUE_OF).split(".")
            if depth >= MAX_ASSIGNED:
                return None
            return self._typed_chain(source, [*path, *rest], depth + 1)
        while len(rest) > 1:  # `x.f.m()`: the field `f` of that type, when this file says
            field_type = self.types.get((declared, rest[0]))
            if field_type is None or field_type == UNKNOWN_RECEIVER:
                break
            declared, rest = field_type, rest[1:]
        if self.group == "rust" and rest and rest[-1] in POINTER_OWN:
            return None
        return declared, rest

    def _type_of(self, source: str, name: str) -> str | None:
        """The declared type of `name` seen from `source`: its own scope, then the enclosing
        ones (a Java class's fields included; other languages reach fields through `this`)."""
        scope = source
        while True:
            if scope and self.kinds.get(scope) in TYPE_KINDS and self.language not in BARE_MEMBERS:
                scope = scope.rpartition(".")[0]
                continue
            declared = self.types.get((scope, name))
            if declared is not None or not scope:
                return declared
            scope = scope.rpartition(".")[0]

    def _rust_path(self, request: RefRequest, parts: list[str]) -> RefRequest:
        """`crate::a::f()` / `super::b::T::f()`: the longest module prefix that is a file of the
        crate first (`a.rs` / `a/mod.rs`), the rest looked up in it."""
        request.bound, request.alternatives = True, self._rust_alternatives(parts)
        request.ghost = request.ref
        return request

    def _rust_alternatives(self, parts: list[str]) -> tuple[str, ...]:
        """Each module prefix of a Rust path, longest first, with the rest looked up in it."""
        return tuple(
            Alternative(targets, ".".join(parts[cut:])).encode()
            for cut in range(len(parts) - 1, 0, -1)
            for targets in [rust_module(self.path, ".".join(parts[:cut]))]
            if targets
        )

    def walked(self, encoded: str, member: str) -> str:
        """The alternative `encoded` (finding a type) looking `member` up in the type found and
        up its bases (`vocabulary.INHERITED`)."""
        found = decode_alternative(encoded)
        return Alternative(found.targets, f"{found.qual}{INHERITED}{member}").encode()

    def own_file(self, qual: str) -> str:
        """An encoded alternative: `qual` in this very file."""
        return Alternative((Target("=", self.path),), qual).encode()

    def _enclosing_type(self, source: str) -> str | None:
        scope = source.split(".") if source else []
        for i in range(len(scope), 0, -1):
            prefix = ".".join(scope[:i])
            if self.kinds.get(prefix) in TYPE_KINDS:
                return prefix
        return None

    def _bind(
        self, request: RefRequest, binding: Binding, rest: list[str], local: list[str]
    ) -> None:
        request.bound = True
        request.alternatives = tuple(a.encode() for a in binding_alternatives(binding, rest))
        # a default import is named for its local name (`react.React.Component`)
        item = ".".join(local) if binding.item == "default" else binding.item
        imported = ".".join([item, *rest] if item else rest)
        label = binding.label.lstrip(".") if self.language == "python" else binding.label
        request.ghost = ".".join(p for p in (label, imported) if p)
        if not imported and binding.module:
            # the module itself is called or extended: name it as its module symbol is named,
            # so that the module's file appearing or going re-resolves this reference
            request.name = path_stem(binding.module[0].path)

    def _binding(self, parts: list[str]) -> tuple[Binding | None, list[str]]:
        for i in range(len(parts), 0, -1):
            binding = self.bound.get(".".join(parts[:i]))
            if binding is not None:
                return binding, parts[i:]
        return None, parts

    def local(
        self, source: str, parts: list[str], wanted: frozenset[SymbolKind] | None
    ) -> str | None:
        scope = source.split(".") if source else []
        if parts[0] in RECEIVERS:
            if len(parts) != 2:
                return None
            for i in range(len(scope), 0, -1):
                prefix = ".".join(scope[:i])
                if self.kinds.get(prefix) in TYPE_KINDS:
                    return self.accept(f"{prefix}.{parts[1]}", wanted)
            return None
        for i in range(len(scope), -1, -1):
            bare = self.language in BARE_MEMBERS
            if i and not bare and self.kinds.get(".".join(scope[:i])) in TYPE_KINDS:
                continue  # only JVM languages, C# and Swift see a type's members by bare names
            found = self.accept(".".join([*scope[:i], *parts]), wanted)
            if found is not None:
                return found
        return None

    def accept(self, qualname: str, wanted: frozenset[SymbolKind] | None) -> str | None:
        kind = self.kinds.get(qualname)
        if kind is None:
            return None
        if kind in NOT_CALLABLE and not (
            kind is SymbolKind.VARIABLE and wanted is None and self.group == "js"
        ):
            return None  # a JS/TS top-level const may be called (`export const map = dual(..)`)
        if wanted is not None and kind not in wanted:
            return None
        return qualname
