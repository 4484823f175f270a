// One batch of the repo's expired notes and their anchors
MATCH (n:Note {repo_id: $repo})
WHERE n.expires_ms <= $now
WITH n LIMIT $batch
OPTIONAL MATCH (n)-[:ANCHORED_AT]->(a:NoteAnchor)
WITH n, collect(a) AS anchors
FOREACH (anchor IN anchors | DETACH DELETE anchor)
DETACH DELETE n
RETURN count(*) AS deleted
