"""The notes room: shared memory anchored to the code. An agent writes a note (a fact, a
decision, a warning, a lease) on symbols, files or a repo (`anchors`: kept by readable id, so a
full re-ingest leaves every note on its anchor); every read computes whether the code under it
changed since (`staleness`); after a change of the code (the watcher, an edit, an ingest) the
states that turned are recorded with the change and the author is alerted (`settle`). Notes
live in the session store (`store`, statements in `cypher/notes/`); the verbs are `tools`
(wired by `server.py`, preset `memory`). See docs/notes.md.

Its face, what other rooms take from it: the `notes` line of their answers (`notes_line`), the
web view's notes of a symbol (`symbol_notes`), and what the wiring and the CLI call after a
change (`settle_change`).
"""

from coderooms.notes.brief import notes_line, symbol_notes
from coderooms.notes.settle import settle_change

__all__ = ["notes_line", "settle_change", "symbol_notes"]
