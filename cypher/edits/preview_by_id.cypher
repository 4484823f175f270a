MATCH (p:EditPreview {id: $id})
RETURN p.id AS id, p.agent_id AS agent_id, p.repo AS repo, p.path AS path,
       p.source_hash AS source_hash, p.new_hash AS new_hash, p.content AS content,
       p.created_ms AS created_ms, p.expires_ms AS expires_ms
