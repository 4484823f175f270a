"""The dead-code room: `dead_code`, the symbols nothing in the graph references, each judged
`sure` or `low` (`find`: the candidates, the repo's text, the unresolved call sites), less those
a named rule leaves out (`rules`: dunders, tests, entry points, decorated, overrides, framework
hooks, public API). Its statements are in `cypher/deadcode/`; its MCP adapter is `tools`
(wired by `server.py`, preset `query`). See docs/dead-code.md.

Its face is empty: no other room takes anything from it.
"""

__all__: list[str] = []
