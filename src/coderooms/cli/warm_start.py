"""The managed Neo4j's first ingest at warm speed: `coderooms neo4j start` runs `warm_ingest`
(coderooms.ingest) once per start of the instance and marks it warmed (`<instance>/warmed`,
holding the server's pid, so a restart warms again). A command that starts the instance itself
(`coderooms ingest` with Neo4j down) does not: the warm-up costs more than it saves a first
ingest of a small repository (docs/benchmarks.md). An external Neo4j (`NEO4J_URI`) is left as
it is: when it started is not ours to know."""

from __future__ import annotations

import contextlib

from coderooms.config import Settings
from coderooms.graph.driver import Graph
from coderooms.ingest.warm_ingest import warm_ingest
from coderooms.neo4j_local.instance import Instance


def warm_if_cold(settings: Settings, graph: Graph) -> float | None:
    """Seconds spent warming the managed instance's statements; None when it was warm already,
    is not managed, or the warm-up failed."""
    if not graph.connection.managed:
        return None
    instance = Instance(settings)
    pid = instance.pid()
    if pid is None:
        return None
    marker = instance.dir / "warmed"
    with contextlib.suppress(OSError):
        if marker.read_text().strip() == str(pid):
            return None
    seconds = warm_ingest(graph)
    if seconds is not None:
        with contextlib.suppress(OSError):
            marker.write_text(str(pid))
    return seconds
