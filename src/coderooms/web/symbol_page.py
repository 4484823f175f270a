"""The symbol page: one symbol's source, the symbols that call it and those it calls drawn
beside it, the tests that reach it and its file's co-change partners (read by `impact`, the
verb's own walk), and the notes agents left on it when the server has a notes reader."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import urlencode

from coderooms.config import Settings
from coderooms.errors import NotFound
from coderooms.graph.driver import Graph
from coderooms.impact.verb import ImpactRequest, impact
from coderooms.search.view import ViewRequest, view
from coderooms.web.co_changes import co_change_rows
from coderooms.web.elements import Elements, graph_answer
from coderooms.web.params import Params

NEIGHBOURS = 40
"""Callers and callees the page draws on each side (the totals are said)."""
TEST_DEPTH = 2
"""Hops of callers within which a test reaches the symbol (impact's default depth)."""

NotesReader = Callable[[Graph, str, Sequence[str]], list[dict[str, Any]]]
"""(graph, symbol id, readable repos) -> the notes agents left on that symbol, newest first:
the hook a notes (memory) room fills; `View(notes=...)`. Each note is shown as it comes
(`text`, and `agent`, `created` when present)."""


def symbol_page(
    graph: Graph,
    settings: Settings,
    readable: Sequence[str],
    params: Params,
    notes: NotesReader | None = None,
) -> dict[str, Any]:
    symbol_id = params.required("id")
    rows = graph.read("web/symbol_card", id=symbol_id, repos=list(readable), limit=NEIGHBOURS)
    if not rows:  # another operator's symbol reads exactly like one that does not exist
        raise NotFound(f"no symbol {symbol_id[:200]!r}", field="id",
                       hint="a server reads only the repos under its operator's roots")  # fmt: skip
    card = rows[0]
    elements = Elements()
    elements.symbol(card["id"], kind=card["kind"], classes=("seed",), column=0, row=0)
    for row_index, caller in enumerate(card["callers"]):
        elements.symbol(caller["id"], kind=caller["kind"], column=-1, row=row_index)
        elements.edge(caller["id"], card["id"], "calls", line=caller["line"])
    for row_index, callee in enumerate(card["callees"]):
        kind = "ghost" if callee["ghost"] else callee["kind"]
        elements.symbol(callee["id"], kind=kind, column=1, row=row_index)
        elements.edge(card["id"], callee["id"], "calls", line=callee["line"])
    reach = impact(graph, settings, ImpactRequest(symbol=card["id"], repo=card["repo"],
                                                  depth=TEST_DEPTH, max_items=1,
                                                  sections=["tests", "co_changes"]))  # fmt: skip
    return graph_answer(
        "symbol",
        card["qualname"] or card["name"],
        elements,
        "columns",
        repo=card["repo"],
        symbol={
            key: card[key]
            for key in (
                "id",
                "repo",
                "kind",
                "name",
                "qualname",
                "path",
                "start_line",
                "end_line",
                "signature",
                "doc",
                "language",
            )
        },
        source=_source(graph, card, readable),
        callers={"items": card["callers"], "total": card["total_callers"]},
        callees={"items": card["callees"], "total": card["total_callees"]},
        tests=reach["tests"]["items"],
        co_changes=co_change_rows(reach.get("co_changes")),
        lower_bound=reach["lower_bound"],
        notes=_notes(notes, graph, card["id"], readable),
        impact_href="/ui/impact?" + urlencode({"symbol": card["id"], "repo": card["repo"]}),
    )


def _source(graph: Graph, card: dict[str, Any], readable: Sequence[str]) -> dict[str, Any]:
    """The symbol's lines as the graph holds them (the `view` verb's read, 400 lines at most)."""
    start = int(card["start_line"] or 1)
    end = int(card["end_line"] or start)
    shown = view(graph, ViewRequest(card["path"], card["repo"], start, end), readable)
    return {"start_line": shown["start_line"], "end_line": shown["end_line"],
            "text": shown["text"], "more_below": shown["end_line"] < end}  # fmt: skip


def _notes(notes: NotesReader | None, graph: Graph, symbol_id: str,
           readable: Sequence[str]) -> dict[str, Any]:  # fmt: skip
    if notes is None:
        return {"available": False, "items": []}
    return {"available": True, "items": notes(graph, symbol_id, readable)}
