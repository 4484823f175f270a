"""PHP extraction and name candidates (the fixture snapshots cover a whole repo)."""

from __future__ import annotations

from textwrap import dedent

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.import_requests import build_record, import_requests
from coderooms.ingest.languages import extract
from coderooms.languages.php.namespaces import php_candidates, php_require, php_uses
from coderooms.resolution.extraction import Extraction, ImportRef, InheritRef
from coderooms.resolution.ref_requests import decode_alternative
from coderooms.resolution.targets import Target


def run(source: str, path: str = "src/A.php") -> Extraction:
    return extract("php", path, dedent(source).lstrip("\n").encode())


SOURCE = """
    <?php
    namespace App\\Models;

    use App\\Contracts\\HasName;
    use App\\Support\\{Str, Arr as A};
    use function App\\Support\\helper;
    use Foo\\Bar as Baz, Qux;

    require_once __DIR__ . '/functions.php';
    include('lib/util.php');
    require $dynamic . '.php';

    /**
     * A user.
     */
    abstract class User extends Model implements HasName, \\JsonSerializable
    {
        use Greets, \\App\\Traits\\Logs;

        public function __construct(string $name)
        {
            parent::__construct();
            $this->name = Str::lower($name);
            $this->save();
            self::make(); static::boot(); helper(1); \\strlen($name);
            $x = new Baz(); $y = new \\App\\Other\\Thing(); new static();
            $this->repo->find(1)->first();
            $f($x); $obj?->go(); make()->run(); $cls::build();
            $anon = new class { public function hidden() { inner(); } };
        }

        abstract public function name(): string;
    }
    interface Named { public function name(): string; }
    trait Greets { public function greet() { return "hi"; } }
    enum Suit: string { case H = 'h'; public function color() { return 1; } }
    function top_level($a) { return inner($a); }
"""


def test_definitions_imports_calls_and_bases() -> None:
    ex = run(SOURCE)
    syms = {s.qualname: (s.kind, s.parent, s.start_line) for s in ex.symbols}
    assert syms == {
        "": (SymbolKind.MODULE, None, 1),
        "App.Models.User": (SymbolKind.CLASS, "", 16),
        "App.Models.User.__construct": (SymbolKind.METHOD, "App.Models.User", 20),
        "App.Models.User.name": (SymbolKind.METHOD, "App.Models.User", 32),
        "App.Models.Named": (SymbolKind.INTERFACE, "", 34),
        "App.Models.Named.name": (SymbolKind.METHOD, "App.Models.Named", 34),
        "App.Models.Greets": (SymbolKind.INTERFACE, "", 35),
        "App.Models.Greets.greet": (SymbolKind.METHOD, "App.Models.Greets", 35),
        "App.Models.Suit": (SymbolKind.CLASS, "", 36),
        "App.Models.Suit.color": (SymbolKind.METHOD, "App.Models.Suit", 36),
        "App.Models.top_level": (SymbolKind.FUNCTION, "", 37),
    }
    module = ex.symbols[0]
    assert module.signature == "namespace App\\Models"
    assert next(s.doc for s in ex.symbols if s.name == "User") == "A user."
    assert ex.imports == [
        ImportRef("App.Contracts", ("HasName",), None, 4),
        ImportRef("App.Support", ("Str", "Arr"), None, 5, aliases=(None, "A")),
        ImportRef("App.Support", ("helper",), None, 6),
        ImportRef("Foo", ("Bar",), None, 7, aliases=("Baz",)),
        ImportRef("", ("Qux",), None, 7),
        ImportRef("__DIR__/functions.php", (), None, 9),
        ImportRef("lib/util.php", (), None, 10),
    ]
    ctor = "App.Models.User.__construct"
    assert [(c.caller, c.callee) for c in ex.calls] == [
        (ctor, "parent.__construct"), (ctor, "Str.lower"), (ctor, "this.save"),
        (ctor, "self.make"), (ctor, "static.boot"), (ctor, "helper"), (ctor, "strlen"),
        (ctor, "Baz"), (ctor, "App.Other.Thing"),
        (ctor, "this.repo.find"), (ctor, "this.repo.find().first"),
        (ctor, "$obj.go"), (ctor, "make"), (ctor, "make().run"), (ctor, "$cls.build"),
        (ctor, "inner"),  # a method of an anonymous class is no symbol
        ("App.Models.top_level", "inner"),
    ]  # fmt: skip
    assert ex.inherits == [
        InheritRef("App.Models.User", "Model", 16),
        InheritRef("App.Models.User", "HasName", 16),
        InheritRef("App.Models.User", "JsonSerializable", 16),
        InheritRef("App.Models.User", "Greets", 18),
        InheritRef("App.Models.User", "App.Traits.Logs", 18),
    ]
    assert ex.problems == []


def test_require_targets_and_import_requests() -> None:
    assert php_require("bin/app.php", "__DIR__/../src/f.php") == (Target("=", "src/f.php"),)
    assert php_require("bin/app.php", "lib/u.php") == (
        Target("=", "bin/lib/u.php"),
        Target("=", "lib/u.php"),
    )
    assert php_require("app.php", "/etc/x.php") == ()
    ex = run(SOURCE)
    requests = import_requests("php", "src/A.php", ex.imports)
    assert [(r.label, r.targets) for r in requests[:2]] == [
        ("App.Contracts.HasName", ()),
        ("App.Support.Str", ()),
    ]
    assert requests[-1].targets == (Target("=", "src/lib/util.php"), Target("=", "lib/util.php"))


def test_candidates_follow_php_name_resolution() -> None:
    ex = run(SOURCE)
    kinds = {s.qualname: s.kind for s in ex.symbols}
    bases: dict[str, list[str]] = {}
    for inherit in ex.inherits:
        bases.setdefault(inherit.child, []).append(inherit.base)
    uses = php_uses("src/A.php", ex.imports, ex.symbols, bases)
    ctor = "App.Models.User.__construct"

    def quals(ref: str, source: str = ctor) -> list[str]:
        return [q for _, q in php_candidates("src/A.php", source, ref.split("."), kinds, uses)]

    assert quals("Str.lower") == ["App.Support.Str.lower"]  # a `use` alias
    assert quals("A.make") == ["App.Support.Arr.make"]
    assert quals("helper") == ["App.Support.helper"]  # `use function`
    assert quals("inner") == ["App.Models.inner", "inner"]  # the namespace, then global
    assert quals("inner", "") == ["App.Models.inner", "inner"]  # top-level code
    assert quals("parent.__construct") == ["App.Models.Model.__construct", "Model.__construct"]
    assert quals("this.log") == [
        "App.Models.Model.log", "Model.log", "App.Contracts.HasName.log",
        "App.Models.JsonSerializable.log", "JsonSerializable.log", "App.Models.Greets.log",
        "Greets.log", "App.Models.App.Traits.Logs.log", "App.Traits.Logs.log",
    ]  # fmt: skip
    targets = php_candidates("src/A.php", ctor, ["inner"], kinds, uses)[0][0]
    assert targets == (
        Target("~", "inner.php"),
        Target("~", "functions.php"),
        Target("~", "helpers.php"),
        Target("=", "src/functions.php"),
        Target("=", "src/lib/util.php"),
        Target("=", "lib/util.php"),
        Target("@", "src"),
    )


def test_values_and_results_are_never_guessed() -> None:
    record = build_record("src/A.php", "php", run(SOURCE))
    refs = {r.ref: r for r in record.references}
    assert all(r.bound for r in refs.values() if not r.ref.startswith("?"))
    for value in ("$obj.go", "$cls.build", "make().run", "this.repo.find"):
        assert refs[value].alternatives == (), value
    assert refs["this.save"].local is None
    assert refs["this.save"].alternatives
    assert refs["Str.lower"].ghost == "App.Support.Str.lower"


def test_declared_types_name_the_receiver() -> None:
    source = """
        <?php
        namespace App;
        use Lib\\Logger;
        class K {
            private ?Foo $foo;
            public function __construct(private Logger $logger, int $n) {}
            public function m(Bar $b, ?\\Lib\\Baz $z, string $s) {
                $x = new Qux();
                $b->run(); $z->run(); $x->go(); $this->foo->stop(); $this->logger->log();
                $s->nope(); $this->bar->nope();
            }
        }
    """
    ex = run(source)
    facts = {(f.scope, f.name, f.kind.value, f.annotation) for f in ex.facts}
    assert facts == {
        ("App.K", "foo", "assign", "Foo"),
        ("App.K", "logger", "assign", "Logger"),  # as written: `use` resolves it
        ("App.K.__construct", "$logger", "param", "Logger"),
        ("App.K.m", "$b", "param", "Bar"),
        ("App.K.m", "$z", "param", "Lib.Baz"),
        ("App.K.m", "$x", "assign", "Qux"),
    }
    refs = {r.ref: r for r in build_record("src/A.php", "php", ex).references}
    firsts = {
        ref: decode_alternative(r.alternatives[0]).qual for ref, r in refs.items() if r.alternatives
    }
    assert firsts == {
        "$b.run": "App.Bar.run",
        "$z.run": "App.Lib.Baz.run",  # the leading `\\` is not kept: the namespace first
        "$x.go": "App.Qux.go",
        "this.foo.stop": "App.Foo.stop",
        "this.logger.log": "Lib.Logger.log",  # the `use`d name
        "Qux": "App.Qux",
    }
    assert refs["$s.nope"].alternatives == ()
    assert refs["this.bar.nope"].alternatives == ()
