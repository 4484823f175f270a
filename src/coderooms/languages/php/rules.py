"""PHP's resolution rules: `PhpRules` (a `require`d path names files, `php_require`; a `use`d
name names a class, not a file; what a file's `use` and `require` statements bring in is its
scope's extension, `namespaces.Uses`, and a name is read by fully qualified name,
`requests.php_request`)."""

from __future__ import annotations

from collections.abc import Iterable

from coderooms.languages.php.namespaces import Uses, is_php_path, php_require, php_uses
from coderooms.languages.php.requests import php_request
from coderooms.resolution.extraction import Extraction, ImportRef
from coderooms.resolution.file_scope import FileScope
from coderooms.resolution.listed_bases import listed_bases
from coderooms.resolution.lookup_rules import LookupRules
from coderooms.resolution.ref_requests import RefRequest
from coderooms.resolution.targets import ImportRequest


class PhpRules(LookupRules):
    __slots__ = ()

    def import_requests(self, path: str, imports: Iterable[ImportRef]) -> list[ImportRequest]:
        """`require 'lib/x.php'` -> that file; `use A\\B\\C;` names a class, not a file: a
        ghost named `A.B.C` (`namespaces` resolves what the class's name is used for)."""
        requests: list[ImportRequest] = []
        for ref in imports:
            if is_php_path(ref.module):
                requests.append(ImportRequest(ref.line, ref.module, php_require(path, ref.module)))
                continue
            requests.extend(
                ImportRequest(ref.line, f"{ref.module}.{name}" if ref.module else name, ())
                for name in ref.names
            )
        return requests

    def extension(self, path: str, extraction: Extraction) -> Uses:
        """What the file's `use` and `require` statements bring in (`namespaces.php_uses`)."""
        return php_uses(path, extraction.imports, extraction.symbols, listed_bases(extraction))

    def namespaced(
        self, scope: FileScope, request: RefRequest, source: str, kind: str, parts: list[str]
    ) -> RefRequest | None:
        """In the file, then by fully qualified name (`requests.php_request`)."""
        if not isinstance(scope.extension, Uses):
            return None
        return php_request(scope, scope.extension, request, source, kind, parts)
