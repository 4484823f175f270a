CREATE (p:EditPreview {
  id: $id, agent_id: $agent_id, repo: $repo, path: $path,
  source_hash: $source_hash, new_hash: $new_hash, hash_algorithm: $hash_algorithm,
  content: $content, created_ms: $now_ms, expires_ms: $expires_ms
})
RETURN p.id AS id
