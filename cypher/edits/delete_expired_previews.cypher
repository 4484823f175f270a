MATCH (p:EditPreview)
WHERE p.expires_ms <= $now_ms
WITH p LIMIT $limit
DELETE p
RETURN count(*) AS deleted
