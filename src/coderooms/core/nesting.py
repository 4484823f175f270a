"""Project files (`package.json`, `tsconfig.json`, `compile_commands.json`, `Cargo.toml`) read
only when they nest shallowly: Python's JSON and TOML readers recurse once per level, so a
10,000-deep `package.json` raised `RecursionError` and stopped a whole repository's ingest, at
a depth that depends on the caller's own stack. Real project files nest under 10 levels.

The depth is counted on the text, before any parse: every `[` and `{` outside a string opens a
level, every `]` and `}` closes one. What a string holds does not count.
"""

from __future__ import annotations

import json
import re
import tomllib
from itertools import accumulate
from typing import Any

MAX_DATA_DEPTH = 64
"""Arrays and objects (JSON) or arrays and inline tables (TOML) nested deeper: not read."""

_JSON_STRINGS = re.compile(r'"(?:\\.|[^"\\])*"')
TOML_STRINGS = re.compile(
    r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:\\.|[^"\\\n])*"|\'[^\'\n]*\'|#[^\n]*'
)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class TooDeep(Exception):
    """A project file nested deeper than MAX_DATA_DEPTH (not a ValueError on purpose: the
    readers take a ValueError for "no such data"; this one is reported as the file's problem)."""

    def __init__(self, depth: int) -> None:
        super().__init__(
            f"project file not read: nested {depth} levels deep (at most {MAX_DATA_DEPTH})"
        )


def nesting_depth(text: str, strings: re.Pattern[str] = _JSON_STRINGS) -> int:
    """How deep the brackets of `text` nest, strings (as `strings` finds them) left out."""
    brackets = _NOT_BRACKETS.sub("", strings.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def load_json(text: str) -> Any:
    """`json.loads(text)`, refused with TooDeep past MAX_DATA_DEPTH (ValueError when no JSON)."""
    depth = nesting_depth(text)
    if depth > MAX_DATA_DEPTH:
        raise TooDeep(depth)
    return json.loads(text)


def load_toml(text: str) -> dict[str, Any]:
    """`tomllib.loads(text)`, refused with TooDeep past MAX_DATA_DEPTH."""
    depth = nesting_depth(text, TOML_STRINGS)
    if depth > MAX_DATA_DEPTH:
        raise TooDeep(depth)
    return tomllib.loads(text)
