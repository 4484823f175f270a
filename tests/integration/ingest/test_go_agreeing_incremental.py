"""Go locals bound to the values of two calls under incremental ingest (issue 32, rules-32k): `c`
is bound to `New()` in one block and to `Parse()` in another; `c.String()` links while both
functions, in another file, return one type, and becomes a ghost when that file changes one
return type (and links again when it changes back); each time the graph equals a full
ingest's (whole-root incremental and the claim-scoped `ingest_paths` alike)."""

from __future__ import annotations

import pytest

from coderooms.graph.driver import Graph
from tests.integration.ingest.incremental_checks import assert_equals_full, calls, updater
from tests.integration.ingest.scenario_tree import Tree, ingest

_DECIMAL = """package dec

type Decimal struct{}

func (d Decimal) String() string { return "" }

type Rat struct{}

func (r Rat) String() string { return "" }

func New() Decimal { return Decimal{} }

func Parse(s string) (RETURNED, error) { return RETURNED{}, nil }
"""
_TEST = """package dec

func TestString() {
	if true {
		c := New()
		c.String()
	}
	c, _ := Parse("1")
	c.String()
}
"""
_LINKED = ("dec_test.go::TestString", "CALLS", "dec.go::Decimal.String", "typed")


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_go_local_of_two_calls_follows_their_returns(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    update = updater(graph, tree, repo, targeted)
    tree.write("go.mod", "module example.com/dec\n")
    tree.write("dec.go", _DECIMAL.replace("RETURNED", "Decimal"))
    tree.write("dec_test.go", _TEST)
    ingest(graph, tree, repo)
    assert _LINKED in calls(graph, repo)
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("dec.go", _DECIMAL.replace("RETURNED", "Rat"))
    update("dec.go")
    assert _LINKED not in calls(graph, repo)
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("dec.go", _DECIMAL.replace("RETURNED", "Decimal"))
    update("dec.go")
    assert _LINKED in calls(graph, repo)
    assert_equals_full(graph, tree, repo, full_repo)
