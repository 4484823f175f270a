"""The freshness room: a watcher that keeps the code graph equal to the files on disk.

`engine.FreshnessEngine` watches roots with watchdog (the callback only enqueues), drains the
queue on its own clock, defers while git rewrites the work tree, and records its state in Neo4j
so that status verbs and other processes can see it. See docs/freshness.md.
"""
