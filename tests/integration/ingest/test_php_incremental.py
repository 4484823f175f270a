"""PHP names under incremental ingest: a class of a `use`d name, a trait's method or a
`require`d file that appears, changes or goes re-resolves the references to it, and the graph
equals a full ingest's (whole-root incremental and the claim-scoped `ingest_paths` alike)."""

from __future__ import annotations

import pytest

from coderooms.graph.driver import Graph
from tests.integration.ingest.incremental_checks import assert_equals_full, updater
from tests.integration.ingest.scenario_tree import Tree, ingest, references

USER = """<?php
namespace App\\Models;

use App\\Support\\Str;

class User
{
    use Greets;

    public function label(): string
    {
        return Str::upper('a') . $this->greet();
    }
}
"""
STR = (
    "<?php\nnamespace App\\Support;\n\n"
    "class Str { public static function upper($s) { return $s; } }\n"
)
GREETS = "<?php\nnamespace App\\Models;\n\ntrait Greets { public function greet() { return 1; } }\n"
APP = "<?php\nrequire __DIR__ . '/lib.php';\n\nrun();\n"
LIB = "<?php\nfunction run() { return 1; }\n"
LABEL = "src/Models/User.php::App.Models.User.label"


def edges(graph: Graph, repo: str) -> set[tuple[str, str, str, str]]:
    return {r for r in references(graph, repo) if r[1] in ("CALLS", "IMPORTS")}


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_classes_traits_and_required_files_reresolve(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    update = updater(graph, tree, repo, targeted)

    tree.write("src/Models/User.php", USER)
    tree.write("bin/app.php", APP)
    tree.write("other/Str.php", STR.replace("App\\Support", "Other"))  # `Other\\Str`
    ingest(graph, tree, repo)
    assert edges(graph, repo) == {
        (LABEL, "CALLS", "?:App.Support.Str.upper", "ghost"),
        (LABEL, "CALLS", "?:greet", "ghost"),
        ("bin/app.php::", "CALLS", "?:run", "ghost"),
        ("bin/app.php", "IMPORTS", "?:__DIR__/lib.php", "ghost"),
        ("src/Models/User.php", "IMPORTS", "?:App.Support.Str", "ghost"),
    }
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("src/Support/Str.php", STR)
    tree.write("src/Models/Greets.php", GREETS)
    tree.write("bin/lib.php", LIB)
    update("src/Support/Str.php", "src/Models/Greets.php", "bin/lib.php")
    assert edges(graph, repo) == {
        (LABEL, "CALLS", "src/Support/Str.php::App.Support.Str.upper", "import"),
        (LABEL, "CALLS", "src/Models/Greets.php::App.Models.Greets.greet", "import"),
        ("bin/app.php::", "CALLS", "bin/lib.php::run", "import"),
        ("bin/app.php", "IMPORTS", "bin/lib.php", "import"),
        ("src/Models/User.php", "IMPORTS", "?:App.Support.Str", "ghost"),
    }
    assert_equals_full(graph, tree, repo, full_repo)

    tree.delete("src/Models/Greets.php")
    tree.write("src/Support/Str.php", STR.replace("upper", "lower"))
    tree.delete("bin/lib.php")
    update("src/Models/Greets.php", "src/Support/Str.php", "bin/lib.php")
    assert edges(graph, repo) == {
        (LABEL, "CALLS", "?:App.Support.Str.upper", "ghost"),
        (LABEL, "CALLS", "?:greet", "ghost"),
        ("bin/app.php::", "CALLS", "?:run", "ghost"),
        ("bin/app.php", "IMPORTS", "?:__DIR__/lib.php", "ghost"),
        ("src/Models/User.php", "IMPORTS", "?:App.Support.Str", "ghost"),
    }
    assert_equals_full(graph, tree, repo, full_repo)
