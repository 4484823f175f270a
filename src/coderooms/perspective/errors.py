"""The errors only the perspective verbs raise; each is a kind of the root errors."""

from __future__ import annotations

from coderooms.errors import Conflict, Forbidden, InvalidInput


class RouteSetStale(Conflict):
    """The agent's `route_set_version` is not the perspective's current one (it moved on: a
    follow/back, or the graph changed under it)."""

    code = "route_set_stale"


class NavigationAtRoot(Conflict):
    """`back` with no checkpoint, or `branch` of a perspective that never followed a route."""

    code = "navigation_at_root"


class PerspectiveLimit(Forbidden):
    """A cap of the room (open perspectives, open branches) is reached."""

    code = "perspective_limit"


class PeekRefused(Forbidden):
    """The peek pipeline refused the file (outside the roots, too large, binary, stale...)."""

    code = "peek_refused"


class RouteRefAmbiguous(InvalidInput):
    """Both `route_id` and `route_index` were given."""

    code = "route_ref_ambiguous"


class RouteRefMissing(InvalidInput):
    """Neither `route_id` nor `route_index` was given."""

    code = "route_ref_missing"


class RouteIndexInvalid(InvalidInput):
    """`route_index` is 0, negative, or past the last route."""

    code = "route_index_invalid"
