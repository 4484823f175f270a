"""The property the reference design lacks: after any sequence of creates, edits, deletes and
renames, incremental ingest gives exactly the graph a fresh full ingest of the same tree gives."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from coderooms.graph.driver import Graph
from coderooms.ingest.pipeline import ingest_root
from coderooms.ingest.targeted import ingest_paths
from tests.integration.ingest.graph_snapshot import dangling_edges, snapshot, wipe

MODULES = [f"m{i}" for i in range(5)]
FUNCTIONS = [f"f{i}" for i in range(3)]
CLASSES = [f"C{i}" for i in range(3)]


@st.composite
def module_source(draw: st.DrawFn, name: str) -> str:
    lines: list[str] = []
    others = [m for m in MODULES if m != name]
    imported = draw(st.lists(st.sampled_from(others), max_size=2, unique=True))
    for module in imported:
        style = draw(st.sampled_from(["from", "import", "alias"]))
        if style == "from":
            lines.append(f"from pkg.{module} import {draw(st.sampled_from(FUNCTIONS))}")
        elif style == "import":
            lines.append(f"import pkg.{module}")
        else:
            lines.append(f"from . import {module}")
    for function in draw(st.lists(st.sampled_from(FUNCTIONS), max_size=3, unique=True)):
        callees = draw(
            st.lists(
                st.sampled_from(FUNCTIONS + [f"{m}.{f}" for m in imported for f in FUNCTIONS[:2]]),
                max_size=3,
            )
        )
        lines.append(f"def {function}(x):")
        lines.extend(f"    {callee}(x)" for callee in callees)
        lines.append("    return x")
    for cls in draw(st.lists(st.sampled_from(CLASSES), max_size=2, unique=True)):
        base = draw(st.sampled_from(["", *CLASSES]))
        lines.append(f"class {cls}({base}):" if base and base != cls else f"class {cls}:")
        for method in draw(st.lists(st.sampled_from(["run", "stop"]), max_size=2, unique=True)):
            lines.append(f"    def {method}(self):")
            lines.append(f"        self.{draw(st.sampled_from(['run', 'stop']))}()")
            lines.append(f"        {draw(st.sampled_from(FUNCTIONS))}(self)")
        lines.append("    pass")
    return "\n".join(lines) + "\n"


operation = st.one_of(
    st.tuples(st.just("write"), st.sampled_from(MODULES)),
    st.tuples(st.just("write"), st.sampled_from(MODULES)),
    st.tuples(st.just("write"), st.sampled_from(MODULES)),
    st.tuples(st.just("delete"), st.sampled_from(MODULES)),
    st.tuples(st.just("rename"), st.sampled_from(MODULES), st.sampled_from(MODULES)),
)


@pytest.fixture
def workdir() -> Iterator[Path]:
    path = Path(tempfile.mkdtemp(prefix="coderooms-prop-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


class Tree:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.clock = 1_700_000_000
        (root / "pkg").mkdir(parents=True, exist_ok=True)
        self.write_raw("pkg/__init__.py", "")

    def write_raw(self, relative: str, text: str) -> None:
        path = self.root / relative
        path.write_text(text)
        self.clock += 1
        os.utime(path, (self.clock, self.clock))

    def module(self, name: str) -> Path:
        return self.root / "pkg" / f"{name}.py"


def check_step(
    graph: Graph,
    root: Path,
    repos: tuple[str, str, str],
    touched: list[str],
    op: tuple[str, ...],
) -> None:
    """Bring the incremental repo up to date by a walk, the targeted one by the touched paths,
    and compare both with a fresh full ingest of the tree."""
    incremental, targeted, full = repos
    ingest_root(graph, root, repo=incremental, mode="incremental", workers=1)
    ingest_paths(graph, root, touched, repo=targeted)
    wipe(graph, full)
    ingest_root(graph, root, repo=full, mode="full", workers=1)
    expected = snapshot(graph, full)
    assert snapshot(graph, incremental) == expected, op
    assert snapshot(graph, targeted) == expected, ("paths", op)
    assert dangling_edges(graph, incremental) == []


@pytest.mark.timeout(900)  # 60 examples of up to 8 ingests each: minutes on a loaded 2-core box
@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), operations=st.lists(operation, min_size=1, max_size=8))
def test_incremental_ingest_equals_full_ingest(
    graph: Graph, workdir: Path, data: st.DataObject, operations: list[tuple[str, ...]]
) -> None:
    root = Path(tempfile.mkdtemp(prefix="tree-", dir=workdir))
    tree = Tree(root)
    incremental, full, targeted = f"inc-{root.name}", f"full-{root.name}", f"paths-{root.name}"
    try:
        ingest_root(graph, root, repo=incremental, workers=1)
        ingest_root(graph, root, repo=targeted, workers=1)
        for op in operations:
            kind, name = op[0], op[1]
            touched = [f"pkg/{module}.py" for module in op[1:]]
            if kind == "write":
                tree.write_raw(f"pkg/{name}.py", data.draw(module_source(name)))
            elif kind == "delete":
                tree.module(name).unlink(missing_ok=True)
            elif tree.module(name).exists() and op[2] != name:
                tree.module(name).replace(tree.module(op[2]))
            check_step(graph, root, (incremental, targeted, full), touched, op)
    finally:
        for repo in (incremental, full, targeted):
            wipe(graph, repo)


# -- the same property over the rules of Python resolution -----------------------------------------
# Re-exports (explicit, aliased, star, `__all__`), imports between modules, classes inheriting
# across modules, receivers typed by annotations and constructors, a package whose
# `__init__.py` comes and goes (a namespace package then), and a project file that moves the
# import roots: every reference that went through a changed file must follow it.

PY_MODULES = [f"m{i}" for i in range(4)]
PY_NAMES = [*FUNCTIONS, *CLASSES]


@st.composite
def python_module(draw: st.DrawFn, name: str) -> str:
    lines: list[str] = []
    others = [m for m in PY_MODULES if m != name]
    imported: list[str] = []
    for module in draw(st.lists(st.sampled_from(others), max_size=2, unique=True)):
        style = draw(st.sampled_from(["from", "alias", "star", "module", "package"]))
        item = draw(st.sampled_from(PY_NAMES))
        if style == "from":
            lines.append(f"from pkg.{module} import {item}")
            imported.append(item)
        elif style == "alias":
            lines.append(f"from .{module} import {item} as alias_{item}")
            imported.append(f"alias_{item}")
        elif style == "star":
            lines.append(f"from .{module} import *")
            imported += PY_NAMES
        elif style == "module":
            lines.append(f"import pkg.{module}")
            imported += [f"pkg.{module}.{n}" for n in PY_NAMES[:2]]
        else:
            lines.append(f"from . import {module}")
            imported += [f"{module}.{n}" for n in PY_NAMES]
    if draw(st.booleans()):
        exported = draw(st.lists(st.sampled_from(PY_NAMES), max_size=3, unique=True))
        lines.append(f"__all__ = {exported!r}")
    pool = [*FUNCTIONS, *imported]
    for function in draw(st.lists(st.sampled_from(FUNCTIONS), max_size=2, unique=True)):
        typed = draw(st.sampled_from(["", *CLASSES, *(i for i in imported if "C" in i)]))
        lines.append(f"def {function}(x: {typed}):" if typed else f"def {function}(x):")
        lines.extend(
            f"    {callee}(x)" for callee in draw(st.lists(st.sampled_from(pool), max_size=3))
        )
        if typed:
            lines.append(f"    x.{draw(st.sampled_from(['run', 'stop']))}()")
        made = draw(st.sampled_from(["", *CLASSES, *(i for i in imported if "C" in i)]))
        if made:
            lines.append(f"    made = {made}()")
            lines.append(f"    made.{draw(st.sampled_from(['run', 'stop']))}()")
        lines.append("    return x")
    bases = ["", *CLASSES, *(i for i in imported if "C" in i)]
    for cls in draw(st.lists(st.sampled_from(CLASSES), max_size=2, unique=True)):
        base = draw(st.sampled_from(bases))
        lines.append(f"class {cls}({base}):" if base and base != cls else f"class {cls}:")
        for method in draw(st.lists(st.sampled_from(["run", "stop"]), max_size=2, unique=True)):
            lines.append(f"    def {method}(self):")
            lines.append(f"        self.{draw(st.sampled_from(['run', 'stop']))}()")
            lines.append(f"        super().{draw(st.sampled_from(['run', 'stop']))}()")
        lines.append("    pass")
    return "\n".join(lines) + "\n"


@st.composite
def package_init(draw: st.DrawFn) -> str:
    lines = []
    for module in draw(st.lists(st.sampled_from(PY_MODULES), max_size=3, unique=True)):
        style = draw(st.sampled_from(["from", "alias", "star", "module"]))
        item = draw(st.sampled_from(PY_NAMES))
        if style == "from":
            lines.append(f"from .{module} import {item}")
        elif style == "alias":
            lines.append(f"from .{module} import {item} as {item}x")
        elif style == "star":
            lines.append(f"from .{module} import *")
        else:
            lines.append(f"from . import {module}")
    return "\n".join(lines) + "\n"


APP = (
    "import pkg\nfrom pkg import m0\n\n\ndef main():\n    pkg.f0()\n    pkg.C1().run()\n"
    "    pkg.f1x()\n    pkg.m2.f2()\n    m0.C0().stop()\n    made = pkg.C0()\n    made.run()\n"
)

python_operation = st.one_of(
    st.tuples(st.just("write"), st.sampled_from(PY_MODULES)),
    st.tuples(st.just("write"), st.sampled_from(PY_MODULES)),
    st.tuples(st.just("write"), st.sampled_from(PY_MODULES)),
    st.tuples(st.just("init"), st.just("pkg/__init__.py")),
    st.tuples(st.just("init"), st.just("pkg/__init__.py")),
    st.tuples(st.just("delete"), st.sampled_from([*PY_MODULES, "__init__"])),
    st.tuples(st.just("rename"), st.sampled_from(PY_MODULES), st.sampled_from(PY_MODULES)),
    st.tuples(st.just("project"), st.just("pyproject.toml")),
)


PYTHON_EXAMPLES = int(os.environ.get("CODEROOMS_PROPERTY_EXAMPLES", "40"))
"""Examples of the Python-rules property per run (raise it to hunt for bugs locally)."""


@pytest.mark.timeout(900 * max(1, PYTHON_EXAMPLES // 40))
@settings(
    max_examples=PYTHON_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), operations=st.lists(python_operation, min_size=1, max_size=7))
def test_incremental_ingest_equals_full_ingest_over_python_rules(
    graph: Graph, workdir: Path, data: st.DataObject, operations: list[tuple[str, ...]]
) -> None:
    root = Path(tempfile.mkdtemp(prefix="tree-", dir=workdir))
    tree = Tree(root)
    (root / "app.py").write_text(APP)
    incremental, full, targeted = f"inc-{root.name}", f"full-{root.name}", f"paths-{root.name}"
    try:
        ingest_root(graph, root, repo=incremental, workers=1)
        ingest_root(graph, root, repo=targeted, workers=1)
        for op in operations:
            kind, name = op[0], op[1]
            if kind == "write":
                touched = [f"pkg/{name}.py"]
                tree.write_raw(touched[0], data.draw(python_module(name)))
            elif kind == "init":
                touched = [name]
                tree.write_raw(name, data.draw(package_init()))
            elif kind == "project":
                touched = [name]
                if (root / name).exists():
                    (root / name).unlink()
                else:
                    tree.write_raw(name, "[project]\nname = 'x'\n")
            elif kind == "delete":
                touched = [f"pkg/{name}.py"]
                (root / touched[0]).unlink(missing_ok=True)
            else:
                touched = [f"pkg/{name}.py", f"pkg/{op[2]}.py"]
                if tree.module(name).exists() and op[2] != name:
                    tree.module(name).replace(tree.module(op[2]))
            check_step(graph, root, (incremental, targeted, full), touched, op)
    finally:
        for repo in (incremental, full, targeted):
            wipe(graph, repo)
