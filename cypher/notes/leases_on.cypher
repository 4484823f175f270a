// Live leases another author holds on one of $targets
UNWIND $targets AS target
MATCH (a:NoteAnchor {target: target})<-[:ANCHORED_AT]-(n:Note {kind: 'lease'})
WHERE n.author <> $author AND n.expires_ms > $now
RETURN DISTINCT n.id AS id, n.author AS author, n.expires_ms AS expires_ms, a.label AS label
ORDER BY expires_ms, id
