"""The kinds of definition, the vocabulary ingest writes and every reader of the graph asks by:
each kind is also an extra Neo4j label on `:Symbol` (`:Symbol:Function`)."""

from __future__ import annotations

from enum import StrEnum


class SymbolKind(StrEnum):
    """The kinds of definition; each is also an extra Neo4j label on `:Symbol`."""

    MODULE = "Module"
    CLASS = "Class"
    FUNCTION = "Function"
    METHOD = "Method"
    INTERFACE = "Interface"
    VARIABLE = "Variable"
