// Live notes of the readable $repos, newest first, filtered by anchor, kind, author and text
MATCH (n:Note)
WHERE n.repo_id IN $repos
  AND (n.expires_ms IS NULL OR n.expires_ms > $now)
  AND ($kind IS NULL OR n.kind = $kind)
  AND ($author IS NULL OR n.author = $author)
  AND ($query IS NULL OR toLower(n.text) CONTAINS $query)
  AND ($targets IS NULL OR EXISTS {
    MATCH (n)-[:ANCHORED_AT]->(a:NoteAnchor)
    WHERE a.target IN $targets OR a.file IN $targets
  })
OPTIONAL MATCH (n)-[:ANCHORED_AT]->(a:NoteAnchor)
WITH n, collect(properties(a)) AS anchors
RETURN properties(n) AS note, anchors
ORDER BY n.updated_ms DESC, n.id
SKIP $offset
LIMIT $limit
