"""JS/TS barrels: references through `export * from`, `export {a as b} from` and
`export * as ns from`, planned as a full ingest plans them (no database)."""

from __future__ import annotations

from pathlib import Path

from coderooms.resolution.extraction import ImportRef
from coderooms.resolution.module_table import ModuleTable, table_entries
from tests.unit.ingest.test_python_resolution import call, plan


def test_references_through_barrels_reach_the_definition(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/index.ts": """
                export * from "./a";
                export { b as bee, default as Widget } from "./b";
                export * as ns from "./c";
                export * from "./nested/index";
                export { missing } from "./nowhere";
                export * from "react";
            """,
            "src/a.ts": "export function fa() {}\n",
            "src/b.ts": "export function b() {}\nexport default class Widget {}\n",
            "src/c.ts": "export function fc() {}\n",
            "src/nested/index.ts": "export { deep } from './impl';\n",
            "src/nested/impl.ts": "export function deep() {}\n",
            "src/use.ts": """
                import { fa, bee, ns, deep, Widget, missing } from "./index";
                import * as all from "./index";
                export function main() {
                    fa();
                    bee();
                    ns.fc();
                    deep();
                    new Widget();
                    all.fa();
                    missing();
                }
            """,
        },
    )
    source = "src/use.ts::main"
    assert call(found, source, "fa") == ("src/a.ts::fa", "import")
    assert call(found, source, "bee") == ("src/b.ts::b", "import")
    assert call(found, source, "ns.fc") == ("src/c.ts::fc", "import")
    assert call(found, source, "deep") == ("src/nested/impl.ts::deep", "import")
    assert call(found, source, "Widget")[0] == "src/b.ts::Widget"
    assert call(found, source, "all.fa") == ("src/a.ts::fa", "import")
    # re-exported from a module that is not there: a ghost, never a guess by name
    assert call(found, source, "missing")[1] == "ghost"


def test_a_star_reexport_never_reexports_a_default(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "index.js": "export * from './a.js';\n",
            "a.js": "export default function a() {}\nexport function b() {}\n",
            "use.js": "import d, { b } from './index.js';\nd();\nb();\n",
        },
    )
    assert call(found, "use.js::", "b") == ("a.js::b", "import")
    assert call(found, "use.js::", "d")[1] != "import"


def test_reexports_are_the_files_table_and_bind_nothing_locally() -> None:
    refs = [
        ImportRef("./a", ("*",), None, 1, reexport=True),
        ImportRef("./b", ("b", "default"), None, 2, aliases=("bee", "W"), reexport=True),
        ImportRef("./c", (), "ns", 3, reexport=True),
        ImportRef("./d", ("d",), None, 4),  # an import: no entry
    ]
    entries = table_entries(refs)
    assert entries == ["*./a", "eW=./b\tdefault", "ebee=./b\tb", "nns=./c"]
    table = ModuleTable.decode(entries)
    assert table.named == {"W": ("./b", "default"), "bee": ("./b", "b")}
    assert (table.namespaces, table.stars) == ({"ns": "./c"}, ("./a",))


def test_local_exports_and_commonjs_values_reach_the_definition(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "lib/Template.js": """
                class Template {
                    static asString(x) { return x; }
                }
                module.exports = Template;
            """,
            "lib/helpers.js": """
                function compare(a, b) { return a - b; }
                const sorted = (xs) => xs;
                module.exports = { compare, byName: sorted };
            """,
            "lib/more.js": "function extra() {}\nexports.extra = extra;\n",
            "src/impl.ts": "export function realName() {}\n",
            "src/index.ts": """
                import { realName } from "./impl";
                import * as impl from "./impl";
                function local() {}
                export { local as shown, realName as renamed, impl };
                export default local;
            """,
            "lib/use.js": """
                const Template = require("./Template");
                const { compare, byName } = require("./helpers");
                const more = require("./more");
                function main() {
                    new Template();
                    Template.asString("x");
                    compare(1, 2);
                    byName([]);
                    more.extra();
                }
            """,
            "src/use.ts": """
                import shownDefault, { shown, renamed, impl } from "./index";
                export function main() {
                    shown();
                    renamed();
                    impl.realName();
                    shownDefault();
                }
            """,
        },
    )
    js = "lib/use.js::main"
    assert call(found, js, "Template") == ("lib/Template.js::Template", "import")
    assert call(found, js, "Template.asString") == ("lib/Template.js::Template.asString", "import")
    assert call(found, js, "compare") == ("lib/helpers.js::compare", "import")
    assert call(found, js, "byName") == ("lib/helpers.js::sorted", "import")
    assert call(found, js, "more.extra") == ("lib/more.js::extra", "import")
    ts = "src/use.ts::main"
    assert call(found, ts, "shown") == ("src/index.ts::local", "import")
    assert call(found, ts, "renamed") == ("src/impl.ts::realName", "import")
    assert call(found, ts, "impl.realName") == ("src/impl.ts::realName", "import")
    assert call(found, ts, "shownDefault") == ("src/index.ts::local", "import")


def test_super_inherited_this_and_consts_resolve_through_the_base(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/base.ts": """
                export class Base {
                    constructor() {}
                    helper() {}
                }
                export const make = factory();
            """,
            "src/child.ts": """
                import { Base, make } from "./base";
                const local = build();
                export class Child extends Base {
                    constructor() { super(); }
                    run() {
                        super.helper();
                        this.helper();
                        this.missing();
                        make();
                        local();
                    }
                }
                export class Orphan {
                    run() { this.helper(); }
                }
            """,
            "src/other.ts": "export class Other { helper() {} }\n",
        },
    )
    assert call(found, "src/child.ts::Child.constructor", "super") == (
        "src/base.ts::Base",
        "import",
    )
    run = "src/child.ts::Child.run"
    assert call(found, run, "super.helper") == ("src/base.ts::Base.helper", "import")
    assert call(found, run, "this.helper") == ("src/base.ts::Base.helper", "import")
    assert call(found, run, "make") == ("src/base.ts::make", "import")
    assert call(found, run, "local") == ("src/child.ts::local", "local")
    # not in the base either / no base at all: a ghost, never `Other.helper` by name
    assert call(found, run, "this.missing")[1] == "ghost"
    assert call(found, "src/child.ts::Orphan.run", "this.helper")[1] == "ghost"


def test_a_member_of_a_value_is_never_linked_by_name_alone(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/registry.ts": "export class Registry { has(k: string) { return true; } }\n",
            "src/use.ts": """
                export function main(keys: Set<string>) {
                    keys.has("a");
                    helper();
                }
            """,
            "src/nested.ts": "export function outer() { function helper() {} }\n",
        },
    )
    assert call(found, "src/use.ts::main", "keys.has")[1] == "ghost"
    # a bare name never reaches a function nested in another one
    assert call(found, "src/use.ts::main", "helper")[1] == "ghost"


def test_table_entries_keep_local_exports_and_the_bindings_they_name() -> None:
    from coderooms.ingest.languages import extract

    source = b"""
        import { a } from './x';
        import * as ns from './y';
        import unused from './z';
        function f() {}
        export { a as b, ns, f };
        module.exports = f;
    """
    extraction = extract("javascript", "m.js", source)
    entries = table_entries(extraction.imports, extraction.facts)
    assert entries == sorted(["ia=./x\ta", "ins=./y\t", "lb=a", "lns=ns", "lf=f", "mf"])
    table = ModuleTable.decode(entries)
    assert table.value == "f"
    assert table.local == {"b": "a", "ns": "ns", "f": "f"}
    assert table.imported == {"a": ("./x", "a"), "ns": ("./y", "")}


def test_export_assignment_of_a_namespace_is_the_modules_value(tmp_path: Path) -> None:
    # rules-32l: TypeScript's `export = winston` (typings of a CommonJS package): the module's
    # value is the namespace, its members what `import * as` and `require` of it give
    found = plan(
        tmp_path,
        {
            "index.d.ts": """
                declare namespace winston {
                  class Container { get(id: string): void; }
                  function createLogger(): void;
                }
                export = winston;
            """,
            "test/defs.ts": """
                import * as winston from '../index';
                export function main() {
                    const container = new winston.Container();
                    container.get('a');
                    winston.createLogger();
                }
            """,
            "test/plain.js": """
                const winston = require('../index');
                function run() { winston.createLogger(); }
            """,
        },
    )
    main = "test/defs.ts::main"
    assert call(found, main, "winston.Container")[0] == "index.d.ts::winston.Container"
    assert call(found, main, "container.get")[0] == "index.d.ts::winston.Container.get"
    assert call(found, main, "winston.createLogger")[0] == "index.d.ts::winston.createLogger"
    plain = "test/plain.js::run"
    assert call(found, plain, "winston.createLogger")[0] == "index.d.ts::winston.createLogger"
