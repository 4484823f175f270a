"""What a changeset changes for the resolution of other files' references, beyond the names it
touches (`changeset.plan_changeset`): the re-export tables of the groups that keep one (JS/TS,
Rust: `js_reexports`), and what each resolver's session finds for its group (Python:
`languages.python.modules`). And the `ref_keys` a file stores, by which such a change finds
its references."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence

from coderooms.ingest.languages import TABLE_GROUPS
from coderooms.ingest.loader import Loader
from coderooms.ingest.rows import ParsedFile
from coderooms.resolution.extraction import MODULE_VALUE
from coderooms.resolution.keys import encode_key
from coderooms.resolution.member_tables import MEMBER_TAGS
from coderooms.resolution.member_types import member_key
from coderooms.resolution.module_resolver import Changes, ResolverSession
from coderooms.resolution.targets import path_stem


def changes_of(
    loader: Loader,
    sessions: Mapping[str, ResolverSession],
    upserts: Sequence[ParsedFile],
    deletes: Sequence[str],
    added: set[str],
    old_tables: dict[str, list[str]],
    old_names: dict[str, set[str]],
) -> Changes:
    """What the changeset changes for other files' references. `old_tables` and `old_names`:
    per path the graph had, its module table and its symbols' names before the changeset."""
    changes = Changes()
    for parsed in upserts:
        if parsed.group in TABLE_GROUPS:
            old = old_tables.get(parsed.path, [])
            _reexport_table_changes(changes, parsed.path, old, parsed.record.names)
    for path in deletes:
        if old_tables.get(path) and not any(s.owns(path) for s in sessions.values()):
            _reexport_table_changes(changes, path, old_tables[path], [])
    for session in sessions.values():
        session.changes(changes, loader, upserts, deletes, added, old_tables, old_names)
    changes.names.discard("")
    changes.keys = {encode_key(key) for key in changes.keys | changes.names}
    return changes


def _reexport_table_changes(changes: Changes, path: str, old: list[str], new: list[str]) -> None:
    """A JS/TS or Rust module's table changed (`js_reexports`): the names whose entries differ (the
    exported name; the local name of an import binding; `module.exports` for the module's
    value); a changed star list re-resolves what went through the barrel (its importers, and
    keys of its stem)."""
    if old == new:
        return
    by_name: dict[str, list[set[str]]] = defaultdict(lambda: [set(), set()])
    stars: list[set[str]] = [set(), set()]
    for side, entries in enumerate((old, new)):
        for entry in entries:
            if entry.startswith("*"):
                stars[side].add(entry)
            elif entry[:1] in ("e", "n", "l", "i"):
                by_name[entry[1:].partition("=")[0]][side].add(entry)
            elif entry[:1] == "m":
                by_name[MODULE_VALUE][side].add(entry)
            elif entry[:1] in MEMBER_TAGS:  # a return type, a base, how a type resolves
                by_name[member_key(entry[:1], entry[1:].partition("=")[0])][side].add(entry)
    changes.names |= {name for name, (a, b) in by_name.items() if a != b}
    if stars[0] != stars[1]:
        changes.stems.add(path_stem(path))
        changes.keys.add("@" + path_stem(path))


MAX_REF_KEYS_CHARS = 8000
"""A file's `ref_keys` longer than this is stored as ` %* ` (ANY_KEY): Neo4j's TEXT index takes
values up to 32 KB (4 bytes a character at most), and a Python file whose references look up
3,000 names (`lib.n0001.x.go()` ...) has 57 KB of them: the write of its whole changeset failed.
A file marked so is found by every key (`changeset._foreign_work` adds ANY_KEY to the keys it
asks for), then its references by their own `keys`, as any file's: the same re-resolution,
found by a scan of those few files instead of the index."""
ANY_KEY = "%*"
"""No key is written so (`encode_key` writes `%` as `%25`)."""


def ref_keys_text(keys: Iterable[str]) -> str | None:
    """A file's `ref_keys`: its references' keys, space-separated with a space at each end, so
    that a key is found with `CONTAINS ' key '` (TEXT index `file_ref_keys`); ` %* ` when they
    would be longer than MAX_REF_KEYS_CHARS."""
    found = sorted(set(keys))
    if not found:
        return None
    text = " " + " ".join(found) + " "
    return text if len(text) <= MAX_REF_KEYS_CHARS else f" {ANY_KEY} "
