"""Next-move suggestions from the current route set: unvisited targets first, one family at a
time (the best route of each family before the second best of any), each with its reason."""

from __future__ import annotations

from typing import Any

from coderooms.perspective.limits import MAX_SUGGESTIONS
from coderooms.perspective.model import Route


def suggest_moves(routes: list[Route], visited: list[str]) -> list[dict[str, Any]]:
    seen = set(visited)
    indexed = list(enumerate(routes, start=1))
    fresh = [(i, r) for i, r in indexed if r.target_id not in seen]
    old = [(i, r) for i, r in indexed if r.target_id in seen]
    picks: list[tuple[int, Route, str]] = []
    for pool, kind in ((fresh, "unvisited"), (old, "visited")):
        used_targets = {r.target_id for _, r, _ in picks}
        for index, route, rank in _round_robin(pool):
            if len(picks) >= MAX_SUGGESTIONS:
                break
            if route.target_id in used_targets:
                continue
            used_targets.add(route.target_id)
            picks.append((index, route, _reason(route, kind, rank)))
    return [
        {
            "route_index": index,
            "route_id": route.route_id,
            "family": route.family,
            "target_id": route.target_id,
            "target_name": route.target_name,
            "score": route.score,
            "visited": route.target_id in seen,
            "reason": reason,
        }
        for index, route, reason in picks
    ]


def _round_robin(pool: list[tuple[int, Route]]) -> list[tuple[int, Route, int]]:
    """Each route with its rank within its family, ordered by (rank, route index): the best of
    every family before the second best of any."""
    seen: dict[str, int] = {}
    ranked = []
    for index, route in pool:
        rank = seen.get(route.family, 0)
        seen[route.family] = rank + 1
        ranked.append((index, route, rank))
    return sorted(ranked, key=lambda item: (item[2], item[0]))


def _reason(route: Route, kind: str, rank: int) -> str:
    where = f"{route.relation} {route.target_label} {route.target_name}"
    if kind == "visited":
        return f"already visited, still the strongest {route.family} route left: {where}"
    if rank == 0:
        return f"unvisited; the best {route.family} route (score {route.score:.2f}): {where}"
    return f"unvisited; next {route.family} route (score {route.score:.2f}): {where}"
