"""The impact room: what a change to a symbol, a file or a diff reaches (callers and importers
to a depth, the tests among them, co-change partners, and how complete that is). `seeds` (a
symbol, a path or a git diff), `walk`, `answer` and `compact`; the verb is `verb.impact`, its
MCP adapter `tools` (wired by `server.py`).

Its face is empty: no other room takes anything from it.
"""

__all__: list[str] = []
