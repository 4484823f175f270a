MATCH (f:File {path: $path})
WHERE f.repo IN $repos
RETURN f.id AS id, f.repo AS repo
ORDER BY id
