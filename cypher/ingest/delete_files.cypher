UNWIND $ids AS id
MATCH (f:File {id: id})
OPTIONAL MATCH (f)-[r]-(g:Ghost)
WITH f, collect(DISTINCT g.id) AS ghosts
DETACH DELETE f
WITH ghosts UNWIND ghosts AS ghost
RETURN DISTINCT ghost
