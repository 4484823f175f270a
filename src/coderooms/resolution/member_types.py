"""The types another file's table names: the key of a table entry (`member_key`) and the type a
name written in a file resolves to, as that file's table says (`type_named`). Shared by the
member tables and the languages' own member rules (Rust impls), which import this and not each
other."""

from __future__ import annotations

from typing import TYPE_CHECKING

from coderooms.core.kinds import SymbolKind
from coderooms.resolution.ref_requests import decode_alternative

if TYPE_CHECKING:
    from coderooms.resolution.lookup import Lookup, SymbolInfo

TYPE_NAMES = frozenset({SymbolKind.CLASS.value, SymbolKind.INTERFACE.value})
_KEY_FORMS = {
    "r": "{}()", "b": "{}^", "t": ":{}", "d": "{}:", "o": "{}()*", "a": "{}()#", "h": "{}^*"
}  # fmt: skip

Keys = set[tuple[str, str]]


def member_key(tag: str, name: str) -> str:
    """The key of table entry `name` of `tag` (`Spec.builder()`, `Spec^`, `:Builder`,
    `Tokeniser.tagPending:`)."""
    return _KEY_FORMS[tag].format(name)


def type_named(
    lookup: Lookup, path: str, written: str, group: str, keys: Keys
) -> SymbolInfo | None:
    """The type `written` names in file `path` (as its table says it resolves)."""
    keys.add((path, member_key("t", written)))
    keys.add(("", written.rpartition(".")[2]))
    how = lookup.reexports(path).types.get(written)
    if how is None:
        return None
    if how.startswith("L"):
        return lookup.defined(path, how[1:], TYPE_NAMES)
    for encoded in split_alternatives(how[1:]):
        found, looked = lookup.in_module_through(decode_alternative(encoded), group, TYPE_NAMES)
        keys |= looked
        if found is not None:
            return found if found.kind in TYPE_NAMES else None
    return None


def split_alternatives(joined: str) -> list[str]:
    """The encoded alternatives of a `t` entry (`A` + tab-joined): each ends at the first tab
    after its `#` (a C include target, `I<file>\t<spec>`, holds a tab itself)."""
    found: list[str] = []
    start = 0
    while start < len(joined):
        end = joined.find("\t", max(joined.find("#", start), start))
        if end < 0:
            found.append(joined[start:])
            break
        found.append(joined[start:end])
        start = end + 1
    return found
