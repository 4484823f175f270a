"""The query room: `cypher`, an agent's read-only Cypher over the code graph. A query is read
token by token (`lexer`) and refused when it could write, load, administer or call anything but
pure functions (`guard`); every node pattern in it is restricted to the repos this server reads
(`scoping`); it is planned and refused when its plan is not a read, then run in a read
transaction of a READ session under a time limit (`run`), and every node of the answer is
checked again (`values`). Its MCP adapter is `tools` (wired by `server.py`, preset `query`).
See docs/cypher.md.

Its face is empty: no other room takes anything from it.
"""

__all__: list[str] = []
