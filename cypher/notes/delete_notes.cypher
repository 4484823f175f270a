// The notes of $ids in the readable $repos, with their anchors
UNWIND $ids AS id
MATCH (n:Note {id: id})
WHERE n.repo_id IN $repos
OPTIONAL MATCH (n)-[:ANCHORED_AT]->(a:NoteAnchor)
WITH n, n.id AS deleted, collect(a) AS anchors
FOREACH (anchor IN anchors | DETACH DELETE anchor)
DETACH DELETE n
RETURN deleted AS id
