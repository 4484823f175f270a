"""PHP references: in the file first, then by fully qualified name elsewhere (`namespaces`
lists the candidates), never by a short name alone (a ghost)."""

from __future__ import annotations

from coderooms.languages.php.namespaces import Uses, php_candidates
from coderooms.resolution.extraction import INHERITS
from coderooms.resolution.file_scope import FileScope
from coderooms.resolution.ref_requests import Alternative, RefRequest
from coderooms.resolution.vocabulary import CALLED, TYPE_KINDS


def php_request(
    scope: FileScope, uses: Uses, request: RefRequest, source: str, kind: str, parts: list[str]
) -> RefRequest:
    """PHP: in this file first, then by fully qualified name elsewhere (`namespaces`);
    never by a short name alone (a ghost)."""
    request.bound = True
    if any(p.endswith(CALLED) for p in parts):
        return request  # a member of a call's result: not followed
    if parts[0].startswith("$") or (parts[0] == "this" and len(parts) > 2):
        typed = scope.typed(source, parts)  # `$x->m()`, `$this->foo->m()`: its type's `m`
        if typed is None:
            return request  # a variable or property of unknown type
        parts = typed
    if parts[0] == "static":
        parts = ["self", *parts[1:]]
    wanted = TYPE_KINDS if kind == INHERITS else None
    if parts[0] != "parent":  # `parent::m()` is the base's `m`, never the class's own
        request.local = scope.local(source, parts, wanted)
        if request.local is not None:
            return request
    candidates = php_candidates(scope.path, source, parts, scope.kinds, uses)
    request.alternatives = tuple(Alternative(t, qual).encode() for t, qual in candidates)
    alias = uses.aliases.get(parts[0])
    if alias is not None:
        request.ghost = ".".join([alias, *parts[1:]])
    elif len(parts) > 1 and parts[0] not in ("this", "self", "parent"):
        request.ghost = ".".join(parts)
    return request
