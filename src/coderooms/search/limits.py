"""Every limit of the search room, named (the clamping that reports what it changed, and
`BATCH_VIEW_MAX_ITEMS`, which the surgical room names too: `coderooms.core.clamps`)."""

from __future__ import annotations

SEARCH_TOP_K_MIN = 1
SEARCH_TOP_K_MAX = 500
SEARCH_TOP_K_DEFAULT = 50
CONTEXT_LINES_MIN = 0
CONTEXT_LINES_MAX = 10
CONTEXT_LINES_DEFAULT = 0
GLOB_TOP_K_MIN = 1
GLOB_TOP_K_MAX = 10_000
GLOB_TOP_K_DEFAULT = 1_000
MAX_QUERY_CHARS = 1_000
"""Longest query (literal or regex) accepted."""
MIN_INDEX_LITERAL = 3
"""Shortest literal a regex must require for the trigram index to be used; else the scope is
scanned."""
MAX_LINE_CHARS = 2_000
"""A line longer than this is cut in results and views (reported as `cut`)."""
TEXT_BATCH_CHUNKS = 512
"""Most chunk texts fetched per round trip (~2.5 MiB of text; at most 8 MiB)."""
TEXT_FIRST_BATCH_CHUNKS = 128
"""Chunk texts fetched in the first round trip of a top_k search; each next one doubles, so a
search whose first hits come early reads little text."""
PATH_ORDER_PROBE_CHUNKS = 256
"""Chunks a top-k literal/regex search over one repo reads first, in path order, looking for
its hits there (`index: "path order"`): a frequent literal's first hits lie in the first files."""
SEARCH_DEADLINE_S = 15.0
"""How long one text search may check lines: past it the search stops and answers the hits it
found, marked a lower bound (`stopped`). RE2 keeps each line linear; this bounds a scan of a
huge scope (every chunk of several repos, a regex without a literal, `count_only`)."""

PATH_ORDER_MAX_CHUNKS = 2_048
"""Most chunks read in path order: past this (estimated from the probe's hit rate) the trigram
index answers instead."""
PATH_ORDER_REGEX_CHUNKS = 4
"""A regex's path-order read returns at most this many chunks holding its literal per wanted
hit (the texts come along; not every such chunk holds a hit)."""
PATH_ORDER_SCAN_PAGE = 512
"""Chunks a top-k regex search without a literal (one repo) reads first in path order; each next
page doubles."""
PATH_ORDER_SCAN_PAGE_MAX = 4_096
"""Largest such page."""
TEXT_CACHE_CHARS = 128 * 2**20
"""Most characters of chunk text a process keeps for later searches (text_cache; ~128 MiB of
source; the standard library is 37 M characters)."""
VIEW_MAX_LINES = 400
"""Most lines one `view` returns."""
VIEW_ALSO_LISTED = 5
"""Other symbols a `view symbol=` answer names beside the one it shows (then how many more)."""
SEMANTIC_TOP_K_DEFAULT = 10
"""Symbols a semantic `search` answers per page when top_k is not given (each row is a symbol
to read, not a line: ten are a page)."""
