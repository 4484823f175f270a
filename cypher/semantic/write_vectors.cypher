UNWIND $rows AS row
MATCH (s:Symbol {id: row.id})
WHERE coalesce(s.embedding_key, '') = row.stored
CALL db.create.setNodeVectorProperty(s, 'embedding', row.vector)
SET s.embedding_key = row.key, s.embedded_key = row.key
RETURN count(s) AS written
