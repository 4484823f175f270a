UNWIND $rows AS row
MATCH (a:NoteAnchor {id: row.id})
SET a.digest = row.digest, a.state = 'fresh', a.by_json = null, a.state_ms = $now
RETURN count(a) AS confirmed
