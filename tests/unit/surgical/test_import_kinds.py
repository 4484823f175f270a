"""Which unresolved imports are the repo's own and which come from outside it, per language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from coderooms.surgical.imports import EXTERNAL, UNRESOLVED, import_kinds


class Paths:
    """A stand-in graph answering `surgical/repo_paths_start` from a list of paths."""

    def __init__(self, *paths: str) -> None:
        self.paths = paths

    def read(self, statement: str, **params: Any) -> list[dict[str, Any]]:
        assert statement == "surgical/repo_paths_start"
        return [{"prefix": p} for p in params["prefixes"]
                if any(path.startswith(p) for path in self.paths)]  # fmt: skip


def test_python_standard_library_and_packages_are_external() -> None:
    graph: Any = Paths("src/shop/core.py", "tests/test_core.py", "helpers.py")
    got = import_kinds(graph, "r", None, "python",
                       ["typing", "collections.abc", "requests", "shop.missing", ".sibling",
                        "helpers.extra", "tests.base"])  # fmt: skip
    assert got == {
        "typing": EXTERNAL, "collections.abc": EXTERNAL, "requests": EXTERNAL,
        "shop.missing": UNRESOLVED, ".sibling": UNRESOLVED, "helpers.extra": UNRESOLVED,
        "tests.base": UNRESOLVED,
    }  # fmt: skip


def test_javascript_bare_specifiers_are_packages() -> None:
    got = import_kinds(Paths(), "r", None, "typescript", ["react", "@scope/pkg", "./x", "@/a"])
    assert got == {"react": EXTERNAL, "@scope/pkg": EXTERNAL, "./x": UNRESOLVED,
                   "@/a": UNRESOLVED}  # fmt: skip


def test_go_module_path_decides(tmp_path: Path) -> None:
    (tmp_path / "go.mod").write_text("module github.com/acme/tool/v3\n\ngo 1.22\n")
    got = import_kinds(Paths(), "r", tmp_path, "go",
                       ["fmt", "net/http", "github.com/acme/tool/v3/internal/x",
                        "github.com/other/lib"])  # fmt: skip
    assert got == {"fmt": EXTERNAL, "net/http": EXTERNAL,
                   "github.com/acme/tool/v3/internal/x": UNRESOLVED,
                   "github.com/other/lib": EXTERNAL}  # fmt: skip
    assert import_kinds(Paths(), "r", None, "rust", ["serde"]) == {"serde": UNRESOLVED}
