"""benchmarks/impact_answers.py reads `impact`'s rows as the verb writes them."""

from __future__ import annotations

from benchmarks.impact_answers import row_caller


def test_a_row_gives_its_hop_and_caller_with_or_without_the_hop() -> None:
    assert row_caller("2 src/a.py:9 A.run -> ::f (local)") == (2, "src/a.py::A.run")
    assert row_caller("src/a.py:9 f -> helper (import)") == (1, "src/a.py::f")
    assert row_caller("1 src/b.py:3 imports src/a.py") == (1, "src/b.py")
