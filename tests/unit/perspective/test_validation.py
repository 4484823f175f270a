"""Route references, pages and the other argument checks: one distinct error per mistake."""

from __future__ import annotations

import pytest

from coderooms.errors import InvalidInput, NotFound
from coderooms.perspective.errors import RouteIndexInvalid, RouteRefAmbiguous, RouteRefMissing
from coderooms.perspective.limits import PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX
from coderooms.perspective.model import Route
from coderooms.perspective.validation import (
    RouteRef,
    pick_route,
    validate_page,
    validate_perspective_id,
    validate_route_ref,
    validate_text,
    validate_version,
)


def route(n: int) -> Route:
    return Route(
        route_id=f"R_{n:016x}", family="structural", target_id=f"t:{n}", target_label="function",
        target_name=f"f{n}", target_path="a.py", relation="calls", direction="out", score=0.5,
    )  # fmt: skip


ROUTES = [route(1), route(2), route(3)]


def test_both_neither_zero_and_negative_have_distinct_codes() -> None:
    with pytest.raises(RouteRefAmbiguous) as both:
        validate_route_ref("R_1", 1)
    with pytest.raises(RouteRefMissing) as neither:
        validate_route_ref(None, None)
    with pytest.raises(RouteIndexInvalid) as zero:
        validate_route_ref(None, 0)
    with pytest.raises(RouteIndexInvalid):
        validate_route_ref(None, -3)
    codes = {both.value.code, neither.value.code, zero.value.code}
    assert codes == {"route_ref_ambiguous", "route_ref_missing", "route_index_invalid"}
    assert all(isinstance(e.value, InvalidInput) for e in (both, neither, zero))
    assert zero.value.field == "route_index"


def test_index_is_one_based_and_out_of_range_is_refused() -> None:
    assert pick_route(ROUTES, validate_route_ref(None, 1)) == (1, ROUTES[0])
    assert pick_route(ROUTES, validate_route_ref(None, 3)) == (3, ROUTES[2])
    with pytest.raises(RouteIndexInvalid, match="past the last route"):
        pick_route(ROUTES, validate_route_ref(None, 4))


def test_route_id_picks_by_id_and_unknown_is_not_found() -> None:
    assert pick_route(ROUTES, RouteRef(ROUTES[1].route_id, None)) == (2, ROUTES[1])
    with pytest.raises(NotFound):
        pick_route(ROUTES, validate_route_ref("R_nope", None))
    with pytest.raises(InvalidInput):
        validate_route_ref("  ", None)
    with pytest.raises(InvalidInput):
        validate_route_ref(None, True)


def test_pages_start_at_one_and_size_is_bounded() -> None:
    assert validate_page(1, None).size == PAGE_SIZE_DEFAULT == 6
    assert validate_page(2, 10).size == 10
    big = validate_page(1, 50)
    assert big.size == PAGE_SIZE_MAX
    assert big.clamped["size"] == {"requested": 50, "used": 10, "min": 1, "max": 10}
    for bad_page in (0, -1):
        with pytest.raises(InvalidInput) as raised:
            validate_page(bad_page, 6)
        assert raised.value.field == "page"
    with pytest.raises(InvalidInput) as raised:
        validate_page(1, 0)
    assert raised.value.field == "size"


def test_text_ids_and_versions() -> None:
    assert validate_text("  Ünïcode 名前 ", "query") == "Ünïcode 名前"
    assert validate_text(None, "anchor", required=False) is None
    with pytest.raises(InvalidInput):
        validate_text("bad\x00", "query")
    with pytest.raises(InvalidInput):
        validate_text("", "query")
    with pytest.raises(InvalidInput):
        validate_perspective_id("")
    assert validate_perspective_id("P_x") == "P_x"
    with pytest.raises(InvalidInput):
        validate_version("12")
    with pytest.raises(InvalidInput):
        validate_version(True)
    assert validate_version(12) == 12
