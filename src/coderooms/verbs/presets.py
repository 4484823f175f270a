"""Which verbs a server lists: named presets the operator combines (`serve --tools core,edit`).

Every verb the model sees costs tokens in every conversation, so the default lists only `core`,
the verbs that answer the common questions in one or two calls: where is X defined and who calls
it (`seek`, `impact`), what breaks if I change Y (`impact`), which tests cover Z (`impact`,
`surgical_context`), show me the code of W (`view`, `glob`), search text (`search`), what is
around the file I am about to edit (`surgical_context`), and bringing the graph up to date after
the agent's own edits (`ingest`). Editing stays out of core: coding agents edit with their own
file tools, and the `edit` preset holds every coderooms verb that writes files (with the proof
that gates them). A selection is the union of its presets, plus `help` and `health`, always.
Names of verbs not registered (yet) are tolerated: a preset serves those that exist.
"""

from __future__ import annotations

from collections.abc import Iterable

from coderooms.errors import InvalidInput

ALWAYS = ("help", "health")
"""Served whatever the selection: what is served, and whether the graph is ready."""

PRESETS: dict[str, tuple[str, ...]] = {
    "core": (
        *ALWAYS, "search", "glob", "view", "seek", "impact", "surgical_context", "ingest",
    ),
    "edit": ("edit_preview", "edit_commit", "apply", "apply_batch", "surgical_context_v2"),
    "navigate": (
        "activate", "batch_view", "perspective_start", "perspective_routes",
        "perspective_inspect", "perspective_peek", "perspective_follow", "perspective_suggest",
        "perspective_affinity", "perspective_branch", "perspective_back", "perspective_compare",
        "perspective_list", "perspective_close",
    ),
    "freshness": (
        "auto_ingest_start", "auto_ingest_stop", "auto_ingest_status", "alerts_list",
        "alerts_ack",
    ),
    "admin": ("daemon_start", "daemon_stop", "daemon_status", "daemon_tick", "heuristics_surface"),
    "memory": ("note", "notes", "note_update", "note_delete"),
    "query": ("cypher", "dead_code"),
}  # fmt: skip
"""Each verb but `help` and `health` is in exactly one preset (the unit tests hold it)."""

ALL = "all"
"""Every verb this server has."""

EDIT_WRITERS = ("edit_preview", "edit_commit", "apply", "apply_batch")
"""The verbs that check a file's content hash before they write: a read answer carries the
hash (and seek its proof state) only on a server that serves one of them."""

DESCRIPTIONS: dict[str, str] = {
    "core": "find, read and weigh code: search, symbols, callers, tests, impact, ingest",
    "edit": "write files: previews, commits, atomic applies, the edit proof",
    "navigate": "explore the graph: spreading activation, several ranges, perspectives",
    "freshness": "keep the graph equal to the disk: watchers, alerts",
    "admin": "operate the watcher's ticks, explain seek's ranking",
    "memory": "notes shared between agents, anchored to code, stale when it changes",
    "query": "ask the graph in read-only Cypher; dead code and how sure it is",
    ALL: "every verb",
}

NAMES = (*PRESETS, ALL)


def parse_presets(value: str) -> tuple[str, ...]:
    """`core,edit` -> ("core", "edit"); an unknown or empty name is refused with the names."""
    names = tuple(part.strip().lower() for part in value.split(","))
    for name in names:
        if name not in NAMES:
            what = f"unknown tool preset {name!r}" if name else "an empty tool preset name"
            raise InvalidInput(
                f"{what} in {value!r} (--tools, CODEROOMS_TOOLS); the presets are "
                f"{', '.join(NAMES)}, comma-separated",
                field="tools",
            )
    return tuple(dict.fromkeys(names))


def selected_verbs(presets: Iterable[str], registered: Iterable[str]) -> set[str]:
    """The registered verbs the presets hold (all of them for `all`)."""
    known = set(registered)
    chosen = set(presets)
    if ALL in chosen:
        return known
    wanted = set(ALWAYS).union(*(PRESETS[name] for name in chosen))
    return known & wanted


def preset_of(verb: str) -> str:
    """The named preset holding the verb (`all` for one no named preset holds)."""
    return next((name for name, verbs in PRESETS.items() if verb in verbs), ALL)
