"""C++ bare calls of inherited members (issue 32): inside a method, `f()` that the class does not
define is looked up in its base class, up the chain, before the enclosing namespaces (C++'s
unqualified lookup: the class's scope, its bases included, then the namespaces around it).

* A class of the file with one base (`class AutoTimer : public Timer`; `CRules.bases`): the
  base's member when the file defines the base (`to_string()` in `~AutoTimer()`), else the
  member of the base as the file names it, through its includes and up that base's own bases
  in any file (`INHERITED` alternatives), before the namespaces' names.
* An out-of-class definition whose class is another file's (`App::parse` in `App_inl.hpp`,
  `class App` in `App.hpp`): `f` in that class and up its bases, through the includes, right
  after the class's own `App::f`.

A member the class (or a base on the way) declares in its body without defining it there is
that class's own, defined elsewhere: the bases above it are not looked in (`Option_group`'s
`add_option(..)`, defined in `App_inl.hpp`, is not its base `App`'s `add_option`).

A field of such a class: `parent_->help_ptr_->get_name()` in `App::parse`, with `App *parent_`
and `Option *help_ptr_` fields of `class App` in `App.hpp` (`field_of_elsewhere_class`).

A class of two or more bases is not followed (the member may be the second's), nor is a base
that is a template parameter or dependent (`Base<T>`: its members are not found by bare name in
C++ either; the base then names a type that is no class of the repo, and nothing is found).
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field

from coderooms.core.kinds import SymbolKind
from coderooms.languages.c.headers import C_SOURCE_SUFFIXES, c_implementations
from coderooms.languages.c.overloads import ARITIES, INLINE
from coderooms.languages.c.values import USING_NAMESPACE
from coderooms.resolution.extraction import INHERITS, Extraction, FactKind
from coderooms.resolution.file_scope import FileScope
from coderooms.resolution.lookup import Lookup, SymbolInfo
from coderooms.resolution.member_types import Keys, member_key
from coderooms.resolution.ref_requests import Alternative, RefRequest
from coderooms.resolution.returned_types import MAX_BASES, MEMBER_KINDS, inherited_alternatives
from coderooms.resolution.rules import Rules
from coderooms.resolution.targets import Target
from coderooms.resolution.vocabulary import FIELD, INHERITED, OVERLOAD, TYPE_KINDS

POINTER_OWN = frozenset(
    {"get", "reset", "release", "swap", "use_count", "unique", "owner_before", "get_deleter"}
)
"""What `std::shared_ptr`/`std::unique_ptr` have themselves (`p.get()`), never the pointee's
(`values` types `std::shared_ptr<T> p` as a `T`)."""


def single_bases(extraction: Extraction) -> dict[str, str]:
    """Class qualname -> its base, for the classes of exactly one base; and a type alias ->
    the class it names (`using App_p = std::shared_ptr<App>;` -> `App`: its members are the
    alias's, found up the "base" as a base's are; no INHERITS edge)."""
    found: dict[str, list[str]] = {}
    for inherit in extraction.inherits:
        found.setdefault(inherit.child, []).append(inherit.base)
    bases = {child: bases[0] for child, bases in found.items() if len(bases) == 1}
    for symbol in extraction.symbols:
        if symbol.kind is SymbolKind.CLASS and symbol.qualname not in bases:
            aliased = _aliased(symbol.signature, extraction.language == "cpp")
            if aliased is not None and aliased != symbol.name:
                bases[symbol.qualname] = aliased
    return bases


_USING = re.compile(r"using\s+\w+\s*=\s*(.+?);?")
_TYPEDEF = re.compile(r"typedef\s+(.+?)\s+\w+;?")
_SMART = re.compile(r"(?:std::)?(?:shared_ptr|unique_ptr)\s*<\s*(.+?)\s*>")
_NAMED = re.compile(r"(?:::)?[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*")


def _aliased(signature: str, typedefs: bool) -> str | None:
    """The class a type alias's signature names (`using X = ns::Y;`, `using X =
    std::shared_ptr<Y>;`, a C++ file's `typedef Y X;`), dotted; None for anything else (a
    template, a function type, `typedef struct {..} X`)."""
    written = _USING.fullmatch(signature.strip())
    if written is None and typedefs:
        written = _TYPEDEF.fullmatch(signature.strip())
    if written is None:
        return None
    target = written.group(1).removeprefix("const ").strip().rstrip("*& ").strip()
    smart = _SMART.fullmatch(target)
    if smart is not None:
        target = smart.group(1).removeprefix("const ").strip()
    if _NAMED.fullmatch(target) is None:
        return None
    return target.removeprefix("::").replace("::", ".")


@dataclass(frozen=True, slots=True)
class Declared:
    """What `values` binds beside types: the member functions each class of the
    file declares in its body without defining them there (BIND facts of a class: (class
    qualname, member name)), and the names calls' objects start with (BIND facts of a
    function: (function qualname, name))."""

    members: frozenset[tuple[str, str]]
    values: frozenset[tuple[str, str]] = frozenset()
    overloads: dict[str, str] = field(default_factory=dict)
    """`<class>.<member>` the file declares or defines overloads of (`OVERLOAD` facts) -> the
    arities of the class body's overloads (`overloads.ARITIES`-joined, `1i`: defined there)."""
    namespaces: tuple[str, ...] = ()
    """The namespaces of the file's `using namespace N;` (dotted), in order."""


def declared_members(extraction: Extraction) -> Declared:
    classes = {s.qualname for s in extraction.symbols if s.kind is SymbolKind.CLASS}
    facts = [f for f in extraction.facts if f.kind is FactKind.BIND]
    binds = [f for f in facts if f.value != USING_NAMESPACE]
    return Declared(
        frozenset((f.scope, f.name) for f in binds if f.scope in classes),
        frozenset((f.scope, f.name) for f in binds if f.scope not in classes),
        {
            f"{f.scope}.{f.name}": f.value.partition(ARITIES)[2]
            for f in binds
            if f.value and f.value.partition(ARITIES)[0] == OVERLOAD and f.scope
        },
        tuple(dict.fromkeys(f.name for f in facts if f.value == USING_NAMESPACE)),
    )


def using_namespaces(scope: FileScope) -> tuple[str, ...]:
    """The namespaces the file's `using namespace` directives name (`values`)."""
    declared = scope.extension
    return declared.namespaces if isinstance(declared, Declared) else ()


def overload_entries(scope: FileScope) -> list[str]:
    """The `o` entries of the file's table: the members its classes have overloads of."""
    declared = scope.extension
    if not isinstance(declared, Declared):
        return []
    return [f"o{qual}={specs or '?'}" for qual, specs in sorted(declared.overloads.items())]


def overloaded(
    lookup: Lookup, found: SymbolInfo, rules: Rules, keys: Keys, counts: tuple[int, ...] = ()
) -> bool:
    """Whether the member `found` is one of overloads its class declares: in its own file's
    table or in that of a header the file includes (`db.cc` defines what `db.h` declares);
    not when the call's argument counts (`counts`) tell which (`by_arity`)."""
    if found.kind != SymbolKind.METHOD.value:
        return False
    paths = [found.path]
    for spec in lookup.reexports(found.path).stars:
        for header in rules.module_targets(found.path, spec):
            existing = lookup.files_for(header, rules.group)
            if existing:
                paths.extend(existing)
                break
    key = member_key("o", found.qualname)
    for path in dict.fromkeys(paths):
        keys.add((path, key))
        specs = lookup.reexports(path).overloads.get(found.qualname)
        if specs is not None:
            return not by_arity(specs, counts, inline=path == found.path)
    return False


def by_arity(specs: str, counts: tuple[int, ...], inline: bool) -> bool:
    """Whether the class body's overloads `specs` (`1i;2`) have exactly one that takes every
    argument count of the call, and it is the one found: defined in the class body (`inline`:
    found in the class's own file), or only declared there (found in another file, which
    defines it out of the class: `add_option` of four arguments in CLI11's `App_inl.hpp`).
    `Write(" ")` of one argument in `tinyxml2.cpp` stays a ghost: the one overload that takes
    it is the header's inline `Write(const char*)`, not the file's `Write(const char*,
    size_t)`."""
    overloads = specs.split(ARITIES)
    if not counts or "?" in specs:
        return False
    takers = [one for one in overloads if all(_takes(one.removesuffix(INLINE), n) for n in counts)]
    if len(takers) != 1:
        return False
    if takers[0].endswith(INLINE):
        return inline
    return not inline


def _takes(arity: str, n: int) -> bool:
    """Whether an overload of arity `2`, `1-2` or `1+` takes `n` arguments."""
    if arity.endswith("+"):
        return n >= int(arity[:-1])
    least, _, most = arity.partition("-")
    return int(least) <= n <= int(most or least)


def overload_through_lookup(scope: FileScope, request: RefRequest) -> None:
    """A call the file answers with a member function (`request.local`) that may be one of
    overloads split across files is looked up instead as that member in the file, so that
    resolution asks `overloaded` (the class's `o` entries, in the file or a header it
    includes) and leaves it a ghost when it is: the class declares overloads here (the
    header's inline `Write(const char*)` beside a declared `Write(const char*, size_t)`), or
    the member is an out-of-class definition of another file's class (`XMLPrinter::Write` in
    `tinyxml2.cpp`, whose header declares the overloads), as `Write(" ")` in
    `XMLPrinter::CloseElement` is. Not an overload: linked as before, by the same symbol."""
    local = request.local
    if local is None or scope.kinds.get(local) is not SymbolKind.METHOD:
        return
    owner = local.rpartition(".")[0]
    declared = scope.extension.overloads if isinstance(scope.extension, Declared) else frozenset()
    if local not in declared and scope.kinds.get(owner) in TYPE_KINDS:
        return
    request.local, request.bound = None, True
    request.alternatives = (scope.own_file(local),)


def field_of_elsewhere_class(
    scope: FileScope, request: RefRequest, source: str, parts: list[str], member: bool
) -> RefRequest | None:
    """`f.m()` / `f->g->m()` in an out-of-class definition (`App::parse` in `App_inl.hpp`) whose
    class is another file's, `f` a value no scope of the file declares: `f` a field of that
    class (or of its bases), followed through the declaring file's table (`d` entries) to
    `m`; `member`: written `this->f->m()`. None when the class is the file's or `f` may be a
    namespace (`detail::f()`)."""
    owner = source.rpartition(".")[0]
    if len(parts) < 2 or not owner or owner in scope.kinds:
        return None
    if scope.kinds.get(source) is not SymbolKind.METHOD:
        return None
    values = scope.extension.values if isinstance(scope.extension, Declared) else frozenset()
    if not member and ((source, parts[0]) not in values or scope._type_of(source, parts[0])):
        return None
    found = scope.request(source, INHERITS, owner, 0)
    if found is None or found.local is not None or not found.alternatives:
        return None
    request.alternatives, request.bound = found.alternatives, True
    request.then = (*(FIELD + f for f in parts[:-1]), parts[-1])
    return request


def inherited_bare(
    scope: FileScope, request: RefRequest, source: str, name: str
) -> tuple[str | None, tuple[str, ...]]:
    """A bare `name` called in `source`, as a member the enclosing class inherits: (a qualname
    of the file, no alternatives), or (None, the alternatives that look it up where the
    member lives in another file); (None, ()) when no class of the file encloses the call with
    one base, or the class declares `name` itself (then `Class::name`, through the includes,
    as the enclosing scopes are looked in)."""
    owner = scope._enclosing_type(source)
    if owner is None or owner not in scope.bases:
        return None, ()
    declared = scope.extension.members if isinstance(scope.extension, Declared) else frozenset()
    current, seen = owner, set[str]()
    while current not in seen and len(seen) < MAX_BASES:
        seen.add(current)
        qual = f"{current}.{name}"
        if scope.kinds.get(qual) in MEMBER_KINDS:
            return qual, ()
        if (current, name) in declared:
            if current == owner:
                return None, ()
            return None, tuple(
                Alternative(targets, qual).encode() for targets in scope.required
            )  # the base's own member, defined in a file the includes reach
        base = scope.bases.get(current)
        if base is None:
            return None, ()
        local = scope.local(current, base.split("."), TYPE_KINDS)
        if local is None:  # the chain leaves the file: the base and up its bases, elsewhere
            return None, inherited_alternatives(scope, current, base, name)
        current = local
    return None, ()


def elsewhere_class(scope: FileScope, source: str, name: str) -> tuple[str, ...]:
    """`name` in the class of an out-of-class definition `source` (`CLI.App.parse`) when the
    class is no type of the file, and up its bases: an alternative per include."""
    owner = source.rpartition(".")[0]
    if not owner or owner in scope.kinds or scope.kinds.get(source) is not SymbolKind.METHOD:
        return ()
    return tuple(
        Alternative(targets, f"{owner}{INHERITED}{name}").encode() for targets in scope.required
    )


def class_member_paths(lookup: Lookup, owner: SymbolInfo, rules: Rules) -> list[str]:
    """The files besides its own where members of class `owner` may be defined out of the
    class: its file's paired implementations, then the headers its file includes (the first
    existing candidate of each `#include`)."""
    paths: list[str] = []
    if posixpath.splitext(owner.path)[1] not in C_SOURCE_SUFFIXES:
        for pair in c_implementations(Target("=", owner.path)):
            paths.extend(lookup.files_for(pair, rules.group))
    for spec in lookup.reexports(owner.path).stars:
        for header in rules.module_targets(owner.path, spec):
            found = lookup.files_for(header, rules.group)
            if found:
                paths.extend(found)
                break
    return [p for p in dict.fromkeys(paths) if p != owner.path]
