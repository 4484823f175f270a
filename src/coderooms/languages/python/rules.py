"""Python's resolution rules: which files a module it imports may be (`python_module`), and
`PythonRules`: `import a.b` binds `a` and `a.b`, its imports request `p` targets that its
module resolver answers (`modules.PythonModules`), and its in-file scopes decide its references
(`scope.python_references`)."""

from __future__ import annotations

import posixpath
from collections.abc import Iterable

from coderooms.core.ids import directory_of
from coderooms.languages.python.modules import PYTHON_MODULES
from coderooms.languages.python.scope import python_references
from coderooms.resolution.extraction import Extraction, ImportRef
from coderooms.resolution.lookup_rules import LookupRules
from coderooms.resolution.ref_requests import FileRecord, RefRequest
from coderooms.resolution.rules import import_label
from coderooms.resolution.targets import Binding, ImportRequest, Target


def python_module(path: str, module: str, level: int) -> tuple[Target, ...]:
    """`import a.b`: `a/b.py`, then `a/b/__init__.py`, under any root (`~`); `from ..m
    import x`: the same from the importing file's package, `level` directories up (`=`)."""
    relative = module.replace(".", "/")
    if level == 0:
        return (Target("~", relative + ".py"), Target("~", relative + "/__init__.py"))
    base = directory_of(path)
    for _ in range(level - 1):
        if not base:
            return ()
        base = directory_of(base)
    if not relative:
        return (Target("=", posixpath.join(base, "__init__.py")),)
    stem = posixpath.join(base, relative)
    return (Target("=", stem + ".py"), Target("=", stem + "/__init__.py"))


class PythonRules(LookupRules):
    __slots__ = ()
    resolver = PYTHON_MODULES
    target_modes = PYTHON_MODULES.target_modes
    project_files = PYTHON_MODULES.project_files

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return python_module(path, module, level)

    def bind_module(
        self, bound: dict[str, Binding], path: str, ref: ImportRef, module: tuple[Target, ...]
    ) -> None:
        """`import a.b` binds `a` and `a.b`, each to its module."""
        if ref.alias:
            super().bind_module(bound, path, ref, module)
            return
        parts = ref.module.split(".")
        for i in range(1, len(parts) + 1):
            prefix = ".".join(parts[:i])
            bound.setdefault(prefix, Binding(python_module(path, prefix, 0), None, (), prefix))

    def import_requests(self, path: str, imports: Iterable[ImportRef]) -> list[ImportRequest]:
        """`import a.b` -> the module a.b; `from m import x` -> the submodule m.x if there is
        one, else m (one request per name); `from m import *` -> m."""
        requests: list[ImportRequest] = []
        for ref in imports:
            label = import_label(ref)
            module = Target("p", f"{ref.level}:{ref.module}")
            names = [n for n in ref.names if n != "*"]
            if not names:
                requests.append(ImportRequest(ref.line, label, (module,)))
                continue
            for name in names:
                sub = Target("p", f"{ref.level}:{self.submodule(ref.module, name)}")
                requests.append(ImportRequest(ref.line, label, (sub, module)))
        return requests

    def references(self, record: FileRecord, extraction: Extraction) -> bool:
        """Python's in-file scopes decide its references (`scope`), and its module
        table is its own."""
        references, record.names = python_references(extraction)
        record.references = sorted(
            (
                RefRequest(
                    source, kind, ref, ref.replace("()", "").replace("[]", "").rsplit(".", 1)[-1],
                    line, self.group, count, ghost=ghost, expr=expr,
                )
                for source, kind, ref, line, count, expr, ghost in references
            ),
            key=lambda r: (r.source, r.kind, r.ref),
        )  # fmt: skip
        return True
