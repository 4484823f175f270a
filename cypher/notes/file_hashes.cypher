UNWIND $ids AS id
MATCH (f:File {id: id})
RETURN f.id AS id, f.hash AS hash
