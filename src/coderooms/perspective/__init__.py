"""The perspective room: stateful, per-agent, multi-viewpoint navigation of the code graph
(`lifecycle`, `moves` and `reading`, over `current`; routes, lens and state kept in Neo4j); its
MCP adapter is `tools` (wired by `server.py`), over the argument models of `requests`.

Its face is empty: no other room takes anything from it.
"""

__all__: list[str] = []
