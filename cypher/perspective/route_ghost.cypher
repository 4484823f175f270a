CALL () {
  MATCH (:Symbol {id: $id})-[e:CALLS|INHERITS]->(t:Ghost)
  WITH t, type(e) AS kind, sum(coalesce(e.count, 1)) AS refs
  RETURN t, CASE kind WHEN 'CALLS' THEN 'calls unresolved' ELSE 'inherits unresolved' END
         AS relation, 'out' AS direction,
         0.3 + 0.3 * CASE WHEN refs >= 5 THEN 1.0 ELSE refs / 5.0 END
         + CASE WHEN kind = 'INHERITS' OR t.name CONTAINS '.' THEN 0.2 ELSE 0.0 END AS score,
         {references: refs} AS evidence
  UNION ALL
  MATCH (:File {id: $id})-[e:IMPORTS]->(t:Ghost)
  RETURN t, 'imports unresolved' AS relation, 'out' AS direction, 0.8 AS score,
         {line: e.line} AS evidence
  UNION ALL
  MATCH (:File {id: $id})-[:DEFINES]->(:Symbol)-[e:CALLS|INHERITS]->(t:Ghost)
  WITH t, sum(coalesce(e.count, 1)) AS refs, count(e) AS edges
  RETURN t, 'references unresolved' AS relation, 'out' AS direction,
         0.3 + 0.3 * CASE WHEN refs >= 5 THEN 1.0 ELSE refs / 5.0 END
         + CASE WHEN t.name CONTAINS '.' THEN 0.2 ELSE 0.0 END AS score,
         {references: refs} AS evidence
  UNION ALL
  MATCH (:Ghost {id: $id})<-[e:CALLS|INHERITS|IMPORTS]-(t)
  WITH t, type(e) AS kind, sum(coalesce(e.count, 1)) AS refs
  RETURN t, CASE kind WHEN 'IMPORTS' THEN 'imported by' WHEN 'INHERITS' THEN 'inherited by'
         ELSE 'called by' END AS relation, 'in' AS direction,
         0.4 + 0.4 * CASE WHEN refs >= 5 THEN 1.0 ELSE refs / 5.0 END AS score,
         {references: refs} AS evidence
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
