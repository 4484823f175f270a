UNWIND $ids AS id
MATCH (n:Note {id: id})
RETURN n.id AS id
