MATCH (w:Watcher)
WHERE w.status <> 'running' AND w.heartbeat_ms < $before_ms
WITH w LIMIT $limit
DETACH DELETE w
RETURN count(*) AS pruned
