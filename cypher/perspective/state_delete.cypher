MATCH (p:Perspective {id: $id})
WHERE p.agent_id = $agent_id
OPTIONAL MATCH (c:PerspectiveCheckpoint {perspective_id: p.id})
WITH p, collect(c) AS checkpoints
FOREACH (c IN checkpoints | DELETE c)
DELETE p
RETURN size(checkpoints) AS checkpoints
