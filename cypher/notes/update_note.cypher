MATCH (n:Note {id: $id})
SET n += $props
RETURN n.id AS id
