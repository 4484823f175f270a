MATCH (p:Perspective {agent_id: $agent_id})
OPTIONAL MATCH (r:Repo {id: p.repo})
RETURN properties(p) AS props, coalesce(r.generation, 0) AS repo_generation
ORDER BY p.created_ms, p.id
