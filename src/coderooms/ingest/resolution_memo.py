"""What a save of a file resolved, kept for its next save (issue 31, item 5): a save of a 5k-line
Python file re-resolved its ~3,000 references whatever the edit. A reference of the next save
that is the same request as one of the last save but for its line is given the last save's
resolution, when nothing it could have found changed meanwhile:

- the graph is the one the last save of this file wrote: the repo's generation read by this
  plan is the one that save's plan read plus its own write's bump, and no other changeset of
  the repo was applied in this process since (`note_write`);
- the file's imports are the same but for lines, what differs in its module table
  (`FileRecord.names`) is names its resolver can tell (`ModuleResolver.table_names`; Python's:
  no star import, no `__all__`), and neither reading had problems (a syntax error re-resolves
  the file whole);
- no name of a symbol that appeared, went or changed (kind, signature, parent), nor of a module
  table entry that did (Python's: a value, a return, a base, a property), occurs as an
  identifier in the request (its source, ref, name, alternatives, expr, members, ghost); nor
  was it resolved to such a symbol.

Everything else is resolved as before. A reference's edge row is the one the last save built
where the request (its line too) and its resolution are the same (the row is made of nothing
else: `rows.reference_props`), else built again (`reference_edges.reference_edges`): the graph
written is the graph a full resolution writes (`tests/integration/ingest/test_scoped_saves.py`).
Resolutions are line-free (a `Resolution` holds the target, how and how sure), so a reference
moved by an edit above it keeps its answer. `REUSE` off (`CODEROOMS_REUSE_RESOLUTIONS=off`)
resolves every reference and builds every row, as before; memos are kept for the last
`MAX_FILES` files saved in this process (a changeset of more files, an ingest, keeps none).
"""

from __future__ import annotations

import os
import re
import threading
from collections import Counter, OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass

from coderooms.core.ids import symbol_id
from coderooms.ingest.languages import RESOLVERS
from coderooms.ingest.rows import EdgeRow, ParsedFile
from coderooms.resolution.ref_requests import FileRecord, RefRequest
from coderooms.resolution.resolutions import Resolution

REUSE = os.environ.get("CODEROOMS_REUSE_RESOLUTIONS", "on").lower() not in {"off", "0", "no"}
"""Whether a plan reuses the last save's resolutions (a memo is kept either way)."""
MAX_FILES = 8
MEMO_GROUPS = frozenset(RESOLVERS)
"""The groups whose saves keep a memo: those resolved over a module store of their own
(`LookupRules.resolver`: Python's, the one measured, issue 31), whose requests the conditions
above read and whose resolver says what differs in a module table (`table_names`)."""

RequestKey = tuple[object, ...]
SymbolKey = tuple[str, str, str, str, str | None]
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True, slots=True)
class Memo:
    repo: str
    path: str
    generation: int
    """The repo's generation the plan read (its own write moved it one on)."""
    writes: int
    """This process's count of the repo's applied changesets after that write."""
    context: tuple[object, ...]
    symbols: frozenset[SymbolKey]
    table: frozenset[str]
    resolutions: dict[RequestKey, Resolution]
    edges: dict[tuple[RequestKey, int], tuple[Resolution, EdgeRow]]
    """The reference edge row built per request and line, with the resolution it was built
    from (`reference_edges.reference_edges` keeps one where both are the same)."""


@dataclass(frozen=True, slots=True)
class Pending:
    """A memo made by a plan, kept once its write committed (`keep`)."""

    memo: Memo
    writes_at_plan: int


_lock = threading.Lock()
_memos: OrderedDict[tuple[str, str], Memo] = OrderedDict()
_writes: Counter[str] = Counter()


def note_write(repo: str) -> None:
    """A changeset of `repo` is being applied in this process (every write path calls it)."""
    with _lock:
        _writes[repo] += 1


def writes_of(repo: str) -> int:
    with _lock:
        return _writes[repo]


def request_key(request: RefRequest) -> RequestKey:
    """A reference as its resolution sees it: every field but the line."""
    return (
        request.source, request.kind, request.ref, request.name, request.group, request.count,
        request.bound, request.alternatives, request.local, request.ghost, request.expr,
        request.then, request.arities,
    )  # fmt: skip


def symbol_keys(record: FileRecord) -> frozenset[SymbolKey]:
    """The file's symbols as resolution sees them: no lines, no doc."""
    return frozenset(
        (s.kind.value, s.name, s.qualname, s.signature, s.parent) for s in record.symbols
    )


def context_of(parsed: ParsedFile) -> tuple[object, ...] | None:
    """What the file gives resolution besides its symbols, line-free; None when it cannot be
    trusted (the reading had problems: a syntax error, a limit)."""
    record = parsed.record
    if record.problems or parsed.group not in MEMO_GROUPS:
        return None
    imports = tuple((i.label, i.targets) for i in record.imports)
    return (parsed.group, imports)


def changed_names(old: frozenset[SymbolKey], new: frozenset[SymbolKey]) -> frozenset[str]:
    """Every identifier in the names and qualnames of the symbols that differ."""
    names: set[str] = set()
    for _, name, qualname, _, parent in old ^ new:
        names.add(name)
        names.update(qualname.split("."))
        if parent:
            names.update(parent.split("."))
    names.discard("")
    return frozenset(names)


def mentions(request: RefRequest, names: frozenset[str]) -> bool:
    """Whether any of `names` occurs as an identifier in what `request` looks up."""
    if not names:
        return False
    fields: Iterable[str | None] = (
        request.source, request.ref, request.name, request.local, request.ghost, request.expr,
        *request.alternatives, *request.then,
    )  # fmt: skip
    return any(not names.isdisjoint(_IDENTIFIER.findall(text)) for text in fields if text)


@dataclass(frozen=True, slots=True)
class Reuse:
    """What a plan may reuse for one file: resolutions by request, the changed names."""

    memo: Memo
    changed: frozenset[str]
    changed_ids: frozenset[str]
    """Ids of the file's symbols that appeared, went or changed."""

    def resolution(self, request: RefRequest) -> Resolution | None:
        found = self.memo.resolutions.get(request_key(request))
        if found is None or found.target in self.changed_ids:
            return None
        if mentions(request, self.changed):
            return None
        return found


def reuse_for(repo: str, parsed: ParsedFile, generation: int | None) -> Reuse | None:
    """What the last save of `parsed`'s file lets this plan reuse, or None (resolve all)."""
    if not REUSE or generation is None:
        return None
    context = context_of(parsed)
    if context is None:
        return None
    with _lock:
        memo = _memos.get((repo, parsed.path))
        writes = _writes[repo]
    if memo is None or memo.context != context:
        return None
    if memo.generation + 1 != generation or memo.writes != writes:
        return None  # another write since: what the references find may have changed
    resolver = RESOLVERS.get(parsed.group or "")  # there is one: `context_of` checked the group
    if resolver is None:
        return None
    in_table = resolver.table_names(memo.table, frozenset(parsed.record.names))
    if in_table is None:
        return None
    symbols = symbol_keys(parsed.record)
    differ = memo.symbols ^ symbols
    changed_ids = frozenset(symbol_id(repo, parsed.path, key[2]) for key in differ)
    return Reuse(memo, changed_names(memo.symbols, symbols) | in_table, changed_ids)


def pending_for(
    repo: str,
    parsed: ParsedFile,
    generation: int | None,
    resolved: dict[int, Resolution],
    edges: list[EdgeRow],
) -> Pending | None:
    """The memo of this plan's resolutions of `parsed`'s references and of their edge rows
    (`edges`: one per reference, in order, as `reference_edges.reference_edges` gives them), to keep
    after its write."""
    context = context_of(parsed)
    if context is None or generation is None:
        return None
    resolutions: dict[RequestKey, Resolution] = {}
    built: dict[tuple[RequestKey, int], tuple[Resolution, EdgeRow]] = {}
    for at, request in enumerate(parsed.record.references):
        found = resolved.get(id(request))
        if found is not None:
            key = request_key(request)
            resolutions.setdefault(key, found)
            if at < len(edges):
                built[(key, request.line)] = (found, edges[at])
    writes = writes_of(repo)
    memo = Memo(
        repo,
        parsed.path,
        generation,
        writes + 1,
        context,
        symbol_keys(parsed.record),
        frozenset(parsed.record.names),
        resolutions,
        built,
    )
    return Pending(memo, writes)


def keep(pending: Iterable[Pending]) -> None:
    """Keep the memos of a committed write: only where its write was the only one applied in
    this process since its plan (else the memo is dropped: the next save resolves all)."""
    with _lock:
        for one in pending:
            key = (one.memo.repo, one.memo.path)
            _memos.pop(key, None)
            if _writes[one.memo.repo] != one.memo.writes:
                continue
            _memos[key] = one.memo
            while len(_memos) > MAX_FILES:
                _memos.popitem(last=False)


def forget(repo: str, paths: Iterable[str]) -> None:
    with _lock:
        for path in paths:
            _memos.pop((repo, path), None)


def clear() -> None:
    with _lock:
        _memos.clear()
        _writes.clear()
