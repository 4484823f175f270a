MATCH (w:Watcher {id: $id})
RETURN properties(w) AS watcher
