"""What makes a changeset re-resolve other files' references: the names it touched, the symbols
it removes, the Python keys and module stems it moved, the directories and project files it
changed (`changeset._foreign_work` asks the graph for the references each one reaches).

A plan records them (`Plan.triggers`). A write that failed after some of its transactions had
committed is written again in parts (`ingest.quarantine`); those parts are planned against a
graph that already holds some of the new symbols, so they would no longer see those names as
touched: each part carries the first plan's triggers, and what the whole changeset would have
re-resolved is re-resolved.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Triggers:
    names: frozenset[str] = field(default_factory=frozenset)
    """Names that appeared, went or changed kind: references naming them."""
    ids: frozenset[str] = field(default_factory=frozenset)
    """Symbols about to go: references pointing at them."""
    keys: frozenset[str] = field(default_factory=frozenset)
    """Python lookup keys (`File.ref_keys`): references whose resolution looked one up."""
    stems: frozenset[str] = field(default_factory=frozenset)
    """Module stems of files that appeared or went (and Python's): files importing them."""
    directories: frozenset[str] = field(default_factory=frozenset)
    """Python package directories whose modules moved: every Python file under them."""
    changed: frozenset[str] = field(default_factory=frozenset)
    """Paths written or deleted: a project file among them re-resolves its language."""

    def __or__(self, other: Triggers) -> Triggers:
        return Triggers(
            self.names | other.names,
            self.ids | other.ids,
            self.keys | other.keys,
            self.stems | other.stems,
            self.directories | other.directories,
            self.changed | other.changed,
        )
