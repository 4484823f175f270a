UNWIND $rows AS row
MERGE (a:Alert {id: row.id})
ON CREATE SET a += row.props, a.occurrences = 1, a.acked = false
ON MATCH SET a.message = row.props.message,
             a.detail_json = row.props.detail_json,
             a.last_ms = row.props.last_ms,
             a.watcher_id = row.props.watcher_id,
             a.occurrences = a.occurrences + 1,
             a.acked = false
RETURN count(a) AS written
