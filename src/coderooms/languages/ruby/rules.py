"""Ruby's resolution rules: where `require` looks (`ruby_require`, over `RUBY_LOAD_PATH`), and
`RubyRules` (what a file does not define is looked up in what it requires; a class's ancestors
are its superclass and mixins; a name is read by Ruby's lexical lookup, `lexical.ruby_request`)."""

from __future__ import annotations

import posixpath

from coderooms.core.ids import directory_of
from coderooms.core.kinds import SymbolKind
from coderooms.languages.ruby.lexical import ruby_request
from coderooms.resolution.extraction import Extraction
from coderooms.resolution.family_rules import RequiringRules
from coderooms.resolution.file_scope import FileScope
from coderooms.resolution.listed_bases import Ancestors, listed_bases
from coderooms.resolution.ref_requests import RefRequest
from coderooms.resolution.targets import Target

RUBY_LOAD_PATH = ("lib", "test", "spec")
"""Where `require "x"` looks in the repo: a gem's `lib/` (Rake's and RSpec's test tasks add
`test/` and `spec/`)."""


def ruby_require(path: str, spec: str) -> tuple[Target, ...]:
    """`require_relative "x"` (written `./x`): `x.rb` next to the requiring file; `require "a/b"`:
    `a/b.rb` under a `lib/` (any gem's of the repo), then `test/`, `spec/`; else a ghost (a gem)."""
    if not spec or spec.startswith("/"):
        return ()
    file = spec if spec.endswith(".rb") else spec + ".rb"
    if spec.startswith("."):
        joined = posixpath.normpath(posixpath.join(directory_of(path), file))
        return () if joined.startswith("..") else (Target("=", joined),)
    clean = posixpath.normpath(file)
    if clean.startswith(".."):
        return ()
    return tuple(Target("~", f"{root}/{clean}") for root in RUBY_LOAD_PATH)


class RubyRules(RequiringRules):
    __slots__ = ()

    def module_targets(self, path: str, module: str, level: int = 0) -> tuple[Target, ...]:
        return ruby_require(path, module)

    def extension(self, path: str, extraction: Extraction) -> Ancestors:
        """A class's superclass and mixins as written, in source order."""
        return Ancestors(listed_bases(extraction))

    def lexical(
        self,
        scope: FileScope,
        request: RefRequest,
        source: str,
        parts: list[str],
        wanted: frozenset[SymbolKind] | None,
    ) -> RefRequest | None:
        """Ruby's lexical lookup, then the ancestors (`lexical.ruby_request`)."""
        return ruby_request(scope, request, source, parts, wanted)
