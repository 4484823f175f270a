"""Go package variables read by another file under incremental ingest (issue 32, rules-32p):
`vars.go` declares `Zero` (`var Zero = Decimal{}`, then `var Zero = newRat()` with `newRat` of
that file), `use.go` calls
`Zero.String()`; the call follows the variable's type as `vars.go` publishes it, moves when that
file changes the type, becomes a ghost when the variable goes and links again when a new file
declares it; each time the graph equals a full ingest's (whole-root incremental and the
claim-scoped `ingest_paths` alike)."""

from __future__ import annotations

import pytest

from coderooms.graph.driver import Graph
from tests.integration.ingest.incremental_checks import assert_equals_full, calls, updater
from tests.integration.ingest.scenario_tree import Tree, ingest

_TYPES = """package dec

type Decimal struct{}

func (d Decimal) String() string { return "" }

type Rat struct{}

func (r Rat) String() string { return "" }
"""
_RAT = """package dec

func newRat() Rat { return Rat{} }

var Zero = newRat()
"""
_USE = """package dec

func Use() string {
	return Zero.String()
}
"""


def _targets(graph: Graph, repo: str) -> set[str]:
    return {c[2] for c in calls(graph, repo) if c[0] == "use.go::Use"}


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_go_package_variable_of_another_file_follows_its_type(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    update = updater(graph, tree, repo, targeted)
    tree.write("go.mod", "module example.com/dec\n")
    tree.write("types.go", _TYPES)
    tree.write("vars.go", "package dec\n\nvar Zero = Decimal{}\n")
    tree.write("use.go", _USE)
    ingest(graph, tree, repo)
    assert "types.go::Decimal.String" in _targets(graph, repo)
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("vars.go", _RAT)
    update("vars.go")
    assert "types.go::Rat.String" in _targets(graph, repo)
    assert "types.go::Decimal.String" not in _targets(graph, repo)
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("vars.go", "package dec\n\nvar One = 1\n")
    update("vars.go")
    assert not {t for t in _targets(graph, repo) if t.startswith("types.go::")}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("more.go", "package dec\n\nvar Zero Decimal\n")
    update("more.go")
    assert "types.go::Decimal.String" in _targets(graph, repo)
    assert_equals_full(graph, tree, repo, full_repo)
