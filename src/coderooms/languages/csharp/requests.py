"""C# references: in the file first, then by fully qualified name elsewhere (`namespaces` lists
the candidates), never by a short name alone (a ghost)."""

from __future__ import annotations

from coderooms.languages.csharp.namespaces import Usings, csharp_candidates
from coderooms.resolution.extraction import INHERITS
from coderooms.resolution.file_scope import FileScope
from coderooms.resolution.ref_requests import Alternative, RefRequest
from coderooms.resolution.vocabulary import CALLED, TYPE_KINDS


def csharp_request(
    scope: FileScope, usings: Usings, request: RefRequest, source: str, kind: str, parts: list[str]
) -> RefRequest:
    """C#: in this file first, then by fully qualified name elsewhere (`namespaces`);
    never by a short name alone (a ghost)."""
    request.bound = True
    if any(p.endswith(CALLED) for p in parts):
        return request  # a member of a call's result: not followed
    value = parts[0][:1].islower() or parts[0].startswith("_")
    if len(parts) > 1 and (value or parts[0] == "this"):
        typed = scope.typed(source, parts)  # `x.M()`, `this._f.M()`: `T.M` of its type
        if typed is not None:
            parts = typed
        elif parts[0] != "this" or len(parts) > 2:
            return request  # a member of a value of unknown type (`obj.M()`)
    wanted = TYPE_KINDS if kind == INHERITS else None
    request.local = scope.local(source, parts, wanted)
    if request.local is not None:
        return request
    candidates = csharp_candidates(scope.path, source, parts, scope.kinds, usings)
    request.alternatives = tuple(Alternative(t, qual).encode() for t, qual in candidates)
    if len(parts) > 1 and parts[0] not in ("this", "base"):
        request.ghost = ".".join(parts)
    return request
