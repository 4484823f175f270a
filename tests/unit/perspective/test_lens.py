"""The lens: every field validated, unknown fields refused, bad values named."""

from __future__ import annotations

from typing import Any

import pytest

from coderooms.errors import InvalidInput
from coderooms.perspective.lens import (
    LENS_TOP_K_DEFAULT,
    LENS_TOP_K_MAX,
    NODE_TYPES,
    TAGS,
    Lens,
    namespace_matches,
    parse_lens,
    parse_lens_with_clamps,
    target_admitted,
)
from coderooms.perspective.model import FAMILIES


def refused(raw: Any) -> InvalidInput:
    with pytest.raises(InvalidInput) as caught:
        parse_lens(raw)
    return caught.value


def test_no_lens_is_the_default_lens() -> None:
    assert parse_lens(None) == Lens()
    assert parse_lens({}) == Lens()
    assert Lens().top_k == LENS_TOP_K_DEFAULT
    assert Lens().families() == FAMILIES


def test_every_field_is_accepted() -> None:
    lens = parse_lens(
        {
            "route_families": ["causal", "ghost"],
            "node_types": ["function", "ghost"],
            "namespaces": ["shop/", "tests/check_orders.py"],
            "tags": ["hub", "!test"],
            "include_ghost_edges": False,
            "include_structural_holes": False,
            "ranking_weights": {"causal": 0.5},
            "top_k": 5,
        }
    )
    assert lens.families() == ("causal",)  # ghost dropped by include_ghost_edges
    assert lens.weight("causal") == 0.5
    assert lens.weight("structural") == 1.0


@pytest.mark.parametrize("name", ["dimensions", "xlr", "route_family", "weights"])
def test_unknown_field_is_refused_with_its_name(name: str) -> None:
    error = refused({name: 1})
    assert error.field == f"lens.{name}"
    assert "top_k" in error.hint


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({"route_families": ["nope"]}, "lens.route_families"),
        ({"route_families": []}, "lens.route_families"),
        ({"route_families": "causal"}, "lens.route_families"),
        ({"node_types": ["table"]}, "lens.node_types"),
        ({"node_types": []}, "lens.node_types"),
        ({"namespaces": ["/abs"]}, "lens.namespaces"),
        ({"namespaces": ["a/../b"]}, "lens.namespaces"),
        ({"namespaces": [""]}, "lens.namespaces"),
        ({"namespaces": []}, "lens.namespaces"),
        ({"namespaces": ["a\\b"]}, "lens.namespaces"),
        ({"tags": ["shiny"]}, "lens.tags"),
        ({"tags": ["!shiny"]}, "lens.tags"),
        ({"tags": []}, "lens.tags"),
        ({"include_ghost_edges": "yes"}, "lens.include_ghost_edges"),
        ({"include_structural_holes": 1}, "lens.include_structural_holes"),
        ({"ranking_weights": {"causal": 1.5}}, "lens.ranking_weights"),
        ({"ranking_weights": {"causal": -0.1}}, "lens.ranking_weights"),
        ({"ranking_weights": {"causal": float("nan")}}, "lens.ranking_weights"),
        ({"ranking_weights": {"nope": 0.5}}, "lens.ranking_weights"),
        ({"ranking_weights": {"causal": "high"}}, "lens.ranking_weights"),
        ({"top_k": 0}, "lens.top_k"),
        ({"top_k": -3}, "lens.top_k"),
        ({"top_k": "10"}, "lens.top_k"),
        ({"top_k": True}, "lens.top_k"),
        ({"top_k": 2.5}, "lens.top_k"),
    ],
)
def test_bad_values_are_refused_naming_the_field(raw: dict[str, Any], field: str) -> None:
    error = refused(raw)
    assert error.field == field
    assert error.hint


def test_a_lens_that_is_not_an_object_is_refused() -> None:
    assert refused(["causal"]).field == "lens"


def test_top_k_above_the_maximum_is_clamped_and_reported() -> None:
    lens, clamps = parse_lens_with_clamps({"top_k": LENS_TOP_K_MAX + 1000})
    assert lens.top_k == LENS_TOP_K_MAX
    assert clamps == {
        "lens.top_k": {
            "requested": LENS_TOP_K_MAX + 1000,
            "used": LENS_TOP_K_MAX,
            "min": 1,
            "max": LENS_TOP_K_MAX,
        }
    }
    assert parse_lens_with_clamps({"top_k": 3})[1] == {}


def test_lens_is_frozen() -> None:
    lens = Lens()
    with pytest.raises(ValueError, match="frozen"):
        lens.top_k = 3  # type: ignore[misc]


def test_switches_remove_their_families() -> None:
    assert "ghost" not in parse_lens({"include_ghost_edges": False}).families()
    assert "hole" not in parse_lens({"include_structural_holes": False}).families()
    assert parse_lens({"route_families": ["hole", "causal"]}).families() == ("causal", "hole")


def test_vocabularies() -> None:
    assert set(NODE_TYPES) == {
        "file",
        "module",
        "class",
        "function",
        "method",
        "interface",
        "variable",
        "ghost",
    }
    assert set(TAGS) == {"test", "private", "entrypoint", "ghost", "hub"}


def test_namespace_matches_whole_path_components() -> None:
    assert namespace_matches("json", "json/decoder.py")
    assert namespace_matches("json/", "json/decoder.py")
    assert namespace_matches("json/decoder.py", "json/decoder.py")
    assert not namespace_matches("json", "jsonx.py")
    assert not namespace_matches("json/decoder.py", "json/decoder.pyc")


def test_target_filters() -> None:
    lens = parse_lens({"node_types": ["function"], "namespaces": ["shop"], "tags": ["hub"]})
    assert target_admitted(lens, "function", "shop/a.py", ("hub",))
    assert not target_admitted(lens, "class", "shop/a.py", ("hub",))
    assert not target_admitted(lens, "function", "other/a.py", ("hub",))
    assert not target_admitted(lens, "function", "shop/a.py", ())
    assert not target_admitted(lens, "function", None, ("hub",))
    modules = parse_lens({"node_types": ["module"]})
    assert target_admitted(modules, "file", "shop/a.py", ())
    assert not target_admitted(modules, "function", "shop/a.py", ())
    negated = parse_lens({"tags": ["!test"]})
    assert target_admitted(negated, "function", "shop/a.py", ())
    assert not target_admitted(negated, "function", "tests/a.py", ("test",))
    any_of = parse_lens({"tags": ["test", "private"]})
    assert target_admitted(any_of, "function", "shop/a.py", ("private",))
