"""The engine's side of one language: its name and its group (calls resolve by name only
within a group: TS code calls JS code, not Go code). A language's record
(`coderooms.languages.language.Language`) holds one; the defaults are today's generic path,
and what a language does its own way arrives here as an override (issue 35)."""

from __future__ import annotations


class Rules:
    """One language's resolution rules (a language subclasses it where it differs)."""

    __slots__ = ("group", "language")

    def __init__(self, language: str, group: str) -> None:
        self.language = language
        self.group = group
        """Stored on every reference edge (`RefRequest.group`): its names never change."""
