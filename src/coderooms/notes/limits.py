"""The limits of notes, each a named constant (docs/notes.md, "Limits")."""

from __future__ import annotations

NOTE_KINDS = ("fact", "decision", "warning", "lease")
"""What a note is: something true of the code, a decision and its reason, a warning to whoever
touches it, or a lease (a claim on the code until it expires: "I am refactoring this until
tonight")."""

MAX_NOTE_CHARS = 2_000
"""Characters of one note's text."""
MAX_ANCHORS_PER_NOTE = 8
"""Anchors (symbols, files, the repo) one note may name; all in one repo."""
MAX_ANCHOR_CHARS = 1_000
"""Characters of one anchor as given."""

MIN_EXPIRY_S = 60
MAX_EXPIRY_S = 7 * 24 * 3600
"""A note's expiry (`expires_in_s`): from a minute to a week. A lease must have one; the other
kinds may (a note without one lives until it is deleted)."""

MAX_NOTES_PER_REPO = 10_000
"""Live notes one repo holds in the shared graph, every server together: a note past it is
refused (notes never vanish to make room). The per-server cap is `verbs.quotas`."""

MAX_NOTES_IN_ANSWER = 3
"""Notes another verb's answer (`surgical_context`, `impact`, `view`) shows in its `notes`
line; the rest are counted, and `notes` lists them."""
NOTE_PREVIEW_CHARS = 120
"""Characters of a note's text in that line."""
NOTE_LINE_CHARS = 200
"""Characters of the whole line (kind, author, anchors, state, text)."""

LIST_LIMIT_DEFAULT = 50
LIST_LIMIT_MAX = 200
"""Notes one `notes` call lists at most (then cut to max_tokens)."""
MAX_STATE_SCAN = 500
"""Notes a `notes` call filtered by state looks at, newest first: the state is computed from
the code as it is now, so the filter cannot run in the index."""
MAX_QUERY_CHARS = 200
"""Characters of the text a `notes` call searches for."""
MAX_IDS_PER_CALL = 100
"""Note ids one `note_delete` call names."""

MAX_SETTLE_ANCHORS = 2_000
"""Anchors one settle (after a change of the code) compares, oldest first; the rest are
compared by the next one, and every read computes the state afresh anyway."""
EXPIRED_BATCH = 500
"""Expired notes of a repo deleted by one note write (reads never delete)."""

MAX_NOTES_ON_PAGE = 20
"""Notes the web view's symbol page lists (the `notes` verb lists the rest)."""
