MERGE (w:Watcher {id: $id})
WITH w, properties(w) AS previous
WITH w, previous,
     coalesce(
       previous.status = 'running'
       AND previous.heartbeat_ms >= $stale_before_ms
       AND previous.owner <> $owner,
       false
     ) AS held
SET w += CASE WHEN held THEN {} ELSE $props END
RETURN held, previous
