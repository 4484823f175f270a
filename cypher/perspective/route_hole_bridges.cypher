CALL () {
  MATCH (s:Symbol {id: $id})
  WHERE COUNT { (s)-[:CALLS|INHERITS]-() } <= $max_neighbours
  MATCH (s)-[:CALLS|INHERITS]-(b:Symbol)
  WHERE b <> s AND NOT b:Module AND COUNT { (b)-[:CALLS|INHERITS]-() } <= $max_degree
  WITH s, collect(DISTINCT b) AS near
  UNWIND near AS b
  MATCH (b)-[:CALLS|INHERITS]-(x:Symbol)
  WHERE x <> s AND NOT x:Module AND NOT x IN near
  RETURN DISTINCT b, x
  UNION
  MATCH (f:File {id: $id})
  WHERE COUNT { (f)-[:IMPORTS]-() } <= $max_neighbours
  MATCH (f)-[:IMPORTS]-(b:File)
  WHERE b <> f AND COUNT { (b)-[:IMPORTS]-() } <= $max_degree
  WITH f, collect(DISTINCT b) AS near
  UNWIND near AS b
  MATCH (b)-[:IMPORTS]-(x:File)
  WHERE x <> f AND NOT x IN near
  RETURN DISTINCT b, x
}
WITH x, collect(b) AS holders
WHERE size(holders) = 1
WITH holders[0] AS t, x
ORDER BY x.id
WITH t, count(x) AS exclusive, collect(x.id)[..$sample] AS reach
WHERE exclusive >= $min_reach
WITH t, 'bridge' AS relation, 'none' AS direction,
     0.4 + 0.5 * CASE WHEN exclusive >= 10 THEN 1.0 ELSE exclusive / 10.0 END AS score,
     {hole: 'bridge', exclusive_reach: exclusive, reach_sample: reach} AS evidence
WITH t, relation, direction, score, evidence,
     CASE WHEN t:File OR t:Module THEN 'file' WHEN t:Ghost THEN 'ghost' ELSE toLower(t.kind) END AS label,
     CASE WHEN t:File THEN t.path ELSE t.file END AS path
WHERE ($node_types IS NULL OR label IN $node_types OR (label = 'file' AND 'module' IN $node_types))
  AND ($namespaces IS NULL OR any(ns IN $namespaces WHERE path = ns OR path STARTS WITH ns + '/'))
RETURN t.id AS target_id, label, t.kind AS kind, CASE WHEN t:File THEN t.path ELSE t.name END AS name,
       path, t.repo AS repo, relation, direction, score, evidence,
       COUNT { (t)<-[:CALLS|IMPORTS]-() } AS in_degree
ORDER BY score DESC, target_id, relation
LIMIT $limit
