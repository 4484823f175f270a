"""C/C++ includes under incremental ingest: a header or an implementation that appears, changes
or goes re-resolves the calls of the files including it, and the graph equals a full ingest's
(whole-root incremental and the claim-scoped `ingest_paths` alike)."""

from __future__ import annotations

import json

import pytest

from coderooms.graph.driver import Graph
from tests.integration.ingest.incremental_checks import assert_equals_full, calls, updater
from tests.integration.ingest.scenario_tree import Tree, ingest, references

MAIN = '#include "geo.h"\n\nint main(void) { return make(1) + twice(2); }\n'


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_header_and_implementation_changes_reresolve_includers(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    update = updater(graph, tree, repo, targeted)

    tree.write("src/main.c", MAIN)
    tree.write("src/geo.h", "int make(int x);\n")
    tree.write("lib/other.c", "int make(int x) { return x; }\nint twice(int x) { return x; }\n")
    ingest(graph, tree, repo)
    # `make` is defined in the repo, but not where `geo.h` pairs: never found by name alone
    assert calls(graph, repo) == {
        ("src/main.c::main", "CALLS", "?:make", "ghost"),
        ("src/main.c::main", "CALLS", "?:twice", "ghost"),
    }
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("src/geo.c", '#include "geo.h"\n\nint make(int x) { return x + 1; }\n')
    update("src/geo.c")
    assert ("src/main.c::main", "CALLS", "src/geo.c::make", "import") in calls(graph, repo)
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("src/geo.h", "int make(int x);\n#define twice(x) ((x) * 2)\n")
    update("src/geo.h")
    assert calls(graph, repo) == {
        ("src/main.c::main", "CALLS", "src/geo.c::make", "import"),
        ("src/main.c::main", "CALLS", "src/geo.h::twice", "import"),
    }
    assert_equals_full(graph, tree, repo, full_repo)

    tree.delete("src/geo.c")
    update("src/geo.c")
    assert calls(graph, repo) == {
        ("src/main.c::main", "CALLS", "?:make", "ghost"),
        ("src/main.c::main", "CALLS", "src/geo.h::twice", "import"),
    }
    assert_equals_full(graph, tree, repo, full_repo)


TRANSITIVE_MAIN = '#include "app.h"\n\nint main(void) { return area(2) + TRIPLE(1) + missing(); }\n'


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_names_of_headers_an_included_header_includes(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    """`main.c` includes `app.h`, which includes `geo/shape.h` (its `area` defined in the paired
    `shape.c`), which includes `units.h` (the macro `TRIPLE`): found two and three hops away; a
    header's include edited or removed re-resolves the file that reaches it."""

    update = updater(graph, tree, repo, targeted)

    tree.write("src/main.c", TRANSITIVE_MAIN)
    tree.write("src/app.h", '#include "geo/shape.h"\n\nint run(void);\n')
    tree.write("include/geo/shape.h", '#include "units.h"\n\nint area(int r);\n')
    tree.write("include/geo/units.h", "#define TRIPLE(x) ((x) * 3)\n")
    tree.write("src/shape.c", '#include "geo/shape.h"\n\nint area(int r) { return r * r; }\n')
    tree.write("src/other.c", "int missing(void) { return 0; }\n")  # never by name alone
    ingest(graph, tree, repo)
    assert calls(graph, repo) == {
        ("src/main.c::main", "CALLS", "src/shape.c::area", "import"),
        ("src/main.c::main", "CALLS", "include/geo/units.h::TRIPLE", "import"),
        ("src/main.c::main", "CALLS", "?:missing", "ghost"),
    }
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("include/geo/units.h", "#define DOUBLE(x) ((x) * 2)\n")
    update("include/geo/units.h")
    assert ("src/main.c::main", "CALLS", "?:TRIPLE", "ghost") in calls(graph, repo)
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("include/geo/units.h", "#define TRIPLE(x) ((x) * 3)\n")
    tree.write("src/app.h", "int run(void);\n")  # no longer includes geo/shape.h
    update("include/geo/units.h", "src/app.h")
    assert calls(graph, repo) == {
        ("src/main.c::main", "CALLS", "?:area", "ghost"),
        ("src/main.c::main", "CALLS", "?:TRIPLE", "ghost"),
        ("src/main.c::main", "CALLS", "?:missing", "ghost"),
    }
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("src/app.h", '#include "geo/shape.h"\n\nint run(void);\n')
    update("src/app.h")
    assert ("src/main.c::main", "CALLS", "include/geo/units.h::TRIPLE", "import") in calls(
        graph, repo
    )
    assert_equals_full(graph, tree, repo, full_repo)


COMMANDS_MAIN = (
    '#include "point.h"\n#include <vec.h>\n\n'
    "int main(void) { return point_make(1) + vec_len(2); }\n"
)


def database(directory: str, flags: list[str]) -> str:
    entry = {"directory": directory, "file": "../src/main.c" if "build" in directory else
             "src/main.c", "arguments": ["cc", *flags, "-c", "main.c"]}  # fmt: skip
    return json.dumps([entry])


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_compile_commands_include_directories(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    """`-I`/`-isystem` of `compile_commands.json` (in `build/`, or at the root, which wins)
    find headers nothing else does; the database appearing, changing or going re-resolves."""

    update = updater(graph, tree, repo, targeted)

    def edges() -> set[tuple[str, str, str, str]]:
        return {r for r in references(graph, repo) if r[0].startswith("src/main.c")}

    tree.write("src/main.c", COMMANDS_MAIN)
    tree.write("lib/inc/point.h", "static inline int point_make(int x) { return x; }\n")
    tree.write("third/vec.h", "static inline int vec_len(int n) { return n; }\n")
    ingest(graph, tree, repo)
    by_name = {  # the repo's one `point.h` (rules-32m); `<vec.h>` is a system include
        ("src/main.c", "IMPORTS", "lib/inc/point.h", "import"),
        ("src/main.c::main", "CALLS", "lib/inc/point.h::point_make", "import"),
    }
    ghosts = {
        ("src/main.c", "IMPORTS", "?:<vec.h>", "ghost"),
        ("src/main.c::main", "CALLS", "?:vec_len", "ghost"),
    }
    assert edges() == by_name | ghosts
    assert_equals_full(graph, tree, repo, full_repo)

    build = f"{tree.root.resolve()}/build"
    flags = ["-I../lib/inc", "-isystem", "../third", "-I/usr/include"]
    tree.write("build/compile_commands.json", database(build, flags))
    update("build/compile_commands.json")
    found = {
        ("src/main.c", "IMPORTS", "lib/inc/point.h", "import"),
        ("src/main.c", "IMPORTS", "third/vec.h", "import"),
        ("src/main.c::main", "CALLS", "lib/inc/point.h::point_make", "import"),
        ("src/main.c::main", "CALLS", "third/vec.h::vec_len", "import"),
    }
    assert edges() == found
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("compile_commands.json", database(".", ["-isystem", "third"]))  # the root's wins
    update("compile_commands.json")
    assert edges() == {
        *by_name,  # not on the root database's `-I`: still the one file of its name
        ("src/main.c", "IMPORTS", "third/vec.h", "import"),
        ("src/main.c::main", "CALLS", "third/vec.h::vec_len", "import"),
    }
    assert_equals_full(graph, tree, repo, full_repo)

    tree.delete("compile_commands.json")
    update("compile_commands.json")
    assert edges() == found
    assert_equals_full(graph, tree, repo, full_repo)

    tree.delete("lib/inc/point.h")  # a header of an include directory goes
    update("lib/inc/point.h")
    assert ("src/main.c", "IMPORTS", "?:point.h", "ghost") in edges()
    assert_equals_full(graph, tree, repo, full_repo)


CPP_BASE = "namespace geo {\nclass Base {\n public:\n  int size() const { return 1; }\n};\n}\n"
CPP_SHAPE = (
    '#include "base.hpp"\nnamespace geo {\nclass Shape : public Base {\n public:\n'
    "  int run() const;\n};\n}\n"
)
CPP_INL = (
    '#include "shape.hpp"\nnamespace geo {\ninline int Shape::run() const { return size(); }\n}\n'
)
CPP_MAIN = '#include "shape.hpp"\n\nint main() {\n  geo::Shape s;\n  return s.size();\n}\n'


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_cpp_members_of_declared_values_and_bases_in_other_files(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    """Issue 32: `s.size()` on a `geo::Shape` and a bare `size()` in `Shape::run` (defined in
    `shape_inl.hpp`) are `Base::size`, two files away; the base's member renamed, the class's
    base changed, an overload added: each re-resolves them as a full ingest does."""
    update = updater(graph, tree, repo, targeted)
    inherited = {
        ("src/main.cpp::main", "CALLS", "src/base.hpp::geo.Base.size", "inherited"),
        ("src/shape_inl.hpp::geo.Shape.run", "CALLS", "src/base.hpp::geo.Base.size", "inherited"),
    }

    tree.write("src/base.hpp", CPP_BASE)
    tree.write("src/other.hpp", CPP_BASE.replace("Base", "Other").replace("1;", "2;"))
    tree.write("src/shape.hpp", CPP_SHAPE)
    tree.write("src/shape_inl.hpp", CPP_INL)
    tree.write("src/main.cpp", CPP_MAIN)
    ingest(graph, tree, repo)
    assert inherited <= calls(graph, repo)
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("src/base.hpp", CPP_BASE.replace("size", "sizes"))
    update("src/base.hpp")
    assert not inherited & calls(graph, repo)
    assert ("src/main.cpp::main", "CALLS", "?:size", "ghost") in calls(graph, repo)
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("src/base.hpp", CPP_BASE)
    tree.write("src/shape.hpp", CPP_SHAPE.replace("base.hpp", "other.hpp").replace(
        "public Base", "public Other"))  # fmt: skip
    update("src/base.hpp", "src/shape.hpp")
    assert ("src/main.cpp::main", "CALLS", "src/other.hpp::geo.Other.size", "inherited") in (
        calls(graph, repo)
    )
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("src/shape.hpp", CPP_SHAPE)
    update("src/shape.hpp")
    assert inherited <= calls(graph, repo)
    assert_equals_full(graph, tree, repo, full_repo)

    # an overload of one argument: `size()` of none is still the inline one (its arity)
    tree.write(
        "src/base.hpp", CPP_BASE.replace("  int size", "  int size(int x) const;\n  int size")
    )
    update("src/base.hpp")
    assert inherited <= calls(graph, repo)
    assert_equals_full(graph, tree, repo, full_repo)

    # the overload's argument gets a default: both take none, which one is not known
    tree.write(
        "src/base.hpp", CPP_BASE.replace("  int size", "  int size(int x = 0) const;\n  int size")
    )
    update("src/base.hpp")
    assert ("src/main.cpp::main", "CALLS", "?:size", "ghost") in calls(graph, repo)
    assert_equals_full(graph, tree, repo, full_repo)


def _imported(graph: Graph, repo: str, path: str) -> set[str]:
    return {edge[2] for edge in calls(graph, repo, ("IMPORTS",)) if edge[0] == path}


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_a_header_found_by_its_name_alone(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    """Issue 32 (lz4): `#include "lz.h"` in `programs/` is `lib/lz.h`, the one header of that
    name; a second one makes it unknown, and its going makes it found again."""
    update = updater(graph, tree, repo, targeted)

    tree.write("programs/main.c", '#include "lz.h"\n\nint main(void) { return pack(1); }\n')
    tree.write("lib/lz.h", "int pack(int x);\n")
    tree.write("lib/lz.c", '#include "lz.h"\nint pack(int x) { return x; }\n')
    ingest(graph, tree, repo)
    assert _imported(graph, repo, "programs/main.c") == {"lib/lz.h"}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("other/lz.h", "int pack(int x);\n")
    update("other/lz.h")
    assert "lib/lz.h" not in _imported(graph, repo, "programs/main.c")
    assert_equals_full(graph, tree, repo, full_repo)

    tree.delete("other/lz.h")
    update("other/lz.h")
    assert _imported(graph, repo, "programs/main.c") == {"lib/lz.h"}
    assert_equals_full(graph, tree, repo, full_repo)
