MATCH (p:EditPreview {id: $id, agent_id: $agent_id})
WITH p, p.id AS id
DELETE p
RETURN id
