MATCH (a:Alert {repo_id: $repo})
WHERE NOT a.acked
RETURN a.kind AS kind, a.severity AS severity, count(a) AS alerts
ORDER BY kind, severity
