// The repos among $repos (those this server reads) holding a file at $path.
MATCH (f:File {path: $path})
WHERE f.repo IN $repos
RETURN f.repo AS repo
ORDER BY repo
