"""The arguments of the perspective verbs (`perspective_*`), each described for the tool
listing; the adapter (`tools`) reads them once."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import Field

from coderooms.perspective.limits import (
    PAGE_SIZE_DEFAULT,
    PAGE_SIZE_MAX,
)
from coderooms.verbs.budget import (
    MAX_TOKENS_DEFAULT,
    CursorArg,
    MaxTokensArg,
)

PerspectiveArg = Annotated[
    str, Field(description="The perspective_id perspective_start or perspective_branch returned.")
]
VersionArg = Annotated[
    int,
    Field(
        description="The route_set_version your last perspective call returned; a different "
        "one is refused with route_set_stale (call perspective_routes)."
    ),
]
RouteIdArg = Annotated[
    str | None,
    Field(description="The route's route_id (stable). Give this or route_index, not both."),
]
RouteIndexArg = Annotated[
    int | None,
    Field(description="The route's 1-based position in the route set. Or give route_id."),
]


@dataclass(frozen=True, slots=True)
class StartArguments:
    """The arguments of `perspective_start`."""

    query: Annotated[
        str,
        Field(
            description="What to look at: a symbol or file name, a qualified name "
            "(`Class.method`), a path, or an exact node id."
        ),
    ]
    anchor: Annotated[
        str | None,
        Field(description="Narrows an ambiguous query: a path or name near the one you mean."),
    ] = None
    lens: Annotated[
        dict[str, Any] | None,
        Field(
            description="What the routes show: route_families, node_types, namespaces, tags, "
            "include_ghost_edges, include_structural_holes, ranking_weights, top_k "
            "(see docs/perspective-routes.md). Omit for everything."
        ),
    ] = None
    repo: Annotated[str | None, Field(description="Only look in this repo id.")] = None
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT


@dataclass(frozen=True, slots=True)
class RoutesArguments:
    """The arguments of `perspective_routes`."""

    perspective_id: PerspectiveArg
    page: Annotated[int, Field(description="1-based page number.")] = 1
    size: Annotated[
        int, Field(description=f"Routes per page, 1 to {PAGE_SIZE_MAX} (larger is clamped).")
    ] = PAGE_SIZE_DEFAULT
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    cursor: CursorArg = None


@dataclass(frozen=True, slots=True)
class InspectArguments:
    """The arguments of `perspective_inspect`."""

    perspective_id: PerspectiveArg
    route_set_version: VersionArg
    route_id: RouteIdArg = None
    route_index: RouteIndexArg = None


@dataclass(frozen=True, slots=True)
class PeekArguments:
    """The arguments of `perspective_peek`."""

    perspective_id: PerspectiveArg
    route_set_version: VersionArg
    route_id: RouteIdArg = None
    route_index: RouteIndexArg = None


@dataclass(frozen=True, slots=True)
class FollowArguments:
    """The arguments of `perspective_follow`."""

    perspective_id: PerspectiveArg
    route_set_version: VersionArg
    route_id: RouteIdArg = None
    route_index: RouteIndexArg = None
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT


@dataclass(frozen=True, slots=True)
class BackArguments:
    """The arguments of `perspective_back`."""

    perspective_id: PerspectiveArg
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT


@dataclass(frozen=True, slots=True)
class BranchArguments:
    """The arguments of `perspective_branch`."""

    perspective_id: PerspectiveArg
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT


@dataclass(frozen=True, slots=True)
class SuggestArguments:
    """The arguments of `perspective_suggest`."""

    perspective_id: PerspectiveArg
    route_set_version: VersionArg
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    cursor: CursorArg = None


@dataclass(frozen=True, slots=True)
class AffinityArguments:
    """The arguments of `perspective_affinity`."""

    perspective_id: PerspectiveArg
    route_set_version: VersionArg
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    cursor: CursorArg = None


@dataclass(frozen=True, slots=True)
class CompareArguments:
    """The arguments of `perspective_compare`."""

    perspective_a: Annotated[str, Field(description="One of your perspective ids.")]
    perspective_b: Annotated[str, Field(description="Another of your perspective ids.")]
    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    cursor: CursorArg = None


@dataclass(frozen=True, slots=True)
class ListArguments:
    """The arguments of `perspective_list`."""

    max_tokens: MaxTokensArg = MAX_TOKENS_DEFAULT
    cursor: CursorArg = None


@dataclass(frozen=True, slots=True)
class CloseArguments:
    """The arguments of `perspective_close`."""

    perspective_id: PerspectiveArg
