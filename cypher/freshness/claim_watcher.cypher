MERGE (w:Watcher {id: $id})
// the write lock first (held to commit), then the read: two processes claiming at once are
// serialised and the second sees the first's claim. MERGE of an existing node already locks it
// here (the race test passes without these two lines); they make the order explicit.
SET w.claim_lock = true
REMOVE w.claim_lock
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
