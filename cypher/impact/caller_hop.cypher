// One hop of impact: the symbols calling (or inheriting from) the symbols $ids, each with the
// edge that reaches them best (highest confidence, then the target's id and the line). Reverse
// edges from each target node (index-backed): the cost follows the callers, not the graph.
UNWIND $ids AS id
MATCH (t:Symbol {id: id})<-[c:CALLS|INHERITS]-(x:Symbol)
WITH x, c, t
ORDER BY coalesce(c.confidence, 0.0) DESC, t.id, c.line
WITH x, collect({to: t.id, edge: type(c), via: c.via, confidence: c.confidence,
                 line: c.line})[0] AS best
RETURN x.id AS id, x.kind AS kind, x.file AS path, best
ORDER BY id
LIMIT $limit
