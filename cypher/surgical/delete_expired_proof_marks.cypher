MATCH (m:ProofMark)
WHERE m.expires_ms <= $now_ms
WITH m LIMIT $limit
DELETE m
RETURN count(*) AS deleted
