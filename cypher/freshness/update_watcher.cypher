MATCH (w:Watcher {id: $id})
WHERE w.owner = $owner
SET w += $props
RETURN w.id AS id
