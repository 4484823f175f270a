"""Go elements of another file's fields under incremental ingest (issue 32, rules-32g): `for _,
o := range g.options` reads the element type `group.go` declares for `options`; when that file
changes the field's type, the call re-resolves, and the graph equals a full ingest's (whole-root
incremental and the claim-scoped `ingest_paths` alike)."""

from __future__ import annotations

import pytest

from coderooms.graph.driver import Graph
from tests.integration.ingest.incremental_checks import assert_equals_full, calls, updater
from tests.integration.ingest.scenario_tree import Tree, ingest

_GROUP = """package flags

type Option struct{}

func (o *Option) Show() bool { return true }

type Arg struct{}

func (a *Arg) Show() bool { return true }

type Group struct {
	options []*ELEMENT
}
"""
_HELP = """package flags

func Help(g *Group) {
	for _, o := range g.options {
		o.Show()
	}
}
"""


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_go_range_over_another_files_field_follows_its_element_type(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    update = updater(graph, tree, repo, targeted)
    tree.write("go.mod", "module example.com/flags\n")
    tree.write("group.go", _GROUP.replace("ELEMENT", "Option"))
    tree.write("help.go", _HELP)
    ingest(graph, tree, repo)
    assert calls(graph, repo) == {("help.go::Help", "CALLS", "group.go::Option.Show", "typed")}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("group.go", _GROUP.replace("ELEMENT", "Arg"))
    update("group.go")
    assert calls(graph, repo) == {("help.go::Help", "CALLS", "group.go::Arg.Show", "typed")}
    assert_equals_full(graph, tree, repo, full_repo)
