MATCH (w:Watcher {id: $id})
// the write lock before the owner check: a takeover committed meanwhile is seen
SET w.claim_lock = true
REMOVE w.claim_lock
WITH w
WHERE w.owner = $owner
SET w += $props
RETURN w.id AS id
