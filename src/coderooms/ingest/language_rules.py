"""Each language's rules (`resolution.rules.Rules` overrides): which files a module it imports
may be (`module_targets`, over the functions of `targets`), where its imports bind or request
otherwise than the generic loops do (Python, JS/TS), what a file's scope holds beside
its names (`file_records`): its module tables, bases, package, the modules its imports open,
the files it requires, the language's own extension; and where its references are read its own
way (the hooks of `file_scope.ReferenceRules`). Lua's, Bash's, Swift's, Ruby's, PHP's, C#'s,
Go's, Rust's, the JVM family's (Java's, with the base Kotlin and Scala extend), C's (C++
extends it) and JavaScript's (TypeScript's extends it) are in their packages
(`coderooms.languages.<name>.rules`). The registry
(`languages.registry`) gives each record its class (issue 35: each moves to its language's
package)."""

from __future__ import annotations

from collections.abc import Iterable

from coderooms.ingest.python_plan import PYTHON_MODULES
from coderooms.ingest.python_scope import python_references
from coderooms.ingest.targets import python_module
from coderooms.resolution.extraction import Extraction, ImportRef
from coderooms.resolution.lookup_rules import LookupRules
from coderooms.resolution.ref_requests import FileRecord, RefRequest
from coderooms.resolution.rules import import_label
from coderooms.resolution.targets import Binding, ImportRequest, Target


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
        """Python's in-file scopes decide its references (`python_scope`), and its module
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
