"""The hooks resolution across files meets, where one language group looks further than the
generic path does (`LookupRules`, the reference hooks' `file_scope.ReferenceRules` with them; the
default of each is the generic path): the walk through what a module requires (C: its
includes), a type's members in other files of its package (Go) or in
another file's `impl` (Rust), and `T::f()` that the module an alternative names does not define
(Rust). `member_tables` and `reference_resolution` ask them of the reference's group
(`of_group`, over the rules the `resolve.Lookup` holds)."""

from __future__ import annotations

from coderooms.resolution.file_scope import ReferenceRules
from coderooms.resolution.lookup import Found, Lookup, SymbolInfo
from coderooms.resolution.member_types import Keys
from coderooms.resolution.ref_requests import Alternative
from coderooms.resolution.require_walk import through_requires


class LookupRules(ReferenceRules):
    """A language's rules with the hooks resolution across files meets (group-level: they are
    asked of the reference's group)."""

    __slots__ = ()

    def star_walk(self, lookup: Lookup, alternative: Alternative, wanted: frozenset[str]) -> Found:
        """The name in what the module the alternative names requires, and in what that
        requires, nearest first (`require_walk.through_requires`: Ruby, Bash); asked of a
        group whose files keep `stars` tables only."""
        return through_requires(lookup, alternative, self.group, wanted)

    def member_paths(self, lookup: Lookup, owner: SymbolInfo) -> list[str]:
        """Other files that may define members of type `owner` (Go: its package's); none by
        default."""
        return []

    def member_elsewhere(
        self, lookup: Lookup, owner: SymbolInfo, member: str, keys: Keys
    ) -> SymbolInfo | None:
        """`member` of type `owner` that no file of `member_paths` defines, found another way
        (Rust: an `impl` in another file), before its bases are looked in."""
        return None

    def ambiguous(
        self, lookup: Lookup, found: SymbolInfo, keys: Keys, counts: tuple[int, ...] = ()
    ) -> bool:
        """Whether the symbol another file's alternative found is one of several a call may
        mean that the name alone (and the call's argument counts, `counts`, where known)
        cannot tell apart (C++ overloads): then a ghost. Never by default."""
        return False

    def alternative_fallback(
        self, lookup: Lookup, alternative: Alternative, wanted: frozenset[str], keys: Keys
    ) -> SymbolInfo | None:
        """What an alternative finds when the module it names does not define its name (Rust
        `T::f()`: `f` of an impl of `T` in another file); None by default."""
        return None


GENERIC = LookupRules("", "")


def of_group(lookup: Lookup, group: str) -> LookupRules:
    """The rules `lookup` holds for `group`, with the across-files hooks (every record's rules
    have them; a name that is no group: the generic ones)."""
    rules = lookup.rules_of(group)
    return rules if isinstance(rules, LookupRules) else GENERIC
