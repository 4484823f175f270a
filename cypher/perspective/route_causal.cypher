CALL () {
  MATCH (:Symbol {id: $id})-[e:CALLS]->(t:Symbol)
  WITH t, sum(coalesce(e.count, 1)) AS calls, max(coalesce(e.confidence, 0.0)) AS confidence
  RETURN t, 'calls' AS relation, 'out' AS direction,
         confidence * (0.6 + 0.4 * CASE WHEN calls >= 5 THEN 1.0 ELSE calls / 5.0 END) AS score,
         {calls: calls, confidence: confidence} AS evidence
  UNION ALL
  MATCH (:Symbol {id: $id})<-[e:CALLS]-(t:Symbol)
  WITH t, sum(coalesce(e.count, 1)) AS calls, max(coalesce(e.confidence, 0.0)) AS confidence
  RETURN t, 'called by' AS relation, 'in' AS direction,
         confidence * (0.6 + 0.4 * CASE WHEN calls >= 5 THEN 1.0 ELSE calls / 5.0 END) AS score,
         {calls: calls, confidence: confidence} AS evidence
  UNION ALL
  MATCH (:Symbol {id: $id})-[e:INHERITS]->(t:Symbol)
  WITH t, max(coalesce(e.confidence, 0.0)) AS confidence
  RETURN t, 'inherits from' AS relation, 'out' AS direction, 0.1 + 0.9 * confidence AS score,
         {confidence: confidence} AS evidence
  UNION ALL
  MATCH (:Symbol {id: $id})<-[e:INHERITS]-(t:Symbol)
  WITH t, max(coalesce(e.confidence, 0.0)) AS confidence
  RETURN t, 'inherited by' AS relation, 'in' AS direction, 0.1 + 0.9 * confidence AS score,
         {confidence: confidence} AS evidence
  UNION ALL
  MATCH (f:File {id: $id})-[:DEFINES]->(:Symbol)-[e:CALLS]->(o:Symbol)
  WHERE o.file <> f.path
  WITH o.repo + ':' + o.file AS other, sum(coalesce(e.count, 1)) AS calls,
       avg(coalesce(e.confidence, 0.0)) AS confidence, count(DISTINCT o) AS symbols
  MATCH (t:File {id: other})
  RETURN t, 'calls into' AS relation, 'out' AS direction,
         confidence * (0.4 + 0.6 * CASE WHEN calls >= 20 THEN 1.0 ELSE calls / 20.0 END) AS score,
         {calls: calls, confidence: confidence, symbols: symbols} AS evidence
  UNION ALL
  MATCH (f:File {id: $id})-[:DEFINES]->(:Symbol)<-[e:CALLS]-(o:Symbol)
  WHERE o.file <> f.path
  WITH o.repo + ':' + o.file AS other, sum(coalesce(e.count, 1)) AS calls,
       avg(coalesce(e.confidence, 0.0)) AS confidence, count(DISTINCT o) AS symbols
  MATCH (t:File {id: other})
  RETURN t, 'called from' AS relation, 'in' AS direction,
         confidence * (0.4 + 0.6 * CASE WHEN calls >= 20 THEN 1.0 ELSE calls / 20.0 END) AS score,
         {calls: calls, confidence: confidence, symbols: symbols} AS evidence
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
