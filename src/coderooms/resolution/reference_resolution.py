"""One reference or import resolved against the repo-wide `resolve.Lookup`: the file's own
answer, then each alternative in order, then (only where the language allows it) a unique name;
else a ghost. Says how (`via`) and how sure (`confidence`)."""

from __future__ import annotations

from functools import partial

from coderooms.core.ids import file_id, ghost_id, symbol_id
from coderooms.core.kinds import SymbolKind
from coderooms.resolution.arities import overloaded_up, takes
from coderooms.resolution.extraction import INHERITS
from coderooms.resolution.keys import encode_key
from coderooms.resolution.lookup import (
    CONFIDENCE,
    FILE,
    GHOST,
    SYMBOL,
    Lookup,
    SymbolInfo,
)
from coderooms.resolution.lookup_rules import LookupRules, of_group
from coderooms.resolution.member_tables import (
    closed_member,
    follow_returns,
    inherited_member,
    overload_up,
)
from coderooms.resolution.member_types import member_key
from coderooms.resolution.ref_requests import (
    AGREED,
    RefRequest,
    agreed_groups,
    decode_alternative,
)
from coderooms.resolution.resolutions import Resolution
from coderooms.resolution.rules import Rules
from coderooms.resolution.targets import ImportRequest
from coderooms.resolution.vocabulary import CLOSED, INHERITED, NOT_CALLABLE, TYPE_KINDS

CALLABLE_KINDS = frozenset(k.value for k in SymbolKind if k not in NOT_CALLABLE)
TYPE_KIND_NAMES = frozenset(k.value for k in TYPE_KINDS)


def type_member(ref: str) -> str | None:
    """`Circle.new` / `String.from`: a member of a type named by the head. Only a method of a
    type of that name may answer it by unique name (not any `new` or `from` in the repo)."""
    head, _, rest = ref.partition(".")
    if not rest or not head[:1].isupper() or "(" in ref:
        return None  # `Foo.make().m`: a member of what a call returns is no type's by name
    return ".".join(ref.split(".")[-2:-1])


def unique_question(request: RefRequest, rules: Rules) -> tuple[frozenset[str], str | None] | None:
    """What the unique-name rule may answer `request` (of the group whose `rules` are given)
    with: the kinds and the type a member must belong to (None: a top-level definition); None
    when it may not answer at all (bound or local references, members of values)."""
    if request.bound or request.local is not None:
        return None
    wanted = wanted_kinds(request)
    if "." not in request.ref:
        if not rules.by_bare_name:
            return None  # the language's rules are complete (`Rules.by_bare_name`)
        return wanted - {"Method"}, None
    member_of = type_member(request.ref)
    return (wanted, member_of) if member_of is not None else None


def wanted_kinds(request: RefRequest) -> frozenset[str]:
    """What a reference may point at: a type for inheritance, anything callable for a call."""
    return TYPE_KIND_NAMES if request.kind == INHERITS else CALLABLE_KINDS


def resolve_reference(request: RefRequest, source_path: str, lookup: Lookup) -> Resolution:
    repo = lookup.repo
    session = lookup.sessions.get(request.group)
    if session is not None:  # its group's resolver answers (Python, `module_resolver`)
        return session.resolve_reference(request, source_path)
    if request.local is not None:
        return Resolution(
            symbol_id(repo, source_path, request.local), SYMBOL, "local", CONFIDENCE["local"]
        )
    rules = of_group(lookup, request.group)
    wanted = wanted_kinds(request) | {"Module"}
    if rules.callable_variables and request.kind != INHERITS:
        wanted |= {"Variable"}  # a top-level const reached through an import may be called
    keys: set[tuple[str, str]] = set()
    agreeing = bool(request.alternatives) and request.alternatives[0].startswith(AGREED)
    groups = agreed_groups(request.alternatives) if agreeing else []
    if groups:  # members after the groups' own (`x.a().b()`): each group's, then those
        first = groups[0][0]
        extra = request.then[len(first) :] if request.then[: len(first)] == first else None
        groups = [(then + extra, found) for then, found in groups] if extra is not None else []
    groups = groups or [(request.then, () if agreeing else request.alternatives)]
    if request.then:  # what the chain looks for: its callee (each group's), then each member
        for then, alternatives in groups:
            callee = decode_alternative(alternatives[0]).qual if alternatives else ""
            keys |= {("", part) for part in (*then[:-1], _last_name(callee))}
    answers = [_first(request, *group, lookup, rules, wanted, keys) for group in groups]
    if len({answer[0].id if answer else None for answer in answers}) != 1:
        answers = [None]  # lambdas of different calls (`AGREED`): they give different targets
    answer = answers[0]
    if answer is not None:
        linked, via = answer
        return Resolution(
            linked.id, SYMBOL, via, CONFIDENCE[via], None, _keys(keys, source_path, request)
        )
    if agreeing:
        return _ghost(request, repo, keys, source_path)
    question = unique_question(request, rules)
    if question is not None:
        found = lookup.unique(request.group, request.name, *question)
        if found is not None:
            via = "unique" if "." not in request.ref else "unique_attribute"
            return Resolution(found.id, SYMBOL, "unique", CONFIDENCE[via])
    return _ghost(request, repo, keys, source_path)


def _ghost(
    request: RefRequest, repo: str, keys: set[tuple[str, str]], source_path: str
) -> Resolution:
    return Resolution(
        ghost_id(repo, request.ghost),
        GHOST,
        "ghost",
        CONFIDENCE["ghost"],
        request.ghost,
        _keys(keys, source_path, request),
    )


def _first(
    request: RefRequest,
    then: tuple[str, ...],
    alternatives: tuple[str, ...],
    lookup: Lookup,
    rules: LookupRules,
    wanted: frozenset[str],
    keys: set[tuple[str, str]],
) -> tuple[SymbolInfo, str] | None:
    """What the first alternative that finds something finds (the members of `then` followed
    in it), and how; None when none does, or what it finds is ambiguous."""
    for encoded in alternatives:
        alternative = decode_alternative(encoded)
        via = "import" if request.bound else "package"
        if CLOSED in alternative.qual:  # up a chain that must end in the repo
            found, sure = closed_member(lookup, alternative, request.group, keys)
            if found is None and not sure:
                break
            via = "inherited"
        elif INHERITED in alternative.qual:  # a member of a type, up its bases
            found = inherited_member(lookup, alternative, request.group, keys)
            via = "inherited"
        else:
            found, looked = lookup.in_module_through(alternative, request.group, wanted)
            keys |= looked
            if found is None:  # Rust `T::f()`: `f` of another file's impl
                found = rules.alternative_fallback(lookup, alternative, wanted, keys)
        if found is None:
            continue
        if of_group(lookup, request.group).ambiguous(lookup, found, keys, request.arities):
            break  # one of several a call may mean (C++ overloads): a ghost
        if then:  # `f().m()`: `m` of what `f` is declared to give
            found = follow_returns(lookup, found, then, request.group, keys)
            if found is None or of_group(lookup, request.group).ambiguous(
                lookup, found, keys, request.arities
            ):
                break
            via = "typed"
        if request.arities and not _takes(lookup, found, request.arities, keys):
            # no overload of it takes these arguments: a base's, up the chain, or a ghost
            fits = partial(_takes, lookup, counts=request.arities, keys=keys)
            found = overload_up(lookup, found, fits, request.group, keys)
            if found is None:
                break
            via = "inherited"
        if request.arities and overloaded_up(lookup, found, request.arities, request.group, keys):
            break  # a base's overload of as many arguments, other types: javac's pick unknown
        if rules.interface_calls and _virtual(request) and found.kind == "Method":
            via = _interface_via(lookup, found, via, keys)
        return found, via
    return None


def _takes(
    lookup: Lookup, found: SymbolInfo, counts: tuple[int, ...], keys: set[tuple[str, str]]
) -> bool:
    """Whether method `found` has an overload for each of `counts` arguments (`arities`)."""
    if found.kind != "Method":
        return True
    keys.add((found.path, member_key("a", found.qualname)))
    spec = lookup.reexports(found.path).arities.get(found.qualname)
    return spec is None or takes(spec, counts)


def _virtual(request: RefRequest) -> bool:
    """A Java, Go or TypeScript call on a value (`x.m()`, `a().m()`, `this.f.m()`, an inherited
    `m()`), not on a
    type (`Codec.make()`: a static method is no interface's to implement)."""
    head = request.ref.partition(".")[0]
    return "(" in request.ref or not head[:1].isupper()


def _interface_via(lookup: Lookup, found: SymbolInfo, via: str, keys: set[tuple[str, str]]) -> str:
    """`interface` when the method found is declared by an interface: the declaration the call
    binds to, whatever implementation runs (none is guessed). The owner's name is a key, so
    that the type turning from a class to an interface (or back) re-resolves the call."""
    owner = found.qualname.rpartition(".")[0]
    if not owner:
        return via
    keys.add(("", owner.rpartition(".")[2]))
    declared = lookup.defined(found.path, owner, TYPE_KIND_NAMES)
    return "interface" if declared is not None and declared.kind == "Interface" else via


def _last_name(qual: str) -> str:
    """The name a qual ends in (`Spec.builder` -> `builder`, `Spec^run` -> `run`)."""
    return qual.rpartition(INHERITED)[2].rpartition(".")[2]


def _keys(keys: set[tuple[str, str]], source: str, request: RefRequest) -> tuple[str, ...]:
    """What a reference looked up in other files than its own (not its own name)."""
    return tuple(
        sorted({encode_key(k) for path, k in keys if path != source and k != request.name})
    )


def resolve_import(
    request: ImportRequest, group: str | None, lookup: Lookup, source_path: str = ""
) -> Resolution:
    for target in request.targets:
        session = lookup.by_mode.get(target.mode)
        if session is not None:
            found = session.module_of(target, source_path)
            if found is not None:
                return Resolution(file_id(lookup.repo, found), FILE, "import", CONFIDENCE["import"])
            continue
        paths = lookup.files_for(target, group)
        if paths:
            via = "import" if target.mode == "=" else "import_suffix"
            return Resolution(file_id(lookup.repo, paths[0]), FILE, "import", CONFIDENCE[via])
    name = request.label or "?"
    return Resolution(ghost_id(lookup.repo, name), GHOST, "ghost", CONFIDENCE["ghost"], name)
