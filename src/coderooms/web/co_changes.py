"""Co-change partners as a page draws them: the verbs answer them grouped by kind (`code`,
`tests`, `docs`: `path weight` rows and a last `+N more...` row, surgical/co_changes.py); a page
wants one row per partner with its kind, heaviest first."""

from __future__ import annotations

from typing import Any

from coderooms.surgical.co_changes import KINDS


def co_change_rows(answer: dict[str, Any] | None) -> list[dict[str, Any]]:
    """`{"path", "weight", "kind"}` per partner listed in `answer`, heaviest first (the rows
    counting what was left out are dropped: the page says how many it shows)."""
    rows: list[dict[str, Any]] = []
    for kind in KINDS:
        for row in (answer or {}).get(kind, []):
            path, _, weight = str(row).rpartition(" ")
            if path and not row.startswith("+") and weight.isdigit():
                rows.append({"path": path, "weight": int(weight), "kind": kind})
    return sorted(rows, key=lambda row: (-row["weight"], row["path"]))
