MATCH (f:File {repo: $repo})
RETURN f.id AS id
LIMIT 1
