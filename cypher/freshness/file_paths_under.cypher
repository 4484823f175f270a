MATCH (f:File {repo: $repo})
WHERE f.path STARTS WITH $prefix
RETURN f.path AS path
ORDER BY path
LIMIT $limit
