// A back in one statement: compare-and-set the restored state, drop the checkpoint it popped.
MATCH (p:Perspective {id: $id})
WHERE p.agent_id = $agent_id AND p.route_set_version = $expected_version
SET p += $props
WITH p
CALL (p) {
  MATCH (c:PerspectiveCheckpoint {perspective_id: p.id, seq: $seq})
  DELETE c
}
RETURN p.route_set_version AS route_set_version
