// One agent's perspective creations are serialised on its owner node (the SET takes its write
// lock), so two processes racing for the last free slot never both get it.
MERGE (o:PerspectiveOwner {agent_key: $agent_key})
SET o.touched_ms = $now_ms
WITH o
OPTIONAL MATCH (p:Perspective {agent_id: $agent_id, is_branch: $is_branch})
WITH count(p) AS open
FOREACH (_ IN CASE WHEN open < $cap THEN [1] ELSE [] END |
  CREATE (n:Perspective {id: $id, agent_id: $agent_id})
  SET n += $props
)
RETURN open, open < $cap AS created
