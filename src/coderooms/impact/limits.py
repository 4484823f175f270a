"""Every bound of `impact`, named (see docs/impact.md). Arguments out of range are clamped and
reported in `clamped`; lists longer than their bound are cut and say so."""

from __future__ import annotations

DEPTH_DEFAULT = 2
DEPTH_MIN = 1
DEPTH_MAX = 5
"""Hops of callers / importers followed from the seeds."""

MAX_ITEMS_DEFAULT = 50
"""Affected rows one answer lists (~150 characters each: the answer stays near 2k tokens)."""
MAX_ITEMS_MIN = 1
MAX_ITEMS_MAX = 200

SEEDS_MAX = 1_000
"""Symbols an answer starts from (a name matching more, a file or a diff touching more, are cut
to this many, in id order, and the answer says so and is a lower bound)."""
SEEDS_LISTED = 20
"""Seeds the answer lists by id (the rest are counted)."""
NEAR_LISTED = 5
"""Symbols sharing only a qualname's last part, named when the qualname names none."""
TESTS_DEPTH = 5
"""Hops the walk goes to find the tests when `tests` is asked for, whatever `depth` (the rows
stay within `depth`)."""

ROWS_PER_HOP = 5_000
"""Most distinct callers (or importers) read at one hop; past it the walk is cut and flagged."""
NODES_MAX = 10_000
"""Most nodes the whole walk collects before it stops (flagged)."""

MAX_TESTS = 20
"""Test files listed (nearest first); with `sections` [callers] alone, their symbols are rows."""
TEST_NAMES_PER_FILE = 3
"""Test symbols named per test file."""

COMPLETENESS_IDS_MAX = 500
"""Symbols of the walk (beyond the seeds) whose names' unresolved call sites are counted."""
THROUGH_NAMES_LISTED = 5
"""Names of the walked-through symbols listed with their unresolved call sites (most first), so
a reader can tell `run` from `update` (a dict method's name, rarely a missing caller)."""

MAX_CHANGED_FILES = 30
"""Changed files a `changes` answer lists (all of them are still mapped to seeds)."""
MAX_MAPPED_FILES = 2_000
"""Changed files mapped to symbols (in path order); a wider diff is cut there, flagged, and
the answer is a lower bound."""
GIT_DIFF_TIMEOUT_S = 30.0
"""Each git call of a `changes` answer (rev-parse, diff, ls-files) is stopped after this."""
