MATCH (n:Note {repo_id: $repo})
WHERE n.expires_ms IS NULL OR n.expires_ms > $now
RETURN count(n) AS notes
