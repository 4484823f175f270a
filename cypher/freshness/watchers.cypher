MATCH (w:Watcher)
WHERE ($host IS NULL OR w.host = $host) AND ($kind IS NULL OR w.kind = $kind)
RETURN properties(w) AS watcher
ORDER BY w.heartbeat_ms DESC, w.id
LIMIT $limit
