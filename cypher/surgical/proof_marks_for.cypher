UNWIND $ids AS id
MATCH (m:ProofMark {id: id})
RETURN m.id AS id, m.content_hash AS content_hash, m.expires_ms AS expires_ms
