"""Python resolution rules, each on a small repo written to disk and planned as a full ingest
plans it (read, extract, resolve; no database): the exact edges a rule must give."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest

from coderooms.ingest.changeset import plan_changeset
from coderooms.ingest.plan import Changeset
from coderooms.ingest.reader import ReadJob, read_files
from coderooms.ingest.rows import ParsedFile
from coderooms.ingest.walker import walk

REPO = "r"


def plan(root: Path, files: dict[str, str]) -> dict[str, Any]:
    for path, text in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(text))
    jobs = [ReadJob(e.path, str(e.absolute), e.size, e.mtime_ns, None) for e in walk(root).files]
    parsed = [r for r in read_files(jobs) if isinstance(r, ParsedFile)]

    def no_reads(statement: str, /, **params: Any) -> list[dict[str, Any]]:
        raise AssertionError(statement)

    changes = Changeset(REPO, parsed, [], {p.path for p in parsed}, fresh=True)
    result = plan_changeset(no_reads, changes)
    edges: dict[tuple[str, str, str], tuple[str, str]] = {}
    keys: dict[tuple[str, str, str], list[str]] = {}
    imports: dict[str, set[str]] = {}
    for edge in result.edges:
        source = edge.source.removeprefix(f"{REPO}:")
        target = edge.target.removeprefix(f"{REPO}:")
        if edge.type in ("CALLS", "INHERITS"):
            edges[(source, edge.type, edge.props["ref"])] = (target, edge.props["via"])
            keys[(source, edge.type, edge.props["ref"])] = list(edge.props.get("keys") or [])
        elif edge.type == "IMPORTS":
            imports.setdefault(source, set()).add(target)
    return {"edges": edges, "keys": keys, "imports": imports, "files": result.file_rows}


def call(found: dict[str, Any], source: str, ref: str) -> tuple[str, str]:
    return found["edges"][(source, "CALLS", ref)]  # type: ignore[no-any-return]


def base(found: dict[str, Any], source: str, ref: str) -> tuple[str, str]:
    return found["edges"][(source, "INHERITS", ref)]  # type: ignore[no-any-return]


# -- modules ----------------------------------------------------------------------------------


def test_a_reexport_is_followed_to_the_definition(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "pyproject.toml": "[project]\nname = 'pkg'\n",
            "src/pkg/__init__.py": "from .helpers import url_for\nfrom . import json as json\n",
            "src/pkg/helpers.py": "def url_for(endpoint):\n    return endpoint\n",
            "src/pkg/json/__init__.py": "def dumps(obj):\n    return str(obj)\n",
            "tests/test_helpers.py": """
                import pkg
                from pkg import url_for as u

                def test_it():
                    pkg.url_for("x")
                    u("y")
                    pkg.json.dumps(1)
                    pkg.missing()
            """,
        },
    )
    target = ("src/pkg/helpers.py::url_for", "import")
    assert call(found, "tests/test_helpers.py::test_it", "pkg.url_for") == target
    assert call(found, "tests/test_helpers.py::test_it", "u") == target
    dumps = call(found, "tests/test_helpers.py::test_it", "pkg.json.dumps")
    assert dumps == ("src/pkg/json/__init__.py::dumps", "import")
    assert call(found, "tests/test_helpers.py::test_it", "pkg.missing") == (
        "?:pkg.missing",
        "ghost",
    )
    assert found["imports"]["tests/test_helpers.py"] == {"src/pkg/__init__.py"}


def test_a_star_reexport_takes_all_or_the_public_names(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "httpx/__init__.py": "from ._client import *\nfrom ._models import *\n",
            "httpx/_client.py": """
                __all__ = ["Client"]
                class Client: ...
                class Other: ...
            """,
            "httpx/_models.py": "class Response: ...\nclass _Private: ...\n",
            "use.py": """
                import httpx
                httpx.Client()
                httpx.Other()
                httpx.Response()
                httpx._Private()
            """,
        },
    )
    assert call(found, "use.py::", "httpx.Client") == ("httpx/_client.py::Client", "import")
    assert call(found, "use.py::", "httpx.Response") == ("httpx/_models.py::Response", "import")
    assert call(found, "use.py::", "httpx.Other")[1] == "ghost"  # not in __all__
    assert call(found, "use.py::", "httpx._Private")[1] == "ghost"  # private, no __all__


def test_a_lookup_through_a_star_import_keys_every_star_module_it_looked_into(
    tmp_path: Path,
) -> None:
    """Found there or not, skipped by `__all__` or for a `_` name or not: that module binding
    the name later would change the answer, so the name is a key (issue 35)."""
    found = plan(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/plain.py": "from .deeper import *\n",
            "pkg/deeper.py": "def f(): ...\n",
            "pkg/listed.py": "__all__ = ['g']\ndef g(): ...\nclass Listed: ...\n",
            "pkg/use.py": """
                from .plain import *
                from .listed import *

                class A(Missing):
                    def run(self):
                        self.run()

                class B(_Private):
                    def run(self):
                        self.run()

                class C(Listed):
                    def run(self):
                        self.run()
            """,
        },
    )
    # `plain` was looked into past its own names (its star module `deeper` too) but for the
    # `_` name: `@deeper` keys the file of that stem appearing or going
    for cls, name, keys in (
        ("A", "Missing", ["@deeper", "Missing"]),
        ("B", "_Private", ["_Private"]),
        ("C", "Listed", ["@deeper", "Listed"]),
    ):
        ref = (f"pkg/use.py::{cls}.run", "CALLS", "self.run")
        assert found["edges"][ref] == (f"pkg/use.py::{cls}.run", "import")
        assert found["keys"][ref] == keys
        assert base(found, f"pkg/use.py::{cls}", name)[1] == "ghost"
    # from another file: `A` in `use`, the base's name in every star module `use` looked into
    # and the stems `use` imported (no key of its own file's, nor of the reference's own name)
    found = plan(tmp_path, {"pkg/far.py": "from .use import *\nA().run()\n"})
    assert call(found, "pkg/far.py::", "A().run") == ("pkg/use.py::A.run", "typed")
    assert found["keys"][("pkg/far.py::", "CALLS", "A().run")] == [
        "@deeper", "@listed", "@plain", "A", "Missing",
    ]  # fmt: skip


def test_a_standard_library_name_is_never_a_repo_file(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/pkg/__init__.py": "",
            "src/pkg/typing.py": "def cast(x):\n    return x\n",
            "src/pkg/app.py": """
                import typing
                from . import typing as local_typing
                typing.cast(int, 1)
                local_typing.cast(1)
            """,
        },
    )
    assert call(found, "src/pkg/app.py::", "typing.cast") == ("?:typing.cast", "ghost")
    assert call(found, "src/pkg/app.py::", "local_typing.cast") == (
        "src/pkg/typing.py::cast",
        "import",
    )
    assert found["imports"]["src/pkg/app.py"] == {"src/pkg/typing.py", "?:typing"}


def test_a_module_deep_in_the_tests_does_not_answer_a_top_level_import(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "pyproject.toml": "",
            "src/flask/__init__.py": "def url_for(): ...\n",
            "tests/apps/inner/flask.py": "def url_for(): ...\n",
            "tests/test_basic.py": "import flask\nflask.url_for()\n",
            "tests/apps/inner/use.py": "import flask\nflask.url_for()\n",
        },
    )
    assert call(found, "tests/test_basic.py::", "flask.url_for")[0] == (
        "src/flask/__init__.py::url_for"
    )
    # but beside it (its own base directory comes first on sys.path) it does
    assert call(found, "tests/apps/inner/use.py::", "flask.url_for")[0] == (
        "tests/apps/inner/flask.py::url_for"
    )


def test_a_package_wins_over_a_module_of_the_same_name(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "app/__init__.py": "",
            "app/util.py": "def f(): ...\n",
            "app/util/__init__.py": "def f(): ...\n",
            "app/main.py": "from . import util\nutil.f()\n",
        },
    )
    assert call(found, "app/main.py::", "util.f")[0] == "app/util/__init__.py::f"


# -- receivers --------------------------------------------------------------------------------


def test_receivers_typed_by_annotation_constructor_attribute_with_and_return(
    tmp_path: Path,
) -> None:
    found = plan(
        tmp_path,
        {
            "lib/__init__.py": "",
            "lib/client.py": """
                from typing import Self

                class Response:
                    def json(self): ...

                class Client:
                    def __enter__(self) -> Self:
                        return self
                    def get(self, url) -> "Response":
                        return Response()
                    def close(self): ...
            """,
            "lib/app.py": """
                from .client import Client, Response

                class App:
                    client: Client

                    def __init__(self, factory: type[Client]):
                        self.factory = factory
                        self.other = Client()

                    def run(self, response: Response | None):
                        response.json()
                        self.client.get("/").json()
                        self.other.close()
                        self.factory().close()
                        with Client() as c:
                            c.get("/")
                        made = Client()
                        made.close()
            """,
        },
    )
    source = "lib/app.py::App.run"
    assert call(found, source, "response.json") == ("lib/client.py::Response.json", "typed")
    assert call(found, source, "self.client.get().json")[0] == "lib/client.py::Response.json"
    assert call(found, source, "self.other.close")[0] == "lib/client.py::Client.close"
    assert call(found, source, "self.factory().close")[0] == "lib/client.py::Client.close"
    assert call(found, source, "c.get")[0] == "lib/client.py::Client.get"
    assert call(found, source, "made.close")[0] == "lib/client.py::Client.close"


def test_a_local_sees_the_binding_above_it(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "m.py": """
                class A:
                    def copy(self) -> "B":
                        return B()
                class B:
                    def done(self): ...

                def f():
                    ctx = A()
                    ctx = ctx.copy()
                    ctx.done()
            """,
        },
    )
    assert call(found, "m.py::f", "ctx.copy")[0] == "m.py::A.copy"
    assert call(found, "m.py::f", "ctx.done")[0] == "m.py::B.done"


def test_inherited_members_super_and_class_attributes(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "base.py": """
                class Base:
                    def run(self): ...
                    def __init__(self): ...
            """,
            "sub.py": """
                from base import Base

                class Sub(Base):
                    def __init__(self):
                        super().__init__()
                        self.run()
                    @classmethod
                    def make(cls):
                        return cls()

                Sub.run(None)
                Sub().missing()
            """,
        },
    )
    assert call(found, "sub.py::Sub.__init__", "super().__init__") == (
        "base.py::Base.__init__",
        "inherited",
    )
    assert call(found, "sub.py::Sub.__init__", "self.run") == ("base.py::Base.run", "inherited")
    assert call(found, "sub.py::Sub.make", "cls") == ("sub.py::Sub", "local")
    assert call(found, "sub.py::", "Sub.run")[0] == "base.py::Base.run"
    assert call(found, "sub.py::", "Sub().missing")[1] == "ghost"
    assert base(found, "sub.py::Sub", "Base") == ("base.py::Base", "import")


# -- what must not be linked ------------------------------------------------------------------


def test_builtins_and_unknown_receivers_are_never_guessed_by_name(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "a.py": """
                class LineMatcher:
                    def str(self): ...
                    def open(self): ...
                    def append(self, x): ...
                    def update(self): ...
            """,
            "b.py": """
                def f(items, context):
                    open("x")
                    str(1)
                    items.append(2)
                    context.update()
                    "".join(items)
            """,
        },
    )
    assert call(found, "b.py::f", "open") == ("?:open", "ghost")
    assert call(found, "b.py::f", "str") == ("?:str", "ghost")
    assert call(found, "b.py::f", "items.append") == ("?:append", "ghost")
    assert call(found, "b.py::f", "context.update") == ("?:update", "ghost")
    assert call(found, "b.py::f", "?.join") == ("?:join", "ghost")


def test_scoping_class_bodies_locals_and_function_imports(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "helpers.py": "def echo(x): ...\n",
            "source.py": """
                def deindent(lines): ...
                def helper(): ...

                class Source:
                    def deindent(self):
                        return deindent(self)

                def local_import():
                    from helpers import echo
                    echo(1)

                def elsewhere():
                    echo(2)

                def shadowed():
                    helper = make()
                    helper()
            """,
        },
    )
    assert call(found, "source.py::Source.deindent", "deindent")[0] == "source.py::deindent"
    assert call(found, "source.py::local_import", "echo")[0] == "helpers.py::echo"
    assert call(found, "source.py::elsewhere", "echo")[1] == "ghost"
    assert call(found, "source.py::shadowed", "helper")[1] == "ghost"


def test_an_overload_stub_gives_way_to_the_implementation(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "m.py": """
                from typing import overload

                @overload
                def f(x: int) -> int: ...
                @overload
                def f(x: str) -> str: ...
                def f(x):
                    return x
            """,
        },
    )
    rows = [row for row in found["files"] if row["id"] == f"{REPO}:m.py"]
    assert rows
    del rows  # the symbol itself: see the extractor test
    from coderooms.ingest.languages import extract

    extraction = extract("python", "m.py", (tmp_path / "m.py").read_bytes())
    [symbol] = [s for s in extraction.symbols if s.qualname == "f"]
    assert (symbol.start_line, symbol.signature) == (8, "def f(x)")


@pytest.mark.parametrize(
    ("written", "value"),
    [
        ("Foo", "Foo()"),
        ("'pkg.Foo'", "pkg.Foo()"),
        ("Optional[Foo]", "Foo()"),
        ("t.Optional['Foo']", "Foo()"),
        ("Foo | None", "Foo()"),
        ("None | Foo", "Foo()"),
        ("Union[Foo, None]", "Foo()"),
        ("Annotated[Foo, 1]", "Foo()"),
        ("type[Foo]", "Foo"),
        ("list[Foo]", "Foo(){}"),
        ("Sequence['Foo']", "Foo(){}"),
        ("tuple[Foo, ...]", "Foo(){}"),
        ("tuple[Foo, Bar]", None),
        ("dict[str, Foo]", None),
        ("Foo | Bar", None),
        ("Union[Foo, Bar]", None),
        ("'Foo' | None", "Foo()"),
    ],
)
def test_annotations_name_a_class(written: str, value: str | None) -> None:
    from coderooms.languages.python.scope import annotated

    assert annotated(written) == value


def test_a_namespace_package_is_a_directory_and_a_regular_package_wins(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "tools/text/__init__.py": "def slug(): ...\n",
            "tests/tools/readme.txt": "a directory named like the package, earlier on sys.path\n",
            "tests/test_text.py": "import tools.text\nfrom tools import text\ntools.text.slug()\n"
            "text.slug()\n",
            "app.py": "import tools.text\ntools.text.slug()\n",
        },
    )
    target = "tools/text/__init__.py::slug"
    assert call(found, "app.py::", "tools.text.slug")[0] == target
    # `tests/tools/` is a namespace portion: it loses to the regular package on a later root
    assert call(found, "tests/test_text.py::", "tools.text.slug")[0] == target
    assert call(found, "tests/test_text.py::", "text.slug")[0] == target
    assert found["imports"]["app.py"] == {"tools/text/__init__.py"}


def test_loop_elements_subscripts_and_alternatives(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "m.py": """
                from typing import Sequence

                class Param:
                    def check(self): ...

                class Command:
                    def params(self) -> list[Param]:
                        return []
                    def run(self, given: Sequence["Param"], fallback: Param | None):
                        for param in self.params():
                            param.check()
                        [p.check() for p in given]
                        given[0].check()
                        chosen = fallback or Param()
                        chosen.check()
                        other = fallback if given else make()
                        other.check()
            """,
        },
    )
    check = "m.py::Param.check"
    assert call(found, "m.py::Command.run", "param.check") == (check, "typed")
    assert call(found, "m.py::Command.run", "p.check")[0] == check
    assert call(found, "m.py::Command.run", "given[].check")[0] == check
    assert call(found, "m.py::Command.run", "chosen.check")[0] == check
    # `make()` is unknown: the alternatives do not agree
    assert call(found, "m.py::Command.run", "other.check")[1] == "ghost"


def test_async_with_await_alternatives_and_getitem(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "lib.py": """
                class Response:
                    def json(self): ...

                class AsyncClient:
                    async def __aenter__(self: "T") -> "T":
                        return self
                    async def get(self) -> Response:
                        return Response()

                class Layout:
                    def __getitem__(self, name) -> "Layout":
                        return self
                    def split(self): ...

                def get_client() -> AsyncClient:
                    return AsyncClient()
            """,
            "use.py": """
                from lib import AsyncClient, Layout, get_client

                async def main(client: AsyncClient | None, layout: Layout):
                    async with AsyncClient() as c:
                        response = await c.get()
                        response.json()
                    chosen = client or get_client()
                    chosen.get()
                    layout["x"].split()
            """,
        },
    )
    assert call(found, "use.py::main", "c.get")[0] == "lib.py::AsyncClient.get"
    assert call(found, "use.py::main", "response.json")[0] == "lib.py::Response.json"
    # alternatives from two files agree once resolved: the same class
    assert call(found, "use.py::main", "chosen.get")[0] == "lib.py::AsyncClient.get"
    assert call(found, "use.py::main", "layout[].split")[0] == "lib.py::Layout.split"


def test_a_dotted_import_through_a_module_binding(tmp_path: Path) -> None:
    # the standard library as a repo: os.py binds `path` to posixpath
    found = plan(
        tmp_path,
        {
            "os.py": "import posixpath as path\n",
            "posixpath.py": "def join(a, b): ...\n",
            "use.py": "import os.path\nfrom os.path import join\nos.path.join(1, 2)\njoin(1, 2)\n",
        },
    )
    assert found["imports"]["use.py"] == {"posixpath.py"}
    assert call(found, "use.py::", "os.path.join")[0] == "posixpath.py::join"
    assert call(found, "use.py::", "join")[0] == "posixpath.py::join"


def test_a_chain_past_the_nesting_bound_is_unknown_not_a_recursion_error(tmp_path: Path) -> None:
    """Each class the base of the next, each function returning what the one before returns,
    480 files deep: the questions nest past the bound, and the ingest goes on."""
    files = {"pkg/__init__.py": ""}
    for i in range(480):
        j = max(i - 1, 0)  # m0 imports itself, C0 is its own base: a cycle at the bottom
        files[f"pkg/m{i}.py"] = (
            f"from pkg import m{j}\nfrom pkg.m{j} import C{j}\n\n\n"
            f"class C{i}(C{j}):\n    def run(self):\n        return m{j}.f{j}()\n\n\n"
            f"def f{i}():\n    return C{i}().run()\n"
        )
    found = plan(tmp_path, files)
    assert call(found, "pkg/m3.py::f3", "C3().run") == ("pkg/m3.py::C3.run", "typed")
    assert base(found, "pkg/m479.py::C479", "C478")[0] == "pkg/m478.py::C478"
    deep = call(found, "pkg/m479.py::C479.run", "m478.f478")
    assert deep[0] == "pkg/m478.py::f478"
