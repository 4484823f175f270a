"""Affinity confidence: geometric mean, clamped, single source capped; guards always hold."""

from __future__ import annotations

import math

import pytest

from coderooms.perspective.affinity import (
    AFFINITY_CONFIDENCE_MAX,
    AFFINITY_CONFIDENCE_MIN,
    AFFINITY_SINGLE_SOURCE_MAX,
    combined_confidence,
    evidence_for,
    namespace_score,
    overlap,
)
from coderooms.perspective.model import FocusNode, Route


def test_geometric_mean_of_several_sources() -> None:
    assert combined_confidence([0.5, 0.8]) == pytest.approx(math.sqrt(0.4), abs=1e-4)
    assert combined_confidence([0.6, 0.6, 0.6]) == pytest.approx(0.6, abs=1e-4)


def test_clamped_to_the_band() -> None:
    assert combined_confidence([1.0, 1.0]) == AFFINITY_CONFIDENCE_MAX == 0.85
    assert combined_confidence([0.01, 0.02]) == AFFINITY_CONFIDENCE_MIN == 0.15
    assert combined_confidence([]) == AFFINITY_CONFIDENCE_MIN
    assert combined_confidence([0.0, -1.0, float("nan")]) == AFFINITY_CONFIDENCE_MIN


def test_one_source_alone_never_exceeds_040() -> None:
    assert combined_confidence([0.99]) == AFFINITY_SINGLE_SOURCE_MAX == 0.40
    assert combined_confidence([0.3]) == pytest.approx(0.3)
    assert combined_confidence([0.05]) == AFFINITY_CONFIDENCE_MIN
    assert combined_confidence([5.0]) == 0.40  # scores above 1 count as 1


@pytest.mark.parametrize("scores", [[0.2], [0.9, 0.9], [0.15, 0.99, 0.5], [1e-9, 1.0]])
def test_always_in_band(scores: list[float]) -> None:
    value = combined_confidence(scores)
    assert AFFINITY_CONFIDENCE_MIN <= value <= AFFINITY_CONFIDENCE_MAX


def test_namespace_and_overlap_scores() -> None:
    assert namespace_score("a/b.py", "a/b.py") == 0.6
    assert namespace_score("a/b.py", "a/c.py") == 0.5
    assert namespace_score("a/b.py", "a/x/c.py") == 0.3
    assert namespace_score("a/b.py", "z/c.py") == 0.0
    assert namespace_score(None, "z/c.py") == 0.0
    assert overlap(2, 4, 2) == 1.0
    assert overlap(0, 4, 2) == 0.0
    assert overlap(1, 0, 2) == 0.0


def test_evidence_collects_each_source() -> None:
    focus = FocusNode("r:a/b.py::f", "function", "f", "a/b.py", "r")
    route = Route(
        route_id="R_1", family="semantic", target_id="r:a/c.py::g", target_label="function",
        target_name="g", target_path="a/c.py", relation="similar to", direction="none",
        score=0.7, evidence={"similarity": 0.7},
    )  # fmt: skip
    row = {"co_change": 2, "shared_callers": 1, "focus_callers": 2, "target_callers": 4,
           "shared_callees": 0, "focus_callees": 3, "target_callees": 3}  # fmt: skip
    sources = {e.source: e.score for e in evidence_for(focus, route, row)}
    assert sources == {
        "temporal_co_change": 0.5,
        "semantic_similarity": 0.7,
        "shared_callers": 0.5,
        "same_namespace": 0.5,
    }
