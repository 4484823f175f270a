"""Go's struct embedding: the types a struct embeds (`Embedded`, the file scope's extension,
set by `GoRules.extension`) and the methods promoted from them (`promoted_alternatives`, the
`promoted` hook of `returned_types`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from coderooms.resolution.file_scope import FileScope
from coderooms.resolution.ref_requests import RefRequest
from coderooms.resolution.vocabulary import TYPE_KINDS


@dataclass(frozen=True, slots=True)
class Embedded:
    """Struct qualname -> the types it embeds, in order."""

    types: dict[str, list[str]] = field(default_factory=dict)


def promoted_alternatives(scope: FileScope, request: RefRequest, owner: str, member: str) -> None:
    """A method of `owner` no file of the package defines may be promoted from an embedded
    type: after `owner.member` in the package, `member` of each embedded type, in order (of
    two that answer, the code would not compile)."""
    extra: list[str] = []
    for base in embedded_types(scope).get(owner, ()):
        local = scope.local("", base.split("."), TYPE_KINDS)
        if local is not None and f"{local}.{member}" in scope.kinds:
            extra.append(scope.own_file(f"{local}.{member}"))
            continue
        found = scope.request(request.source, request.kind, f"{base}.{member}", request.line, False)
        if found is not None:
            extra.extend(found.alternatives)
    if extra:
        request.alternatives = (*request.alternatives, *extra)


def embedded_types(scope: FileScope) -> dict[str, list[str]]:
    """Struct qualname -> the types it embeds, in order (none for another language)."""
    return scope.extension.types if isinstance(scope.extension, Embedded) else {}
