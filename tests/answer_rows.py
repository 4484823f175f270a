"""Reading a list of an answer whether it is given whole (its rows alone) or cut (`items` beside
`more` and `next_cursor`): issue 30 writes a whole list without its `items` wrapper."""

from __future__ import annotations

from typing import Any


def rows_of(listed: Any) -> Any:
    """The rows of an answer's list: `listed["items"]` of a wrapped one, else `listed` itself."""
    if isinstance(listed, dict) and "items" in listed:
        return listed["items"]
    return listed
