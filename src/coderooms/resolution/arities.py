"""Java overloads by argument count (issue 32). Overloads share one qualname, so a call that
no overload of the method found can take is not a call of it: javac picks another method of
that name, an inherited one (`until(Temporal, TemporalUnit)` of a base beside the class's own
`until(ChronoLocalDate)`), which the name alone does not tell apart: the call is a ghost.

A method's table entry `a<qualname>=2,1+` lists what its overloads take (`1+`: varargs, one
argument or more); a reference keeps the argument counts of its calls (`RefRequest.arities`,
all the calls of one text in one definition). A method without an entry (another language's,
a table written before the rule) takes anything."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from typing import TYPE_CHECKING

from coderooms.resolution.extraction import CALLS, Extraction
from coderooms.resolution.member_tables import MAX_BASES, overload_up
from coderooms.resolution.member_types import Keys, member_key
from coderooms.resolution.ref_requests import RefRequest
from coderooms.resolution.vocabulary import AGREE

if TYPE_CHECKING:
    from coderooms.resolution.lookup import Lookup, SymbolInfo

Site = tuple[str, str, str, int]
"""(source, kind, ref, line): one reference site, as `file_records` walks them."""


def takes(spec: str, counts: Iterable[int]) -> bool:
    """Whether overloads `spec` (`2,1+`) take every argument count of `counts`."""
    fixed: set[int] = set()
    least: int | None = None
    for one in spec.split(","):
        if one.endswith("+") and one[:-1].isdigit():
            least = min(least, int(one[:-1])) if least is not None else int(one[:-1])
        elif one.isdigit():
            fixed.add(int(one))
        else:
            return True  # not written by this rule: no claim
    return all(n in fixed or (least is not None and n >= least) for n in counts)


def entries(extraction: Extraction) -> list[str]:
    """The `a` table entries of a file's methods."""
    return [f"a{qual}={','.join(sorted(specs))}" for qual, specs in extraction.arities.items()]


def record_arities(
    extraction: Extraction,
    sites: list[Site],
    requests: dict[Site, RefRequest | None],
    own_file: Callable[[str], str],
) -> None:
    """Give each call reference the argument counts of its sites (none where a site's count
    is unknown). A reference the file answers itself (`local`) with a method of the file none
    of whose overloads takes them is looked up instead as that method in the file (`own_file`),
    whence resolution goes up its class's bases (`member_tables.overload_up`)."""
    if not extraction.call_args:
        return
    counts: dict[int, tuple[RefRequest, set[int] | None]] = {}
    for site in sites:
        request = requests.get(site)
        if request is None:
            continue
        _, kind, ref, line = site
        found = extraction.call_args.get((ref, line)) if kind == CALLS else None
        known = counts.get(id(request), (request, set[int]()))[1]
        merged = None if found is None or known is None else known | found
        counts[id(request)] = (request, merged)
    for request, found in counts.values():
        if not found:
            continue
        request.arities = tuple(sorted(found))
        local = request.local or ""
        specs = extraction.arities.get(local)
        if specs and not takes(",".join(sorted(specs)), found):
            request.local, request.bound = None, True
            request.alternatives = (own_file(local),)


def overloaded_up(
    lookup: Lookup, found: SymbolInfo, counts: tuple[int, ...], group: str, keys: Keys
) -> bool:
    """Whether a base of `found`'s class, up the chain, declares an overload of the same name
    and argument count with other parameter types (`until(AbstractDate, TemporalUnit)` in the
    base beside the class's `until(Temporal, TemporalUnit)`): javac picks by the arguments'
    types, which the name does not tell, so the call is a ghost. The same types: an override,
    the class's own (and the base's bases are looked at in turn); where the class has several
    overloads of that count, each position's type in the base must be one of theirs there
    (`interpret(Version)` overridden beside `interpret(String)`). A base's varargs overload
    is never javac's pick over a method of fixed arity that takes the call."""
    current = found
    fits = partial(_takes_any, lookup, counts=counts, keys=keys)
    for _ in range(MAX_BASES):
        base = overload_up(lookup, current, fits, group, keys)
        if base is None:
            return False
        for n in counts:
            theirs, own = _types(lookup, base, n, keys), _types(lookup, found, n, keys)
            if theirs is not None and (own is None or not all(map(_among, theirs, own))):
                return True
        current = base
    return False


def _takes_any(lookup: Lookup, method: SymbolInfo, counts: tuple[int, ...], keys: Keys) -> bool:
    keys.add((method.path, member_key("a", method.qualname)))
    spec = lookup.reexports(method.path).arities.get(method.qualname)
    return spec is None or any(takes(spec, (n,)) for n in counts)


def _types(lookup: Lookup, method: SymbolInfo, n: int, keys: Keys) -> tuple[str, ...] | None:
    """The simple names of the types the overloads of `n` arguments of `method` declare, by
    position (`""` a primitive); None when no overload of fixed arity `n` has it."""
    keys.add((method.path, member_key("a", method.qualname)))
    spec = lookup.reexports(method.path).arities.get(method.qualname) or ""
    if str(n) not in spec.split(","):
        return None
    fields = lookup.reexports(method.path).fields
    found: list[str] = []
    for k in range(n):
        key = f"{method.qualname}#{k}/{n}"
        keys.add((method.path, member_key("d", key)))
        written = fields.get(key, "")
        found.append(AGREE.join(sorted(_simple(t) for t in written.split(AGREE))))
    return tuple(found)


def _among(theirs: str, own: str) -> bool:
    """Whether the types a base declares at a position are among the class's there."""
    return set(theirs.split(AGREE)) <= set(own.split(AGREE))


def _simple(written: str) -> str:
    """`java.time.temporal.TemporalUnit` -> `TemporalUnit` (generic arguments dropped)."""
    return written.partition("<")[0].rpartition(".")[2]
