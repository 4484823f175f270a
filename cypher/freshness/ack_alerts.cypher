// Acknowledge the alerts of $ids that belong to the repos this server reads ($repos; null:
// every repo): another server's alert is unknown here.
UNWIND $ids AS id
MATCH (a:Alert {id: id})
WHERE $repos IS NULL OR a.repo_id IN $repos
SET a.acked = true, a.acked_by = $agent, a.acked_ms = $now_ms
RETURN a.id AS id
