"""A JSDoc `@typedef {import("./x")}` under incremental ingest: the file it names is a
dependency as a `require` is, so a typed call re-resolves when that file appears, changes or
goes, and the graph equals a full ingest's (whole-root incremental and `ingest_paths` alike)."""

from __future__ import annotations

import pytest

from coderooms.graph.driver import Graph
from tests.integration.ingest.incremental_checks import assert_equals_full, calls, updater
from tests.integration.ingest.scenario_tree import Tree, ingest

PLUGIN = """/** @typedef {import("./util/Hash")} Hash */
class Plugin {
  /** @param {Hash} hash the hash */
  apply(hash) {
    hash.update();
  }
}
module.exports = Plugin;
"""


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_a_typedef_imported_file_changing_reresolves_typed_calls(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    update = updater(graph, tree, repo, targeted)
    tree.write("lib/Plugin.js", PLUGIN)
    ingest(graph, tree, repo)
    ghost = calls(graph, repo)
    assert ghost == {("lib/Plugin.js::Plugin.apply", "CALLS", "?:./util/Hash.update", "ghost")}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("lib/util/Hash.js", "class Hash {\n  update() {}\n}\nmodule.exports = Hash;\n")
    update("lib/util/Hash.js")
    assert calls(graph, repo) == {
        ("lib/Plugin.js::Plugin.apply", "CALLS", "lib/util/Hash.js::Hash.update", "import")
    }
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("lib/util/Hash.js", "class Hash {\n  digest() {}\n}\nmodule.exports = Hash;\n")
    update("lib/util/Hash.js")
    assert calls(graph, repo) == ghost
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("lib/util/Hash.js", "class Hash {\n  update() {}\n}\nmodule.exports = Hash;\n")
    update("lib/util/Hash.js")
    tree.delete("lib/util/Hash.js")
    update("lib/util/Hash.js")
    assert calls(graph, repo) == ghost
    assert_equals_full(graph, tree, repo, full_repo)


USER = """/** @typedef {import("./Compiler")} Compiler */
/** @param {Compiler} compiler the compiler */
function run(compiler) {
  compiler.watching.invalidate();
}
module.exports = run;
"""
COMPILER = """/** @typedef {import("./%s")} Watching */
class Compiler {
  constructor() {
    /** @type {Watching} */
    this.watching = undefined;
  }
}
module.exports = Compiler;
"""


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_a_field_type_declared_by_jsdoc_in_another_file_is_followed_when_it_changes(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    update = updater(graph, tree, repo, targeted)
    tree.write("lib/run.js", USER)
    tree.write(
        "lib/Watching.js", "class Watching {\n  invalidate() {}\n}\nmodule.exports = Watching;\n"
    )
    tree.write("lib/Other.js", "class Other {\n  invalidate() {}\n}\nmodule.exports = Other;\n")
    tree.write("lib/Compiler.js", COMPILER % "Watching")
    ingest(graph, tree, repo)
    assert calls(graph, repo) == {
        ("lib/run.js::run", "CALLS", "lib/Watching.js::Watching.invalidate", "typed")
    }
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("lib/Compiler.js", COMPILER % "Other")
    update("lib/Compiler.js")
    assert calls(graph, repo) == {
        ("lib/run.js::run", "CALLS", "lib/Other.js::Other.invalidate", "typed")
    }
    assert_equals_full(graph, tree, repo, full_repo)
