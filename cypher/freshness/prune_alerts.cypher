MATCH (a:Alert {repo_id: $repo})
WITH a
ORDER BY a.acked, a.severity_rank DESC, a.last_ms DESC, a.id
WITH collect(a) AS kept
UNWIND kept[$cap..] AS extra
DETACH DELETE extra
RETURN count(*) AS pruned
