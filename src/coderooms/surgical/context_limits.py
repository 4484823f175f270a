"""Every bound of `surgical_context` and `surgical_context_v2`, named (see
docs/surgical-context.md). Lists longer than their bound are cut and say so (`truncated`,
with the full `total`); arguments out of range are clamped and reported in `clamped`."""

from __future__ import annotations

import builtins

MAX_SYMBOLS = 200
"""Symbols of the file listed (by start line)."""
MAX_CALLERS = 50
"""(caller, called symbol) pairs from other files listed, most call sites first."""
MAX_CALLEES = 50
"""(symbol, callee) pairs into other files listed, most call sites first."""
MAX_GHOSTS = 50
"""Unresolved call names listed, most call sites first."""
MAX_IMPORTS = 50
"""Imports of the file listed (files first, then unresolved modules)."""
MAX_IMPORTERS = 50
"""Files importing the file listed (by path)."""
MAX_TESTS = 20
"""Test files touching the file listed, most calls first."""
MAX_TEST_SYMBOLS = 5
"""Test symbols listed per test file."""
MAX_USERS = 50
"""Files outside the tests using the file (calling or importing it) listed, most calls first."""

PAGED_LISTS = {
    "symbols": "MAX_SYMBOLS",
    "callers": "MAX_CALLERS",
    "callees": "MAX_CALLEES",
    "ghosts": "MAX_GHOSTS",
    "imports": "MAX_IMPORTS",
    "unresolved_imports": "MAX_IMPORTS",
    "importers": "MAX_IMPORTERS",
    "tests": "MAX_TESTS",
    "users": "MAX_USERS",
}
"""Every list of the answer that pages (a cursor names one), and the bound above that holds
the most rows one page of it lists."""


def page_rows(name: str) -> int:
    """Most rows one page of list `name` holds (read when asked: tests lower the bounds)."""
    return int(globals()[PAGED_LISTS[name]])


TEXT_LINES_DEFAULT = 200
"""Lines of the file's text returned when `include_text` is set and no limit is given."""
TEXT_LINES_MIN = 1
TEXT_LINES_MAX = 2_000
"""Most lines of text one call returns."""
MAX_LINE_CHARS = 2_000
"""A longer line of text is cut (reported in `text.cut_lines`)."""

CONNECTED_FILES_DEFAULT = 8
"""Connected files `surgical_context_v2` returns unless asked otherwise."""
CONNECTED_FILES_MIN = 1
CONNECTED_FILES_MAX = 20
CONNECTED_SYMBOLS_PER_FILE = 5
"""Symbols listed per connected file: those most involved with the primary."""
SYMBOLS_PER_FILE = max(CONNECTED_SYMBOLS_PER_FILE, MAX_TEST_SYMBOLS)
"""Symbols fetched per neighbour file (connected or test)."""
CALLER_SYMBOL_FILES = CONNECTED_FILES_MAX + MAX_TESTS
"""Caller files (most call sites first) whose calling symbols come with the caller query; the
symbols of any other file a list shows are fetched by one more query."""

WEIGHT_CALL = 1.0
"""Connection score per call site between the two files (either direction)."""
WEIGHT_IMPORT = 3.0
"""Connection score per import direction (the primary imports it; it imports the primary)."""
WEIGHT_TEST = 5.0
"""Connection score of a test file that touches the primary."""
WEIGHT_CO_CHANGE = 2.0
"""Connection score per commit in which both files changed (the CO_CHANGES weight)."""

GHOST_SHARE_MAX = 0.75
"""Triaging when more than this share of the file's call edges point at ghosts (builtins not
counted) ..."""
GHOST_EDGES_MIN = 8
"""... and at least this many such ghost edges exist (a tiny file is not judged)."""

BUILTIN_NAMES: dict[str, frozenset[str]] = {
    "python": frozenset(name for name in dir(builtins) if not name.startswith("__")),
}
"""Per language, ghost names that are the language's own builtins: a call to `len` is not a
gap in the graph. Languages not listed count every ghost."""
