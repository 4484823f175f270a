"""The engine's side of one language: its name, its group (calls resolve by name only within a
group: TS code calls JS code, not Go code), how its imports name files and what a file's scope
holds beside its names (bases, package, opened modules, required files, the language's own
extension). A language's record
(`coderooms.languages.language.Language`) holds one; the defaults are the generic path, and
what a language does its own way arrives here as an override (issue 35)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from coderooms.core.ids import directory_of
from coderooms.resolution.extraction import Extraction, ImportRef, SymbolDef
from coderooms.resolution.module_resolver import ModuleResolver
from coderooms.resolution.project_files import ProjectFile
from coderooms.resolution.ref_requests import FileRecord, RefRequest
from coderooms.resolution.target_modes import TargetMode
from coderooms.resolution.targets import Binding, ImportRequest, Target

TableKind = Literal["", "reexports", "stars"]


def import_label(ref: ImportRef) -> str:
    """An import as written: its module, with Python's leading dots."""
    return "." * ref.level + ref.module


class Rules:
    """One language's resolution rules (a language subclasses it where it differs)."""

    __slots__ = ("group", "language", "scoped_bare_names")

    target_modes: tuple[TargetMode, ...] = ()
    """The language's own kinds of import target (Python `p`, Go `G`, JS/TS `N` `T` `D`, Rust
    `R`, C/C++ `I`): each mode character belongs to one language's rules (or one family's)."""
    project_files: tuple[ProjectFile, ...] = ()
    """The project files the language's resolution reads (`go.mod`, `package.json`, ...): when
    one with a reader changes, the group's files re-resolve."""
    resolver: ModuleResolver | None = None
    """The resolver over a module store of the group's own that answers its references and
    the imports of its target modes (Python's, `languages.python.modules`); None: the
    lookup's generic path (group-level)."""

    one_request_per_module = False
    """One `ImportRequest` per imported module whatever names it imports (JS/TS, Go: a name is
    never a module of its own); else one per name, its submodule first."""
    module_table: TableKind = ""
    """What the group's files keep for files that import them (the same in every language of a
    group): a re-export table (`reexports`: JS/TS, Rust), one `*<spec>` entry per file they
    require (`stars`: Ruby, Bash, C/C++), or none."""
    member_table = False
    """The group's files keep the module table entries other files follow members of what
    they return through (`returned_types.table_entries`; the same in every language of a
    group)."""
    inheriting = False
    """`super`/`this` members a class does not define are looked up in its base (group-level:
    JS/TS, Java and Kotlin, Scala, Swift)."""
    binding_only = False
    """A name is found only in the file or through what an import binds (Lua's `local x =
    require("m")`), never by a name alone (group-level)."""
    callable_variables = False
    """A top-level variable may be called (JS/TS `export const map = dual(..)`; group-level)."""
    well_known_globals: frozenset[str] = frozenset()
    """Runtime globals whose members are never a symbol of the repo (`console.log`;
    group-level)."""
    by_bare_name = False
    """A bare name no rule found may still be the one top-level definition of that name in
    the group (scripts sharing globals: JS/TS). Elsewhere the language's rules are complete: a
    Go bare name is the universe (`len`), a Rust one the prelude (`Ok`), a Java one an
    inherited member (group-level)."""
    interface_calls = False
    """A call on a value whose method an interface declares links to that declaration (`via:
    interface`: Java and Kotlin, Go, JS/TS; group-level)."""
    bare_members = False
    """A type's members are seen by their bare names inside it (an implicit `this`/`self`),
    and a class's fields by theirs (Java, C#, Kotlin, Scala, Swift, C++; C shares C++'s rules
    and has no members)."""
    injected_class_names = False
    """Inside a class, the class's own name names the class, not its constructor member
    (C++'s injected class name: `return Status(..)` in `class Status`)."""
    implicit_members = False
    """A bare `m()` may be a member the enclosing class inherits (Kotlin, Scala, Swift)."""
    package_scoped = False
    """The file sees its package's (Swift: its directory's) other files, and a type it neither
    defines nor imports may be its package's (Go, Java, Kotlin, Scala, Swift)."""
    follows_fields = False
    """Fields are followed into other files (`x.f.m()`, `d` table entries: Java, Go,
    JavaScript, Rust; not TypeScript)."""
    super_constructor = False
    """`super(...)` is the base's constructor, named for the base (Java)."""
    pointer_own: frozenset[str] = frozenset()
    """Methods a smart pointer has itself, which a typed receiver never answers (Rust)."""
    path_heads: frozenset[str] = frozenset()
    """Path heads that name a module of the repo without an import (Rust `crate`, `super`,
    `self`)."""
    impl_types_elsewhere = False
    """A method's `Self` may be a type another file defines (Rust: an impl in another file
    than its type's), named as the method's qualname writes it."""
    agreeing_values = False
    """A name one function binds to the values of two calls (`c := a.Mul(b)` in one block,
    `c := New(1).Mul(x)` in another) keeps them both (`AGREE`): a call on it links where
    they give one target (Go); else such a name's type is unknown."""
    block_scoped_types = False
    """A name one function declares with two types (in two blocks) has, at a reference, the
    type of its last declaration above it (C++: `{ XMLElement* e; .. } { XMLNode* e; .. }` in
    one test function); else such a name's type is unknown."""
    block_scoped_values = False
    """With `block_scoped_types`: a local's values count by line too (`let e = map.entry(3)`:
    what `map.entry()` returns), one naming the local itself (`let e = e.or_insert(..)`)
    unknown from its line on (Rust: `let` shadows)."""
    scoped_type_names = False
    """A type name is looked up from each enclosing scope outward (C++: `ns::Cls::T`,
    `ns::T`, `T`), so that two definitions of a file write one name with two lookups that
    differ by those scopes: its `t` entry tries them all, in order (else it would be none)."""

    def __init__(self, language: str, group: str, *, scoped_bare_names: bool = False) -> None:
        self.language = language
        self.group = group
        """Stored on every reference edge (`RefRequest.group`): its names never change."""
        self.scoped_bare_names = scoped_bare_names
        """Its bare names resolve by scope (Python): an unresolved one is a builtin or bound
        nowhere, never a call of a repo symbol (`graph.completeness` counts none)."""

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        """Which files the module `module`, imported by `path` (`level` dots up), may be: none
        for a language whose imports name no file."""
        return ()

    def submodule(self, module: str, name: str) -> str:
        """The module a name imported from `module` would be, were it one (dotted)."""
        return f"{module}.{name}" if module else name

    def local_name(self, ref: ImportRef) -> str | None:
        """The name an import of a whole module (no names) binds: its alias, else none."""
        return ref.alias or None

    def bind_module(
        self, bound: dict[str, Binding], path: str, ref: ImportRef, module: tuple[Target, ...]
    ) -> None:
        """What an import of a whole module binds (`local_name`, to the module)."""
        local = self.local_name(ref)
        if local is not None:
            bound.setdefault(local, Binding(module, None, (), import_label(ref)))

    def bindings(self, path: str, imports: Iterable[ImportRef]) -> dict[str, Binding]:
        """Local name -> what it is bound to, the first import of a name winning."""
        bound: dict[str, Binding] = {}
        for ref in imports:
            module = self.module_targets(path, ref.module, ref.level)
            if not ref.names:
                self.bind_module(bound, path, ref, module)
                continue
            aliases = (
                ref.aliases if len(ref.aliases) == len(ref.names) else (None,) * len(ref.names)
            )
            for name, alias in zip(ref.names, aliases, strict=True):
                if name == "*" or (name == "default" and not alias):
                    continue
                # JS/TS: a default export is looked up as `default` (`js_reexports` follows
                # `export default X` to X); every other name under its own
                submodule = self.module_targets(path, self.submodule(ref.module, name), ref.level)
                bound.setdefault(alias or name, Binding(module, name, submodule, import_label(ref)))
        return bound

    def import_requests(self, path: str, imports: Iterable[ImportRef]) -> list[ImportRequest]:
        """One request per imported module (and per name that may itself be a submodule)."""
        requests: list[ImportRequest] = []
        for ref in imports:
            label = import_label(ref)
            module = self.module_targets(path, ref.module, ref.level)
            names = [n for n in ref.names if n not in {"*", "default"}]
            if not names or self.one_request_per_module:
                requests.append(ImportRequest(ref.line, label, module))
                continue
            for name in names:
                submodule = self.module_targets(path, self.submodule(ref.module, name), ref.level)
                requests.append(ImportRequest(ref.line, label, (*submodule, *module)))
        return requests

    def member_names(self, request: RefRequest) -> set[str]:
        """The names `request` may look up as a member of any type of the group, whose
        candidates a changeset loads by name: none by default (Rust: of another file's
        `impl`)."""
        return set()

    def creates(self, name: str) -> bool:
        """Whether `name.new()` (`CONSTRUCTED`) is a created object of type `name`: never by
        default."""
        return False

    def references(self, record: FileRecord, extraction: Extraction) -> bool:
        """Fill `record`'s references (and names) the language's own way: true when it did
        (Python), false for the generic path (`file_records`, over the file's scope)."""
        return False

    def bases(self, extraction: Extraction) -> dict[str, str]:
        """Class qualname -> the reference its one base (`super`, inherited `this` members) is
        looked up through: none by default."""
        return {}

    def required(self, imports: list[ImportRequest]) -> tuple[tuple[Target, ...], ...]:
        """Per file the file requires or includes (in order), where a name it does not define
        may be defined: none by default (names are not looked up through requires)."""
        return ()

    def package(self, path: str, symbols: list[SymbolDef]) -> Target:
        """Where the file's package lives: its directory."""
        return Target("@", directory_of(path))

    def opened(self, path: str, imports: list[ImportRef]) -> tuple[Target, ...]:
        """The modules whose names the file's imports open (looked in after the package): none
        by default."""
        return ()

    def extension(self, path: str, extraction: Extraction) -> object | None:
        """What the file's scope holds that only this language's reference rules read (checked
        by type where read): none by default."""
        return None
