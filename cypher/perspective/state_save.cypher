// Compare-and-set on the route set version: a writer that saw an older version changes nothing.
MATCH (p:Perspective {id: $id})
WHERE p.agent_id = $agent_id AND p.route_set_version = $expected_version
SET p += $props
RETURN p.route_set_version AS route_set_version
