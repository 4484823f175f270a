"""C++ resolution rules, each on a small repo planned as a full ingest plans it (no database):
the exact edges a rule must give."""

from __future__ import annotations

from pathlib import Path

from tests.unit.ingest.test_python_resolution import call, plan

SHAPE = """\
#pragma once
namespace geo {
int helper(int v);
class Shape {
 public:
  explicit Shape(int s) : s_(s) {}
  int area() const { return helper(s_); }
  int twice() const { return area() * 2; }
  int outer() const;
 private:
  static int helper(int v) { return v * v; }
  int s_;
};
}
"""


def test_a_bare_call_inside_a_class_body_is_its_member(tmp_path: Path) -> None:
    # issue 32: `area()` calling `helper(s_)` inside the class was a ghost; a class's members
    # are in scope by bare name in its own body, before the enclosing namespace's names
    found = plan(tmp_path, {"shape.hpp": SHAPE})
    assert call(found, "shape.hpp::geo.Shape.area", "helper") == (
        "shape.hpp::geo.Shape.helper",
        "local",
    )
    assert call(found, "shape.hpp::geo.Shape.twice", "area") == (
        "shape.hpp::geo.Shape.area",
        "local",
    )


def test_a_member_hides_the_enclosing_namespaces_function_of_its_name(tmp_path: Path) -> None:
    text = SHAPE.replace("int helper(int v);", "int helper(int v) { return v + 1; }")
    found = plan(tmp_path, {"shape.hpp": text})
    assert call(found, "shape.hpp::geo.Shape.area", "helper") == (
        "shape.hpp::geo.Shape.helper",
        "local",
    )


def test_the_class_name_inside_the_class_is_the_class_not_its_constructor(tmp_path: Path) -> None:
    text = SHAPE.replace(
        "  int outer() const;",
        "  int outer() const;\n  static Shape unit() { return Shape(1); }",
    )
    found = plan(tmp_path, {"shape.hpp": text})
    assert call(found, "shape.hpp::geo.Shape.unit", "Shape") == ("shape.hpp::geo.Shape", "local")


def test_an_out_of_class_definition_still_sees_the_members(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "shape.hpp": SHAPE,
            "shape.cpp": '#include "shape.hpp"\n'
            "namespace geo {\nint Shape::outer() const { return helper(s_) + area(); }\n}\n",
        },
    )
    assert call(found, "shape.cpp::geo.Shape.outer", "helper") == (
        "shape.hpp::geo.Shape.helper",
        "import",
    )


def test_a_bare_call_in_a_c_function_is_unchanged(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "a.c": "struct s { int helper; };\nint helper(int v) { return v; }\n"
            "int f(void) { return helper(1); }\n"
        },
    )
    assert call(found, "a.c::f", "helper") == ("a.c::helper", "local")
