MATCH (f:File)
WHERE f.repo IN $repos AND f.path STARTS WITH $prefix
RETURN f.repo AS repo, f.path AS path, f.language AS language, f.lines AS lines, f.size AS size
ORDER BY repo, path
