"""The target modes of the languages that have their own (`TargetMode`, issue 35): the stem a
file must have to answer a target of the mode. The language rules hold them
(`Rules.target_modes`); what each mode means is in `coderooms.resolution.targets`."""

from __future__ import annotations

import posixpath

from coderooms.core.ids import directory_of
from coderooms.resolution.target_modes import TargetMode
from coderooms.resolution.targets import go_package_name, path_stem


def python_stem(path: str, importer: str) -> str:
    """A module spec `<level>:<module>`: the module's last part; a `from . import` of the
    package itself: the importer's package."""
    level, _, module = path.partition(":")
    if module:
        return module.rsplit(".", 1)[-1]
    base = directory_of(importer)
    for _ in range(int(level) - 1):
        base = directory_of(base)
    return posixpath.basename(base)


def python_packages(path: str) -> list[str]:
    """`import a.b.c` imports `a` and `a.b` too: a change to any of them may change what the
    import gives."""
    return path.partition(":")[2].split(".")


def go_stem(path: str, importer: str) -> str:
    return go_package_name(path)


def include_stem(path: str, importer: str) -> str:
    """An include seen from a file (`<file>\t<spec>`): the header's stem."""
    return path_stem(path.partition("\t")[2].strip("<>"))


def package_stem(path: str, importer: str) -> str:
    """A bare specifier (`N`, or `<dir>\t<spec>` for `T`): a package's name, or the last
    segment of its subpath."""
    return path.rstrip("/").rsplit("/", 1)[-1]


def directory_stem(path: str, importer: str) -> str:
    return posixpath.basename(path)


def crate_stem(path: str, importer: str) -> str:
    """A crate's name, or its module's last segment."""
    return path.rsplit(".", 1)[-1]


PYTHON_MODES = (TargetMode("p", python_stem, python_packages),)
GO_MODES = (TargetMode("G", go_stem),)
SCRIPT_MODES = (
    TargetMode("N", package_stem),
    TargetMode("T", package_stem),
    TargetMode("D", directory_stem),
)
C_MODES = (TargetMode("I", include_stem),)
RUST_MODES = (TargetMode("R", crate_stem),)
