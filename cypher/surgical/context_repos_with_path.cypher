MATCH (f:File {path: $path})
RETURN f.repo AS repo
ORDER BY repo
