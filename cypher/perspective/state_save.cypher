// Compare-and-set on the route set version: a writer that saw an older version changes nothing.
MATCH (p:Perspective {id: $id})
// the write lock first (held to commit), then the version check: a WHERE alone reads
// read-committed, and two writers that saw one version could both pass it
SET p.cas_lock = true
REMOVE p.cas_lock
WITH p
WHERE p.agent_id = $agent_id AND p.route_set_version = $expected_version
SET p += $props
RETURN p.route_set_version AS route_set_version
