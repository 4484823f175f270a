"""The freshness room: a watcher that keeps the code graph equal to the files on disk.

`engine.FreshnessEngine` watches roots with watchdog (the callback only enqueues), drains the
queue on its own clock, defers while git rewrites the work tree, and records its state in Neo4j
so that status verbs and other processes can see it. `room.FreshnessRoom` runs this server's
watchers; `report` says how fresh the graph behind an answer is. Its MCP adapter is `tools`
(wired by `server.py`), over the argument models of `requests`. See docs/freshness.md.

Its face, what other rooms take from it: the `freshness` field of answers (`freshness_of`, its
short form `brief_freshness`, that form only with news `freshness_news`, one repo's
`repo_freshness`), and raising an alert from another room (`Alert`, `write_alerts`: the notes
room tells a note's author that its code changed).
"""

from coderooms.freshness.alerts import Alert, write_alerts
from coderooms.freshness.report import (
    MAX_REPOS_WITH_FRESHNESS,
    brief_freshness,
    freshness_news,
    freshness_of,
    repo_freshness,
)

__all__ = [
    "MAX_REPOS_WITH_FRESHNESS",
    "Alert",
    "brief_freshness",
    "freshness_news",
    "freshness_of",
    "repo_freshness",
    "write_alerts",
]
