"""C and C++ extraction and include targets (the fixture snapshots cover whole repos)."""

from __future__ import annotations

from textwrap import dedent

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.import_requests import build_record, import_requests
from coderooms.ingest.languages import extract
from coderooms.languages.c.headers import c_implementations, c_include, c_includes
from coderooms.resolution.extraction import Extraction, ImportRef, InheritRef
from coderooms.resolution.targets import Target


def run(language: str, source: str, path: str) -> Extraction:
    return extract(language, path, dedent(source).lstrip("\n").encode())


def test_c_definitions_macros_typedefs_and_no_prototypes() -> None:
    ex = run(
        "c",
        """
        #define N 3
        #define SQ(x) ((x) * (x))
        int proto(int);
        /* Sums. */
        static int
        sum(int a) { return SQ(a) + helper(a); }
        typedef struct node { struct node *next; } node_t;
        typedef int (*cb_t)(int);
        union u { int i; };
        enum e { A, B };
        """,
        "src/sum.c",
    )
    syms = {s.qualname: (s.kind, s.start_line, s.signature) for s in ex.symbols if s.qualname}
    assert syms == {
        "N": (SymbolKind.VARIABLE, 1, "#define N"),
        "SQ": (SymbolKind.FUNCTION, 2, "#define SQ(x)"),
        "sum": (SymbolKind.FUNCTION, 5, "static int sum(int a)"),
        "node": (SymbolKind.CLASS, 7, "struct node"),
        "node_t": (SymbolKind.CLASS, 7, "typedef struct node node_t"),
        "cb_t": (SymbolKind.CLASS, 8, "typedef int (*cb_t)(int)"),
        "u": (SymbolKind.CLASS, 9, "union u"),
        "e": (SymbolKind.CLASS, 10, "enum e"),
    }
    assert next(s.doc for s in ex.symbols if s.qualname == "sum") == "Sums."
    assert [(c.caller, c.callee) for c in ex.calls] == [("sum", "SQ"), ("sum", "helper")]
    assert ex.problems == []


def test_cpp_namespaces_classes_out_of_class_methods_and_bases() -> None:
    ex = run(
        "cpp",
        """
        #include "shape.hpp"
        #include <vector>
        namespace geo {
        class Circle : public Shape, private util::Base<int> {
         public:
          Circle() = default;
          double r() const { return r_; }
        };
        double Circle::area() const { return this->r() * other::pi(); }
        void Unknown::m() { p->run(); }
        void helper() {}
        }  // namespace geo
        template <typename T> T twice(T v) { return v + v; }
        """,
        "src/circle.cpp",
    )
    syms = {s.qualname: (s.kind, s.parent) for s in ex.symbols if s.qualname}
    assert syms == {
        "geo.Circle": (SymbolKind.CLASS, ""),
        "geo.Circle.r": (SymbolKind.METHOD, "geo.Circle"),
        "geo.Circle.area": (SymbolKind.METHOD, "geo.Circle"),
        "geo.Unknown.m": (SymbolKind.METHOD, ""),
        "geo.helper": (SymbolKind.FUNCTION, ""),
        "twice": (SymbolKind.FUNCTION, ""),
    }
    assert ex.inherits == [
        InheritRef("geo.Circle", "Shape", 4),
        InheritRef("geo.Circle", "util.Base", 4),
    ]
    assert [(c.caller, c.callee) for c in ex.calls] == [
        ("geo.Circle.area", "this.r"),
        ("geo.Circle.area", "other.pi"),
        ("geo.Unknown.m", "p.run"),
    ]
    assert ex.imports == [ImportRef("shape.hpp", (), None, 1), ImportRef("<vector>", (), None, 2)]


def test_a_cpp_header_falls_back_to_the_cpp_grammar() -> None:
    ex = run("c", "namespace n { class K { void f() {} }; }\n", "include/k.h")
    assert {s.qualname for s in ex.symbols} == {"", "n.K", "n.K.f"}
    assert ex.problems == []
    assert ex.language == "c"


def test_include_targets_and_pairs() -> None:
    assert c_include("src/a/main.c", "geo/point.h") == (
        Target("=", "src/a/geo/point.h"),
        Target("I", "src/a/main.c\tgeo/point.h"),  # the file's `compile_commands.json` dirs
        Target("~", "include/geo/point.h"),
        Target("=", "geo/point.h"),
        Target("H", "geo/point.h"),  # the one file of the repo so named
    )
    assert c_include("main.c", "x.h") == (
        Target("=", "x.h"),
        Target("I", "main.c\tx.h"),
        Target("~", "include/x.h"),
        Target("H", "x.h"),
    )
    assert c_include("src/main.c", "<stdio.h>") == (
        Target("I", "src/main.c\t<stdio.h>"),
        Target("~", "include/stdio.h"),
    )
    # `-I.` adds nothing; an include directory may hold what `..` names
    assert c_include("src/main.c", "../x.h") == (
        Target("=", "x.h"),
        Target("I", "src/main.c\t../x.h"),
    )
    assert c_include("main.c", "../x.h") == (Target("I", "main.c\t../x.h"),)
    assert c_implementations(Target("I", "src/a.c\t<geo/x.h>"))[:2] == (
        Target("I", "src/a.c\tgeo/x.c"),
        Target("I", "src/a.c\tgeo/x.cc"),
    )
    assert Target("~", "x.c") in c_implementations(Target("I", "src/a.c\tgeo/x.h"))
    assert c_implementations(Target("=", "src/x.h"))[:2] == (
        Target("=", "src/x.c"),
        Target("=", "src/x.cc"),
    )
    pairs = c_implementations(Target("~", "include/s/x.hpp"))
    assert Target("~", "s/x.cpp") in pairs
    assert Target("~", "x.cpp") in pairs
    assert c_implementations(Target("~", "include/vector")) == ()


def test_calls_are_looked_up_only_through_the_includes() -> None:
    source = '#include "geo.h"\nint main(void) { return make() + local(); }\nint local(void) {}\n'
    ex = extract("c", "src/main.c", source.encode())
    record = build_record("src/main.c", "c", ex)
    by_ref = {r.ref: r for r in record.references}
    assert by_ref["local"].local == "local"
    make = by_ref["make"]
    assert make.bound
    includes = c_includes(import_requests("c", "src/main.c", ex.imports))
    assert len(make.alternatives) == len(includes) == 1
    assert make.alternatives[0].startswith("=src/geo.c|")
    assert make.alternatives[0].endswith("#make")


def test_what_the_preprocessor_hides_from_tree_sitter() -> None:
    ex = run(
        "cpp",
        """
        #if 0
        void dead() { gone(); }
        #else
        void alive() {}
        #endif
        class Worker {
          void Wait() LOCKS_EXCLUDED(mu_) { step(); }
          using Callback = void (*)(int);
        };
        class EXPORT Api {
         public:
          int lost() { return 1; }
        };
        """,
        "src/w.cpp",
    )
    syms = {s.qualname: s.kind for s in ex.symbols if s.qualname}
    assert syms == {
        "alive": SymbolKind.FUNCTION,
        "Api": SymbolKind.CLASS,  # `EXPORT` is blanked (`macros`): its body is kept
        "Api.lost": SymbolKind.METHOD,
        "Worker": SymbolKind.CLASS,
        "Worker.Wait": SymbolKind.METHOD,
        "Worker.Callback": SymbolKind.CLASS,
    }
    assert [(c.caller, c.callee) for c in ex.calls] == [("Worker.Wait", "step")]


def test_cpp_names_are_looked_up_in_the_enclosing_namespaces_first() -> None:
    source = '#include "a.h"\nnamespace n {\nclass K : public Base {\n  void m() { f(); }\n};\n}\n'
    ex = extract("cpp", "src/k.cpp", source.encode())
    by_ref = {r.ref: r for r in build_record("src/k.cpp", "cpp", ex).references}
    assert [a.rsplit("#", 1)[1] for a in by_ref["f"].alternatives] == [
        "n.K.f",
        "n.Base^f",  # a member `K` inherits (issue 32), before the namespaces' names
        "Base^f",
        "n.f",
        "f",
    ]
    assert [a.rsplit("#", 1)[1] for a in by_ref["Base"].alternatives] == ["n.Base", "Base"]


def test_a_comment_inside_a_continued_define_ends_neither_it_nor_what_follows() -> None:
    # nlohmann's abi_macros.hpp:97, json.hpp's JSON_IMPLEMENT_OPERATOR: tree-sitter ended the
    # directive at the `/* */` and read the next `#define` and function as its text
    source = """\
        #define END                                  \\
            }  /* namespace NOLINT(readability) */  \\
            }
        #define OP(op)                               \\
            if (lhs == rhs) /* NOLINT */             \\
            { return op; }
        int after(void) { return 0; }
        """
    for language, path in (("c", "m.c"), ("cpp", "m.hpp")):
        found = {s.name: (s.kind, s.start_line) for s in run(language, source, path).symbols}
        assert found == {
            "m": (SymbolKind.MODULE, 1),
            "END": (SymbolKind.VARIABLE, 1),
            "OP": (SymbolKind.FUNCTION, 4),
            "after": (SymbolKind.FUNCTION, 7),
        }, language
