"""The literal substrings every match of a regex must contain, for the trigram index.

Conservative by design: only literal runs of the top-level concatenation count (capturing and
non-capturing groups without flags are flattened into it, zero-width anchors are transparent, a
repeat with a minimum of at least one contributes the literals of its body as separate runs).
Anything else — alternation, classes, `.`, optional or starred parts, lookarounds, groups with
flags, case-insensitive patterns — ends the current run. A pattern from which no run of at least
MIN_INDEX_LITERAL characters comes out is answered by scanning the scope instead.
"""

from __future__ import annotations

import importlib
import re
import warnings
from typing import Any

from coderooms.search.limits import MIN_INDEX_LITERAL

# Python 3.11 keeps the regex parser in re._parser (sre_parse is its deprecated alias); it has
# no stubs, hence Any. The parse tree's shape is stable across 3.11-3.13.
sre_parse: Any = importlib.import_module("re._parser")
sre_constants: Any = importlib.import_module("re._constants")

_CASE_FLAGS = re.IGNORECASE

DIALECTS_DIFFER = re.compile(r"\[:|\{,")
"""Pattern text Python's parser accepts but reads otherwise than RE2 (checked conservatively)."""


def _parse(pattern: str) -> Any | None:
    """Python's parse tree of `pattern`, or None when it may not be what RE2 reads."""
    if DIALECTS_DIFFER.search(pattern):
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return sre_parse.parse(pattern)
    except (re.error, RecursionError, OverflowError):
        return None


def regex_width(pattern: str) -> int | None:
    """The longest text a match of `pattern` can span, or None when unbounded or unknown."""
    parsed = _parse(pattern)
    if parsed is None:
        return None
    try:
        _low, high = parsed.getwidth()
    except (re.error, RecursionError, OverflowError):
        return None
    return None if high >= sre_constants.MAXREPEAT else int(high)


def required_literals(pattern: str) -> list[str]:
    """Literal runs every match contains, in pattern order (may be empty)."""
    parsed = _parse(pattern)
    if parsed is None or parsed.state.flags & _CASE_FLAGS:
        return []
    runs: list[str] = []
    current: list[str] = []
    _walk(list(parsed), runs, current)
    _flush(runs, current)
    return [run for run in runs if run]


def best_literal(pattern: str) -> str | None:
    """The longest required literal of at least MIN_INDEX_LITERAL characters (first on ties)."""
    best: str | None = None
    for run in required_literals(pattern):
        if len(run) >= MIN_INDEX_LITERAL and (best is None or len(run) > len(best)):
            best = run
    return best


def _flush(runs: list[str], current: list[str]) -> None:
    if current:
        runs.append("".join(current))
        current.clear()


def _walk(items: list[tuple[Any, Any]], runs: list[str], current: list[str]) -> None:
    for op, arg in items:
        if op is sre_constants.LITERAL:
            current.append(chr(arg))
        elif op is sre_constants.AT:
            continue  # zero-width: the text around it is still contiguous
        elif op is sre_constants.SUBPATTERN:
            _group, add_flags, del_flags, body = arg
            if add_flags or del_flags:
                _flush(runs, current)
                continue
            _walk(list(body), runs, current)
        elif op in (sre_constants.MAX_REPEAT, sre_constants.MIN_REPEAT):
            low, _high, body = arg
            _flush(runs, current)
            if low >= 1:
                inner: list[str] = []
                _walk(list(body), runs, inner)
                _flush(runs, inner)
        else:
            _flush(runs, current)
