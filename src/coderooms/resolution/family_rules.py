"""The two family bases of languages' rules (`lookup_rules.LookupRules` subclasses that several
languages' classes extend): `InheritingRules` (Java, Kotlin, Scala, Swift: the first base of a
class) and `RequiringRules` (Ruby, Bash: the files a file requires or sources)."""

from __future__ import annotations

from coderooms.resolution.extraction import Extraction
from coderooms.resolution.lookup_rules import LookupRules
from coderooms.resolution.targets import ImportRequest, Target


def first_bases(extraction: Extraction) -> dict[str, str]:
    """Class qualname -> its first base (`extends`, else an interface)."""
    bases: dict[str, str] = {}
    for inherit in extraction.inherits:
        bases.setdefault(inherit.child, inherit.base)
    return bases


class InheritingRules(LookupRules):
    """Java, Kotlin, Scala, Swift: `super`/`this` members a class does not define are looked
    up in its first base."""

    __slots__ = ()
    inheriting = True

    def bases(self, extraction: Extraction) -> dict[str, str]:
        return first_bases(extraction)


class RequiringRules(LookupRules):
    """Ruby and Bash: what a file does not define is looked up in the files it requires or
    sources, in order (one `*<spec>` table entry per required file)."""

    __slots__ = ()
    module_table = "stars"
    member_table = True

    def required(self, imports: list[ImportRequest]) -> tuple[tuple[Target, ...], ...]:
        return tuple(request.targets for request in imports if request.targets)
