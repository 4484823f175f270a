CALL () {
  MATCH (t:File)
  WHERE t.path ENDS WITH $suffix AND t.repo = $repo AND t.id <> $id
  RETURN t
  UNION
  MATCH (t:File {path: $basename})
  WHERE t.repo = $repo AND t.id <> $id
  RETURN t
}
WITH t, 'same file name' AS relation, 'none' AS direction, 0.5 AS score, {} AS evidence
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
