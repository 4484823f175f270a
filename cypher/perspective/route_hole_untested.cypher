CALL () {
  MATCH (c:Symbol {id: $id})
  RETURN c
  UNION
  MATCH (:Symbol {id: $id})-[:CALLS|CONTAINS]-(c:Symbol)
  RETURN c
  UNION
  MATCH (:File {id: $id})-[:DEFINES]->(c:Symbol)
  RETURN c
}
WITH c, COUNT { (c)<-[:CALLS]-() } AS callers
WHERE callers >= $min_caller_files AND NOT c:Module AND NOT c.file =~ $test_pattern
  AND NOT EXISTS { MATCH (c)<-[:CALLS]-(tester:Symbol) WHERE tester.file =~ $test_pattern }
CALL (c) {
  MATCH (c)<-[:CALLS]-(caller:Symbol)
  WITH caller
  LIMIT $max_callers
  RETURN count(DISTINCT CASE WHEN caller.file <> c.file THEN caller.file END) AS caller_files
}
WITH c AS t, caller_files, callers
WHERE caller_files >= $min_caller_files
WITH t, 'untested hub' AS relation, 'none' AS direction,
     0.4 + 0.6 * CASE WHEN caller_files >= 10 THEN 1.0 ELSE caller_files / 10.0 END AS score,
     {hole: 'untested_hub', caller_files: caller_files, callers: callers, test_callers: 0}
     AS evidence
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
