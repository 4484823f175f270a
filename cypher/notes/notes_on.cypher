// Live notes anchored on one of $files (the file, or a symbol in it) or on one of $targets
CALL () {
  UNWIND $files AS file
  MATCH (a:NoteAnchor {file: file})
  RETURN a
  UNION
  UNWIND $targets AS target
  MATCH (a:NoteAnchor {target: target})
  RETURN a
}
MATCH (n:Note)-[:ANCHORED_AT]->(a)
WHERE n.repo_id IN $repos AND (n.expires_ms IS NULL OR n.expires_ms > $now)
WITH DISTINCT n
OPTIONAL MATCH (n)-[:ANCHORED_AT]->(held:NoteAnchor)
WITH n, collect(properties(held)) AS anchors
RETURN properties(n) AS note, anchors
ORDER BY n.updated_ms DESC, n.id
