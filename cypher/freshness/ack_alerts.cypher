UNWIND $ids AS id
MATCH (a:Alert {id: id})
SET a.acked = true, a.acked_by = $agent, a.acked_ms = $now_ms
RETURN a.id AS id
