"""Every limit of the perspective room's stateful verbs, named (see docs/perspectives.md)."""

from __future__ import annotations

MAX_OPEN_PERSPECTIVES = 5
"""Perspectives one agent may hold open that it made with `perspective_start`."""

MAX_OPEN_BRANCHES = 10
"""Perspectives one agent may hold open that it made with `perspective_branch` (on top of the
started ones: an agent holds at most MAX_OPEN_PERSPECTIVES + MAX_OPEN_BRANCHES at once)."""

MAX_CHECKPOINTS = 200
"""Checkpoints (one per follow) a perspective keeps; the oldest is evicted past this (LRU)."""

MAX_VISITED = 500
"""Visited node ids a perspective remembers; the oldest are forgotten past this."""

MAX_AFFINITY_CANDIDATES = 8
"""Most hypothetical relations `perspective_affinity` returns."""

MAX_SUGGESTIONS = 5
"""Most next moves `perspective_suggest` returns."""

PAGE_SIZE_MIN = 1
PAGE_SIZE_MAX = 10
PAGE_SIZE_DEFAULT = 6
"""`perspective_routes` page size: below the minimum is refused, above the maximum clamped."""

MAX_QUERY_CHARS = 500
"""Longest `query` / `anchor` `perspective_start` accepts."""

MAX_PERSPECTIVE_ID_CHARS = 200
MAX_ROUTE_ID_CHARS = 200

COMPARE_MAX_LISTED_NODES = 50
"""Shared / exclusive node ids `perspective_compare` lists per group (counts are exact)."""

FOCUS_DISTANCE_MAX_HOPS = 4
"""`perspective_compare` looks for a path between the two foci up to this many hops."""

PEEK_MAX_FILE_BYTES = 1_000_000
"""Peek refuses files larger than this (checked with a stat before anything is read)."""

PEEK_BINARY_SNIFF_BYTES = 8_192
"""A NUL byte in this many leading bytes makes a file binary: peek refuses it."""

PEEK_CONTEXT_LINES = 3
"""Lines shown before and after the target's own lines."""

PEEK_MAX_LINES = 120
"""Most lines one peek returns (the target's first lines when it is longer)."""

PEEK_MAX_LINE_CHARS = 2_000
"""A longer line is cut (reported in `cut_lines`)."""
