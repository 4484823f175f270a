"""Verbs about the server itself: `health` and `help`."""
