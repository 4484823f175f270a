UNWIND $ids AS target_id
MATCH (s:Symbol)-[r:CALLS|INHERITS]->(t:Symbol {id: target_id})
WHERE NOT r.claim IN $claims
RETURN elementId(r) AS rid, s.id AS source, s.file AS source_path, type(r) AS kind,
       properties(r) AS props, t.id AS target
