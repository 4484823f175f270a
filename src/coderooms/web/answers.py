"""Answer pages: what an agent's `impact`, `surgical_context` or perspective answer holds, drawn
as its subgraph. Each asks the same question again through the room's own read path (the verb's
function, its scope and limits, its largest page) and draws what comes back; nothing is stored
between the agent's call and the page, so the link is the question (docs/web-view.md)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from coderooms.config import Settings
from coderooms.core.clamps import Clamps
from coderooms.graph.driver import Graph
from coderooms.impact import limits as impact_limits
from coderooms.impact.answer import ImpactSection
from coderooms.impact.verb import ImpactRequest, impact
from coderooms.perspective import store
from coderooms.perspective.current import synthesize
from coderooms.perspective.focus import focus_by_id
from coderooms.surgical import Located, Unlocated, not_in_graph, resolve
from coderooms.surgical.context import FIRST_PAGE, context_answer, gather, read_disk
from coderooms.web.co_changes import co_change_rows
from coderooms.web.elements import Elements, graph_answer, split_id
from coderooms.web.params import Params

ALL_IMPACT_SECTIONS: tuple[ImpactSection, ...] = ("callers", "tests", "co_changes")
"""A page draws every section of the answer, whatever the agent asked for."""

IMPACT_ROWS = impact_limits.MAX_ITEMS_MAX
"""Affected rows an impact page draws: the verb's largest page."""


def impact_page(graph: Graph, settings: Settings, params: Params) -> dict[str, Any]:
    request = ImpactRequest(
        symbol=params.text("symbol"),
        path=params.text("path"),
        changes=params.text("changes"),
        repo=params.text("repo"),
        depth=params.number("depth", impact_limits.DEPTH_DEFAULT),
        max_items=IMPACT_ROWS,
        sections=list(ALL_IMPACT_SECTIONS),
    )
    raw = impact(graph, settings, request, tests_apart=False)  # the graph draws every edge
    repo = raw["repo"]
    elements = Elements()
    seeds = _listed(raw.get("seeds"))
    for seed in seeds:
        elements.symbol(f"{repo}:{seed}", classes=("seed",), hop=0)
    for seed_file in _listed(raw.get("seed_files")):  # file ids without the repo: paths
        elements.file(repo, seed_file, classes=("seed",), hop=0)
    of_file = raw.get("seeds", {}).get("of_file")
    if of_file:
        elements.file(repo, of_file, classes=("seed",), hop=0)
    rows = raw["affected"]["items"]
    for row in rows:
        _impact_node(elements, repo, row["id"], row.get("edge"), hop=row["hop"])
        _impact_node(elements, repo, row["to"], None, hop=max(row["hop"] - 1, 0))
    for row in rows:
        elements.edge(f"{repo}:{row['id']}", f"{repo}:{row['to']}", row.get("edge", "calls"),
                      line=row.get("line"), via=row.get("via"), conf=row.get("conf"))  # fmt: skip
    question = {k: v for k, v in dataclasses.asdict(request).items()
                if k in {"symbol", "path", "changes"} and v is not None}  # fmt: skip
    return graph_answer(
        "impact",
        "impact of " + ", ".join(f"{k} {v}" for k, v in question.items()),
        elements,
        "concentric",
        repo=repo,
        depth=raw.get("depth", request.depth),
        affected={
            "shown": len(rows),
            "total": raw["affected"]["total"],
            "by_hop": raw["affected"].get("by_hop", {}),
        },
        tests=raw["tests"]["items"],
        co_changes=co_change_rows(raw.get("co_changes")),
        lower_bound=raw["lower_bound"],
        completeness=raw.get("completeness", {}),
    )


def _impact_node(elements: Elements, repo: str, short_id: str, edge: str | None,
                 *, hop: int) -> None:  # fmt: skip
    """A row's node: a file (reached by an import: an id without `::`) or a symbol."""
    if "::" not in short_id:
        elements.file(repo, short_id, hop=hop)
    else:
        elements.symbol(f"{repo}:{short_id}", hop=hop)


def _listed(field: Any) -> list[str]:
    if isinstance(field, dict):
        return [str(item) for item in field.get("items", [])]
    return []


SURGICAL_LISTS = 60
"""Items a surgical page draws of each list (callers, callees, importers...)."""


def surgical_page(graph: Graph, settings: Settings, params: Params) -> dict[str, Any]:
    where = resolve(graph, settings, path=params.text("path"), repo=params.text("repo"),
                    symbol_id=params.text("symbol_id"))  # fmt: skip
    if isinstance(where, Unlocated):
        raise where.error()
    hood = gather(graph, where, window=FIRST_PAGE)
    if hood is None:
        raise not_in_graph(where).error()
    located = Located(where, hood.file)
    disk = read_disk(where, hood.file["hash"])
    raw = context_answer(located, disk, hood, text_lines=None, clamps=Clamps())
    repo, path = raw["repo"], raw["path"]
    elements = Elements()
    elements.file(repo, path, classes=("seed",))
    for symbol in raw["symbols"]["items"][:SURGICAL_LISTS]:
        elements.symbol(symbol["id"], kind=symbol.get("kind", ""), classes=("member",))
    for row in raw["callers"]["items"][:SURGICAL_LISTS]:
        elements.symbol(row["id"], kind=row.get("kind", ""))
        elements.edge(row["id"], row["called"], "calls", line=row.get("line"))
    for row in raw["callees"]["items"][:SURGICAL_LISTS]:
        elements.symbol(row["id"], kind=row.get("kind", ""))
        elements.edge(row["caller"], row["id"], "calls", line=row.get("line"))
    for row in raw["importers"]["items"][:SURGICAL_LISTS]:
        elements.file(repo, row["path"])
        elements.edge(f"{repo}:{row['path']}", f"{repo}:{path}", "imports")
    for row in raw["imports"]["items"][:SURGICAL_LISTS]:
        elements.file(repo, row["path"])
        elements.edge(f"{repo}:{path}", f"{repo}:{row['path']}", "imports")
    for row in co_change_rows(raw["co_changes"])[:SURGICAL_LISTS]:
        elements.file(repo, row["path"], classes=("co-change",))
        elements.edge(f"{repo}:{path}", f"{repo}:{row['path']}", "co_changes",
                      weight=row["weight"])  # fmt: skip
    for symbol in raw["symbols"]["items"][:SURGICAL_LISTS]:
        elements.edge(f"{repo}:{path}", symbol["id"], "defines")
    return graph_answer(
        "surgical",
        f"context of {path}",
        elements,
        "concentric",
        repo=repo,
        path=path,
        lines=raw["lines"],
        disk=raw["disk"],
        tests=[
            {"path": t["path"], "calls": t["calls"], "imports": t["imports"]}
            for t in raw["tests"]["items"]
        ],
        co_changes=co_change_rows(raw.get("co_changes")),
        importers=raw["importers"]["items"],
        completeness=raw["completeness"],
    )


def perspective_page(graph: Graph, readable: Sequence[str], params: Params) -> dict[str, Any]:
    """A perspective as its agent last saw it: its focus and routes (rebuilt here, unsaved,
    when the graph moved since: the page says so)."""
    agent = params.required("agent")
    perspective_id = params.required("id")
    loaded = store.load(graph, agent, perspective_id)
    state = loaded.state
    if state.repo not in readable:
        raise store.not_found(perspective_id)
    moved = state.stale or state.routes is None or loaded.repo_generation != state.generation
    routes = state.routes or []
    if moved:  # what the agent's next perspective_routes would see; nothing is written
        focus = focus_by_id(graph, state.focus.node_id)
        routes = synthesize(graph, focus, state.lens) if focus else []
    elements = Elements()
    focus_id = state.focus.node_id
    _route_node(elements, focus_id, state.focus.label, ("seed",))
    for index, route in enumerate(routes, start=1):
        _route_node(elements, route.target_id, route.target_label, (route.family,))
        source, target = (route.target_id, focus_id) if route.direction == "in" else (
            focus_id, route.target_id)  # fmt: skip
        elements.edge(source, target, route.family, label=route.relation, index=index,
                      score=round(route.score, 3))  # fmt: skip
    return graph_answer(
        "perspective",
        f"perspective {perspective_id} of {agent}",
        elements,
        "concentric",
        repo=state.repo,
        focus=dataclasses.asdict(state.focus),
        rebuilt=moved,
        routes=[
            {
                "index": i,
                "family": r.family,
                "relation": r.relation,
                "target": r.target_id,
                "label": r.target_name,
                "score": round(r.score, 3),
            }
            for i, r in enumerate(routes, start=1)
        ],
    )


def _route_node(elements: Elements, node_id: str, label: str, classes: tuple[str, ...]) -> None:
    repo, path, _ = split_id(node_id)
    if label == "file":
        elements.file(repo, path, classes=classes)
    else:
        elements.symbol(node_id, kind=label, classes=classes)
