"""A module-level variable's declared type under incremental ingest (issue 32, `published`):
`box.m()` through `import { box }` reads the `d` entry of the file declaring `box` and the `t`
entry of its type, so the call re-resolves when that file retypes `box`, when the type's file
changes its member, or when either goes. The graph equals a full ingest's (whole-root
incremental and `ingest_paths` alike)."""

from __future__ import annotations

import pytest

from coderooms.graph.driver import Graph
from tests.integration.ingest.incremental_checks import assert_equals_full, calls, updater
from tests.integration.ingest.scenario_tree import Tree, ingest

USER = """import { box } from "./box";
export function run() {
  box.open();
}
"""
BOX = 'import { %s } from "./types";\nexport let box: %s;\n'
TYPES = "export class Box { %s() {} }\nexport class Crate { open() {} }\n"


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_a_variables_declared_type_changing_reresolves_its_calls(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    update = updater(graph, tree, repo, targeted)
    tree.write("src/use.ts", USER)
    tree.write("src/box.ts", BOX % ("Box", "Box"))
    ingest(graph, tree, repo)
    assert {edge[3] for edge in calls(graph, repo)} == {"ghost"}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("src/types.ts", TYPES % "open")
    update("src/types.ts")
    run = "src/use.ts::run"
    assert calls(graph, repo) == {(run, "CALLS", "src/types.ts::Box.open", "import")}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("src/box.ts", BOX % ("Crate", "Crate"))
    update("src/box.ts")
    assert calls(graph, repo) == {(run, "CALLS", "src/types.ts::Crate.open", "import")}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("src/box.ts", BOX % ("Box", "Box"))
    tree.write("src/types.ts", TYPES % "close")
    update("src/box.ts", "src/types.ts")
    assert {edge[3] for edge in calls(graph, repo)} == {"ghost"}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("src/types.ts", TYPES % "open")
    update("src/types.ts")
    assert calls(graph, repo) == {(run, "CALLS", "src/types.ts::Box.open", "import")}
    tree.delete("src/box.ts")
    update("src/box.ts")
    assert {edge[3] for edge in calls(graph, repo)} == {"ghost"}
    assert_equals_full(graph, tree, repo, full_repo)
