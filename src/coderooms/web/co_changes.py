"""Co-change partners as a page draws them: one row per partner with its weight and kind,
heaviest first, as the verbs' raw answers hold them (`partners`, surgical/co_changes.py; the
model reads only the first few of them as `path weight` rows)."""

from __future__ import annotations

from typing import Any


def co_change_rows(answer: dict[str, Any] | None) -> list[dict[str, Any]]:
    """`{"path", "weight", "kind"}` per partner of `answer`, heaviest first, then path."""
    rows = [
        {"path": str(p["path"]), "weight": int(p["weight"]), "kind": str(p["kind"])}
        for p in (answer or {}).get("partners", [])
    ]
    return sorted(rows, key=lambda row: (-row["weight"], row["path"]))
