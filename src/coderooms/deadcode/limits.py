"""The limits of `dead_code`, each a named constant (docs/dead-code.md, "Limits")."""

from __future__ import annotations

KINDS = ("Function", "Method", "Class", "Interface")
"""Kinds of symbol judged (modules and variables are not: a variable's reads are not edges)."""
MAX_SCAN_BYTES = 256 * 1024 * 1024
"""Text of a repo read to find where each candidate's name is written (all of it, whatever the
`path`: a use may be anywhere); a repo past it is refused with `invalid_input`."""
FILES_PER_READ = 200
"""Files whose chunks one statement reads."""
MENTIONS_KEPT = 1_000
"""Places a name is written that are kept per name (past it the name is plainly in use)."""
ENCLOSING_LINES = 200
"""Lines above a symbol defined inside a function read to find what opens its block (an
anonymous class: `rules.ANONYMOUS_CLASS`)."""
PLACES_LISTED = 3
"""Places (mentions, unresolved call sites) a `low` finding lists."""
ITEMS_DEFAULT = 100
ITEMS_MAX = 500
"""Findings one answer lists (then cut to max_tokens); `next_cursor` goes on."""
CACHED_ANALYSES = 8
"""Analyses kept per server (by repo, graph generation and arguments): a page of the same
question reads the graph once."""
