UNWIND $names AS wanted
CALL (wanted) {
  MATCH (s:Symbol)-[r:CALLS {name: wanted}]->(t)
  RETURN s, r, t
  UNION ALL
  MATCH (s:Symbol)-[r:INHERITS {name: wanted}]->(t)
  RETURN s, r, t
}
WITH s, r, t
WHERE r.repo = $repo AND NOT r.claim IN $claims AND r.via <> 'local'
RETURN elementId(r) AS rid, s.id AS source, s.file AS source_path, type(r) AS kind,
       properties(r) AS props, t.id AS target
