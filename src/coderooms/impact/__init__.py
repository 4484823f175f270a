"""The impact room: what a change to a symbol, a file or a diff reaches (callers and importers
to a depth, the tests among them, co-change partners, and how complete that is)."""
