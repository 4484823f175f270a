"""One file's scope: what it defines (`kinds`), what its imports bind (`bound`), the types it
declares, its bases, and the lookups inside it (`local`, `typed`, `own_file`...). A reference
is decided by the request rule the file's builder hands in (`requests`: today
`reference_requests.request`), so that the rule modules (`returned_types`, Rust's,
C#'s and PHP's `requests`, Ruby's `lexical`) import this module and it imports none of them.

The request rule names no language: where one language reads a reference its own way, it asks
the file's `ReferenceRules` (the hooks, at fixed points of the rule, in its order; each default
is the generic path), which a language's rules class overrides (`languages.<name>.rules`).

Everything here depends on that one file only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Literal, TypeAlias

from coderooms.core.kinds import SymbolKind
from coderooms.resolution.ref_requests import (
    Alternative,
    RefRequest,
    binding_alternatives,
    decode_alternative,
)
from coderooms.resolution.rules import Rules
from coderooms.resolution.targets import Binding, Target, path_stem
from coderooms.resolution.vocabulary import (
    INHERITED,
    NOT_CALLABLE,
    RECEIVERS,
    TYPE_KINDS,
    UNKNOWN_RECEIVER,
    VALUE_OF,
)

ROOT_PACKAGE = Target("@", "")
MAX_ASSIGNED = 8
"""Locals typed by calls followed at most through one another (`returned_types.assigned`)."""

RequestRule = Callable[["FileScope", str, str, str, int, bool], "RefRequest | None"]
"""How a reference the file makes is looked up: `(scope, source, kind, ref, line, inherit)`."""


class Unhandled(Enum):
    UNHANDLED = "unhandled"


UNHANDLED = Unhandled.UNHANDLED
"""A hook's answer where the language has no rule of its own (the request rule goes on), told
apart from `None`, which is the rule's own answer *nothing to resolve* (a Bash builtin)."""
Decided: TypeAlias = "RefRequest | Literal[Unhandled.UNHANDLED] | None"


class ReferenceRules(Rules):
    """The hooks a language's own reference rules meet (`reference_requests.request` and
    `returned_types` call them; the default of each is the generic path, what a language
    without the rule does)."""

    __slots__ = ()

    def whole(self, scope: FileScope, source: str, kind: str, ref: str, line: int) -> Decided:
        """The language decides every reference itself (Bash: a function or a command)."""
        return UNHANDLED

    def special(
        self, scope: FileScope, source: str, kind: str, ref: str, parts: list[str], line: int
    ) -> Decided:
        """A reference that is no name (Java's `this(...)`, another constructor)."""
        return UNHANDLED

    def scoped(
        self, scope: FileScope, request: RefRequest, source: str, parts: list[str]
    ) -> RefRequest | None:
        """A bare name a scope of the caller binds (JS/TS: a parameter, a local: never a symbol,
        a ghost); None: go on (`request` may be marked bound: a module's free name)."""
        return None

    def namespaced(
        self, scope: FileScope, request: RefRequest, source: str, kind: str, parts: list[str]
    ) -> RefRequest | None:
        """Names resolved by namespace, never through bindings (C#, PHP); None: not so."""
        return None

    def before_binding(
        self, scope: FileScope, request: RefRequest, source: str, parts: list[str], inherit: bool
    ) -> RefRequest | None:
        """Before the file's bindings are read (Java `Type.FIELD.m()`); None: go on."""
        return None

    def binding_applies(self, scope: FileScope, binding: Binding, rest: list[str]) -> bool:
        """Whether what an import binds is what the name means here (Rust: a module is never
        called)."""
        return True

    def after_binding(
        self, scope: FileScope, request: RefRequest, binding: Binding, parts: list[str]
    ) -> RefRequest:
        """A request bound by an import, with what else the name may be (Rust: a crate)."""
        return request

    def path(self, scope: FileScope, request: RefRequest, parts: list[str]) -> RefRequest | None:
        """A path the language reads through its modules without an import (Rust `crate::`,
        `super::`, a crate's name); None: go on (`request` may have been given alternatives)."""
        return None

    def lexical(
        self,
        scope: FileScope,
        request: RefRequest,
        source: str,
        parts: list[str],
        wanted: frozenset[SymbolKind] | None,
    ) -> RefRequest | None:
        """The language's own lexical lookup instead of the file's (Ruby); None: not so."""
        return None

    def not_local(
        self, scope: FileScope, request: RefRequest, source: str, parts: list[str]
    ) -> RefRequest | None:
        """A name the file does not define (C/C++: only what its includes reach; Swift
        `self.m()`: inherited); None: go on."""
        return None

    def inherited_field(
        self, scope: FileScope, request: RefRequest, source: str, parts: list[str], inherit: bool
    ) -> RefRequest | None:
        """`this.f.m()` with `f` a field of a base (Java); None: the base's `f.m`."""
        return None

    def bare(
        self, scope: FileScope, request: RefRequest, source: str, parts: list[str], inherit: bool
    ) -> RefRequest | None:
        """A bare `m()` the file does not define, read as inherited (Java); None: go on."""
        return None

    def receiver(
        self, scope: FileScope, request: RefRequest, source: str, parts: list[str]
    ) -> RefRequest:
        """`self.m()`/`this.m()` the file does not define (Rust: of the impl's type)."""
        return request

    def qualified(
        self, scope: FileScope, request: RefRequest, source: str, parts: list[str], inherit: bool
    ) -> RefRequest | None:
        """A qualified name (Java `a.b.C.m()`, a base's field `f.m()`); None: go on."""
        return None

    def package_extra(self, scope: FileScope, parts: list[str]) -> tuple[str, ...]:
        """Encoded alternatives after the package's and the opened modules' (Java's on-demand
        imports)."""
        return ()

    def last(
        self, scope: FileScope, request: RefRequest, source: str, parts: list[str]
    ) -> RefRequest:
        """The request once nothing else answered (Rust: an impl of another file, `use m::*`)."""
        return request

    def table_bases(self, scope: FileScope) -> dict[str, str]:
        """Class qualname -> the base other files follow its members through (`b` entries):
        the scope's bases (Go: the one type a struct embeds)."""
        return scope.bases

    def table_variables(self, scope: FileScope) -> dict[str, str]:
        """Top-level variable -> its type, published as `r` entries (as a function's return)
        for other files' `x.m()` (Go: a package variable read by another file)."""
        return {}

    def extra_type_names(self, scope: FileScope) -> dict[str, str]:
        """Type name -> where the file writes it, beyond its returns, bases and fields, for the
        `t` entries of its table (Rust: the types of its impls)."""
        return {}

    def promoted(self, scope: FileScope, request: RefRequest, owner: str, member: str) -> None:
        """Add where `member` of the file's type `owner` may be besides (Go: promoted from an
        embedded type)."""

    def table_extra(self, scope: FileScope) -> list[str]:
        """Module table entries of the language's own beside `r`, `b`, `d`, `t` (C++: `o`, the
        members a class declares overloads of)."""
        return []

    def constructed(
        self, scope: FileScope, source: str, callee: list[str]
    ) -> tuple[bool, str] | None:
        """What a call the file does not declare a return for gives, by the language's
        convention (Rust `T::new()`: a `T`), as `returned_types.Typed`; None: unknown."""
        return None

    def settled(self, scope: FileScope, request: RefRequest) -> None:
        """Revise a request once the rule has made it, whichever way it went (C++: a member
        of overloads answered in the file goes through the lookup, which may leave it a
        ghost)."""


@dataclass(slots=True)
class FileScope:
    kinds: dict[str, SymbolKind]
    bound: dict[str, Binding]
    language: str
    directory: str
    group: str
    requests: RequestRule
    """Decides each reference (`request`): `reference_requests.request`."""
    rules: ReferenceRules
    """The language's rules: the flags the lookups here and the request rule read, and the
    hooks where the language reads a reference its own way."""
    bases: dict[str, str] = field(default_factory=dict)
    """Class qualname -> the reference its one base is looked up through (`Rules.bases`: JS/TS
    `extends`, the first base of Java, Kotlin, Scala, Swift)."""
    types: dict[tuple[str, str], str] = field(default_factory=dict)
    """(scope, name) -> declared type (`declared_types`)."""
    returns: dict[str, str] = field(default_factory=dict)
    """Function qualname -> the return type its declaration states (`declared_returns`)."""
    lined_types: dict[tuple[str, str], tuple[tuple[int, str], ...]] = field(default_factory=dict)
    """(scope, name) the scope declares with two types -> (line, type) of each declaration,
    in order (`Rules.block_scoped_types`; `declared_lines`)."""
    lines: tuple[int, ...] = ()
    """The lines of the reference being requested (`file_records`: every site of it)."""
    package: Target = ROOT_PACKAGE
    """Where the file's package lives (`Rules.package`): its directory (Go); for Java every
    directory ending in the declared package's path, on any source root."""
    opened: tuple[Target, ...] = ()
    """The modules the file's imports open (`Rules.opened`): Kotlin/Scala wildcard imports,
    Swift's imported modules (`Sources/M/`), Rust's `use m::*`."""
    path: str = ""
    required: tuple[tuple[Target, ...], ...] = ()
    """Per file the file includes or requires, where what it defines may be (`Rules.required`:
    C/C++ includes, Ruby requires, Bash sources)."""
    extension: object | None = None
    """What only the language's own reference rules read (`Rules.extension`, checked by type):
    Go's embedded types, Ruby's ancestors, C#'s usings, PHP's uses, Java's on-demand imports."""
    expanding: int = 0  # locals typed by a call being followed (`returned_types.assigned`)

    def request(
        self, source: str, kind: str, ref: str, line: int, inherit: bool = True
    ) -> RefRequest | None:
        """What reference `ref` of `source` asks of resolution (None: nothing to resolve)."""
        return self.requests(self, source, kind, ref, line, inherit)

    def typed(self, source: str, parts: list[str]) -> list[str] | None:
        """`x.m` / `this.f.m` where `x` / field `f` has a declared type `T`: `T.m`'s parts."""
        chain = self._typed_chain(source, parts)
        return [*chain[0].split("."), *chain[1]] if chain is not None else None

    def _typed_chain(
        self, source: str, parts: list[str], depth: int = 0
    ) -> tuple[str, list[str]] | None:
        """`_typed` as the type reached and the names still to look up in it (`f.m` when the
        file does not declare field `f` of that type). A local assigned a path (`const x =
        y.f`, `VALUE_OF`) is that path's value: `x.m` is `y.f.m` (`MAX_ASSIGNED` deep). A local
        of no type of its own may have typed fields (`x.f`, Go's anonymous structs)."""
        if len(parts) < 2 or not self.types:
            return None
        if parts[0] in RECEIVERS:
            owner = self._enclosing_type(source)
            declared = self.types.get((owner, parts[1])) if owner and len(parts) > 2 else None
            rest = parts[2:]
        else:
            declared, rest = self._type_of(source, parts[0]), parts[1:]
            if declared is None and len(parts) > 2:  # a field of a local's anonymous struct
                declared, rest = self._type_of(source, ".".join(parts[:2])), parts[2:]
        if declared is None or declared == UNKNOWN_RECEIVER:
            return None
        if declared == VALUE_OF + "this":  # JS `const me = this` in a method: its class
            declared = self._enclosing_type(source)
            if declared is None:
                return None
        elif declared.startswith(VALUE_OF):
            path = declared.removeprefix(VALUE_OF).split(".")
            if depth >= MAX_ASSIGNED:
                return None
            return self._typed_chain(source, [*path, *rest], depth + 1)
        while len(rest) > 1:  # `x.f.m()`: the field `f` of that type, when this file says
            field_type = self.types.get((declared, rest[0]))
            if field_type is None or field_type == UNKNOWN_RECEIVER:
                break
            declared, rest = field_type, rest[1:]
        if rest and rest[-1] in self.rules.pointer_own:
            return None
        return declared, rest

    def _type_of(self, source: str, name: str) -> str | None:
        """The declared type of `name` seen from `source`: its own scope, then the enclosing
        ones (a Java class's fields included; other languages reach fields through `this`)."""
        scope = source
        while True:
            if scope and self.kinds.get(scope) in TYPE_KINDS and not self.rules.bare_members:
                scope = scope.rpartition(".")[0]
                continue
            declared = self.types.get((scope, name))
            if declared == UNKNOWN_RECEIVER and (scope, name) in self.lined_types:
                declared = self._type_at(scope, name)
            if declared is not None or not scope:
                return declared
            scope = scope.rpartition(".")[0]

    def _type_at(self, scope: str, name: str) -> str:
        """The type of the last declaration of `name` in `scope` above each line of the
        reference, when they all agree (one reference stands for all its sites)."""
        found: set[str] = set()
        for at in self.lines or (0,):
            typed = UNKNOWN_RECEIVER
            for line, declared in self.lined_types[(scope, name)]:
                if line > at:
                    break
                typed = declared
            found.add(typed)
        return found.pop() if len(found) == 1 else UNKNOWN_RECEIVER

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
        request.ghost = ".".join(p for p in (binding.label, imported) if p)
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
            bare = self.rules.bare_members
            in_type = i and self.kinds.get(".".join(scope[:i])) in TYPE_KINDS
            if in_type and not bare:
                continue  # only JVM languages, C#, Swift and C++ see a type's members by bare names
            if in_type and self.rules.injected_class_names and scope[i - 1] == parts[0]:
                continue  # C++: `Status(..)` inside `class Status` is the class, not a member
            found = self.accept(".".join([*scope[:i], *parts]), wanted)
            if found is not None:
                return found
        return None

    def accept(self, qualname: str, wanted: frozenset[SymbolKind] | None) -> str | None:
        kind = self.kinds.get(qualname)
        if kind is None:
            return None
        if kind in NOT_CALLABLE and not (
            kind is SymbolKind.VARIABLE and wanted is None and self.rules.callable_variables
        ):
            return None  # a JS/TS top-level const may be called (`export const map = dual(..)`)
        if wanted is not None and kind not in wanted:
            return None
        return qualname
