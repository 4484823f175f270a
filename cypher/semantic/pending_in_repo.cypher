MATCH (:Repo {id: $repo})-[:HAS_FILE]->(:File)-[:DEFINES]->(s:Symbol)
WHERE s.embedded_key IS NULL OR s.embedded_key <> s.embedding_key
RETURN s.id AS id, s.embedding_key AS key, s.kind AS kind, s.name AS name,
       s.qualname AS qualname, s.signature AS signature, s.file AS file, s.doc AS doc
ORDER BY id
LIMIT $limit
