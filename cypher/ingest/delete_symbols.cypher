UNWIND $ids AS id
MATCH (s:Symbol {id: id})
OPTIONAL MATCH (s)-[r]-(g:Ghost)
WITH s, collect(DISTINCT g.id) AS ghosts
DETACH DELETE s
WITH ghosts UNWIND ghosts AS ghost
RETURN DISTINCT ghost
