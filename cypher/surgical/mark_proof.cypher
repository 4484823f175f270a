MERGE (m:ProofMark {id: $id})
SET m.agent_id = $agent_id, m.repo = $repo, m.path = $path,
    m.content_hash = $content_hash, m.hash_algorithm = $hash_algorithm,
    m.created_ms = $now_ms, m.expires_ms = $expires_ms
RETURN m.id AS id
