"""A file's language from its name, and the name of its module symbol (see the registry's
docstring, `coderooms.ingest.languages`, for the naming rule). Joined from the deep languages'
records (`registry.LANGUAGES`: extensions, file names, package files, declaration suffixes)
and the kinds of file read as text only (`coderooms.languages.file_kinds`)."""

from __future__ import annotations

from pathlib import PurePosixPath

from coderooms.ingest.languages.registry import LANGUAGES
from coderooms.languages.file_kinds import EXTENSIONS, FILE_NAMES


def _claimed(tables: list[dict[str, str]]) -> dict[str, str]:
    """One table from several: a name claimed twice is a mistake in a record."""
    joined: dict[str, str] = {}
    for table in tables:
        for name, kind in table.items():
            if joined.setdefault(name, kind) != kind:
                raise ValueError(f"{name!r} is claimed by {joined[name]!r} and {kind!r}")
    return joined


_EXTENSIONS = _claimed(
    [{ext: r.name for r in LANGUAGES.values() for ext in r.extensions}, EXTENSIONS]
)
_FILENAMES = _claimed(
    [{name: r.name for r in LANGUAGES.values() for name in r.file_names}, FILE_NAMES]
)
_DECLARATION_SUFFIXES = tuple(s for r in LANGUAGES.values() for s in r.declaration_suffixes)
_PACKAGE_FILES = frozenset(name for r in LANGUAGES.values() for name in r.package_files)


def language_for_path(path: str) -> str | None:
    """The language of a file from its name: a deep language, a text kind, or None if unknown."""
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    lower = name.lower()
    by_name = _FILENAMES.get(lower)
    if by_name is not None:
        return by_name
    if lower.startswith(("dockerfile.", "containerfile.")):
        return "dockerfile"
    dot = lower.rfind(".")
    if dot <= 0:
        return None
    return _EXTENSIONS.get(lower[dot:])


def module_name(path: str) -> str:
    """The module symbol's name for `path` (see the module docstring): a package file
    (`__init__.py`, `mod.rs`, `index.ts`, ...) takes its directory's name."""
    pure = PurePosixPath(path.replace("\\", "/"))
    file_name = pure.name
    stem = pure.stem
    if file_name.endswith(_DECLARATION_SUFFIXES):
        stem = file_name.rsplit(".", 2)[0]
    if file_name in _PACKAGE_FILES and pure.parent.name:
        return pure.parent.name
    return stem or file_name
