// A back in one statement: compare-and-set the restored state, drop the checkpoint it popped.
MATCH (p:Perspective {id: $id})
// the write lock first (held to commit), then the version check: a WHERE alone reads
// read-committed, and two writers that saw one version could both pass it
SET p.cas_lock = true
REMOVE p.cas_lock
WITH p
WHERE p.agent_id = $agent_id AND p.route_set_version = $expected_version
SET p += $props
WITH p
CALL (p) {
  MATCH (c:PerspectiveCheckpoint {perspective_id: p.id, seq: $seq})
  DELETE c
}
RETURN p.route_set_version AS route_set_version
