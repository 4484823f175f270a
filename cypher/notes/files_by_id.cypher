UNWIND $ids AS id
MATCH (f:File {id: id})
WHERE f.repo IN $repos
RETURN f.id AS id, f.repo AS repo
ORDER BY id
