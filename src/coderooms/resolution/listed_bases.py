"""A class's bases as its file lists them, in order, where a language's reference rules read
them from the file's scope (`file_scope.Scope.extension`, set by the language's `Rules`): Go's
embedded types (`coderooms.languages.go.embedded.Embedded`: promoted methods) and Ruby's
superclass and mixins (`Ancestors`: `coderooms.languages.ruby.lexical.ruby_ancestors`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from coderooms.resolution.extraction import Extraction


def listed_bases(extraction: Extraction) -> dict[str, list[str]]:
    """Class qualname -> its bases as written, in source order."""
    listed: dict[str, list[str]] = {}
    for inherit in extraction.inherits:
        listed.setdefault(inherit.child, []).append(inherit.base)
    return listed


@dataclass(frozen=True, slots=True)
class Ancestors:
    """Ruby: class qualname -> its superclass and mixins as written, in source order."""

    bases: dict[str, list[str]] = field(default_factory=dict)
