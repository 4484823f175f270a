"""The engine's side of one language: its name and its group (calls resolve by name only
within a group: TS code calls JS code, not Go code). A language's record
(`coderooms.languages.language.Language`) holds one; the defaults are today's generic path,
and what a language does its own way arrives here as an override (issue 35)."""

from __future__ import annotations


class Rules:
    """One language's resolution rules (a language subclasses it where it differs)."""

    __slots__ = ("group", "language", "scoped_bare_names")

    def __init__(self, language: str, group: str, *, scoped_bare_names: bool = False) -> None:
        self.language = language
        self.group = group
        """Stored on every reference edge (`RefRequest.group`): its names never change."""
        self.scoped_bare_names = scoped_bare_names
        """Its bare names resolve by scope (Python): an unresolved one is a builtin or bound
        nowhere, never a call of a repo symbol (`graph.completeness` counts none)."""
