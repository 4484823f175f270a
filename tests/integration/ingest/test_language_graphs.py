"""The whole graph of each fixture repo (`tests/fixtures/repos/<lang>/`) against its snapshot
(`tests/fixtures/graph_snapshots/<lang>.json`): files, symbols with kinds, and every edge as
(source, type, target, via) with the repo prefix stripped.

Regenerate with `CODEROOMS_UPDATE_SNAPSHOTS=1`, then read the diff against the fixture sources: a
snapshot is only as good as its review. Edges a review found wrong are listed in `KNOWN_WRONG`
(each an xfail test naming the resolver bug); they stay in the snapshot as what the code does now.
"""

from __future__ import annotations

import json
import os
import shutil
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from coderooms.graph.driver import Graph
from coderooms.ingest.languages import DEEP_LANGUAGES
from coderooms.ingest.pipeline import ingest_root
from tests.integration.ingest.graph_snapshot import dangling_edges, wipe

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
REPOS = FIXTURES / "repos"
SNAPSHOTS = FIXTURES / "graph_snapshots"
LANGUAGES = sorted(DEEP_LANGUAGES - {"tsx"})
"""Every deep language has a fixture repo of its name; TSX files are read in the typescript
one."""
UPDATE = os.environ.get("CODEROOMS_UPDATE_SNAPSHOTS") == "1"

Edge = tuple[str, str, str, str | None]
GraphData = dict[str, list[list[Any]]]


def read_graph(graph: Graph, repo: str) -> GraphData:
    prefix = f"{repo}:"

    def strip(value: str) -> str:
        return value.removeprefix(prefix)

    files = graph.run_text(
        "MATCH (f:File) WHERE f.repo = $repo "
        "RETURN f.path AS path, f.language AS language, f.problems AS problems",
        repo=repo,
    )
    symbols = graph.run_text(
        "MATCH (s:Symbol) WHERE s.repo = $repo RETURN s.id AS id, s.kind AS kind", repo=repo
    )
    edges = graph.run_text(
        "MATCH (a)-[r]->(b) WHERE a.repo = $repo AND type(r) <> 'HAS_FILE' "
        "RETURN a.id AS a, type(r) AS type, b.id AS b, r.via AS via",
        repo=repo,
    )
    return {
        "files": sorted([f["path"], f["language"], f["problems"] or []] for f in files),
        "symbols": sorted([strip(s["id"]), s["kind"]] for s in symbols),
        "edges": sorted(
            ([strip(e["a"]), e["type"], strip(e["b"]), e["via"]] for e in edges),
            key=lambda e: (e[0], e[1], e[2], e[3] or ""),
        ),
    }


def render(data: GraphData) -> str:
    """One record a line, so a snapshot reads and diffs well."""
    out = ["{"]
    keys = list(data)
    for ki, key in enumerate(keys):
        items = data[key]
        out.append(f"  {json.dumps(key)}: [")
        out.extend(
            f"    {json.dumps(item, ensure_ascii=False)}{',' if ii < len(items) - 1 else ''}"
            for ii, item in enumerate(items)
        )
        out.append("  ]" + ("," if ki < len(keys) - 1 else ""))
    out.append("}")
    return "\n".join(out) + "\n"


@pytest.fixture(scope="module")
def fixture_graph(
    graph: Graph, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Callable[[str], GraphData]]:
    """Each fixture repo ingested once (from a copy: no VCS around it), read back as data."""
    cache: dict[str, GraphData] = {}
    repos: list[str] = []

    def get(lang: str) -> GraphData:
        if lang not in cache:
            repo = f"fixture-{lang}-{uuid.uuid4().hex[:8]}"
            repos.append(repo)
            root = tmp_path_factory.mktemp(lang) / lang
            shutil.copytree(REPOS / lang, root)
            ingest_root(graph, root, repo=repo, mode="full", workers=1)
            assert dangling_edges(graph, repo) == []
            cache[lang] = read_graph(graph, repo)
        return cache[lang]

    yield get
    for repo in repos:
        wipe(graph, repo)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_fixture_graph_matches_snapshot(
    lang: str, fixture_graph: Callable[[str], GraphData]
) -> None:
    actual = fixture_graph(lang)
    assert actual["symbols"], f"no symbols for {lang}"
    snapshot_file = SNAPSHOTS / f"{lang}.json"
    if UPDATE:
        SNAPSHOTS.mkdir(parents=True, exist_ok=True)
        snapshot_file.write_text(render(actual), encoding="utf-8")
    expected = json.loads(snapshot_file.read_text(encoding="utf-8"))
    for key in ("files", "symbols", "edges"):
        missing = [item for item in expected[key] if item not in actual[key]]
        extra = [item for item in actual[key] if item not in expected[key]]
        assert (missing, extra) == ([], []), f"{lang} {key}: (in snapshot only, in graph only)"
    assert actual == expected


def test_render_round_trips() -> None:
    data: GraphData = {
        "files": [["a.py", "python", []]],
        "symbols": [],
        "edges": [["a", "T", "b", None]],
    }
    assert json.loads(render(data)) == data


@pytest.mark.parametrize("lang", LANGUAGES)
def test_structure_edges(lang: str, fixture_graph: Callable[[str], GraphData]) -> None:
    """Every symbol is DEFINED by its own file; every symbol but the module is CONTAINED by
    exactly one symbol of the same file; every reference edge has a `via`."""
    data = fixture_graph(lang)
    symbols = [s for s, _ in data["symbols"]]
    defines = sorted((a, b) for a, t, b, _ in data["edges"] if t == "DEFINES")
    assert defines == sorted((s.split("::", 1)[0], s) for s in symbols)
    contained = [(a, b) for a, t, b, _ in data["edges"] if t == "CONTAINS"]
    assert sorted(b for _, b in contained) == sorted(s for s in symbols if not s.endswith("::"))
    assert all(a.split("::", 1)[0] == b.split("::", 1)[0] for a, b in contained)
    references = [e for e in data["edges"] if e[1] in {"CALLS", "INHERITS", "IMPORTS"}]
    assert references
    vias = {"import", "local", "package", "unique", "ghost", "typed"}
    assert all(e[3] in vias for e in references)
    assert all((e[3] == "ghost") == e[2].startswith("?:") for e in references)


# -- what the reviewed snapshots show right --------------------------------------------------------

KT = "src/main/kotlin/com/example/"
SC = "src/main/scala/com/example/"
RESOLVED_RIGHT: dict[str, list[Edge]] = {
    "python": [
        ("scripts/broken.py", "IMPORTS", "shop/__init__.py", "import"),
        ("shop/__init__.py", "IMPORTS", "shop/models.py", "import"),
        ("shop/__init__.py", "IMPORTS", "shop/util.py", "import"),
        ("shop/models.py", "IMPORTS", "shop/util.py", "import"),
        ("shop/models.py", "IMPORTS", "?:..vendor.money", "ghost"),
        # shop/__init__.py does not re-export make_cart: shop.make_cart does not exist
        ("scripts/broken.py::ok", "CALLS", "?:shop.make_cart", "ghost"),
        ("scripts/broken.py::After.still_found", "CALLS", "scripts/broken.py::ok", "local"),
        ("shop/models.py::Item.total", "CALLS", "shop/models.py::Item.total.scale", "local"),
        ("shop/models.py::make_cart.build.Local", "INHERITS", "shop/models.py::Item", "local"),
        ("shop/models.py::Cart.__init__", "CALLS", "shop/models.py::Cart.Line", "local"),
        ("shop/models.py::Cart.checkout", "CALLS", "?:os.path.join", "ghost"),
    ],
    "javascript": [
        ("src/index.js", "IMPORTS", "src/lib/util.mjs", "import"),
        ("src/lib/broken.js", "IMPORTS", "src/lib/util.mjs", "import"),
        ("src/index.js::Widget", "CALLS", "src/lib/util.mjs::helper", "import"),
        ("src/lib/broken.js::fine", "CALLS", "src/lib/util.mjs::helper", "import"),
        ("src/lib/util.mjs::helper", "CALLS", "src/lib/util.mjs::format", "local"),
        ("src/index.js::Anon", "INHERITS", "src/index.js::Widget", "local"),
        ("src/index.js::main.run", "CALLS", "src/index.js::main.parse", "local"),
    ],
    "typescript": [
        ("src/components/Button.tsx", "IMPORTS", "src/types.ts", "import"),
        ("src/components/Button.tsx::Button", "CALLS", "?:react.useState", "ghost"),
        ("src/types.ts::Square", "INHERITS", "src/types.ts::BaseShape", "local"),
        ("src/types.ts::BaseShape", "INHERITS", "?:events.EventEmitter", "ghost"),
        ("src/types.ts::createShape", "CALLS", "src/types.ts::Square", "local"),
    ],
    "go": [
        ("cmd/app/main.go", "IMPORTS", "shapes/shapes.go", "import"),
        ("cmd/app/main.go::main", "CALLS", "shapes/shapes.go::NewCircle", "import"),
        ("cmd/app/main.go::main", "CALLS", "cmd/app/main.go::helper", "local"),
        ("cmd/app/broken.go::after", "CALLS", "cmd/app/broken.go::fine", "local"),
        ("shapes/shapes.go::Circle", "INHERITS", "shapes/shapes.go::Base", "local"),
        ("shapes/shapes.go::Shape", "INHERITS", "shapes/shapes.go::Named", "local"),
        ("shapes/shapes.go::Shape", "INHERITS", "?:fmt.Stringer", "ghost"),
    ],
    "rust": [
        ("src/lib.rs", "IMPORTS", "src/shapes/mod.rs", "import"),
        ("src/lib.rs", "IMPORTS", "?:self.util", "ghost"),
        ("src/lib.rs::tests.builds_registry", "CALLS", "src/lib.rs::registry", "local"),
        ("src/shapes/mod.rs::Circle.new", "CALLS", "src/shapes/mod.rs::Circle.validate", "local"),
        ("src/shapes/mod.rs::Circle", "INHERITS", "src/shapes/mod.rs::Shape", "local"),
        ("src/shapes/mod.rs::Circle", "INHERITS", "?:std.fmt.Display", "ghost"),
    ],
    "c": [
        ("src/main.c::main", "CALLS", "src/point.c::point_make", "import"),  # point.h <-> point.c
        ("src/main.c::main", "CALLS", "src/util.c::clamp", "import"),  # util.h <-> util.c
        ("src/main.c::main", "CALLS", "?:undeclared_helper", "ghost"),  # no include declares it
        ("src/point.c::dot", "CALLS", "include/geo/point.h::SQUARE", "import"),  # a macro
        ("src/main.c", "IMPORTS", "include/geo/point.h", "import"),  # via the include dir
        ("src/main.c", "IMPORTS", "?:<stdio.h>", "ghost"),  # a system header
    ],
    "cpp": [
        ("src/main.cpp::main", "CALLS", "src/shape.cpp::shapes.total", "import"),
        ("src/main.cpp::Square", "INHERITS", "include/shapes/shape.hpp::shapes.Shape", "import"),
        ("src/shape.cpp::shapes.total", "CALLS", "?:area", "ghost"),  # a member of a value
    ],
    "csharp": [
        # a method only an `#else` branch defines, reached through `using static`
        (
            "src/App/Program.cs::Geo.App.Program.Main",
            "CALLS",
            "src/Util/MathUtil.cs::Geo.Util.MathUtil.Twice",
            "import",
        ),
        # a partial class's other part, found by its fully qualified name
        (
            "src/Shapes/Circle.cs::Geo.Shapes.Circle.Scale",
            "CALLS",
            "src/Shapes/Circle.Validation.cs::Geo.Shapes.Circle.Validate",
            "import",
        ),
        # the enclosing namespace `Geo.Shapes` sees `Shape` of Shape.cs
        (
            "src/Shapes/Circle.cs::Geo.Shapes.Circle",
            "INHERITS",
            "src/Shapes/Shape.cs::Geo.Shapes.Shape",
            "import",
        ),
        # `using static Geo.Util.MathUtil;`
        (
            "src/App/Program.cs::Geo.App.Program.Main",
            "CALLS",
            "src/Util/MathUtil.cs::Geo.Util.MathUtil.Clamp",
            "import",
        ),
        # `using Geo.Shapes;` for `new Circle(..)`, and `using Shp = Geo.Shapes;` for `Shp.Circle`
        (
            "src/App/Program.cs::Geo.App.Program.Main",
            "CALLS",
            "src/Shapes/Circle.cs::Geo.Shapes.Circle",
            "import",
        ),
        # an inherited member, in the base class `Shape` (one level up)
        (
            "src/Shapes/Circle.cs::Geo.Shapes.Circle.Scale",
            "CALLS",
            "src/Shapes/Shape.cs::Geo.Shapes.Shape.Describe",
            "import",
        ),
        # a type's own member by its bare name
        ("src/Broken.cs::Geo.Broken.Ok", "CALLS", "src/Broken.cs::Geo.Broken.Fine", "local"),
        ("src/App/Program.cs::Geo.App.Program.Main", "CALLS", "?:Missing", "ghost"),
        ("src/App/Program.cs::Geo.App.Program.Main", "CALLS", "?:Console.WriteLine", "ghost"),
        ("src/App/Program.cs", "IMPORTS", "?:System", "ghost"),  # a namespace is no file
    ],
    "php": [
        # `use App\Support\{Greets, Str as S};`: the alias, then the class of that full name
        (
            "src/Models/User.php::App.Models.User.label",
            "CALLS",
            "src/Support/Str.php::App.Support.Str.upper",
            "import",
        ),
        # `use function App\Support\slugify;` kept in the conventional functions.php
        (
            "src/Models/User.php::App.Models.User.label",
            "CALLS",
            "src/Support/functions.php::App.Support.slugify",
            "import",
        ),
        # `$this->greet()` from the class's trait, `parent::save()` from its `extends` base
        (
            "src/Models/User.php::App.Models.User.label",
            "CALLS",
            "src/Support/Greets.php::App.Support.Greets.greet",
            "import",
        ),
        (
            "src/Models/User.php::App.Models.User.persist",
            "CALLS",
            "src/Models/Model.php::App.Models.Model.save",
            "import",
        ),
        # the current namespace `App\Models` sees `Model`; the mixin is a base too
        (
            "src/Models/User.php::App.Models.User",
            "INHERITS",
            "src/Models/Model.php::App.Models.Model",
            "import",
        ),
        (
            "src/Models/User.php::App.Models.User",
            "INHERITS",
            "src/Support/Greets.php::App.Support.Greets",
            "import",
        ),
        ("src/Models/User.php::App.Models.User", "INHERITS", "?:JsonSerializable", "ghost"),
        # a `require` of a literal path lands on the file; a `use` names a class, not a file
        ("bin/app.php", "IMPORTS", "src/Support/functions.php", "import"),
        ("bin/app.php", "IMPORTS", "?:App.Models.User", "ghost"),
        ("bin/app.php::", "CALLS", "src/Support/functions.php::App.Support.slugify", "import"),
        ("bin/app.php::", "CALLS", "?:missing", "ghost"),
        ("src/Models/User.php::App.Models.User.touch", "CALLS", "?:repository", "ghost"),
        # `$user = new User(..); $user->label()`: the declared type's method
        ("bin/app.php::", "CALLS", "src/Models/User.php::App.Models.User.label", "import"),
    ],
    "ruby": [
        # `Cart` in `module Shop`: `Shop::Cart` (lexical scope), in a required file
        ("lib/shop.rb::Shop.open", "CALLS", "lib/shop/cart.rb::Shop.Cart", "import"),
        ("lib/shop/cart.rb::Shop.Cart.add", "CALLS", "lib/shop/item.rb::Shop.Item", "import"),
        ("lib/shop/cart.rb::Shop.Cart.add", "CALLS", "lib/shop/cart.rb::Shop.Cart.touch", "local"),
        (
            "lib/shop/item.rb::Shop.Item.price",
            "CALLS",
            "lib/shop/item.rb::Shop.Item.round",
            "local",
        ),
        ("test/test_cart.rb::TestCart.test_add", "CALLS", "lib/shop.rb::Shop.open", "import"),
        # defined in lib/shop/cart.rb, which lib/shop.rb requires (requires are transitive)
        (
            "test/test_cart.rb::TestCart.test_add",
            "CALLS",
            "lib/shop/cart.rb::Shop.Cart.empty",
            "import",
        ),
        ("test/test_cart.rb::TestCart.test_add", "CALLS", "?:add", "ghost"),  # a value's method
        ("lib/shop/cart.rb::Shop.Cart", "INHERITS", "?:Base.Collection", "ghost"),
        ("lib/shop/item.rb::Shop.Item", "INHERITS", "?:Comparable", "ghost"),  # a mixin
        ("test/test_cart.rb", "IMPORTS", "lib/shop.rb", "import"),  # the load path: lib/
        ("lib/shop/cart.rb", "IMPORTS", "lib/shop/item.rb", "import"),  # require_relative
        ("lib/shop.rb", "IMPORTS", "?:json", "ghost"),  # a gem
    ],
    "lua": [
        # `require("shop")` finds src/shop/init.lua; the returned table `shop` is the module
        ("main.lua", "IMPORTS", "src/shop/init.lua", "import"),
        ("main.lua::main", "CALLS", "src/shop/init.lua::open", "import"),
        ("src/shop/init.lua::open", "CALLS", "src/shop/cart.lua::new", "import"),  # Cart.new
        ("src/shop/init.lua::open", "CALLS", "src/shop/init.lua::log", "local"),  # shop.log
        # the module's `shop.label` and the file's local `label` are two symbols
        ("main.lua::main", "CALLS", "src/shop/init.lua::label", "import"),
        ("src/shop/init.lua::label", "CALLS", "src/shop/init.lua::local.label", "local"),
        ("src/shop/cart.lua::add", "CALLS", "src/shop/cart.lua::touch", "local"),  # self:touch
        ("src/shop/cart.lua::add", "CALLS", "src/shop/cart.lua::round", "local"),
        ("spec/cart_spec.lua::", "CALLS", "?:shop.cart.missing", "ghost"),  # not defined there
        ("spec/cart_spec.lua::", "CALLS", "?:undefined_global", "ghost"),  # never by name alone
        ("src/shop/init.lua", "IMPORTS", "?:dkjson", "ghost"),  # a rock not in the repo
    ],
    "bash": [
        # `. lib/cart.sh` from bin/: not next to the file, but from the repo's root
        ("bin/shop.sh", "IMPORTS", "lib/cart.sh", "import"),
        ("bin/shop.sh::main", "CALLS", "lib/cart.sh::cart_add", "import"),
        # defined in lib/log.sh, which lib/cart.sh sources (sourcing is transitive)
        ("bin/shop.sh::main", "CALLS", "lib/log.sh::log", "import"),
        ("test/cart.bats::", "CALLS", "lib/cart.sh::cart_add", "import"),  # `run cart_add`
        ("bin/shop.sh::main", "CALLS", "?:command:tee", "ghost"),  # an external command
        ("bin/shop.sh::", "CALLS", "bin/shop.sh::main", "local"),
        # `source "$(dirname "${BASH_SOURCE[0]}")/log.sh"`: next to the file
        ("lib/cart.sh", "IMPORTS", "lib/log.sh", "import"),
        ("lib/cart.sh::cart_add", "CALLS", "lib/log.sh::die", "import"),
        ("lib/cart.sh::cart_add", "CALLS", "lib/cart.sh::cart_count", "local"),
        ("test/cart.bats", "IMPORTS", "test/helper.bash", "import"),  # bats `load helper`
        ("test/cart.bats::", "CALLS", "test/helper.bash::assert_added", "import"),
    ],
    "java": [
        (
            "src/main/java/com/example/shapes/Circle.java::Circle",
            "INHERITS",
            "src/main/java/com/example/shapes/Shape.java::Shape",
            "package",
        ),
        (
            "src/main/java/com/example/shapes/Circle.java::Circle.split",
            "CALLS",
            "src/main/java/com/example/shapes/Circle.java::Circle.log",
            "local",
        ),
        (
            "src/main/java/com/example/shapes/Shape.java::Shape",
            "INHERITS",
            "?:java.io.Serializable",
            "ghost",
        ),
    ],
    "kotlin": [
        # `import ...Shape as Figure`; `Circle.unit()` is the companion object's member
        (f"{KT}app/Main.kt::Square", "INHERITS", f"{KT}shapes/Shape.kt::Shape", "import"),
        (f"{KT}app/Main.kt::main", "CALLS", f"{KT}shapes/Circle.kt::Circle.unit", "import"),
        (f"{KT}app/Main.kt::main", "CALLS", f"{KT}shapes/Shape.kt::total", "import"),
        # `import com.example.util.*` opens the package
        (f"{KT}app/Main.kt::main", "CALLS", f"{KT}util/Strings.kt::Helpers.log", "package"),
        (f"{KT}app/Main.kt::main", "CALLS", "?:listOf", "ghost"),  # the standard library
        # a bare `log(...)` inherited from Base, in another file of the package
        (f"{KT}shapes/Circle.kt::Circle.area", "CALLS", f"{KT}shapes/Shape.kt::Base.log", "import"),
        (f"{KT}shapes/Circle.kt::Circle", "INHERITS", f"{KT}shapes/Shape.kt::Base", "package"),
        # Odd.kt declares a package its directory does not spell: imports still resolve
        ("src/main/kotlin/misc/Odd.kt", "IMPORTS", f"{KT}shapes/Circle.kt", "import"),
        # a test under src/test/kotlin sees its package under src/main/kotlin
        (
            "src/test/kotlin/com/example/shapes/CircleTest.kt::CircleTest.unitCircleHasAreaPi",
            "CALLS",
            f"{KT}shapes/Circle.kt::Circle.area",
            "typed",  # `Circle.unit()` is declared to return a Circle
        ),
    ],
    "scala": [
        # `import ...{Circle, Shape => Figure, Shapes}`; `Circle.unit()` is the companion's
        (f"{SC}app/Main.scala::Square", "INHERITS", f"{SC}shapes/Shape.scala::Shape", "import"),
        (
            f"{SC}app/Main.scala::Main.main",
            "CALLS",
            f"{SC}shapes/Circle.scala::Circle.unit",
            "import",
        ),
        (
            f"{SC}app/Main.scala::Main.main",
            "CALLS",
            f"{SC}shapes/Shape.scala::Shapes.total",
            "import",
        ),
        # `import com.example.util._` opens the package
        (
            f"{SC}app/Main.scala::Main.main",
            "CALLS",
            f"{SC}util/Helpers.scala::Helpers.log",
            "package",
        ),
        # `package com.example` / `package shapes` is the package com.example.shapes
        (
            f"{SC}shapes/Circle.scala::Circle",
            "INHERITS",
            f"{SC}shapes/Shape.scala::Base",
            "package",
        ),
        # a bare `log(...)` inherited from Base, in another file of the package
        (
            f"{SC}shapes/Circle.scala::Circle.area",
            "CALLS",
            f"{SC}shapes/Shape.scala::Base.log",
            "import",
        ),
        (
            "src/test/scala/com/example/shapes/CircleSpec.scala::CircleSpec",
            "CALLS",
            f"{SC}shapes/Circle.scala::Circle.area",
            "typed",  # `Circle.unit()` is declared to return a Circle
        ),
        (
            "src/test/scala/com/example/shapes/CircleSpec.scala::CircleSpec",
            "CALLS",
            "?:test",
            "ghost",
        ),
    ],
    "swift": [
        # `import Geometry`: the module's directory, Sources/Geometry/
        ("Sources/App/main.swift", "IMPORTS", "Sources/Geometry/Circle.swift", "import"),
        (
            "Sources/App/main.swift::Square",
            "INHERITS",
            "Sources/Geometry/Shape.swift::Base",
            "package",
        ),
        ("Sources/App/main.swift::run", "CALLS", "Sources/Geometry/Shape.swift::total", "import"),
        # a bare `log(...)` and `super.init()`: Base's, in the imported module
        (
            "Sources/App/main.swift::Square.area",
            "CALLS",
            "Sources/Geometry/Shape.swift::Base.log",
            "import",
        ),
        (
            "Sources/App/main.swift::Square.init",
            "CALLS",
            "Sources/Geometry/Shape.swift::Base.init",
            "import",
        ),
        # the extension's method is Circle's; what it returns (a Circle) answers `.area()`
        (
            "Sources/App/main.swift::run",
            "CALLS",
            "Sources/Geometry/Circle.swift::Circle.scaled",
            "package",
        ),
        (
            "Sources/App/main.swift::run",
            "CALLS",
            "Sources/Geometry/Circle.swift::Circle.area",
            "typed",
        ),
        # a top-level function of another file of the module (same directory)
        (
            "Sources/Geometry/Circle.swift::Circle.area",
            "CALLS",
            "Sources/Geometry/Circle.swift::scale",
            "local",
        ),
        (
            "Sources/Geometry/Circle.swift::Circle",
            "INHERITS",
            "Sources/Geometry/Shape.swift::Shape",
            "package",
        ),
        ("Sources/App/main.swift::run", "CALLS", "?:print", "ghost"),  # the standard library
    ],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_reviewed_resolutions(lang: str, fixture_graph: Callable[[str], GraphData]) -> None:
    """Independent of the snapshot file: resolutions checked by hand against the sources."""
    edges = {tuple(e) for e in fixture_graph(lang)["edges"]}
    assert [e for e in RESOLVED_RIGHT[lang] if e not in edges] == []


# -- what the reviewed snapshots show wrong --------------------------------------------------------

KNOWN_WRONG: list[Any] = [
    pytest.param(
        "python",
        [("shop/models.py::Cart.__init__", "CALLS", "shop/models.py::Cart.__init__", "local")],
        [],
        # fixed: `super().__init__()` is extracted as `?.__init__` (a member of an expression's
        # result), which is never resolved locally
        id="python-super-init-is-not-a-self-call",
    ),
    pytest.param(
        "python",
        [("shop/models.py::Item.total", "CALLS", "?:M", "ghost")],
        [("shop/models.py::Item.total", "CALLS", "?:vendor.money.Money", "ghost")],
        id="python-aliased-import-name",
    ),
    pytest.param(
        "javascript",
        [("src/index.js::Widget.render", "CALLS", "?:fmt", "ghost")],
        [("src/index.js::Widget.render", "CALLS", "src/lib/util.mjs::format", "import")],
        id="javascript-aliased-import-name",
    ),
    pytest.param(
        "typescript",
        [("src/types.ts::BaseShape.log", "CALLS", "src/types.ts::BaseShape.log", "unique")],
        [],
        id="typescript-console-log-is-not-the-log-property",
    ),
    pytest.param(
        "rust",
        [
            ("src/shapes/mod.rs::Box.area", "CALLS", "src/shapes/mod.rs::Box.area", "local"),
            ("src/lib.rs::registry", "CALLS", "src/shapes/mod.rs::Kind.from", "unique"),
        ],
        [],
        id="rust-method-on-expression-and-foreign-type-paths",
    ),
    pytest.param(
        "rust",
        [
            ("src/lib.rs", "IMPORTS", "?:super.shapes", "ghost"),
            ("src/lib.rs", "IMPORTS", "?:super", "ghost"),
        ],
        [],
        # fixed: `use super::...` inside an inline `mod prelude { }` / `mod tests { }` is
        # extracted relative to the file's module (`self.shapes`, `self`)
        id="rust-super-inside-inline-module",
    ),
    pytest.param(
        "rust",
        [("src/shapes/mod.rs::", "INHERITS", "src/shapes/mod.rs::Shape", "local")],
        [],
        id="rust-module-does-not-inherit",
    ),
    pytest.param(
        "java",
        [
            (
                "src/main/java/com/example/shapes/Circle.java::Circle.Builder.build",
                "CALLS",
                "?:Circle",
                "ghost",
            )
        ],
        [
            (
                "src/main/java/com/example/shapes/Circle.java::Circle.Builder.build",
                "CALLS",
                "src/main/java/com/example/shapes/Circle.java::Circle",
                "import",
            )
        ],
        id="java-fully-qualified-constructor",
    ),
]


@pytest.mark.parametrize(("lang", "wrong", "right"), KNOWN_WRONG)
def test_known_wrong_resolutions(
    lang: str,
    wrong: list[Edge],
    right: list[Edge],
    fixture_graph: Callable[[str], GraphData],
) -> None:
    edges = {tuple(e) for e in fixture_graph(lang)["edges"]}
    assert [e for e in wrong if e in edges] == []
    assert [e for e in right if e not in edges] == []


def test_rust_box_new_is_not_circle_new(fixture_graph: Callable[[str], GraphData]) -> None:
    """`Box::new(Circle::new(1.0))`: only `Circle::new` is Circle.new. Counted, since both calls
    give the same edge triple."""
    edges = [tuple(e) for e in fixture_graph("rust")["edges"]]
    circle_new = ("src/lib.rs::registry", "CALLS", "src/shapes/mod.rs::Circle.new", "import")
    assert edges.count(circle_new) == 1
