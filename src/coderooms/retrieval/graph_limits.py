"""Every limit and weight of the graph-retrieval verbs (`seek`, `activate`, `heuristics_surface`),
named. Documented in docs/retrieval.md; out-of-range requests are clamped and reported."""

from __future__ import annotations

# --- query tokens -----------------------------------------------------------------------------
MAX_QUERY_CHARS = 1_000
"""Longest query accepted."""
MIN_TOKEN_CHARS = 2
"""Shortest usable sub-token."""
MIN_PREFIX_CHARS = 3
"""Sub-tokens this long are also asked as Lucene prefixes (`pars*`)."""
MAX_QUERY_TOKENS = 12
"""Usable sub-tokens beyond this are ignored (reported as `tokens_dropped`)."""

# --- seek -------------------------------------------------------------------------------------
SEEK_TOP_K_MIN = 1
SEEK_TOP_K_MAX = 200
SEEK_TOP_K_DEFAULT = 5
"""The best five: a name's definition comes first; `next_cursor` fetches the next ones."""
FULLTEXT_CANDIDATES = 100
"""Most symbols taken from the `symbol_text` full-text index (best Lucene score first; Lucene
itself keeps to the repo when one is named): very common tokens (`get`, `test`) match thousands;
the cap keeps cost flat (each row costs ~0.05 ms)."""
FULLTEXT_SCOPED_MIN = 50
"""When the capped Lucene answer holds fewer in-scope symbols than this (other repos crowded it
out), a second pass asks Lucene for its best FULLTEXT_SCAN_MAX hits, filters them by the scope,
and keeps the first FULLTEXT_CANDIDATES."""
FULLTEXT_SCAN_MAX = 3_000
"""Most Lucene hits the scoped pass filters by scope: bounds their cost when a token
matches tens of thousands of symbols in other repos (`test*` on two stdlib copies: 70k)."""
EXACT_CANDIDATES = 100
"""Most symbols taken from the exact `Symbol(name)` lookup."""
SEMANTIC_CANDIDATES = 20
"""How many nearest symbols the semantic index is asked for (candidates the lexical sources
missed: every candidate's cosine is computed from its stored vector anyway). The index's cost
grows with what it is asked for (~0.2 ms per neighbour on the standard library)."""
COSINE_DIGITS = 6
"""A candidate's cosine is rounded to this many decimals before it is blended."""
SEMANTIC_MIN_COSINE = 0.25
"""A symbol the semantic index returns becomes a candidate on its own only from this cosine up
(nearest neighbours of nonsense are still somebody's nearest); below it, its cosine still feeds
the score of a candidate another source brought."""
MAX_KINDS = 6

WEIGHT_LEXICAL = 0.4
WEIGHT_SEMANTIC = 0.3
WEIGHT_GRAPH = 0.2
WEIGHT_PRIOR = 0.1
SEEK_WEIGHTS = {
    "lexical": WEIGHT_LEXICAL,
    "semantic": WEIGHT_SEMANTIC,
    "graph": WEIGHT_GRAPH,
    "prior": WEIGHT_PRIOR,
}
"""score = 0.4·lexical + 0.3·semantic + (0.2·graph + 0.1·prior)·relevance, relevance =
max(lexical, semantic). Not renormalised: without vectors the semantic term is absent and scores
are exactly those of the blend with the semantic signal removed (max 0.7)."""

FAN_IN_SATURATION = 64
"""CALLS in-degree at which the graph signal reaches 1.0 (log-scaled below it)."""
KIND_PRIOR = {
    "Class": 1.0,
    "Interface": 1.0,
    "Function": 1.0,
    "Method": 0.9,
    "Module": 0.6,
    "Variable": 0.3,
}
KIND_PRIOR_DEFAULT = 0.5
PARTIAL_MANY_WORDS = 0.9
"""Ceiling of the lexical signal of a partial (token) match for a query of several words."""
PARTIAL_ONE_WORD = 0.5
"""Same for a one-word query: the caller typed an identifier, so a symbol not named by it exactly
stays well below the exact ones whatever its callers."""
PLACE_TEST = 0.7
"""A seek score's factor for a symbol in a test file (unless the query asks for tests)."""
PLACE_ASIDE = 0.9
"""A seek score's factor for a symbol under examples, docs, benchmarks, front-end assets, vendored
or built code (`symbol_lookup.ASIDE_DIRECTORY`)."""
STRONG_LEXICAL = 0.85
"""A top hit with a lexical signal this high (an exact or near-exact name) makes seek `ready`."""
SCORE_DIGITS = 6
"""Scores are rounded to this many decimals before ordering (score desc, then id)."""

# --- activate ---------------------------------------------------------------------------------
ACTIVATE_SEEDS_MAX = 20
ACTIVATE_QUERY_SEEDS = 5
"""Seeds taken from seek's top hits when activate is given a query."""
ACTIVATE_HOPS_MIN = 1
ACTIVATE_HOPS_MAX = 5
ACTIVATE_HOPS_DEFAULT = 2
ACTIVATE_EXPAND_MIN = 1
ACTIVATE_EXPAND_MAX = 2_000
ACTIVATE_EXPAND_DEFAULT = 200
"""Most nodes whose neighbours are read (seeds included), over all hops."""
ACTIVATE_TOP_K_MIN = 1
ACTIVATE_TOP_K_MAX = 500
ACTIVATE_TOP_K_DEFAULT = 50
ACTIVATE_THRESHOLD_MIN = 0.0001
ACTIVATE_THRESHOLD_MAX = 1.0
ACTIVATE_THRESHOLD_DEFAULT = 0.01
"""A node whose activation after a hop is below this is dropped (and not expanded)."""
FIRE_FACTOR = 5.0
"""A node is expanded (fires) only from FIRE_FACTOR times min_activation: the weak neighbours of a
hub (1/sqrt(degree) each) are reported but do not spread, which keeps a hop's reads small."""
ACTIVATE_DECAY_MIN = 0.05
ACTIVATE_DECAY_MAX = 1.0
ACTIVATE_DECAY_DEFAULT = 0.6
NEIGHBOURS_PER_NODE = 400
"""Most neighbours read from one node (best weighted first, then id order); a node with more,
strong enough not to be silent, sets budget_exhausted.fanout."""
SILENT_HUBS_LISTED = 10
"""activate lists this many silent hubs (most activated first) next to their count."""
MAX_ACTIVATION = 1.0
"""Accumulated activation is capped here."""
EDGE_WEIGHTS: dict[tuple[str, str], float] = {
    ("CALLS", "out"): 0.8,
    ("CALLS", "in"): 0.6,
    ("INHERITS", "out"): 0.7,
    ("INHERITS", "in"): 0.5,
    ("CONTAINS", "out"): 0.5,
    ("CONTAINS", "in"): 0.7,
    ("IMPORTS", "out"): 0.5,
    ("IMPORTS", "in"): 0.4,
    ("DEFINES", "out"): 0.3,
    ("DEFINES", "in"): 0.5,
}
"""(edge type, direction) → weight; `out` follows the edge forward (caller → callee, subclass →
base, parent → child, importer → imported, file → symbol), `in` backward."""

# --- heuristics_surface -----------------------------------------------------------------------
HEURISTICS_LIST_MAX = 20
"""Most test callers and ghost names one heuristics_surface page lists (counts are complete;
`next_cursor` pages the rest)."""
