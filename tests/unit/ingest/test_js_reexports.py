"""JS/TS barrels: references through `export * from`, `export {a as b} from` and
`export * as ns from`, planned as a full ingest plans them (no database)."""

from __future__ import annotations

from pathlib import Path

from coderooms.ingest.js_reexports import ReexportTable, table_entries
from coderooms.ingest.model import ImportRef
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
    table = ReexportTable.decode(entries)
    assert table.named == {"W": ("./b", "default"), "bee": ("./b", "b")}
    assert (table.namespaces, table.stars) == ({"ns": "./c"}, ("./a",))
