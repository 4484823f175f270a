"""Where an import points, per language, as candidate paths (`coderooms.resolution.targets`
says what each mode of a `Target` means): one module spec -> its candidate targets, in order.
All of this depends only on the importing file, so it is computed once per file and stored
with the edges it produces. Lua's, Bash's, Swift's, Ruby's, Go's, Rust's, the JVM's and C's are in
their packages (`coderooms.languages.<name>`).
"""

from __future__ import annotations

import posixpath

from coderooms.core.ids import directory_of
from coderooms.resolution.targets import Target


def python_module(path: str, module: str, level: int) -> tuple[Target, ...]:
    relative = module.replace(".", "/")
    if level == 0:
        return (Target("~", relative + ".py"), Target("~", relative + "/__init__.py"))
    base = directory_of(path)
    for _ in range(level - 1):
        if not base:
            return ()
        base = directory_of(base)
    if not relative:
        return (Target("=", posixpath.join(base, "__init__.py")),)
    stem = posixpath.join(base, relative)
    return (Target("=", stem + ".py"), Target("=", stem + "/__init__.py"))


# -- bindings and requests -----------------------------------------------------------------------
