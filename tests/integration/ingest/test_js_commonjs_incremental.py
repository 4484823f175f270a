"""CommonJS definitions under incremental ingest (issue 32): what `module.exports = class ..`,
`module.exports = (..) => ..` and `module.exports.f = ..` define is read from the required file,
so a call of it re-resolves when that file appears, changes or goes; likewise the `package.json`
whose entry a required directory (`require("..")`) is. The graph equals a full ingest's
(whole-root incremental and `ingest_paths` alike)."""

from __future__ import annotations

import pytest

from coderooms.graph.driver import Graph
from tests.integration.ingest.incremental_checks import assert_equals_full, calls, updater
from tests.integration.ingest.scenario_tree import Tree, ingest

USER = """const Koa = require("./application");
const context = require("./context");
const request = require("./context").request;
function run() {
  const app = new Koa();
  app.use();
  context();
  request();
}
"""
APPLICATION = "module.exports = class Application {\n  %s() {}\n};\n"
CONTEXT = "module.exports = (req) => req;\nmodule.exports.%s = (req) => req;\n"


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_a_required_files_exported_definitions_changing_reresolves_its_calls(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    update = updater(graph, tree, repo, targeted)
    tree.write("lib/use.js", USER)
    ingest(graph, tree, repo)
    assert {edge[3] for edge in calls(graph, repo)} == {"ghost"}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("lib/application.js", APPLICATION % "use")
    tree.write("lib/context.js", CONTEXT % "request")
    update("lib/application.js", "lib/context.js")
    run = "lib/use.js::run"
    assert calls(graph, repo) == {
        (run, "CALLS", "lib/application.js::Application", "import"),
        (run, "CALLS", "lib/application.js::Application.use", "import"),
        (run, "CALLS", "lib/context.js::exports", "import"),
        (run, "CALLS", "lib/context.js::exports.request", "import"),
    }
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("lib/application.js", APPLICATION % "listen")
    tree.write("lib/context.js", CONTEXT % "response")
    update("lib/application.js", "lib/context.js")
    linked = {edge[2] for edge in calls(graph, repo) if edge[3] != "ghost"}
    assert linked == {"lib/application.js::Application", "lib/context.js::exports"}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.delete("lib/application.js")
    tree.delete("lib/context.js")
    update("lib/application.js", "lib/context.js")
    assert {edge[3] for edge in calls(graph, repo)} == {"ghost"}
    assert_equals_full(graph, tree, repo, full_repo)


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_a_required_directorys_package_json_changing_reresolves_its_calls(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    update = updater(graph, tree, repo, targeted)
    tree.write("lib/application.js", APPLICATION % "use")
    tree.write("lib/other.js", APPLICATION % "use")
    tree.write("test/app.test.js", 'const Koa = require("..");\nfunction run() {\n  new Koa();\n}')
    ingest(graph, tree, repo)
    assert {edge[3] for edge in calls(graph, repo)} == {"ghost"}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("package.json", '{"name": "koa", "main": "lib/application.js"}\n')
    update("package.json")
    run = "test/app.test.js::run"
    assert calls(graph, repo) == {(run, "CALLS", "lib/application.js::Application", "import")}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("package.json", '{"name": "koa", "main": "lib/other.js"}\n')
    update("package.json")
    assert calls(graph, repo) == {(run, "CALLS", "lib/other.js::Application", "import")}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.delete("package.json")
    update("package.json")
    assert {edge[3] for edge in calls(graph, repo)} == {"ghost"}
    assert_equals_full(graph, tree, repo, full_repo)


TYPINGS = (
    "declare namespace koa {\n  class Application {\n    use(): void;\n  }\n}\nexport = koa;\n"
)


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_typings_appearing_beside_the_javascript_reresolve_its_calls(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    # rules-32l: a directory's `types` before its `main`, `export =` of a namespace
    update = updater(graph, tree, repo, targeted)
    tree.write("package.json", '{"name": "koa", "main": "lib/application.js"}\n')
    tree.write("lib/application.js", APPLICATION % "use")
    tree.write(
        "test/app.test.js",
        'const koa = require("..");\nfunction run() {\n  new koa.Application().use();\n}',
    )
    ingest(graph, tree, repo)
    run = "test/app.test.js::run"
    assert not any(edge[2].startswith("index.d.ts") for edge in calls(graph, repo))
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("index.d.ts", TYPINGS)
    tree.write(
        "package.json", '{"name": "koa", "main": "lib/application.js", "types": "index.d.ts"}'
    )
    update("index.d.ts", "package.json")
    assert calls(graph, repo) == {
        (run, "CALLS", "index.d.ts::koa.Application", "import"),
        (run, "CALLS", "index.d.ts::koa.Application.use", "import"),
    }
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("index.d.ts", TYPINGS.replace("export = koa;\n", ""))
    update("index.d.ts")
    assert (run, "CALLS", "index.d.ts::koa.Application.use", "import") not in calls(graph, repo)
    assert_equals_full(graph, tree, repo, full_repo)
