"""What a query returned, as an answer: every node checked to be a readable code-graph node
(the inline predicates made it so: this is the second lock, and a node that fails it stops the
whole answer), values made JSON and bounded."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import neo4j.graph
import neo4j.spatial
import neo4j.time

from coderooms.errors import CoderoomsError
from coderooms.query.limits import MAX_DEPTH, MAX_LIST_ITEMS, MAX_VALUE_CHARS

CODE_LABELS = frozenset({"File", "Symbol", "Ghost", "Chunk"})
CODE_RELATIONSHIPS = frozenset(
    {"HAS_FILE", "DEFINES", "CONTAINS", "IMPORTS", "CALLS", "INHERITS", "REFERENCES",
     "CO_CHANGES"}
)  # fmt: skip
HIDDEN_PROPERTIES = frozenset(
    {"embedding", "embedding_key", "embedded_key", "repo_key", "words", "digest", "ref_keys",
     "names", "imports", "import_stems", "claim", "keys"}
)  # fmt: skip
"""Properties of the graph's own bookkeeping, left out of answers (vectors, index keys,
digests)."""


class OutOfScope(CoderoomsError):
    """A node or relationship outside the readable code graph reached an answer: never
    expected (every node pattern is scoped); the answer is withheld whole."""

    code = "query_refused"


def plain(value: Any, readable: Collection[str], depth: int = 0) -> Any:
    """`value` as JSON: nodes as their properties with `labels`, relationships as their type
    and properties, paths as the ids and types along them; strings and lists bounded."""
    if depth > MAX_DEPTH:
        return "…"
    if isinstance(value, neo4j.graph.Node):
        return _node(value, readable)
    if isinstance(value, neo4j.graph.Relationship):
        return _relationship(value)
    if isinstance(value, neo4j.graph.Path):
        nodes = value.nodes
        steps: list[Any] = [_node(nodes[0], readable)["id"]]
        for at, rel in enumerate(value.relationships):
            _relationship(rel)
            forward = (
                rel.start_node is not None and rel.start_node.element_id == nodes[at].element_id
            )
            steps += [
                f"-{rel.type}->" if forward else f"<-{rel.type}-",
                _node(nodes[at + 1], readable)["id"],
            ]
        return steps
    if isinstance(value, str):
        if len(value) <= MAX_VALUE_CHARS:
            return value
        return value[:MAX_VALUE_CHARS] + f"…({len(value) - MAX_VALUE_CHARS} more characters)"
    if isinstance(value, (list, tuple)):
        shown = [plain(item, readable, depth + 1) for item in value[:MAX_LIST_ITEMS]]
        if len(value) > MAX_LIST_ITEMS:
            shown.append(f"…({len(value) - MAX_LIST_ITEMS} more items)")
        return shown
    if isinstance(value, dict):
        return {str(k): plain(v, readable, depth + 1) for k, v in value.items()}
    if isinstance(
        value,
        (
            neo4j.time.Date,
            neo4j.time.DateTime,
            neo4j.time.Time,
            neo4j.time.Duration,
            neo4j.spatial.Point,
        ),
    ):
        return str(value)
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return str(value)


def _node(node: neo4j.graph.Node, readable: Collection[str]) -> dict[str, Any]:
    labels = set(node.labels)
    props = dict(node.items())
    if labels & CODE_LABELS:
        inside = props.get("repo") in readable
    else:
        inside = "Repo" in labels and props.get("id") in readable
    if not inside:
        raise OutOfScope(
            "a node outside the repos this server reads reached the answer; it is withheld",
            hint="report it: every node pattern is scoped",
        )
    shown: dict[str, Any] = {"labels": sorted(x for x in labels if not x.startswith("ChunkPart"))}
    for key in sorted(props):
        if key not in HIDDEN_PROPERTIES and not key.startswith("chunk_part"):
            shown[key] = plain(props[key], readable, MAX_DEPTH - 1)
    return shown


def _relationship(rel: neo4j.graph.Relationship) -> dict[str, Any]:
    if rel.type not in CODE_RELATIONSHIPS:
        raise OutOfScope(
            "a relationship outside the code graph reached the answer; it is withheld",
            hint="report it: every node pattern is scoped",
        )
    props = {k: v for k, v in sorted(rel.items()) if k not in HIDDEN_PROPERTIES}
    return {"type": rel.type, **props}
