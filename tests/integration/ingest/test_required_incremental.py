"""Ruby `require`, Lua `require` and Bash `source` under incremental ingest: a required file that
appears, changes or goes re-resolves the references of the files requiring it, and the graph
equals a full ingest's (whole-root incremental and the claim-scoped `ingest_paths` alike)."""

from __future__ import annotations

import pytest

from coderooms.graph.driver import Graph
from tests.integration.ingest.incremental_checks import assert_equals_full, calls, updater
from tests.integration.ingest.scenario_tree import Tree, ingest


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_ruby_required_file_changes_reresolve_requirers(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    update = updater(graph, tree, repo, targeted)
    tree.write(
        "lib/app.rb",
        'require "shop/cart"\nmodule App\n  def self.run\n    Shop::Cart.make\n  end\nend\n',
    )
    tree.write("other/cart.rb", "module Shop\n  class Cart\n    def self.make; end\n  end\nend\n")
    ingest(graph, tree, repo)
    # `Shop.Cart.make` is defined in the repo, but not where the require points
    assert calls(graph, repo) == {("lib/app.rb::App.run", "CALLS", "?:Shop.Cart.make", "ghost")}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write(
        "lib/shop/cart.rb", "module Shop\n  class Cart\n    def self.make; end\n  end\nend\n"
    )
    update("lib/shop/cart.rb")
    assert calls(graph, repo) == {
        ("lib/app.rb::App.run", "CALLS", "lib/shop/cart.rb::Shop.Cart.make", "import")
    }
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("lib/shop/cart.rb", "module Shop\n  class Cart\n  end\nend\n")
    update("lib/shop/cart.rb")
    assert calls(graph, repo) == {("lib/app.rb::App.run", "CALLS", "?:Shop.Cart.make", "ghost")}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.delete("lib/shop/cart.rb")
    update("lib/shop/cart.rb")
    assert calls(graph, repo) == {("lib/app.rb::App.run", "CALLS", "?:Shop.Cart.make", "ghost")}
    assert_equals_full(graph, tree, repo, full_repo)


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_lua_required_module_changes_reresolve_requirers(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    update = updater(graph, tree, repo, targeted)
    tree.write(
        "main.lua", 'local util = require("app.util")\n\nlocal function main()\n  util.run()\nend\n'
    )
    ingest(graph, tree, repo)
    assert calls(graph, repo) == {("main.lua::main", "CALLS", "?:app.util.run", "ghost")}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("src/app/util/init.lua", "local M = {}\nfunction M.run() end\nreturn M\n")
    update("src/app/util/init.lua")
    assert calls(graph, repo) == {
        ("main.lua::main", "CALLS", "src/app/util/init.lua::run", "import")
    }
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("src/app/util/init.lua", "local M = {}\nfunction M.stop() end\nreturn M\n")
    update("src/app/util/init.lua")
    assert calls(graph, repo) == {("main.lua::main", "CALLS", "?:app.util.run", "ghost")}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("src/app/util.lua", "local M = {}\nfunction M.run() end\nreturn M\n")
    update("src/app/util.lua")  # `app/util.lua` comes before `app/util/init.lua`
    assert calls(graph, repo) == {("main.lua::main", "CALLS", "src/app/util.lua::run", "import")}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.delete("src/app/util.lua")
    update("src/app/util.lua")
    assert calls(graph, repo) == {("main.lua::main", "CALLS", "?:app.util.run", "ghost")}
    assert_equals_full(graph, tree, repo, full_repo)


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_bash_sourced_file_changes_reresolve_sourcers(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    update = updater(graph, tree, repo, targeted)
    tree.write("bin/run.sh", "source lib/util.sh\n\nmain() {\n  helper x\n  echo done\n}\n")
    tree.write("other/util.sh", "helper() { :; }\n")
    ingest(graph, tree, repo)
    # `helper` is defined in the repo, but not where `source` points (a command outside the
    # repo's sourced functions); `echo` is a builtin
    assert calls(graph, repo) == {("bin/run.sh::main", "CALLS", "?:command:helper", "ghost")}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("lib/util.sh", "helper() { :; }\n")
    update("lib/util.sh")
    assert calls(graph, repo) == {("bin/run.sh::main", "CALLS", "lib/util.sh::helper", "import")}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("bin/lib/util.sh", "helper() { :; }\n")
    update("bin/lib/util.sh")  # next to the sourcing file comes first
    assert calls(graph, repo) == {
        ("bin/run.sh::main", "CALLS", "bin/lib/util.sh::helper", "import")
    }
    assert_equals_full(graph, tree, repo, full_repo)

    tree.delete("bin/lib/util.sh")
    tree.write("lib/util.sh", "other() { :; }\n")
    update("bin/lib/util.sh", "lib/util.sh")
    assert calls(graph, repo) == {("bin/run.sh::main", "CALLS", "?:command:helper", "ghost")}
    assert_equals_full(graph, tree, repo, full_repo)


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_ruby_requires_are_followed_transitively(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    update = updater(graph, tree, repo, targeted)
    tree.write("test/test_app.rb", 'require "shop"\n\ndef test_it\n  Shop::Cart.make\nend\n')
    tree.write("lib/shop.rb", 'require "json"\nmodule Shop\nend\n')
    cart = "module Shop\n  class Cart\n    def self.make; end\n  end\nend\n"
    tree.write("lib/shop/cart.rb", cart)
    ingest(graph, tree, repo)
    ghost = ("test/test_app.rb::test_it", "CALLS", "?:Shop.Cart.make", "ghost")
    found = ("test/test_app.rb::test_it", "CALLS", "lib/shop/cart.rb::Shop.Cart.make", "import")
    assert calls(graph, repo) == {ghost}  # lib/shop.rb does not require shop/cart
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("lib/shop.rb", 'require "json"\nrequire "shop/cart"\nmodule Shop\nend\n')
    update("lib/shop.rb")  # a second-level require appears
    assert calls(graph, repo) == {found}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("lib/shop/cart.rb", "module Shop\n  class Cart\n  end\nend\n")
    update("lib/shop/cart.rb")  # the second-level file changes
    assert calls(graph, repo) == {ghost}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("lib/shop/cart.rb", cart)
    update("lib/shop/cart.rb")
    assert calls(graph, repo) == {found}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.delete("lib/shop/cart.rb")
    update("lib/shop/cart.rb")
    assert calls(graph, repo) == {ghost}
    assert_equals_full(graph, tree, repo, full_repo)


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_bash_sources_are_followed_transitively(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    update = updater(graph, tree, repo, targeted)
    tree.write("bin/run.sh", "source lib/a.sh\n\nmain() {\n  deep\n}\n")
    tree.write("lib/a.sh", "source lib/b.sh\n")
    tree.write("lib/b.sh", "deep() { :; }\n")
    ingest(graph, tree, repo)
    found = ("bin/run.sh::main", "CALLS", "lib/b.sh::deep", "import")
    ghost = ("bin/run.sh::main", "CALLS", "?:command:deep", "ghost")
    assert calls(graph, repo) == {found}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("lib/a.sh", "true\n")
    update("lib/a.sh")  # the middle file stops sourcing
    assert calls(graph, repo) == {ghost}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("lib/a.sh", "source lib/b.sh\n")
    tree.delete("lib/b.sh")
    update("lib/a.sh", "lib/b.sh")
    assert calls(graph, repo) == {ghost}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("lib/b.sh", "deep() { :; }\n")
    update("lib/b.sh")  # the second-level file appears
    assert calls(graph, repo) == {found}
    assert_equals_full(graph, tree, repo, full_repo)


@pytest.mark.parametrize("targeted", [False, True], ids=["root", "paths"])
def test_bash_external_commands_are_command_ghosts_until_a_sourced_file_defines_them(
    graph: Graph, tree: Tree, repo: str, full_repo: str, targeted: bool
) -> None:
    """`grep` in a file that sources something is the ghost `command:grep` (a program, not a
    name of the repo), which a sourced file defining `grep()` takes over, and gives back."""
    update = updater(graph, tree, repo, targeted)
    tree.write("bin/run.sh", "source lib/util.sh\n\nmain() {\n  grep -q x y\n}\n")
    tree.write("lib/util.sh", "helper() { :; }\n")
    ingest(graph, tree, repo)
    external = ("bin/run.sh::main", "CALLS", "?:command:grep", "ghost")
    assert calls(graph, repo) == {external}
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("lib/util.sh", 'grep() { command grep --color=never "$@"; }\n')
    update("lib/util.sh")
    assert ("bin/run.sh::main", "CALLS", "lib/util.sh::grep", "import") in calls(graph, repo)
    assert external not in calls(graph, repo)
    assert_equals_full(graph, tree, repo, full_repo)

    tree.write("lib/util.sh", "helper() { :; }\n")
    update("lib/util.sh")
    assert calls(graph, repo) == {external}
    assert_equals_full(graph, tree, repo, full_repo)
