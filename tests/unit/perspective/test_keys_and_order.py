"""Route ids are content-addressed and stable; the route order is total."""

from __future__ import annotations

import random
import subprocess
import sys

from coderooms.perspective.keys import ROUTE_ID_HEX_CHARS, route_content_id
from coderooms.perspective.model import FAMILIES, Route


def test_route_id_shape_and_stability() -> None:
    rid = route_content_id("r:pkg/mod.py::f", "causal")
    assert rid.startswith("R_")
    assert len(rid) == 2 + ROUTE_ID_HEX_CHARS >= 14
    int(rid[2:], 16)
    assert rid == route_content_id("r:pkg/mod.py::f", "causal")


def test_route_id_depends_on_target_and_family_only() -> None:
    ids = {route_content_id(t, f) for t in ("r:a", "r:b", "s:a") for f in FAMILIES}
    assert len(ids) == 3 * len(FAMILIES)


def test_route_id_is_the_same_in_another_process() -> None:
    code = (
        "from coderooms.perspective.keys import route_content_id;"
        "print(route_content_id('r:p/ü.py::naïve', 'temporal'))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, check=True, text=True
    ).stdout.strip()
    assert out == route_content_id("r:p/ü.py::naïve", "temporal")


def test_route_id_takes_any_unicode() -> None:
    for target in ("r:日本/語.py::名前", "r:\U0001f600", "r:\ud800lone", "", "r:\x00"):
        assert route_content_id(target, "ghost").startswith("R_")
    assert route_content_id("r:é", "ghost") != route_content_id("r:e\u0301", "ghost")


def route(score: float, target: str, family: str = "causal") -> Route:
    return Route(
        route_id=route_content_id(target, family),  # type: ignore[arg-type]
        family=family,  # type: ignore[arg-type]
        target_id=target,
        target_label="function",
        target_name=target,
        target_path=None,
        relation="calls",
        direction="out",
        score=score,
    )


def test_order_key_is_score_desc_then_route_id() -> None:
    routes = [route(0.5, "r:a"), route(0.9, "r:b"), route(0.5, "r:c"), route(0.5, "r:d", "ghost")]
    ordered = sorted(routes, key=Route.order_key)
    assert ordered[0].target_id == "r:b"
    rest = ordered[1:]
    assert [r.route_id for r in rest] == sorted(r.route_id for r in rest)


def test_order_is_total_and_independent_of_input_order() -> None:
    routes = [route(s, t, f) for s in (0.1, 0.5) for t in ("r:x", "r:y") for f in FAMILIES]
    expected = [r.route_id for r in sorted(routes, key=Route.order_key)]
    shuffler = random.Random(7)
    for _ in range(50):
        shuffled = list(routes)
        shuffler.shuffle(shuffled)
        assert [r.route_id for r in sorted(shuffled, key=Route.order_key)] == expected
    keys = [r.order_key() for r in routes]
    assert len(set(keys)) == len(keys)


def test_every_family_is_synthesized() -> None:
    from coderooms.perspective.routes import COSTLIEST_FIRST, FAMILY_ROWS

    assert sorted(COSTLIEST_FIRST) == sorted(FAMILIES)
    assert sorted(FAMILY_ROWS) == sorted(FAMILIES)
