CALL () {
  MATCH (:Symbol {id: $id})<-[:DEFINES]-(t:File)
  RETURN t, 'defined in' AS relation, 'in' AS direction, 0.8 AS score, {} AS evidence
  UNION ALL
  MATCH (:Symbol {id: $id})<-[:CONTAINS]-(t:Symbol)
  WHERE NOT t:Module
  RETURN t, 'member of' AS relation, 'in' AS direction, 0.9 AS score, {} AS evidence
  UNION ALL
  MATCH (:Symbol {id: $id})-[:CONTAINS]->(t:Symbol)
  WITH t, COUNT { (t)<-[:CALLS]-() } AS callers
  RETURN t, 'has member' AS relation, 'out' AS direction,
         0.5 + 0.4 * CASE WHEN callers >= 10 THEN 1.0 ELSE callers / 10.0 END AS score,
         {callers: callers} AS evidence
  UNION ALL
  MATCH (s:Symbol {id: $id})<-[:CONTAINS]-(:Symbol)-[:CONTAINS]->(t:Symbol)
  WHERE t <> s
  WITH t, COUNT { (t)<-[:CALLS]-() } AS callers
  ORDER BY callers DESC, t.id
  LIMIT $siblings
  RETURN t, 'sibling of' AS relation, 'none' AS direction,
         0.2 + 0.3 * CASE WHEN callers >= 10 THEN 1.0 ELSE callers / 10.0 END AS score,
         {callers: callers} AS evidence
  UNION ALL
  MATCH (:File {id: $id})-[:DEFINES]->(t:Symbol)
  WHERE NOT t:Module AND NOT EXISTS { MATCH (t)<-[:CONTAINS]-(p:Symbol) WHERE NOT p:Module }
  WITH t, COUNT { (t)<-[:CALLS]-() } AS callers
  RETURN t, 'defines' AS relation, 'out' AS direction,
         0.5 + 0.4 * CASE WHEN callers >= 10 THEN 1.0 ELSE callers / 10.0 END AS score,
         {callers: callers} AS evidence
  UNION ALL
  MATCH (:File {id: $id})-[e:IMPORTS]->(t:File)
  RETURN t, 'imports' AS relation, 'out' AS direction,
         0.3 + 0.4 * coalesce(e.confidence, 0.0) AS score,
         {confidence: e.confidence, line: e.line} AS evidence
  UNION ALL
  MATCH (:File {id: $id})<-[e:IMPORTS]-(t:File)
  RETURN t, 'imported by' AS relation, 'in' AS direction,
         0.3 + 0.3 * coalesce(e.confidence, 0.0) AS score,
         {confidence: e.confidence, line: e.line} AS evidence
}
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
