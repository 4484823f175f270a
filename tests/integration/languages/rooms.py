"""What the rooms tests of the ten newer languages know of each fixture repo
(`tests/fixtures/repos/<lang>/`): a file with callers, one with a callee in another file, the
test file that exercises it, and a symbol with a known caller. Every edge named here is in the
language's reviewed graph snapshot."""

from __future__ import annotations

from dataclasses import dataclass

KT = "src/main/kotlin/com/example/"
SC = "src/main/scala/com/example/"


@dataclass(frozen=True)
class Room:
    lang: str
    file: str
    """A file other files call into (and the one the targeted re-ingest edits)."""
    caller: str
    """The id (without the repo) of a symbol of another file that calls `symbol`."""
    callee_of: str
    callee: str
    """A file, and the id of a symbol of another file it calls."""
    test_files: tuple[str, ...]
    """The test files calling into or importing `file`, as the project's conventions name
    them."""
    symbol: str
    """The id (without the repo) of a symbol of `file` that `caller` calls."""
    comment: str
    """How a line comment starts in the language."""

    @property
    def name(self) -> str:
        return self.symbol.rsplit("::", 1)[1].rsplit(".", 1)[-1]

    @property
    def qualname(self) -> str:
        return self.symbol.split("::", 1)[1]


ROOMS = [
    Room("c", "src/point.c", "src/main.c::main", "src/main.c", "src/point.c::point_make", (),
         "src/point.c::point_make", "//"),
    Room("cpp", "src/shape.cpp", "src/main.cpp::main", "src/main.cpp",
         "src/shape.cpp::shapes.total", (), "src/shape.cpp::shapes.total", "//"),
    Room("csharp", "src/Shapes/Circle.cs", "src/App/Program.cs::Geo.App.Program.Main",
         "src/Shapes/Circle.cs", "src/Shapes/Shape.cs::Geo.Shapes.Shape.Describe",
         ("tests/CircleTests.cs",), "src/Shapes/Circle.cs::Geo.Shapes.Circle.Scale", "//"),
    Room("php", "src/Models/User.php", "tests/UserTest.php::App.Tests.UserTest.testLabel",
         "src/Models/User.php", "src/Support/Str.php::App.Support.Str.upper",
         ("tests/UserTest.php",), "src/Models/User.php::App.Models.User.label", "//"),
    Room("ruby", "lib/shop/cart.rb", "test/test_cart.rb::TestCart.test_add", "lib/shop/cart.rb",
         "lib/shop/item.rb::Shop.Item", ("test/test_cart.rb",), "lib/shop/cart.rb::Shop.Cart.empty",
         "#"),
    Room("kotlin", f"{KT}shapes/Circle.kt", f"{KT}app/Main.kt::helper", f"{KT}shapes/Circle.kt",
         f"{KT}shapes/Shape.kt::Base.log", ("src/test/kotlin/com/example/shapes/CircleTest.kt",),
         f"{KT}shapes/Circle.kt::Circle.area", "//"),
    Room("swift", "Sources/Geometry/Circle.swift", "Sources/App/main.swift::run",
         "Sources/App/main.swift", "Sources/Geometry/Shape.swift::total",
         ("Tests/GeometryTests/CircleTests.swift",), "Sources/Geometry/Circle.swift::Circle.area",
         "//"),
    Room("scala", f"{SC}shapes/Circle.scala", f"{SC}app/Main.scala::Main.main",
         f"{SC}shapes/Circle.scala", f"{SC}shapes/Shape.scala::Base.log",
         ("src/test/scala/com/example/shapes/CircleSpec.scala",),
         f"{SC}shapes/Circle.scala::Circle.unit", "//"),
    Room("lua", "src/shop/init.lua", "main.lua::main", "src/shop/init.lua",
         "src/shop/cart.lua::new", ("spec/cart_spec.lua",), "src/shop/init.lua::open", "--"),
    Room("bash", "lib/cart.sh", "bin/shop.sh::main", "lib/cart.sh", "lib/log.sh::die",
         ("test/cart.bats", "test/helper.bash"), "lib/cart.sh::cart_add", "#"),
]  # fmt: skip
