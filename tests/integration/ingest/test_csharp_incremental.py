"""C# names under incremental ingest: a partial class's other part, or a type of a `using`
namespace, that appears, changes or goes re-resolves the references to it, and the graph equals a
full ingest's (whole-root incremental and the claim-scoped `ingest_paths` alike)."""

from __future__ import annotations

import pytest

from coderooms.graph.driver import Graph
from tests.integration.ingest.incremental_checks import assert_equals_full, calls, updater
from tests.integration.ingest.scenario_tree import Tree, ingest

CIRCLE = """using Geo.Util;

namespace Geo.Shapes
{
    public partial class Circle
    {
        public void Scale(double k)
        {
            Validate(k);
            MathUtil.Clamp(1);
        }
    }
}
"""
PART = """namespace Geo.Shapes
{
    public partial class Circle
    {
        private void Validate(double k) { }
    }
}
"""
UTIL = (
    "namespace Geo.Util { public static class MathUtil { public static int Clamp(int v) => v; } }\n"
)
OTHER_UTIL = (
    "namespace Other { public static class MathUtil { public static int Clamp(int v) => v; } }\n"
)
SCALE = "src/Circle.cs::Geo.Shapes.Circle.Scale"


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_partial_parts_and_using_types_reresolve(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    update = updater(graph, tree, repo, targeted)

    tree.write("src/Circle.cs", CIRCLE)
    tree.write("lib/MathUtil.cs", OTHER_UTIL)  # `Other.MathUtil`: not the one `using` names
    ingest(graph, tree, repo)
    assert calls(graph, repo) == {
        (SCALE, "CALLS", "?:Validate", "ghost"),
        (SCALE, "CALLS", "?:MathUtil.Clamp", "ghost"),
    }
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("src/Circle.Validation.cs", PART)
    tree.write("util/MathUtil.cs", UTIL)
    update("src/Circle.Validation.cs", "util/MathUtil.cs")
    assert calls(graph, repo) == {
        (SCALE, "CALLS", "src/Circle.Validation.cs::Geo.Shapes.Circle.Validate", "import"),
        (SCALE, "CALLS", "util/MathUtil.cs::Geo.Util.MathUtil.Clamp", "import"),
    }
    assert_equals_full(graph, tree, repo, full_repo)

    tree.delete("src/Circle.Validation.cs")
    tree.write("util/MathUtil.cs", OTHER_UTIL.replace("Other", "Geo.Elsewhere"))
    update("src/Circle.Validation.cs", "util/MathUtil.cs")
    assert calls(graph, repo) == {
        (SCALE, "CALLS", "?:Validate", "ghost"),
        (SCALE, "CALLS", "?:MathUtil.Clamp", "ghost"),
    }
    assert_equals_full(graph, tree, repo, full_repo)
