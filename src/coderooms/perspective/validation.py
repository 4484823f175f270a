"""Checks on the verbs' arguments: a route reference, a page, ids and query text. Each failure
is one error naming the field; the route-reference failures each have their own code."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from coderooms.errors import InvalidInput, NotFound
from coderooms.perspective.errors import RouteIndexInvalid, RouteRefAmbiguous, RouteRefMissing
from coderooms.perspective.lens import Lens, parse_lens_with_clamps
from coderooms.perspective.limits import (
    MAX_PERSPECTIVE_ID_CHARS,
    MAX_QUERY_CHARS,
    MAX_ROUTE_ID_CHARS,
    PAGE_SIZE_DEFAULT,
    PAGE_SIZE_MAX,
    PAGE_SIZE_MIN,
)
from coderooms.perspective.model import Route


@dataclass(frozen=True, slots=True)
class RouteRef:
    """Exactly one of the two ways to name a route."""

    route_id: str | None
    route_index: int | None


@dataclass(frozen=True, slots=True)
class Page:
    page: int
    size: int
    clamped: dict[str, dict[str, int]]


def validate_route_ref(route_id: object, route_index: object) -> RouteRef:
    """`route_id` XOR `route_index` (1-based); distinct errors for both, neither, and index 0."""
    has_id = route_id is not None
    has_index = route_index is not None
    if has_id and has_index:
        raise RouteRefAmbiguous(
            "give route_id or route_index, not both",
            field="route_id",
            hint="name the route once: its route_id (stable) or its 1-based route_index",
        )
    if not has_id and not has_index:
        raise RouteRefMissing(
            "name a route: route_id or route_index",
            field="route_id",
            hint="take a route_id or 1-based index from perspective_routes",
        )
    if has_id:
        if not isinstance(route_id, str) or not route_id.strip():
            raise InvalidInput("route_id must be a non-empty string", field="route_id")
        if len(route_id) > MAX_ROUTE_ID_CHARS:
            raise InvalidInput(
                f"route_id is longer than {MAX_ROUTE_ID_CHARS} characters", field="route_id"
            )
        return RouteRef(route_id=route_id, route_index=None)
    if isinstance(route_index, bool) or not isinstance(route_index, int):
        raise InvalidInput("route_index must be an integer", field="route_index")
    if route_index < 1:
        raise RouteIndexInvalid(
            f"route_index is {route_index}; indexes start at 1",
            field="route_index",
            hint="the first route is route_index 1",
        )
    return RouteRef(route_id=None, route_index=route_index)


def pick_route(routes: list[Route], ref: RouteRef) -> tuple[int, Route]:
    """The referenced route and its 1-based index in the current set."""
    if ref.route_index is not None:
        if ref.route_index > len(routes):
            raise RouteIndexInvalid(
                f"route_index {ref.route_index} is past the last route ({len(routes)})",
                field="route_index",
                hint="page through perspective_routes for valid indexes",
            )
        return ref.route_index, routes[ref.route_index - 1]
    for index, route in enumerate(routes, start=1):
        if route.route_id == ref.route_id:
            return index, route
    raise NotFound(
        f"no route {ref.route_id!r} in the current route set",
        field="route_id",
        hint="route ids come from perspective_routes of this perspective",
    )


def validate_page(page: object, size: object) -> Page:
    """`page` >= 1 and `size` >= 1 are required; a size above the maximum is clamped."""
    if size is None:
        size = PAGE_SIZE_DEFAULT
    if isinstance(page, bool) or not isinstance(page, int):
        raise InvalidInput("page must be an integer", field="page")
    if isinstance(size, bool) or not isinstance(size, int):
        raise InvalidInput("size must be an integer", field="size")
    if page < 1:
        raise InvalidInput(f"page is {page}; pages start at 1", field="page")
    if size < PAGE_SIZE_MIN:
        raise InvalidInput(
            f"size is {size}; a page holds {PAGE_SIZE_MIN} to {PAGE_SIZE_MAX} routes", field="size"
        )
    clamped: dict[str, dict[str, int]] = {}
    if size > PAGE_SIZE_MAX:
        clamped["size"] = {
            "requested": size,
            "used": PAGE_SIZE_MAX,
            "min": PAGE_SIZE_MIN,
            "max": PAGE_SIZE_MAX,
        }
        size = PAGE_SIZE_MAX
    return Page(page=page, size=size, clamped=clamped)


def validate_text(value: object, field: str, *, required: bool = True) -> str | None:
    """Free text (a query, an anchor): any Unicode but controls, bounded."""
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(f"{field} must be a non-empty string", field=field)
    if len(value) > MAX_QUERY_CHARS:
        raise InvalidInput(f"{field} is longer than {MAX_QUERY_CHARS} characters", field=field)
    for ch in value:
        if unicodedata.category(ch) in {"Cc", "Cs"} and ch not in "\t":
            raise InvalidInput(
                f"{field} contains the control character U+{ord(ch):04X}", field=field
            )
    return value.strip()


def validate_perspective_id(value: object, field: str = "perspective_id") -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(f"{field} must be a non-empty string", field=field)
    if len(value) > MAX_PERSPECTIVE_ID_CHARS:
        raise InvalidInput(
            f"{field} is longer than {MAX_PERSPECTIVE_ID_CHARS} characters", field=field
        )
    return value


def validate_version(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(
            "route_set_version must be an integer",
            field="route_set_version",
            hint="pass the route_set_version the last perspective call returned",
        )
    return value


def validate_lens(raw: object) -> tuple[Lens, dict[str, dict[str, int]]]:
    """The lens and what clamping changed; InvalidInput naming `lens.<field>` (lens.py)."""
    return parse_lens_with_clamps(raw)
