"""JS/TS: a module-level variable's declared type followed across files (`published`):
`import { box }` of `export const box: Box` then `box.m()`, a namespace's `let loggers:
Container` through `export =`, `new T()` in JavaScript; planned as a full ingest plans them."""

from __future__ import annotations

from pathlib import Path

from tests.unit.ingest.test_python_resolution import call, plan

BOX = """
export class Base { shared() {} }
export class Box extends Base { open() {} }
export const box: Box = make();
export let untyped = make();
"""


def test_an_imported_variables_declared_type_gives_its_members(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/box.ts": BOX,
            "src/index.ts": 'export * from "./box";\n',
            "src/use.ts": """
                import { box, untyped } from "./box";
                import * as all from "./index";
                export function main() {
                    box.open();
                    box.shared();
                    all.box.open();
                    box.missing();
                    untyped.open();
                }
            """,
        },
    )
    source = "src/use.ts::main"
    assert call(found, source, "box.open") == ("src/box.ts::Box.open", "import")
    assert call(found, source, "box.shared") == ("src/box.ts::Base.shared", "import")
    assert call(found, source, "all.box.open") == ("src/box.ts::Box.open", "import")
    # a member the type does not have, a variable of no declared type: ghosts, never a guess
    assert call(found, source, "box.missing")[1] == "ghost"
    assert call(found, source, "untyped.open")[1] == "ghost"


def test_a_namespaces_typed_let_through_export_assignment(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "index.d.ts": """
                declare namespace winston {
                  class Container { add(): void; }
                  let loggers: Container;
                }
                export = winston;
            """,
            "test/use.ts": """
                import * as winston from "../index";
                export function main() {
                    winston.loggers.add();
                }
            """,
        },
    )
    assert call(found, "test/use.ts::main", "winston.loggers.add") == (
        "index.d.ts::winston.Container.add",
        "import",
    )


def test_a_required_modules_constructed_variable(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "lib/app.js": """
                class App { use() {} }
                const app = new App();
                module.exports = { app };
            """,
            "test/use.js": """
                const { app } = require("../lib/app");
                function main() {
                    app.use();
                }
            """,
        },
    )
    assert call(found, "test/use.js::main", "app.use") == ("lib/app.js::App.use", "import")
