"""Import targets per language (`targets`), the per-file reference requests (`references`) and
cross-file resolution against an in-memory `Lookup` (`resolve`). No database."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.import_requests import bindings, build_record, import_requests
from coderooms.ingest.languages import GROUP_RULES, TARGET_MODES
from coderooms.languages.go.packages import (
    go_assumed_name,
    go_directory,
    go_module_path,
    go_package_name,
    go_package_suffixes,
)
from coderooms.languages.go.rules import go_package
from coderooms.languages.java.modules import java_module
from coderooms.languages.javascript.modules import js_module
from coderooms.languages.python.rules import python_module
from coderooms.languages.rust.modules import rust_module
from coderooms.resolution.extraction import CallRef, Extraction, ImportRef, InheritRef, SymbolDef
from coderooms.resolution.lookup import Lookup, SymbolInfo
from coderooms.resolution.ref_requests import Alternative, RefRequest
from coderooms.resolution.reference_resolution import resolve_import, resolve_reference
from coderooms.resolution.target_modes import target_stems
from coderooms.resolution.targets import (
    ImportRequest,
    Target,
    path_stem,
    trigger_stems,
)

JS_EXTS = (".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts")
"""Declarations before the JavaScript they describe, as the TypeScript compiler (rules-32l)."""


def exact(*paths: str) -> tuple[Target, ...]:
    return tuple(Target("=", p) for p in paths)


def suffix(*paths: str) -> tuple[Target, ...]:
    return tuple(Target("~", p) for p in paths)


def js_candidates(stem: str) -> tuple[Target, ...]:
    """What an extension-less relative specifier resolving to `stem` yields, in order: the
    files, the directory's `package.json` entry (`D`), its index files."""
    files = [stem + ext for ext in JS_EXTS] if stem else []
    prefix = stem + "/" if stem else ""
    indexes = exact(*(prefix + "index" + ext for ext in JS_EXTS))
    return (*exact(*files), Target("D", stem), *indexes)


# -- Python ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "module", "level", "expected"),
    [
        ("pkg/mod.py", "os.path", 0, suffix("os/path.py", "os/path/__init__.py")),
        ("pkg/mod.py", "json", 0, suffix("json.py", "json/__init__.py")),
        ("pkg/sub/mod.py", "util", 1, exact("pkg/sub/util.py", "pkg/sub/util/__init__.py")),
        ("pkg/sub/mod.py", "x.y", 2, exact("pkg/x/y.py", "pkg/x/y/__init__.py")),
        ("pkg/sub/mod.py", "", 1, exact("pkg/sub/__init__.py")),
        ("pkg/sub/mod.py", "", 2, exact("pkg/__init__.py")),
        (
            "pkg/sub/__init__.py",
            "models",
            1,
            exact("pkg/sub/models.py", "pkg/sub/models/__init__.py"),
        ),
        # at the root: level 1 is the root directory, one more level is beyond it
        ("mod.py", "x", 1, exact("x.py", "x/__init__.py")),
        ("pkg/mod.py", "x", 2, exact("x.py", "x/__init__.py")),
        ("pkg/mod.py", "x", 3, ()),
        ("mod.py", "x", 2, ()),
        ("mod.py", "", 2, ()),
    ],
)
def test_python_module_targets(
    path: str, module: str, level: int, expected: tuple[Target, ...]
) -> None:
    assert python_module(path, module, level) == expected


def test_python_import_requests_one_per_name_submodule_first() -> None:
    refs = [
        ImportRef("pkg", ("a", "b"), None, 1),
        ImportRef("", ("util",), None, 2, level=1),
        ImportRef("util", ("*",), None, 3, level=1),
        ImportRef("os.path", (), "osp", 4),
    ]
    # module specs, resolved from the importing file the way Python does (python_resolver)
    assert import_requests("python", "pkg/__init__.py", refs) == [
        ImportRequest(1, "pkg", (Target("p", "0:pkg.a"), Target("p", "0:pkg"))),
        ImportRequest(1, "pkg", (Target("p", "0:pkg.b"), Target("p", "0:pkg"))),
        ImportRequest(2, ".", (Target("p", "1:util"), Target("p", "1:"))),
        ImportRequest(3, ".util", (Target("p", "1:util"),)),
        ImportRequest(4, "os.path", (Target("p", "0:os.path"),)),
    ]
    # the stem a file must have to answer each (for re-resolution when files come and go)
    assert target_stems(Target("p", "0:pkg.a"), "", TARGET_MODES) == {"a", "pkg"}
    assert target_stems(Target("p", "1:"), "pkg/sub/mod.py", TARGET_MODES) == {"sub"}
    assert target_stems(Target("p", "2:"), "pkg/sub/mod.py", TARGET_MODES) == {"pkg"}


def test_python_bindings() -> None:
    refs = [
        ImportRef("os.path", (), None, 1),
        ImportRef("numpy", (), "np", 2),
        ImportRef("pkg.mod", ("f", "*"), None, 3),
        ImportRef("util", ("helper",), None, 4, level=1),
    ]
    bound = bindings("python", "pkg/a.py", refs)
    assert sorted(bound) == ["f", "helper", "np", "os", "os.path"]
    assert bound["os"].module == suffix("os.py", "os/__init__.py")
    assert bound["os.path"].module == suffix("os/path.py", "os/path/__init__.py")
    assert (bound["os.path"].item, bound["os.path"].label) == (None, "os.path")
    assert bound["np"].module == suffix("numpy.py", "numpy/__init__.py")
    assert bound["np"].label == "numpy"
    f = bound["f"]
    assert (f.module, f.item, f.label) == (
        suffix("pkg/mod.py", "pkg/mod/__init__.py"),
        "f",
        "pkg.mod",
    )
    assert f.item_module == suffix("pkg/mod/f.py", "pkg/mod/f/__init__.py")
    helper = bound["helper"]
    assert (helper.module, helper.label) == (exact("pkg/util.py", "pkg/util/__init__.py"), ".util")
    assert helper.item_module == exact("pkg/util/helper.py", "pkg/util/helper/__init__.py")


# -- JavaScript / TypeScript -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "spec", "expected"),
    [
        ("src/a.js", "./util", js_candidates("src/util")),
        ("src/components/Button.tsx", "../types", js_candidates("src/types")),
        ("src/a.js", "./lib", js_candidates("src/lib")),
        ("src/a.js", ".", js_candidates("src")),
        ("a.js", "./", js_candidates("")),
        ("src/a/b.js", "../../x", js_candidates("x")),
        # with an extension: that file; a runtime extension also maps to its sources
        ("src/a.js", "./lib/util.mjs", exact("src/lib/util.mjs", "src/lib/util.mts")),
        ("src/a.ts", "./x.js", exact("src/x.js", "src/x.ts", "src/x.tsx")),
        ("src/a.ts", "./x.cjs", exact("src/x.cjs", "src/x.cts")),
        ("src/a.ts", "./x.ts", exact("src/x.ts")),
        ("src/a.ts", "./x.jsx", exact("src/x.jsx")),
        # not a module extension: treated as a stem
        ("src/c/B.tsx", "./B.module.css", js_candidates("src/c/B.module.css")),
        # bare specifiers: the importer's tsconfig `paths` (`configs`), then a package of the
        # repo (`packages`); node builtins and anything leaving the root: nothing in the repo
        ("src/a.js", "react", (Target("T", "src\treact"), Target("N", "react"))),
        (
            "src/a.js",
            "@scope/pkg/sub",
            (Target("T", "src\t@scope/pkg/sub"), Target("N", "@scope/pkg/sub")),
        ),
        ("src/a.js", "node:path", ()),
        ("src/a.js", "fs/promises", (Target("T", "src\tfs/promises"), Target("N", "fs/promises"))),
        ("src/a.js", "../../x", ()),
        ("a.js", "../x", ()),
    ],
)
def test_js_module_targets(path: str, spec: str, expected: tuple[Target, ...]) -> None:
    assert js_module(path, spec) == expected


def test_js_import_requests_one_per_statement_whatever_the_names() -> None:
    refs = [
        ImportRef("./util", ("helper", "format"), None, 1),
        ImportRef("react", ("default",), None, 2),
        ImportRef("./shapes", ("*",), None, 3),
    ]
    assert import_requests("typescript", "src/a.ts", refs) == [
        ImportRequest(1, "./util", js_candidates("src/util")),
        ImportRequest(2, "react", (Target("T", "src\treact"), Target("N", "react"))),
        ImportRequest(3, "./shapes", js_candidates("src/shapes")),
    ]


def test_js_bindings_skip_default_and_star() -> None:
    refs = [
        ImportRef("./util", ("default", "helper"), None, 1),
        ImportRef("./shapes", ("*",), None, 2),
        ImportRef("./lib", (), "lib", 3),
    ]
    bound = bindings("javascript", "src/a.js", refs)
    assert sorted(bound) == ["helper", "lib"]
    assert bound["helper"].module == js_candidates("src/util")
    assert bound["helper"].item_module == js_candidates("src/util/helper")
    assert (bound["lib"].module, bound["lib"].item) == (js_candidates("src/lib"), None)


# -- Go --------------------------------------------------------------------------------------------


def test_go_import_path_to_directory_candidates() -> None:
    assert go_package("example.com/geo/shapes") == (Target("G", "example.com/geo/shapes"),)
    assert go_package_suffixes("example.com/geo/shapes") == (
        Target("@", "example.com/geo/shapes"),
        Target("@", "geo/shapes"),
        Target("@", "shapes"),
    )
    assert go_module_path("// x\nmodule example.com/geo // here\n\ngo 1.22\n") == "example.com/geo"
    assert go_module_path("go 1.22\n") is None
    assert go_package_name("example.com/geo/shapes") == "shapes"
    assert go_package_name("github.com/x/y/v2") == "y"
    assert go_package_name("fmt") == "fmt"
    assert go_assumed_name("github.com/jessevdk/go-flags") == "flags"  # issue 32
    assert go_assumed_name("github.com/mattn/go-isatty") == "isatty"
    assert go_assumed_name("gopkg.in/yaml.v3") == "yaml"
    assert go_assumed_name("github.com/x/y/v2") == "y"


def test_go_bindings_use_package_name_or_alias_never_blank_or_dot() -> None:
    refs = [
        ImportRef("example.com/geo/shapes", (), None, 1),
        ImportRef("github.com/sirupsen/logrus", (), "log", 2),
        ImportRef("strings", (), ".", 3),
        ImportRef("embed", (), "_", 4),
        ImportRef("github.com/x/y/v2", (), None, 5),
    ]
    bound = bindings("go", "cmd/main.go", refs)
    assert sorted(bound) == ["log", "shapes", "y"]
    assert bound["log"].module == go_package("github.com/sirupsen/logrus")
    assert bound["log"].label == "github.com/sirupsen/logrus"
    # every import still becomes an IMPORTS request
    assert [r.label for r in import_requests("go", "cmd/main.go", refs)] == [
        "example.com/geo/shapes",
        "github.com/sirupsen/logrus",
        "strings",
        "embed",
        "github.com/x/y/v2",
    ]


# -- Rust ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "module", "expected"),
    [
        # the importing file's own crate first, then any file the path ends in (issue 32)
        (
            "src/lib.rs",
            "crate",
            exact("src/lib.rs", "src/main.rs") + suffix("src/lib.rs", "src/main.rs"),
        ),
        (
            "src/a/b.rs",
            "crate.shapes",
            exact("src/shapes.rs", "src/shapes/mod.rs") + suffix("shapes.rs", "shapes/mod.rs"),
        ),
        (
            "b/src/lib.rs",
            "crate.a.b",
            exact("b/src/a/b.rs", "b/src/a/b/mod.rs") + suffix("a/b.rs", "a/b/mod.rs"),
        ),
        (
            "tests/util/mod.rs",
            "crate.a",
            suffix("a.rs", "a/mod.rs"),
        ),  # a test crate's root: not read
        ("src/bin/x.rs", "crate.a", suffix("a.rs", "a/mod.rs")),
        ("src/lib.rs", "self.util", exact("src/util.rs", "src/util/mod.rs")),
        ("src/main.rs", "self.util", exact("src/util.rs", "src/util/mod.rs")),
        ("src/a/mod.rs", "self.util", exact("src/a/util.rs", "src/a/util/mod.rs")),
        ("src/a.rs", "self.util", exact("src/a/util.rs", "src/a/util/mod.rs")),
        ("src/a/b.rs", "super.x", exact("src/a/x.rs", "src/a/x/mod.rs")),
        ("src/a/mod.rs", "super.x", exact("src/x.rs", "src/x/mod.rs")),
        ("src/a/b/c.rs", "super.super.x", exact("src/a/x.rs", "src/a/x/mod.rs")),
        ("src/a/b.rs", "self.super.x", exact("src/a/x.rs", "src/a/x/mod.rs")),
        ("src/lib.rs", "self", (Target("=", "src/lib.rs"),)),
        ("src/lib.rs", "super", ()),
        ("src/a/b.rs", "super", exact("src/a.rs", "src/a/mod.rs")),
        ("src/a/b/mod.rs", "super", exact("src/a.rs", "src/a/mod.rs")),
        ("src/a.rs", "super", exact("src/lib.rs", "src/main.rs")),
        ("c/src/a/b.rs", "super.super", exact("c/src/lib.rs", "c/src/main.rs")),
        # another crate's path: one of the repo's crates by its Cargo.toml name, or outside
        ("src/lib.rs", "std.collections", (Target("R", "std.collections"),)),
        ("src/lib.rs", "serde", (Target("R", "serde"),)),
    ],
)
def test_rust_module_targets(path: str, module: str, expected: tuple[Target, ...]) -> None:
    assert rust_module(path, module) == expected


# -- Java ------------------------------------------------------------------------------------------


def test_java_class_file_and_wildcard_package() -> None:
    assert java_module("java.util", ("List",)) == suffix("java/util/List.java")
    assert java_module("com.example.shapes", ()) == (Target("%", "com/example/shapes"),)
    # `import static a.b.C.*;` -> the class file C.java
    assert java_module("com.example.shapes.Circle", ()) == suffix("com/example/shapes/Circle.java")
    # `import static a.b.C.m;` (lowercase member) -> the class file
    assert java_module("com.example.Util", ("helper",)) == suffix("com/example/Util.java")
    refs = [ImportRef("java.util", ("List",), None, 3), ImportRef("com.example", (), None, 4)]
    assert import_requests("java", "src/A.java", refs) == [
        ImportRequest(3, "java.util", suffix("java/util/List.java")),
        ImportRequest(4, "com.example", (Target("%", "com/example"),)),
    ]
    bound = bindings("java", "src/A.java", refs)
    assert sorted(bound) == ["List"]
    assert (bound["List"].module, bound["List"].item) == (suffix("java/util/List.java"), "List")


def test_java_static_import_of_a_constant_targets_the_class_file() -> None:
    assert java_module("com.example.Util", ("MAX",)) == suffix("com/example/Util.java")
    assert java_module("com.example.Outer", ("Inner",)) == suffix("com/example/Outer.java")


# -- encodings and stems ---------------------------------------------------------------------------


def test_encodings_round_trip() -> None:
    targets = (Target("=", "a/b.py"), Target("~", "c.py"), Target("@", ""), Target("%", "x/y"))
    assert tuple(Target.decode(t.encode()) for t in targets) == targets
    request = ImportRequest(7, "..pkg.mod", targets)
    assert request.encode() == "7|..pkg.mod|=a/b.py|~c.py|@|%x/y"
    assert ImportRequest.decode(request.encode()) == request
    assert ImportRequest.decode("3|react|") == ImportRequest(3, "react", ())
    alternative = Alternative(targets[:2], "C.m")
    assert alternative.encode() == "=a/b.py|~c.py#C.m"
    assert Alternative.decode(alternative.encode()) == alternative
    assert Alternative.decode("#join") == Alternative((), "join")


@pytest.mark.parametrize(
    ("path", "stem"),
    [
        ("a/b.py", "b"),
        ("a/b/__init__.py", "b"),
        ("src/lib/index.ts", "lib"),
        ("src/shapes/mod.rs", "shapes"),
        ("index.js", "index"),
        ("types.d.ts", "types"),
        ("a/.eslintrc", ".eslintrc"),
        # package-file names count as their directory (JS/TS `index`, Rust `mod`/`lib`/`main`),
        # except in Python, where only `__init__` does: `pkg/lib.py` is the module `lib`
        ("src/lib.rs", "src"),
        ("pkg/main.py", "main"),
        ("pkg/lib.py", "lib"),
        ("main.go", "main"),
    ],
)
def test_path_stem(path: str, stem: str) -> None:
    assert path_stem(path) == stem


def test_trigger_stems() -> None:
    assert trigger_stems("pkg/models.py") == {"models", "pkg"}
    assert trigger_stems("models.py") == {"models"}
    assert trigger_stems("pkg/__init__.py") == {"pkg", "__init__"}
    assert trigger_stems("pkg/lib.py") == {"lib", "pkg"}
    assert Target("@", "a/shapes").stem() == "shapes"
    assert Target("~", "a/util.py").stem() == "util"


# -- build_record: local resolution and requests ---------------------------------------------------


def sym(kind: SymbolKind, qualname: str) -> SymbolDef:
    parent = None if qualname == "" else qualname.rpartition(".")[0]
    return SymbolDef(kind, qualname.rpartition(".")[2], qualname, 1, 1, "", parent)


M, C, F, ME, V = (
    SymbolKind.MODULE,
    SymbolKind.CLASS,
    SymbolKind.FUNCTION,
    SymbolKind.METHOD,
    SymbolKind.VARIABLE,
)


def record(
    language: str,
    path: str,
    symbols: list[tuple[SymbolKind, str]],
    calls: Sequence[tuple[str, str]] = (),
    inherits: Sequence[tuple[str, str]] = (),
    imports: Sequence[ImportRef] = (),
) -> dict[tuple[str, str, str], RefRequest]:
    extraction = Extraction(
        language=language,
        symbols=[sym(M, ""), *(sym(k, q) for k, q in symbols)],
        imports=list(imports),
        calls=[CallRef(caller, callee, line) for line, (caller, callee) in enumerate(calls, 1)],
        inherits=[InheritRef(c, b, line) for line, (c, b) in enumerate(inherits, 100)],
    )
    built = build_record(path, language, extraction)
    return {(r.source, r.kind, r.ref): r for r in built.references}


def test_repeated_references_merge_with_count_and_first_line() -> None:
    extraction = Extraction(
        language="python",
        symbols=[sym(M, ""), sym(F, "f"), sym(F, "g")],
        calls=[CallRef("f", "g", 9), CallRef("f", "g", 4), CallRef("f", "x.y", 2)],
    )
    refs = build_record("pkg/a.py", "python", extraction).references
    assert [(r.source, r.ref, r.count, r.line) for r in refs] == [
        ("f", "g", 2, 4),
        ("f", "x.y", 1, 2),
    ]


def test_no_extraction_no_references() -> None:
    empty = build_record("README.md", "markdown", None)
    assert (empty.symbols, empty.references, empty.imports, empty.problems) == ([], [], [], [])
    assert build_record("x", None, Extraction(language="python")).references == []


def decoded(request: RefRequest) -> tuple[Alternative, ...]:
    return tuple(Alternative.decode(text) for text in request.alternatives)


def test_go_same_package_alternatives() -> None:
    refs = record(
        "go",
        "shapes/circle.go",
        [(F, "NewCircle"), (C, "Circle"), (ME, "Circle.Area")],
        calls=[
            ("NewCircle", "Helper"),
            ("NewCircle", "c.Area"),
            ("NewCircle", "Circle"),
            ("Circle.Area", "shapes.Other"),
            ("NewCircle", "fmt.Sprintf"),
        ],
        imports=[ImportRef("example.com/geo/shapes", (), None, 1), ImportRef("fmt", (), None, 2)],
    )
    package = (Target("@", "shapes"),)
    helper = refs["NewCircle", "CALLS", "Helper"]
    assert (helper.local, helper.bound, helper.group) == (None, False, "go")
    assert decoded(helper) == (Alternative(package, "Helper"),)
    assert decoded(refs["NewCircle", "CALLS", "c.Area"]) == (Alternative(package, "c.Area"),)
    # found in the file: settled, no alternatives
    local = refs["NewCircle", "CALLS", "Circle"]
    assert (local.local, local.alternatives) == ("Circle", ())
    bound = refs["Circle.Area", "CALLS", "shapes.Other"]
    assert bound.bound
    assert decoded(bound) == (Alternative(go_package("example.com/geo/shapes"), "Other"),)
    assert bound.ghost == "example.com/geo/shapes.Other"
    assert decoded(refs["NewCircle", "CALLS", "fmt.Sprintf"]) == (
        Alternative((Target("G", "fmt"),), "Sprintf"),
    )
    # a file at the root is in the root package
    root = record("go", "main.go", [(F, "main")], calls=[("main", "run")])
    assert decoded(root["main", "CALLS", "run"]) == (Alternative((Target("@", ""),), "run"),)


def test_java_same_package_alternatives_and_receivers() -> None:
    refs = record(
        "java",
        "src/com/x/A.java",
        [(C, "A"), (ME, "A.run"), (ME, "A.stop")],
        calls=[
            ("A.run", "helper"),
            ("A.run", "this.stop"),
            ("A.run", "this.gone"),
            ("A.run", "List.of"),
        ],
        inherits=[("A", "Base")],
        imports=[ImportRef("java.util", ("List",), None, 1)],
    )
    package = (Target("@", "src/com/x"),)
    # a bare `helper()` the class does not define is inherited: `helper` of the base, which
    # is in the same package (no import names it), else up the base's own bases (`^`)
    assert decoded(refs["A.run", "CALLS", "helper"]) == (
        Alternative(package, "Base.helper"),
        Alternative(package, "Base^helper"),
    )
    assert refs["A.run", "CALLS", "this.stop"].local == "A.stop"
    gone = refs["A.run", "CALLS", "this.gone"]
    assert gone.local is None
    assert gone.bound  # looked up in the base only, never by name
    assert decoded(gone) == (Alternative(package, "Base.gone"), Alternative(package, "Base^gone"))
    base = refs["A", "INHERITS", "Base"]
    assert (base.kind, decoded(base)) == ("INHERITS", (Alternative(package, "Base"),))
    of = refs["A.run", "CALLS", "List.of"]
    assert of.bound
    assert decoded(of) == (Alternative(suffix("java/util/List.java"), "List.of"),)
    assert of.ghost == "java.util.List.of"


def test_js_bound_reference() -> None:
    refs = record(
        "javascript",
        "src/index.js",
        [(F, "main")],
        calls=[("main", "helper"), ("main", "lib.go")],
        imports=[ImportRef("./util", ("helper",), None, 1), ImportRef("./lib", (), "lib", 2)],
    )
    helper = refs["main", "CALLS", "helper"]
    assert (helper.bound, helper.group) == (True, "js")
    assert decoded(helper) == (Alternative(js_candidates("src/util"), "helper"),)
    assert decoded(refs["main", "CALLS", "lib.go"]) == (
        Alternative(js_candidates("src/lib"), "go"),
    )


def test_js_bound_ghost_name_keeps_the_specifier() -> None:
    refs = record(
        "javascript",
        "src/index.js",
        [(F, "main")],
        calls=[("main", "helper")],
        imports=[ImportRef("./util", ("helper",), None, 1)],
    )
    assert refs["main", "CALLS", "helper"].ghost == "./util.helper"


# -- resolve: cross-file resolution against a Lookup -----------------------------------------------


def lookup_with(*symbols: tuple[str, str, str, str]) -> Lookup:
    """Symbols as (path, qualname, kind, group); their files are added too."""
    lookup = Lookup("r", group_rules=GROUP_RULES)
    for path, qualname, kind, group in symbols:
        lookup.add_file(path, group)
        lookup.add_symbol(SymbolInfo(f"r:{path}::{qualname}", path, qualname, kind, group))
    return lookup


def request(ref: str, **fields: object) -> RefRequest:
    name = ref.rsplit(".", 1)[-1]
    values: dict[str, object] = {"ghost": name, "group": "js"}
    values.update(fields)
    return RefRequest("f", "CALLS", ref, name, 1, **values)  # type: ignore[arg-type]


def test_resolution_order_import_then_unique_then_ghost() -> None:
    lookup = lookup_with(
        ("pkg/mod.js", "", "Module", "js"),
        ("pkg/mod.js", "f", "Function", "js"),
        ("other/x.js", "f", "Function", "js"),
        ("other/x.js", "solo", "Function", "js"),
        ("other/x.js", "C", "Class", "js"),
        ("other/x.js", "C.m", "Method", "js"),
        ("web/x.go", "solo", "Function", "go"),
    )
    module = suffix("pkg/mod.js", "pkg/mod/__init__.py")
    bound = request(
        "f", bound=True, alternatives=(Alternative(module, "f").encode(),), ghost="pkg.mod.f"
    )
    hit = resolve_reference(bound, "a.js", lookup)
    assert (hit.target, hit.via, hit.confidence) == ("r:pkg/mod.js::f", "import", 0.95)
    # a bound name whose module is missing is a ghost: no guessing by name
    missing = request("g", bound=True, alternatives=(Alternative(suffix("nope.js"), "g").encode(),))
    lookup.add_symbol(SymbolInfo("r:other/x.js::g", "other/x.js", "g", "Function", "js"))
    ghost = resolve_reference(missing, "a.js", lookup)
    assert (ghost.target, ghost.label, ghost.via, ghost.ghost_name) == (
        "r:?:g",
        "Ghost",
        "ghost",
        "g",
    )
    # an import of the module itself (qual "") resolves to its module symbol
    whole = request("mod", bound=True, alternatives=(Alternative(module, "").encode(),))
    assert resolve_reference(whole, "a.js", lookup).target == "r:pkg/mod.js::"
    # unique within the language group only
    solo = resolve_reference(request("solo"), "a.js", lookup)
    assert (solo.target, solo.via, solo.confidence) == ("r:other/x.js::solo", "unique", 0.6)
    # a member of a value is never guessed by name, even when only one method has that name
    assert resolve_reference(request("obj.m"), "a.js", lookup).target == "r:?:m"
    assert resolve_reference(request("this.m"), "a.js", lookup).target == "r:?:m"
    # `Type.member`: only a member of a type of that name
    member = resolve_reference(request("C.m"), "a.js", lookup)
    assert (member.target, member.via, member.confidence) == ("r:other/x.js::C.m", "unique", 0.4)
    # a bare name sees top-level definitions only, never a method or a nested function
    assert resolve_reference(request("m"), "a.js", lookup).target == "r:?:m"
    # two candidates: ambiguous, a ghost
    assert resolve_reference(request("f"), "a.js", lookup).target == "r:?:f"
    local = resolve_reference(request("f", local="f"), "a.js", lookup)
    assert (local.target, local.via) == ("r:a.js::f", "local")


def test_unique_respects_kind_for_inherits_and_calls() -> None:
    lookup = lookup_with(
        ("a.js", "Base", "Class", "js"),
        ("b.js", "Base", "Variable", "js"),
        ("b.js", "run", "Variable", "js"),
    )
    inherits = RefRequest("C", "INHERITS", "Base", "Base", 1, "js", ghost="Base")
    assert resolve_reference(inherits, "c.js", lookup).target == "r:a.js::Base"
    assert resolve_reference(request("run"), "c.js", lookup).target == "r:?:run"


def test_package_alternative_filters_by_group() -> None:
    lookup = lookup_with(
        ("shapes/a.go", "Helper", "Function", "go"),
        ("shapes/b.py", "Other", "Function", "py"),
    )
    go_request = RefRequest(
        "f",
        "CALLS",
        "Helper",
        "Helper",
        1,
        "go",
        alternatives=(Alternative((Target("@", "shapes"),), "Helper").encode(),),
        ghost="Helper",
    )
    hit = resolve_reference(go_request, "shapes/c.go", lookup)
    assert (hit.target, hit.via, hit.confidence) == ("r:shapes/a.go::Helper", "package", 0.85)
    assert lookup.files_for(Target("@", "shapes"), "go") == ["shapes/a.go"]
    assert lookup.files_for(Target("@", "shapes"), None) == ["shapes/a.go", "shapes/b.py"]
    assert lookup.files_for(Target("%", "apes"), None) == []
    assert lookup.files_for(Target("%", "shapes"), "py") == ["shapes/b.py"]


def test_resolve_import_first_existing_candidate() -> None:
    lookup = Lookup("r", group_rules=GROUP_RULES)
    for path in ("pkg/util/__init__.py", "pkg/util.py", "lib/pkg/util.py", "x/pkg/util.py"):
        lookup.add_file(path, "py")
    exact_hit = resolve_import(
        ImportRequest(1, ".util", exact("pkg/util/__init__.py", "pkg/util.py")), "py", lookup
    )
    assert (exact_hit.target, exact_hit.via, exact_hit.confidence) == (
        "r:pkg/util/__init__.py",
        "import",
        0.95,
    )
    # a suffix: the shortest path wins, then the first in order
    by_suffix = resolve_import(ImportRequest(1, "pkg.util", suffix("pkg/util.py")), "py", lookup)
    assert (by_suffix.target, by_suffix.confidence) == ("r:pkg/util.py", 0.9)
    assert lookup.files_for(Target("~", "pkg/util.py"), None) == [
        "pkg/util.py",
        "x/pkg/util.py",
        "lib/pkg/util.py",
    ]
    ghost = resolve_import(ImportRequest(1, "react", ()), "js", lookup)
    assert (ghost.target, ghost.label, ghost.ghost_name) == ("r:?:react", "Ghost", "react")


def test_lookup_remove_file_and_symbol() -> None:
    lookup = lookup_with(("a/b.py", "f", "Function", "py"))
    lookup.remove_symbol("a/b.py", "f")
    lookup.remove_file("a/b.py")
    lookup.remove_file("never/there.py")
    assert lookup.files_for(Target("~", "b.py"), None) == []
    assert lookup.unique("py", "f", frozenset({"Function"})) is None


def test_go_import_paths_resolve_by_the_module_path_of_go_mod() -> None:
    lookup = Lookup("r", group_rules=GROUP_RULES)
    for path in ("shapes/circle.go", "vendor/x/shapes/circle.go", "other/shapes/a.go"):
        lookup.add_file(path, "go")
    lookup.set_project("go.mod", "", ["module example.com/geo"])
    lookup.set_project("go.mod", "other", ["module example.com/other"])
    own = Target("G", "example.com/geo/shapes")
    assert lookup.files_for(own, "go") == ["shapes/circle.go"]
    assert lookup.files_for(Target("G", "example.com/other/shapes"), "go") == ["other/shapes/a.go"]
    # an import path no module of the repo declares is outside, whatever its last segment
    assert lookup.files_for(Target("G", "github.com/pkg/shapes"), "go") == []
    # without any go.mod: the longest matching directory suffix
    lookup.set_project("go.mod", "", None)
    lookup.set_project("go.mod", "other", None)
    assert lookup.files_for(Target("G", "github.com/pkg/shapes"), "go") == ["shapes/circle.go"]


def test_java_static_and_nested_imports_name_members_of_the_class() -> None:
    refs = record(
        "java",
        "src/com/x/A.java",
        [(C, "A"), (ME, "A.run")],
        calls=[("A.run", "checkNotNull"), ("A.run", "Inner.make")],
        imports=[
            ImportRef("com.y.Util", ("checkNotNull",), None, 1),
            ImportRef("com.y.Outer", ("Inner",), None, 2),
        ],
    )
    util = suffix("com/y/Util.java")
    assert decoded(refs["A.run", "CALLS", "checkNotNull"]) == (
        Alternative(util, "Util.checkNotNull"),
    )
    assert decoded(refs["A.run", "CALLS", "Inner.make"]) == (
        Alternative(suffix("com/y/Outer.java"), "Outer.Inner.make"),
    )


def test_go_bare_names_are_never_guessed_and_never_a_method() -> None:
    refs = record(
        "go",
        "cmd/run.go",
        [(C, "Command"), (ME, "Command.Run"), (ME, "Command.Flag")],
        calls=[("Command.Run", "Flag"), ("Command.Run", "uintptr")],
    )
    # in Go a bare name inside a method is never a method of the type
    assert refs["Command.Run", "CALLS", "Flag"].local is None
    lookup = lookup_with(("builtin/builtin.go", "uintptr", "Function", "go"))
    request = refs["Command.Run", "CALLS", "uintptr"]
    assert resolve_reference(request, "cmd/run.go", lookup).label == "Ghost"


def test_the_standard_librarys_module_holds_its_import_paths_as_directories() -> None:
    lookup = lookup_with(("internal/abi/abi.go", "F", "Function", "go"))
    lookup.set_project("go.mod", "", ["module std"])
    assert go_directory(lookup, "internal/abi") == "internal/abi"
    assert go_directory(lookup, "github.com/x/y") is None
