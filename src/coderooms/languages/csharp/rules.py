"""C#'s resolution rules: `CSharpRules` (what a file's `using` directives bring into scope is
its scope's extension, `namespaces.Usings`, and a name is read by fully qualified name,
`requests.csharp_request`; a bare name may be a member of the enclosing type)."""

from __future__ import annotations

from coderooms.languages.csharp.namespaces import Usings, csharp_usings
from coderooms.languages.csharp.requests import csharp_request
from coderooms.resolution.extraction import Extraction
from coderooms.resolution.file_scope import FileScope
from coderooms.resolution.lookup_rules import LookupRules
from coderooms.resolution.ref_requests import RefRequest


class CSharpRules(LookupRules):
    __slots__ = ()
    bare_members = True

    def extension(self, path: str, extraction: Extraction) -> Usings:
        """What the file's `using` directives bring into scope (`namespaces.csharp_usings`)."""
        return csharp_usings(extraction.imports, extraction.symbols, extraction.inherits)

    def namespaced(
        self, scope: FileScope, request: RefRequest, source: str, kind: str, parts: list[str]
    ) -> RefRequest | None:
        """In the file, then by fully qualified name (`requests.csharp_request`)."""
        if not isinstance(scope.extension, Usings):
            return None
        return csharp_request(scope, scope.extension, request, source, kind, parts)
