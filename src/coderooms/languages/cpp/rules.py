"""C++'s resolution rules: C's (`languages.c.rules.CRules`: an `#include` names a header, what
a file does not define is looked for where its includes reach, and C++'s members of values,
bases, fields and overloads), in C's group."""

from __future__ import annotations

from coderooms.languages.c.rules import CRules


class CppRules(CRules):
    """C++: C's rules as they are (its group, `c`, is C's)."""

    __slots__ = ()
