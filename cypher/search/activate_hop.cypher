UNWIND $frontier AS item
OPTIONAL MATCH (s:Symbol {id: item.id})
OPTIONAL MATCH (f:File {id: item.id})
WITH item, coalesce(s, f) AS u
WHERE u IS NOT NULL
CALL (u, item) {
  MATCH (u)-[r:CALLS|IMPORTS|CONTAINS|INHERITS|DEFINES]-(v)
  WHERE (v:Symbol OR v:File) AND v <> u
  WITH r, v, CASE WHEN startNode(r) = u THEN 'out' ELSE 'in' END AS direction
  WITH r, v, direction, $weights[type(r) + ':' + direction] * coalesce(r.confidence, 1.0) AS weight
  ORDER BY weight DESC, v.id, type(r), direction
  WITH collect({r: r, v: v, direction: direction}) AS edges
  UNWIND edges[0..item.reads] AS edge
  RETURN size(edges) AS degree, edge
}
WITH u, degree, edge.r AS r, edge.v AS v, edge.direction AS direction
RETURN collect({source: u.id, degree: degree, type: type(r), direction: direction,
                confidence: coalesce(r.confidence, 1.0), target: v.id,
                kind: CASE WHEN v:File THEN 'File' ELSE v.kind END, name: v.name,
                path: coalesce(v.file, v.path), repo: v.repo}) AS rows
