UNWIND $ids AS id
MATCH (n:Note {id: id})
WHERE n.repo_id IN $repos
OPTIONAL MATCH (n)-[:ANCHORED_AT]->(a:NoteAnchor)
WITH n, collect(properties(a)) AS anchors
RETURN properties(n) AS note, anchors
ORDER BY n.updated_ms DESC, n.id
