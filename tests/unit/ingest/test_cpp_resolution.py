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


# -- values of a declared class (issue 32, `languages/c/values.py`) -------------------------

POINT = """\
#pragma once
#include <memory>
namespace geo {
class Point {
 public:
  int x() const { return 1; }
  int get() const { return 2; }
  Point *next() { return nullptr; }
};
}
"""

USES = """\
#include "point.hpp"
namespace geo {
class Shape {
 public:
  Point origin_;
  std::shared_ptr<Point> shared_;
  void move(const Point &p, Point *q);
};
void Shape::move(const Point &p, Point *q) {
  p.x();
  q->x();
  origin_.x();
  this->origin_.x();
  shared_->x();
  shared_.get();
  Point local;
  local.x();
  auto made = new Point();
  made->x();
  auto n = q->next();
  n->x();
  q->next()->x();
}
}
"""


def test_calls_on_values_of_a_declared_class(tmp_path: Path) -> None:
    # were ghosts: `x.m()` / `p->m()` on a parameter, a local, a field, `new T`, a smart
    # pointer, and what a method of another file is declared to return
    found = plan(tmp_path, {"point.hpp": POINT, "shape.cpp": USES})
    source = "shape.cpp::geo.Shape.move"
    for ref in ("p.x", "q.x", "origin_.x", "this.origin_.x", "shared_.x", "local.x", "made.x"):
        assert call(found, source, ref)[0] == "point.hpp::geo.Point.x", ref
    assert call(found, source, "n.x")[0] == "point.hpp::geo.Point.x"
    assert call(found, source, "q.next().x")[0] == "point.hpp::geo.Point.x"
    # what the smart pointer has itself is never the pointee's
    assert call(found, source, "shared_.get") == ("?:get", "ghost")


def test_a_name_of_two_types_in_one_function_stays_a_ghost(tmp_path: Path) -> None:
    text = """\
#include "point.hpp"
struct Other { int x() const { return 3; } };
int f(bool b) {
  if (b) { geo::Point v; return v.x(); }
  Other v;
  return v.x();
}
"""
    found = plan(tmp_path, {"point.hpp": POINT, "main.cpp": text})
    assert call(found, "main.cpp::f", "v.x") == ("?:x", "ghost")


# -- bare calls of inherited members (issue 32, `languages/c/requests.py`) --------------------

BASE = """\
#pragma once
namespace geo {
class Base {
 public:
  int size() const { return 1; }
  int run() const { return 0; }
};
}
"""

DERIVED = """\
#pragma once
#include "base.hpp"
namespace geo {
int size();
class Mid : public Base {
 public:
  int twice() const { return size() * 2; }
};
class Leaf : public Mid {
 public:
  int thrice() const { return size() * 3; }
  int run() const;
  void go() { run(); }
};
}
"""

DERIVED_INL = """\
#pragma once
#include "derived.hpp"
namespace geo {
inline int Leaf::run() const { return size(); }
}
"""


def test_a_bare_call_of_an_inherited_member(tmp_path: Path) -> None:
    found = plan(
        tmp_path, {"base.hpp": BASE, "derived.hpp": DERIVED, "derived_inl.hpp": DERIVED_INL}
    )
    # the base of another file, through the in-file base `Mid`
    for source in ("derived.hpp::geo.Mid.twice", "derived.hpp::geo.Leaf.thrice"):
        assert call(found, source, "size") == ("base.hpp::geo.Base.size", "inherited")
    # an out-of-class definition in another file than its class: up the class's bases there
    assert call(found, "derived_inl.hpp::geo.Leaf.run", "size") == (
        "base.hpp::geo.Base.size",
        "inherited",
    )


def test_a_member_the_class_declares_hides_the_bases_one(tmp_path: Path) -> None:
    # `Leaf` declares `run()` (defined in `derived_inl.hpp`): never `Base::run`
    found = plan(
        tmp_path, {"base.hpp": BASE, "derived.hpp": DERIVED, "derived_inl.hpp": DERIVED_INL}
    )
    assert call(found, "derived.hpp::geo.Leaf.go", "run") == ("?:run", "ghost")


def test_a_member_defined_in_the_paired_implementation(tmp_path: Path) -> None:
    header = "#pragma once\nnamespace db {\nclass Table {\n public:\n  int Get(int k);\n};\n}\n"
    body = '#include "table.h"\nnamespace db {\nint Table::Get(int k) { return k; }\n}\n'
    user = '#include "table.h"\nint use(db::Table *t) { return t->Get(1); }\n'
    sub = '#include "table.h"\nclass Sub : public db::Table {\n  int f() { return Get(1); }\n};\n'
    found = plan(tmp_path, {"table.h": header, "table.cc": body, "main.cc": user, "sub.h": sub})
    assert call(found, "main.cc::use", "t.Get")[0] == "table.cc::db.Table.Get"
    # found up the bases: the class in `table.h`, its member in `table.cc`
    assert call(found, "sub.h::Sub.f", "Get") == ("table.cc::db.Table.Get", "inherited")


def test_a_specifier_macro_before_the_return_type_is_no_scope(tmp_path: Path) -> None:
    # `CLI11_INLINE void App::parse()` was the function `void.parse`
    text = (
        "#pragma once\nnamespace cli {\nclass App { public: void parse(); void run(); };\n"
        "CLI11_INLINE void App::parse() { run(); }\n"
        "CLI11_NODISCARD CLI11_INLINE std::string\nApp::run() { return {}; }\n"
        "CLI11_INLINE App::App(\n    std::string name, callback_t cb, App *parent, bool ok)\n"
        "    : name_(std::move(name)), parent_(parent) {\n  run();\n}\n"
        "CLI11_INLINE void App::clear() { run(); }\n}\n"
    )
    found = plan(tmp_path, {"app.hpp": text})
    assert call(found, "app.hpp::cli.App.parse", "run") == ("app.hpp::cli.App.run", "local")
    # a constructor's: was an error that closed the namespace, and what followed lost `cli.`
    assert call(found, "app.hpp::cli.App.clear", "run") == ("app.hpp::cli.App.run", "local")


def test_a_field_of_the_class_of_an_out_of_class_definition(tmp_path: Path) -> None:
    # `App::parse` in `app_inl.hpp`, its class and fields in `app.hpp`: were ghosts
    option = (
        "#pragma once\nnamespace cli {\n"
        "class Option { public: int name() const { return 1; } };\n}\n"
    )
    app = (
        '#pragma once\n#include "option.hpp"\nnamespace cli {\nclass App {\n public:\n'
        "  void parse();\n  App *parent_{nullptr};\n  Option *help_{nullptr};\n};\n}\n"
    )
    inl = (
        '#pragma once\n#include "app.hpp"\nnamespace detail { int name() { return 0; } }\n'
        "namespace cli {\ninline void App::parse() {\n  parent_->help_->name();\n"
        "  this->help_->name();\n  detail::name();\n"
        "  for (const auto &x : items) { x->name(); }\n}\n"
        "}\n"
    )
    found = plan(tmp_path, {"option.hpp": option, "app.hpp": app, "app_inl.hpp": inl})
    source = "app_inl.hpp::cli.App.parse"
    for ref in ("parent_.help_.name", "this.help_.name"):
        assert call(found, source, ref) == ("option.hpp::cli.Option.name", "typed"), ref
    # a namespace is no field; a value of no known type stays a ghost
    assert call(found, source, "detail.name") == ("app_inl.hpp::detail.name", "local")
    assert call(found, source, "x.name") == ("?:name", "ghost")


def test_a_call_of_overloads_declared_by_the_class_stays_a_ghost(tmp_path: Path) -> None:
    # which overload `c.Compare(..)` means is not known by its name: before, the one the
    # includes reached first (`key.cc`'s) was linked, right or wrong
    header = (
        "#pragma once\nnamespace db {\nclass Key {};\nclass Cmp {\n public:\n"
        "  int Compare(const char *a, const char *b) const;\n"
        "  int Compare(const Key &a, const Key &b) const;\n  int Single(int x) const;\n};\n"
        "inline int Cmp::Compare(const Key &a, const Key &b) const { return 0; }\n}\n"
    )
    body = (
        '#include "key.h"\nnamespace db {\n'
        "int Cmp::Compare(const char *a, const char *b) const { return 1; }\n"
        "int Cmp::Single(int x) const { return x; }\n}\n"
    )
    user = (
        '#include "key.h"\n'
        'int use(const db::Cmp &c) { return c.Compare("a", "b") + c.Single(1); }\n'
    )
    found = plan(tmp_path, {"key.h": header, "key.cc": body, "main.cc": user})
    assert call(found, "main.cc::use", "c.Compare") == ("?:Compare", "ghost")
    assert call(found, "main.cc::use", "c.Single") == ("key.cc::db.Cmp.Single", "import")


def test_a_base_class_initialiser_calls_the_base(tmp_path: Path) -> None:
    # CLI11's `: Error(std::move(name), ..)` was no call at all; a field's initialiser stays none
    text = (
        "namespace cli {\nclass Error {\n public:\n  Error(int c) : code_(c) {}\n  int code_;\n};\n"
        "class Success : public Error {\n public:\n  Success() : Success(0) {}\n"
        "  Success(int e) : Error(e), m_(e) {}\n  int m_;\n};\n}\n"
    )
    found = plan(tmp_path, {"error.hpp": text})
    source = "error.hpp::cli.Success.Success"
    assert call(found, source, "Error") == ("error.hpp::cli.Error", "local")
    assert call(found, source, "Success") == ("error.hpp::cli.Success", "local")
    assert not [e for e in found["edges"] if e[2] in ("m_", "code_")]


def test_a_type_name_written_in_two_scopes_of_a_header_is_still_followed(tmp_path: Path) -> None:
    # `Option` written by a field of `App` and by a function of `cli::detail`: two lookups that
    # differ by their enclosing scopes; the table's `t` entry was none, so the field's type too
    option = (
        "#pragma once\nnamespace cli {\n"
        "class Option { public: int name() const { return 1; } };\n}\n"
    )
    app = (
        '#pragma once\n#include "option.hpp"\nnamespace cli {\nnamespace detail {\n'
        "inline Option *first() { return nullptr; }\n}\n"
        "class App {\n public:\n  void parse();\n  Option *help_{nullptr};\n};\n}\n"
    )
    inl = '#include "app.hpp"\nnamespace cli {\nvoid App::parse() { help_->name(); }\n}\n'
    found = plan(tmp_path, {"option.hpp": option, "app.hpp": app, "app.cpp": inl})
    assert call(found, "app.cpp::cli.App.parse", "help_.name") == (
        "option.hpp::cli.Option.name",
        "typed",
    )


def test_a_type_alias_names_its_class(tmp_path: Path) -> None:
    # `using App_p = std::shared_ptr<App>;` (CLI11): `sub->run()` with `const App_p &sub` was a
    # ghost; the alias's members are its class's, in the file and from another file
    app = (
        "#pragma once\n#include <memory>\nnamespace cli {\n"
        "class App { public: int run() const { return 1; } };\n"
        "using App_p = std::shared_ptr<App>;\ntypedef App Typed;\n"
        "inline int here(const App_p &a) { return a->run(); }\n}\n"
    )
    user = (
        '#include "app.hpp"\nint use(const cli::App_p &a, cli::Typed t) {\n'
        "  for (const cli::App_p &sub : all) { sub->run(); }\n  a.get();\n  return t.run();\n}\n"
    )
    found = plan(tmp_path, {"app.hpp": app, "main.cpp": user})
    assert call(found, "app.hpp::cli.here", "a.run") == ("app.hpp::cli.App.run", "local")
    for ref in ("sub.run", "t.run"):
        assert call(found, "main.cpp::use", ref)[0] == "app.hpp::cli.App.run", ref
    assert call(found, "main.cpp::use", "a.get") == ("?:get", "ghost")  # the pointer's own


def test_windows_line_ends_and_a_null_directive_keep_the_classes(tmp_path: Path) -> None:
    # issue 32 (tinyxml2): with `\r\n` line ends the export macro (`class LIB Node\r\n{`) and
    # a null directive (`#  // comment`) were errors, the members free functions, and the
    # calls on values of the class ghosts
    header = (
        "#pragma once\n#if defined(X)\n#  // a null directive\n#  define LIB\n#else\n"
        "#  define LIB\n#endif\nnamespace xml {\nclass LIB Node\n{\npublic:\n"
        "    Node* Next() { return next_; }\nprivate:\n    Node* next_;\n};\n}\n"
    ).replace("\n", "\r\n")
    source = (
        '#include "node.h"\nnamespace xml {\nint count(Node* node) {\n'
        "    int n = 0;\n    for (Node* at = node; at; at = at->Next()) { ++n; }\n"
        "    return n;\n}\n}\n"
    ).replace("\n", "\r\n")
    found = plan(tmp_path, {"node.h": header, "walk.cpp": source})
    assert call(found, "walk.cpp::xml.count", "at.Next") == ("node.h::xml.Node.Next", "import")


def test_using_namespace_finds_the_namespaces_types_and_functions(tmp_path: Path) -> None:
    # issue 32 (tinyxml2's tests): after `using namespace xml;`, `Node n; n.Next()` and a bare
    # `make()` were ghosts; they are `xml::Node::Next` and `xml::make`
    header = (
        "#pragma once\nnamespace xml {\nclass Node {\npublic:\n"
        "    Node* Next() { return 0; }\n};\nNode* make() { return 0; }\n}\n"
    )
    source = (
        '#include "node.h"\nusing namespace xml;\nusing namespace std;\n'
        "int main() {\n    Node n;\n    n.Next();\n    make();\n    return 0;\n}\n"
    )
    found = plan(tmp_path, {"node.h": header, "main.cpp": source})
    assert call(found, "main.cpp::main", "n.Next") == ("node.h::xml.Node.Next", "import")
    assert call(found, "main.cpp::main", "make") == ("node.h::xml.make", "import")


def test_a_name_of_one_type_written_plain_and_qualified_keeps_its_type(tmp_path: Path) -> None:
    # issue 32 (tinyxml2's `main`): `Node doc;` in one block and `xml::Node doc;` in another
    # made `doc`'s type unknown, and every `doc.m()` of the function a ghost
    header = (
        "#pragma once\nnamespace xml {\nclass Node {\npublic:\n"
        "    int Next() { return 0; }\n};\n}\n"
    )
    source = (
        '#include "node.h"\nusing namespace xml;\n'
        "int main() {\n    { Node doc;\n      doc.Next(); }\n"
        "    { xml::Node doc;\n      doc.Next(); }\n    return 0;\n}\n"
    )
    found = plan(tmp_path, {"node.h": header, "main.cpp": source})
    assert call(found, "main.cpp::main", "doc.Next") == ("node.h::xml.Node.Next", "import")


def test_a_name_declared_in_two_blocks_has_each_blocks_type(tmp_path: Path) -> None:
    # issue 32 (tinyxml2's `main`): `e` of two types in two blocks of one function was of no
    # type; a call has the type of the declaration above it, when all its sites agree
    text = """\
#include "point.hpp"
struct Other { int x() const { return 3; } int y() const { return 4; } };
int f() {
  { geo::Point e; e.x(); e.next(); }
  { Other e; e.y(); e.x(); }
  return 0;
}
"""
    found = plan(tmp_path, {"point.hpp": POINT, "main.cpp": text})
    assert call(found, "main.cpp::f", "e.next") == ("point.hpp::geo.Point.next", "import")
    assert call(found, "main.cpp::f", "e.y") == ("main.cpp::Other.y", "local")
    assert call(found, "main.cpp::f", "e.x") == ("?:x", "ghost")  # its sites disagree


PRINTER_H = """\
#pragma once
#include <string.h>
class Printer {
 public:
  void Write(const char *data, size_t size);
  void Write(const char *data) { Write(data, strlen(data)); }
  void Open();
  void Close();
  void Flush();
};
"""

PRINTER_CC = """\
#include "printer.h"
void Printer::Write(const char *data, size_t size) { }
void Printer::Open() { Write("<"); }
void Printer::Close() { Write("</", 2); }
void Printer::Flush() { Open(); }
"""


def test_a_member_of_overloads_split_across_files_is_no_local_guess(tmp_path: Path) -> None:
    # tinyxml2: `Write(" ")` in `XMLPrinter`'s methods was linked to the file's own
    # `Write(const char*, size_t)`; clang takes the header's inline `Write(const char*)`
    found = plan(tmp_path, {"printer.h": PRINTER_H, "printer.cc": PRINTER_CC})
    assert call(found, "printer.cc::Printer.Open", "Write") == ("?:Write", "ghost")
    assert call(found, "printer.h::Printer.Write", "Write") == ("?:Write", "ghost")
    # one overload takes two arguments, declared in the class and defined here: this one
    assert call(found, "printer.cc::Printer.Close", "Write") == (
        "printer.cc::Printer.Write",
        "import",
    )
    # no overloads: linked as before, by the same symbol
    assert call(found, "printer.cc::Printer.Flush", "Open")[0] == "printer.cc::Printer.Open"
