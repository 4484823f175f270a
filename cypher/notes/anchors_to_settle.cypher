// The anchors of live notes of $repo in $files (null: every file), and every repo anchor
MATCH (a:NoteAnchor {repo_id: $repo})
WHERE $files IS NULL OR a.file IN $files OR a.kind = 'repo'
MATCH (n:Note)-[:ANCHORED_AT]->(a)
WHERE n.expires_ms IS NULL OR n.expires_ms > $now
RETURN properties(a) AS anchor
ORDER BY a.id
LIMIT $limit
