"""What one file asks of the resolver: its references (`RefRequest`), each with the places
where what it names may be defined (`Alternative`s, encoded compactly to ship and store), and
the file's `FileRecord`. `file_records.build_record` makes them; `resolve` answers them."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from coderooms.resolution.extraction import SymbolDef
from coderooms.resolution.targets import Binding, ImportRequest, Target


@functools.lru_cache(maxsize=65536)
def decode_alternative(text: str) -> Alternative:
    return Alternative.decode(text)


@dataclass(frozen=True, slots=True)
class Alternative:
    """Look for `qual` in the first existing target (qual `""` = the module itself)."""

    targets: tuple[Target, ...]
    qual: str

    def encode(self) -> str:
        return "|".join(t.encode() for t in self.targets) + "#" + self.qual

    @staticmethod
    def decode(text: str) -> Alternative:
        targets, _, qual = text.rpartition("#")
        return Alternative(tuple(Target.decode(t) for t in targets.split("|") if t), qual)


AGREED = "#&"
"""An encoded alternative that is no place (no targets): it leads a group of alternatives, the
members to look up in what the group finds after it (`agreed_group`). A reference whose
alternatives start with one is linked only where every group finds the same target (Java
lambdas of different calls binding one name, `reference_requests.agreed`)."""


def agreed_group(then: tuple[str, ...]) -> str:
    """The alternative leading a group whose members to look up are `then` (`#` written `%`:
    an alternative's qual holds none)."""
    return AGREED + "\t".join(step.replace("#", "%") for step in then)


def agreed_groups(alternatives: tuple[str, ...]) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """(the members to look up, the alternatives) of each group (`agreed_group`)."""
    groups: list[tuple[tuple[str, ...], list[str]]] = []
    for encoded in alternatives:
        if encoded.startswith(AGREED):
            steps = encoded.removeprefix(AGREED)
            groups.append((tuple(s.replace("%", "#") for s in steps.split("\t")), []))
        elif groups:
            groups[-1][1].append(encoded)
    return [(then, tuple(found)) for then, found in groups]


@dataclass(slots=True)
class RefRequest:
    source: str
    kind: str
    ref: str
    name: str
    line: int
    group: str
    count: int = 1
    bound: bool = False
    alternatives: tuple[str, ...] = ()
    """Encoded `Alternative`s (decode with `decode_alternative`): compact to ship and store."""
    local: str | None = None
    ghost: str = ""
    """Name of the ghost this reference becomes when nothing resolves it."""
    expr: str | None = None
    """Python: what the reference means, for `languages.python.resolver` (see
    `languages.python.scope`)."""
    then: tuple[str, ...] = ()
    """Members looked up in turn in what the found function is declared to return
    (`member_tables`): `Spec.builder().add().build` finds `Spec.builder`, then `add`, `build`."""
    arities: tuple[int, ...] = ()
    """Java: the argument counts of the reference's calls (empty: not known), which the
    method found must take (`arities`)."""


@dataclass(slots=True)
class FileRecord:
    """What one file contributes to the graph, before cross-file resolution."""

    path: str
    language: str | None
    symbols: list[SymbolDef] = field(default_factory=list)
    references: list[RefRequest] = field(default_factory=list)
    imports: list[ImportRequest] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    """Python: the module table (see `languages.python.scope.FileScopes.table`)."""


def binding_alternatives(binding: Binding, rest: list[str]) -> tuple[Alternative, ...]:
    """What a name bound by an import and the names after it may be, in order."""
    tail = ".".join(rest)
    if binding.item is None:
        return (Alternative(binding.module, tail),)
    found: list[Alternative] = []
    if rest and binding.item_module:
        found.append(Alternative(binding.item_module, tail))
    found.append(Alternative(binding.module, f"{binding.item}.{tail}" if tail else binding.item))
    return tuple(found)
