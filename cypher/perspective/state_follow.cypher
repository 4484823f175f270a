// A follow in one statement: compare-and-set the perspective, push the checkpoint of the state
// it leaves, evict checkpoints older than the LRU window (MAX_CHECKPOINTS).
MATCH (p:Perspective {id: $id})
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
