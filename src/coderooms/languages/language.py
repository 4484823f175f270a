"""The record a language is: how its files are read (`Syntax`) and how its references resolve
(`resolution.rules.Rules`). The registry lists one per language."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from tree_sitter import Node, Query

from coderooms.languages.parsing.collector import Collector
from coderooms.languages.parsing.doc_comments import package_clause_doc
from coderooms.languages.parsing.grammars import Grammar
from coderooms.resolution.rules import Rules

Extractor = Callable[[Node, Query, Collector], None]
"""Sorts one file's query captures into the Collector."""
Rewrite = Callable[[bytes], bytes]
"""A reading of a file: the same bytes with some made spaces (lines and offsets stay)."""


@dataclass(frozen=True, slots=True)
class Reading:
    """A further reading of a file that parses with errors (`Syntax.second_readings`)."""

    rewrite: Rewrite
    branches: Callable[[bytes], Iterable[bytes]] | None = None
    """When this reading is kept: the readings of the branches it left out (C/C++'s
    `#else`s, read from the bytes before it), whose definitions are merged in."""


@dataclass(frozen=True, slots=True)
class Syntax:
    """How a language's files are read: its grammar, its one query, its extractor, and the
    readings a file is made before (`first_reading`) or after (`second_readings`) a parse."""

    grammar: Grammar
    query: str
    extract: Extractor
    first_reading: Callable[[str, bytes], bytes] | None = None
    """What a file (`path`, its source) is made before its first parse."""
    second_readings: tuple[Reading, ...] = ()
    """Further readings of a file that parses with errors, each applied to the one before it;
    the one with the fewest errors is kept when it has fewer than the first."""
    other_branches: Callable[[bytes], Iterable[bytes]] | None = None
    """Further programs of the same file (C#'s `#elif`/`#else` branches), whose definitions
    are merged in."""
    read_as: Callable[[str, Node, bytes], str | None] | None = None
    """Another language a file reads as (`path`, its first tree, its source): a C++ project's
    C header is read as C++ when C++ parses it where C did not."""
    module_doc: Callable[[Node, bytes], str | None] = package_clause_doc
    """The module symbol's doc from the file's root."""


@dataclass(frozen=True, slots=True)
class Language:
    """Everything about one language."""

    name: str
    rules: Rules
    syntax: Syntax
    extensions: tuple[str, ...]
    """Its files' extensions (lower-case, with the dot), each claimed by one language."""
    file_names: tuple[str, ...] = ()
    """Whole (lower-case) names of its files that have none of its extensions (`gemfile`)."""
    package_files: tuple[str, ...] = ()
    """Names of the files whose module symbol takes their directory's name (`__init__.py`,
    `mod.rs`, `index.ts`)."""
    declaration_suffixes: tuple[str, ...] = ()
    """Suffixes a module's name drops whole (`.d.ts`: `a.d.ts` is module `a`)."""
    warm_up_prefix: bytes = b"\n"
    """What the warming save of one of its files puts before the file's text (`ingest.warm_up`:
    a symbol added, then removed; one empty line by default)."""
