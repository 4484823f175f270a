// Each anchor's new state, where the state recorded is still the one the settle read: the
// write lock is taken first (SET), so the state compared is the committed one and, of two
// settles of the same change, one records it (and raises the alert)
UNWIND $rows AS row
MATCH (a:NoteAnchor {id: row.id})
SET a.settling = true
WITH a, row, coalesce(a.state, 'fresh') = row.expected AS ours
REMOVE a.settling
WITH a, row, ours
WHERE ours
SET a.state = row.state, a.by_json = row.by_json, a.state_ms = $now
WITH a
MATCH (n:Note)-[:ANCHORED_AT]->(a)
RETURN a.label AS label, a.file AS file, a.state AS state,
       n {.id, .author, .kind, .text} AS note
ORDER BY n.id, a.id
