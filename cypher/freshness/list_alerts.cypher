// $repos: the repos this server reads (null: every repo); $repo: the one asked for
MATCH (a:Alert)
WHERE ($repo IS NULL OR a.repo_id = $repo) AND ($repos IS NULL OR a.repo_id IN $repos)
  AND ($severity IS NULL OR a.severity = $severity)
  AND ($kind IS NULL OR a.kind = $kind)
  AND ($file IS NULL OR a.file = $file)
  AND (NOT $unacked OR NOT a.acked)
RETURN properties(a) AS alert
ORDER BY a.acked, a.severity_rank DESC, a.last_ms DESC, a.id
SKIP $offset
LIMIT $limit
