"""Verbs about the server itself: `health` and `help`, the repo overview, the edit prompt,
warm-up; its MCP adapter is `tools` (wired by `server.py`).

Its face is empty: no other room takes anything from it.
"""

__all__: list[str] = []
