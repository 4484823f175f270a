MATCH (c:PerspectiveCheckpoint {perspective_id: $id})
RETURN properties(c) AS props
ORDER BY c.seq DESC
LIMIT 1
