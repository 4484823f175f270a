"""Swift's resolution rules: what `import M` opens (`swift_module`: a SwiftPM target's
directory), and `SwiftRules` (a file sees its module's declarations; `self.m()` the type does
not define is inherited)."""

from __future__ import annotations

import re

from coderooms.resolution.extraction import INHERITS, ImportRef
from coderooms.resolution.family_rules import InheritingRules
from coderooms.resolution.file_scope import FileScope
from coderooms.resolution.ref_requests import RefRequest
from coderooms.resolution.reference_requests import inherited
from coderooms.resolution.targets import Target

_IDENT = re.compile(r"[A-Za-z_]\w*")


def swift_module(module: str) -> tuple[Target, ...]:
    """`import M`: a SwiftPM target's sources, `Sources/M/` (the files directly there)."""
    return (Target("%", f"Sources/{module}"),) if _IDENT.fullmatch(module) else ()


class SwiftRules(InheritingRules):
    __slots__ = ()
    member_table = True
    bare_members = True
    implicit_members = True
    package_scoped = True

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return swift_module(module)

    def opened(self, path: str, imports: list[ImportRef]) -> tuple[Target, ...]:
        """`import M` opens module M's declarations (the directories of `Sources/M/`)."""
        return tuple(target for ref in imports for target in swift_module(ref.module))

    def not_local(
        self, scope: FileScope, request: RefRequest, source: str, parts: list[str]
    ) -> RefRequest | None:
        """`self.m()` the type does not define: inherited, as `this.m()` is."""
        if parts[0] != "self" or request.kind == INHERITS:
            return None
        return inherited(scope, request, source, ["this", *parts[1:]])
