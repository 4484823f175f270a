"""Issue 32, JavaScript/TypeScript: a called name is looked up in its scopes first (a parameter
or a local is never the repo's one definition of that name), a module's free names are globals,
and CommonJS exports define what `require` gives. Planned as a full ingest plans them (no
database)."""

from __future__ import annotations

from pathlib import Path

from coderooms.ingest.languages import extract
from coderooms.resolution.extraction import FactKind
from tests.unit.ingest.test_python_resolution import call, plan

REPO_NAMES = """
function done() {}
function test() {}
function cb() {}
function item() {}
function handler() {}
class FormData {}
"""


def test_a_name_bound_in_scope_is_never_another_files_definition(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "lib/names.js": REPO_NAMES,
            "test/use.test.js": """
                const assert = require("assert");
                it("calls back", function (done) {
                    done();
                });
                function run(cb, { item }) {
                    cb();
                    item();
                    const test = makeTest();
                    test();
                    try { run(); } catch (handler) { handler(); }
                    function local() {}
                    local();
                }
                function make() {
                    new FormData();
                }
            """,
            "src/use.ts": """
                import { x } from "./x";
                export function go(done: () => void, handler?: () => void): void {
                    done();
                    handler();
                    for (const item of []) item();
                }
            """,
        },
    )
    ghost = "ghost"
    assert call(found, "test/use.test.js::", "done")[1] == ghost
    assert call(found, "test/use.test.js::run", "cb")[1] == ghost
    assert call(found, "test/use.test.js::run", "item")[1] == ghost
    assert call(found, "test/use.test.js::run", "test")[1] == ghost
    assert call(found, "test/use.test.js::run", "handler")[1] == ghost
    assert call(found, "test/use.test.js::run", "local") == ("test/use.test.js::run.local", "local")
    assert call(found, "test/use.test.js::make", "FormData")[1] == ghost  # a module's global
    assert call(found, "src/use.ts::go", "done")[1] == ghost
    assert call(found, "src/use.ts::go", "handler")[1] == ghost
    assert call(found, "src/use.ts::go", "item")[1] == ghost


def test_a_classic_script_still_calls_another_scripts_function_by_name(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "js/helpers.js": "function helper() {}\n",
            "js/page.js": "function start(done) {\n  helper();\n  done();\n}\n",
        },
    )
    assert call(found, "js/page.js::start", "helper") == ("js/helpers.js::helper", "unique")
    assert call(found, "js/page.js::start", "done")[1] == "ghost"


def test_the_extractor_writes_what_scopes_bind_and_whether_the_file_is_a_module() -> None:
    source = b"""const { a } = obj;
const b = require("./b");
function f(p, [q], ...r) {
  a(); b(); p(); q(); r();
  const g = () => 1;
  g();
}
"""
    facts = extract("javascript", "f.js", source).facts
    bound = {(f.scope, f.name) for f in facts if f.kind is FactKind.BIND}
    assert bound == {("f", "a"), ("f", "p"), ("f", "q"), ("f", "r")}
    assert any(f.kind is FactKind.MODULE for f in facts)
    script = extract("javascript", "s.js", b"function f() { g(); }\n").facts
    assert not any(f.kind is FactKind.MODULE for f in script)


def test_commonjs_exports_define_what_require_gives(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "lib/application.js": """
                const Emitter = require("events");
                module.exports = class Application extends Emitter {
                    use(fn) { return this; }
                };
            """,
            "helpers/context.js": """
                module.exports = (req, res) => {
                    return { req, res };
                };
                module.exports.request = (req) => module.exports(req).req;
            """,
            "lib/util.js": """
                exports.slugify = function (text) { return text; };
                module.exports.trim = (text) => text;
            """,
            "test/app.test.js": """
                const Koa = require("../lib/application");
                const context = require("../helpers/context");
                const request = require("../helpers/context").request;
                const { slugify, trim } = require("../lib/util");
                function run() {
                    const app = new Koa();
                    app.use();
                    context();
                    request();
                    context.request();
                    slugify("a");
                    trim(" a ");
                }
            """,
        },
    )
    run = "test/app.test.js::run"
    assert call(found, run, "Koa") == ("lib/application.js::Application", "import")
    assert call(found, run, "app.use") == ("lib/application.js::Application.use", "import")
    assert call(found, run, "context") == ("helpers/context.js::exports", "import")
    assert call(found, run, "request") == ("helpers/context.js::exports.request", "import")
    assert call(found, run, "context.request") == ("helpers/context.js::exports.request", "import")
    assert call(found, run, "slugify") == ("lib/util.js::slugify", "import")
    assert call(found, run, "trim") == ("lib/util.js::trim", "import")


def test_a_module_is_known_by_its_statements_not_by_its_text() -> None:
    def module(source: bytes) -> bool:
        facts = extract("javascript", "m.js", source).facts
        return any(f.kind is FactKind.MODULE for f in facts)

    assert module(b"const proto = module.exports = {};\n")
    assert module(b"exports.f = f;\nfunction f() {}\n")
    assert not module(b'// module.exports = x\nconst s = "exports.y";\nf();\n')
    assert not module(b"(function (root) { if (typeof exports == 'object') exports.x = 1; })();")
