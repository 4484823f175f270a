// A follow in one statement: compare-and-set the perspective, push the checkpoint of the state
// it leaves, evict checkpoints older than the LRU window (MAX_CHECKPOINTS).
MATCH (p:Perspective {id: $id})
// the write lock first (held to commit), then the version check: a WHERE alone reads
// read-committed, and two writers that saw one version could both pass it
SET p.cas_lock = true
REMOVE p.cas_lock
WITH p
WHERE p.agent_id = $agent_id AND p.route_set_version = $expected_version
SET p += $props
CREATE (c:PerspectiveCheckpoint)
SET c = $checkpoint, c.perspective_id = p.id
WITH p
CALL (p) {
  MATCH (old:PerspectiveCheckpoint {perspective_id: p.id})
  WHERE old.seq < $keep_from
  DELETE old
}
RETURN p.route_set_version AS route_set_version
